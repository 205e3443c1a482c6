/**
 * Reads and writes of the user's own dashboard (issue 15 "Dashboard"; docs/users.md): the caller's
 * sign-in events from the audit log and the caller's session rows. Every query is bound to one user id
 * (the session's), never to an id from a body.
 */
import { and, count, desc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditLog, sessions } from '../../db/schema/index.js';

export type SessionRecord = typeof sessions.$inferSelect;

/** `signin` and `signin.*` entries of `userId` in `tenantId` since `since`, newest first: one page and the total. */
export async function pageSignInEvents(tx: Tx, tenantId: string, userId: string, since: Date, page: number, pageSize: number) {
  const where = and(
    eq(auditLog.tenantId, tenantId),
    eq(auditLog.userId, userId),
    gt(auditLog.at, since),
    or(eq(auditLog.action, 'signin'), like(auditLog.action, 'signin.%')),
  );
  const [total] = await tx.select({ n: count() }).from(auditLog).where(where);
  const rows = await tx
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, after: auditLog.after, ip: auditLog.ip, userAgent: auditLog.userAgent })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** The session rows of `userId` created since `since`, newest first (at most `limit`). */
export async function listSessionsOfUser(tx: Tx, userId: string, since: Date, limit = 100): Promise<SessionRecord[]> {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, since)))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

/** The live (active, unexpired) sessions of `userId` among `ids` (all when `ids` is undefined). */
export async function liveSessionsOfUser(tx: Tx, userId: string, ids?: string[]): Promise<SessionRecord[]> {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active'), sql`${sessions.expiresAt} > now()`, ids ? inArray(sessions.id, ids) : undefined))
    .for('update');
}

/** Ends the sessions `ids` of `userId` (state 'ended'); answers how many ended. */
export async function endSessionsOfUser(tx: Tx, userId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const done = await tx
    .update(sessions)
    .set({ state: 'ended', endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active'), inArray(sessions.id, ids)))
    .returning({ id: sessions.id });
  return done.length;
}
