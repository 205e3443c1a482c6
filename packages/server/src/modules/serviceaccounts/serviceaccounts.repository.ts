/**
 * Reads and writes of service accounts (docs/service-accounts.md): the credential row joined with its user
 * row (name = `employee_name`, description, status) and its roles. Every function names the tenant; the
 * caller's transaction scope (row-level security) is the second layer.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceAccountListBody, ServiceAccountRow } from '@mp/protocol';
import type { SERVICE_ACCOUNT_SORT_FIELDS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { roles, roleUsers, serviceAccounts, sessions, users } from '../../db/schema/index.js';
import { orderTerms } from '../../lib/sort.js';
import type { SortColumns } from '../../lib/sort.js';
import { expiryDate } from './serviceaccounts.credential.js';

const columns = {
  id: serviceAccounts.userId,
  keyId: serviceAccounts.keyId,
  secretHash: serviceAccounts.secretHash,
  tenantId: serviceAccounts.tenantId,
  expiresAt: serviceAccounts.expiresAt,
  lastUsedAt: serviceAccounts.lastUsedAt,
  secretRotatedAt: serviceAccounts.secretRotatedAt,
  createdAt: serviceAccounts.createdAt,
  createdBy: serviceAccounts.createdBy,
  name: users.employeeName,
  description: users.description,
  status: users.status,
  /** The user grid's administrator lock: a locked service account gets no token, like a disabled one. */
  locked: users.locked,
  username: users.username,
};
/** A service account with its credential hash: for the service only, never answered. */
export type ServiceAccountRecord = {
  id: string;
  keyId: string;
  secretHash: string;
  tenantId: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  secretRotatedAt: Date;
  createdAt: Date;
  createdBy: string;
  name: string;
  description: string;
  status: number;
  locked: boolean;
  username: string;
};

const SORTS: SortColumns<typeof SERVICE_ACCOUNT_SORT_FIELDS> = {
  name: users.employeeName,
  keyId: serviceAccounts.keyId,
  status: users.status,
  expiresAt: serviceAccounts.expiresAt,
  lastUsedAt: serviceAccounts.lastUsedAt,
  createdAt: serviceAccounts.createdAt,
};

/** One page of the tenant's service accounts (keyword: name or key id contains, case-insensitive). */
export async function listServiceAccounts(
  tx: Tx,
  tenantId: string,
  q: ServiceAccountListBody & { page: number; pageSize: number },
): Promise<{ rows: ServiceAccountRecord[]; records: number }> {
  const conds: SQL[] = [eq(serviceAccounts.tenantId, tenantId)];
  const kw = q.keyword?.trim().toLowerCase();
  if (kw) {
    const pattern = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(sql`lower(${users.employeeName}) like ${pattern}`, sql`${serviceAccounts.keyId} like ${pattern}`)!);
  }
  if (q.status !== undefined) conds.push(eq(users.status, q.status));
  const where = and(...conds);
  const order = orderTerms(SORTS, q, desc(serviceAccounts.createdAt), serviceAccounts.userId);
  const rows = await tx
    .select(columns)
    .from(serviceAccounts)
    .innerJoin(users, eq(users.id, serviceAccounts.userId))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(serviceAccounts).innerJoin(users, eq(users.id, serviceAccounts.userId)).where(where);
  return { rows, records: Number(count?.n ?? 0) };
}

/** The tenant's service account `id`, locked for the write that follows, or undefined. */
export async function findServiceAccount(tx: Tx, tenantId: string, id: string, lock = false): Promise<ServiceAccountRecord | undefined> {
  const q = tx
    .select(columns)
    .from(serviceAccounts)
    .innerJoin(users, eq(users.id, serviceAccounts.userId))
    .where(and(eq(serviceAccounts.tenantId, tenantId), eq(serviceAccounts.userId, id)));
  const [row] = lock ? await q.for('update', { of: serviceAccounts }) : await q;
  return row;
}

/**
 * The service account of key id `keyId` in any tenant (the token call runs in the platform scope), its
 * credential row locked: a simultaneous rotate, disable, re-date or delete (which lock the same row) either
 * waits for the new session and then ends it, or commits first and the token call sees the change.
 */
export async function findByKeyId(tx: Tx, keyId: string): Promise<ServiceAccountRecord | undefined> {
  // Lock first, then read in a new statement: on PostgreSQL a locking read that waited re-reads only the
  // locked table's row, so the user row (status) must come from a statement that starts after the wait.
  const [locked] = await tx.select({ id: serviceAccounts.userId }).from(serviceAccounts).where(eq(serviceAccounts.keyId, keyId)).for('update');
  if (!locked) return undefined;
  const [row] = await tx
    .select(columns)
    .from(serviceAccounts)
    .innerJoin(users, eq(users.id, serviceAccounts.userId))
    .where(eq(serviceAccounts.userId, locked.id));
  return row;
}

/** True when `userId` is a service account's user (one indexed look-up). */
export async function isServiceAccountUser(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: serviceAccounts.userId }).from(serviceAccounts).where(eq(serviceAccounts.userId, userId));
  return !!row;
}

/** The roles (id, name) of each of `ids`, by name. */
export async function rolesOf(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await tx
    .select({ userId: roleUsers.userId, id: roles.id, name: roles.name })
    .from(roleUsers)
    .innerJoin(roles, and(eq(roles.tenantId, roleUsers.tenantId), eq(roles.id, roleUsers.roleId)))
    .where(and(eq(roleUsers.tenantId, tenantId), inArray(roleUsers.userId, ids)))
    .orderBy(asc(roles.name), asc(roles.id));
  for (const r of rows) out.get(r.userId)?.push({ id: r.id, name: r.name });
  return out;
}

/** The ids among `roleIds` that are roles of the tenant. */
export async function existingRoleIds(tx: Tx, tenantId: string, roleIds: string[]): Promise<Set<string>> {
  if (!roleIds.length) return new Set();
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds)));
  return new Set(rows.map((r) => r.id));
}

/** Ends every active session of the service account's user; answers how many ended. */
export async function endSessionsOfUser(tx: Tx, userId: string): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ state: 'ended', endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active')))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The answer's form of a record (never the hash). */
export function toRow(r: ServiceAccountRecord, roleList: { id: string; name: string }[], now = new Date()): ServiceAccountRow {
  return {
    id: r.id,
    keyId: r.keyId,
    name: r.name,
    description: r.description,
    status: r.status === 1 ? 1 : 0,
    roles: roleList,
    expiresAt: expiryDate(r.expiresAt),
    expired: !!r.expiresAt && r.expiresAt <= now,
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.getTime() : null,
    secretRotatedAt: r.secretRotatedAt.getTime(),
    createdAt: r.createdAt.getTime(),
    createdBy: r.createdBy,
  };
}
