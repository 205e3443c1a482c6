/**
 * Sessions (PROTOCOL.md "Sign-in sequence"; docs/protocol.md Sign-in): platform-level rows keyed by
 * the SHA-256 of the token; only hashes of the token are stored. The row carries a snapshot of the
 * user's name and identities, so the per-request check reads this one table.
 */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { requestNonces, sessions } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * In one statement: records the nonce (until `nonceExpiresAt`) and reads the session whose id is
 * `sessionId` ('' for none). `fresh` is false when the nonce was already recorded (a replay).
 */
export async function recordNonceAndFindSession(db: Db, nonce: string, nonceExpiresAt: Date, sessionId: string): Promise<{ fresh: boolean; session: SessionRow | undefined }> {
  const result = await db.execute(sql`
    with n as (
      insert into ${requestNonces} (nonce, expires_at) values (${nonce}, ${nonceExpiresAt.toISOString()})
      on conflict do nothing returning 1
    )
    select (select count(*) from n)::int as fresh, s.id, s.token_md5, s.user_id, s.tenant_id, s.username,
      s.identities, s.super_manager, s.state, s.created_at, s.expires_at, s.ended_at, s.ip, s.user_agent
    from (select 1) one left join ${sessions} s on s.id = ${sessionId}`);
  const r = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const session: SessionRow | undefined = r.id ? {
    id: r.id as string, tokenMd5: r.token_md5 as string, userId: r.user_id as string, tenantId: r.tenant_id as string,
    username: r.username as string, identities: parseIntArray(r.identities), superManager: r.super_manager as boolean,
    state: r.state as string, createdAt: new Date(r.created_at as string), expiresAt: new Date(r.expires_at as string),
    endedAt: r.ended_at ? new Date(r.ended_at as string) : null, ip: r.ip as string, userAgent: r.user_agent as string,
  } : undefined;
  return { fresh: r.fresh === 1, session };
}

/** node-postgres and PGlite both parse smallint[]; a text form '{1,4}' is parsed here just in case. */
function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}

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
