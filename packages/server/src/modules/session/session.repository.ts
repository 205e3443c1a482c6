/**
 * Sessions (PROTOCOL.md "Sign-in sequence"; docs/protocol.md Sign-in): platform-level rows keyed by
 * the SHA-256 of the token; only hashes of the token are stored. The row carries a snapshot of the
 * user's name and identities, so the per-request check reads this one table.
 */
import { and, desc, eq, gt, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SESSION_SORT_FIELDS } from '@mp/protocol';
import type { Db, Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { requestNonces, sessions, tenants, users } from '../../db/schema/index.js';

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
  await tx
    .update(sessions)
    .set({ state: 'replaced', endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active'), ne(sessions.id, keepId)));
}

export async function endSessionById(tx: Tx, id: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ state: 'ended', endedAt: new Date() })
    .where(and(eq(sessions.id, id), eq(sessions.state, 'active')));
}

export async function extendSessionById(tx: Tx, id: string, expiresAt: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, id), eq(sessions.state, 'active')));
}

/** An active, unexpired session whose token's MD5 is `md5` (image `code`, SPEC §7). */
export async function findActiveSessionByMd5(db: Db | Tx, md5: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenMd5, md5), eq(sessions.state, 'active'), sql`${sessions.expiresAt} > now()`))
    .limit(1);
  return row;
}

/** Sweeps expired nonces and sessions that expired more than `days` ago. */
export async function sweepExpired(db: Db, days = 7): Promise<void> {
  await db.delete(requestNonces).where(lt(requestNonces.expiresAt, new Date()));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(Date.now() - days * 86_400_000)));
}

// ── Online sessions (SPEC §4 Records: users online/offline; sessions.service.ts) ──

/** An online session with the names the grid shows (employee name from users, tenant from tenants). */
export type OnlineSessionRecord = SessionRow & { employeeName: string | null; tenantName: string | null; tenantCode: string | null };

/** Filters of the online-session list; `tenantId` bounds it to one tenant (tenant administrators). */
export interface OnlineSessionQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  tenant?: string;
  tenantId?: string;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
function contains(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Online: active and not yet expired. */
const online = () => and(eq(sessions.state, 'active'), gt(sessions.expiresAt, sql`now()`));

const SESSION_SORTS: SortColumns<typeof SESSION_SORT_FIELDS> = { username: sessions.username, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt };

function onlineFilters(q: Omit<OnlineSessionQuery, 'page' | 'pageSize'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [online()];
  if (q.tenantId) parts.push(eq(sessions.tenantId, q.tenantId));
  if (q.keyword?.trim()) {
    const k = contains(q.keyword.trim());
    parts.push(or(ilike(sessions.username, k), ilike(users.employeeName, k)));
  }
  if (q.tenant?.trim()) {
    const k = contains(q.tenant.trim());
    parts.push(or(ilike(tenants.name, k), ilike(tenants.code, k)));
  }
  return and(...parts);
}

/**
 * One page of online sessions and the number matching, newest sign-in first unless a sort is given.
 * Paged, filtered and sorted in SQL.
 */
export async function listOnlineSessions(tx: Tx, q: OnlineSessionQuery): Promise<{ rows: OnlineSessionRecord[]; records: number }> {
  const where = onlineFilters(q);
  const order = orderTerms(SESSION_SORTS, q, desc(sessions.createdAt), sessions.id);
  const from = () =>
    tx
      .select({ session: sessions, employeeName: users.employeeName, tenantName: tenants.name, tenantCode: tenants.code })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(tenants, eq(tenants.id, sessions.tenantId));
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    rows: rows.map((r) => ({ ...r.session, employeeName: r.employeeName, tenantName: r.tenantName, tenantCode: r.tenantCode })),
    records: count?.n ?? 0,
  };
}

/** Online sessions among `ids`, bounded to `tenantId` when given. */
export async function findOnlineSessionsByIds(tx: Tx, ids: string[], tenantId?: string): Promise<SessionRow[]> {
  return tx
    .select()
    .from(sessions)
    .where(and(inArray(sessions.id, ids), online(), tenantId ? eq(sessions.tenantId, tenantId) : undefined));
}

/** Ends the given active sessions (state 'ended', ended_at now); returns the ids ended. */
export async function endSessionsByIds(tx: Tx, ids: string[]): Promise<string[]> {
  const r = await tx
    .update(sessions)
    .set({ state: 'ended', endedAt: new Date() })
    .where(and(inArray(sessions.id, ids), eq(sessions.state, 'active')))
    .returning({ id: sessions.id });
  return r.map((x) => x.id);
}
