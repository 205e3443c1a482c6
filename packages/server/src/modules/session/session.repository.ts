/**
 * Sessions (PROTOCOL.md "Sign-in sequence"; docs/protocol.md Sign-in): platform-level rows keyed by
 * the SHA-256 of the token; only hashes of the token are stored. The row carries a snapshot of the
 * user's name and identities, so the per-request check reads this one table.
 */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { requestNonces, sessions } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function findSessionById(db: Db | Tx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(row);
}

/** Marks the user's other active sessions 'replaced' (a newer sign-in wins). */
export async function replaceActiveSessionsOfUser(tx: Tx, userId: string, keepId: string): Promise<void> {
  await tx.update(sessions).set({ state: 'replaced', endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active'), ne(sessions.id, keepId)));
}

export async function endSessionById(tx: Tx, id: string): Promise<void> {
  await tx.update(sessions).set({ state: 'ended', endedAt: new Date() }).where(and(eq(sessions.id, id), eq(sessions.state, 'active')));
}

export async function extendSessionById(tx: Tx, id: string, expiresAt: Date): Promise<void> {
  await tx.update(sessions).set({ expiresAt }).where(and(eq(sessions.id, id), eq(sessions.state, 'active')));
}

/** An active, unexpired session whose token's MD5 is `md5` (image `code`, SPEC §7). */
export async function findActiveSessionByMd5(db: Db | Tx, md5: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions)
    .where(and(eq(sessions.tokenMd5, md5), eq(sessions.state, 'active'), sql`${sessions.expiresAt} > now()`)).limit(1);
  return row;
}

/** Sweeps expired nonces and sessions that expired more than `days` ago. */
export async function sweepExpired(db: Db, days = 7): Promise<void> {
  await db.delete(requestNonces).where(lt(requestNonces.expiresAt, new Date()));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(Date.now() - days * 86_400_000)));
}
