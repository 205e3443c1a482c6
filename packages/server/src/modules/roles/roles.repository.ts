/**
 * Data roles and their members (SPEC §3 Role, Role-user link, Role member): tenant-scoped rows, paged,
 * filtered and sorted in SQL. Every function takes the tenant explicitly and filters by it; callers run
 * them inside `inScope(db, { scope: 'tenant', tenantId })`, so row-level security backs the filter.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ROLE_SORT_FIELDS, ROLE_USER_SORT_FIELDS, RoleListBody, RoleUserListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { organisations, roles, roleUsers, users } from '../../db/schema/index.js';
import { orgIdInScope, pathInSubtree, type DataScope } from '../tenancy/data-scope.js';

export type RoleRecord = typeof roles.$inferSelect;
/** A role with the name of its organisation. */
export type RoleWithOrg = RoleRecord & { orgName: string | null };
/** A user as the member grids show it. */
export interface MemberRecord {
  userId: string;
  orgId: string | null;
  orgName: string | null;
  username: string;
  employeeName: string;
  builtIn: boolean;
  status: number;
  updatedAt: Date;
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
function like(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ROLE_SORTS: SortColumns<typeof ROLE_SORT_FIELDS> = {
  roleNo: roles.code,
  roleName: roles.name,
  roleStatus: roles.status,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

/** Ids of `orgId` and every organisation below it in the tenant: a prefix test on the materialised path (indexed). */
function subtreeOf(tenantId: string, orgId: string): SQL {
  return sql`(select ${organisations.id} from ${organisations} where ${organisations.tenantId} = ${tenantId}
    and ${pathInSubtree(organisations.path, sql`(select o.path from ${organisations} o where o.tenant_id = ${tenantId} and o.id = ${orgId})`)})`;
}

/** A list query with, for the tenant area, the caller's data scope (roles by their organisation, users by theirs). */
export type Scoped<T> = T & { scope?: DataScope };

function roleFilters(q: Scoped<RoleListBody>): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(roles.tenantId, q.tenantId), q.scope ? orgIdInScope(q.scope, roles.orgId) : undefined];
  if (q.orgId?.trim()) {
    const orgId = q.orgId.trim();
    // The tenant's root organisation with sub-organisations is every role of the tenant.
    if (!(q.includeSub && orgId === q.tenantId)) parts.push(q.includeSub ? sql`${roles.orgId} in ${subtreeOf(q.tenantId, orgId)}` : eq(roles.orgId, orgId));
  }
  if (q.roleNo?.trim()) parts.push(ilike(roles.code, like(q.roleNo.trim())));
  if (q.roleName?.trim()) parts.push(ilike(roles.name, like(q.roleName.trim())));
  if (q.roleStatus !== undefined) parts.push(eq(roles.status, q.roleStatus));
  const member: SQL[] = [];
  if (q.username?.trim()) member.push(ilike(users.username, like(q.username.trim())));
  if (q.employeeName?.trim()) member.push(ilike(users.employeeName, like(q.employeeName.trim())));
  if (member.length) {
    parts.push(sql`exists (select 1 from ${roleUsers} join ${users} on ${users.id} = ${roleUsers.userId}
      where ${roleUsers.tenantId} = ${q.tenantId} and ${roleUsers.roleId} = ${roles.id} and ${and(...member)})`);
  }
  return and(...parts);
}

const withOrg = { role: roles, orgName: organisations.name };

/** One page of a tenant's roles and the number matching; newest first unless a sort is given. */
export async function listRoles(tx: Tx, q: Scoped<RoleListBody> & { page: number; pageSize: number }): Promise<{ rows: RoleWithOrg[]; records: number }> {
  const where = roleFilters(q);
  const order = orderTerms(ROLE_SORTS, q, desc(roles.createdAt), roles.id);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(roles).where(where);
  const rows = await tx
    .select(withOrg)
    .from(roles)
    .leftJoin(organisations, and(eq(organisations.tenantId, roles.tenantId), eq(organisations.id, roles.orgId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map((r) => ({ ...r.role, orgName: r.orgName })), records: count?.n ?? 0 };
}

/** A role of the tenant with its organisation's name; undefined when none. */
export async function findRoleById(tx: Tx, tenantId: string, id: string): Promise<RoleWithOrg | undefined> {
  const [r] = await tx
    .select(withOrg)
    .from(roles)
    .leftJoin(organisations, and(eq(organisations.tenantId, roles.tenantId), eq(organisations.id, roles.orgId)))
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
  return r ? { ...r.role, orgName: r.orgName } : undefined;
}

/** Roles of the tenant among `ids`. */
export async function findRolesByIds(tx: Tx, tenantId: string, ids: string[]): Promise<RoleRecord[]> {
  return tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)));
}

/** The tenant's role with this number (case-insensitive), other than `exceptId`. */
export async function findRoleByCode(tx: Tx, tenantId: string, code: string, exceptId?: string): Promise<RoleRecord | undefined> {
  const [r] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), sql`lower(${roles.code}) = ${code.toLowerCase()}`, exceptId ? sql`${roles.id} <> ${exceptId}` : undefined));
  return r;
}

export async function insertRole(tx: Tx, row: typeof roles.$inferInsert): Promise<void> {
  await tx.insert(roles).values(row);
}

export async function updateRoleById(tx: Tx, tenantId: string, id: string, patch: Partial<typeof roles.$inferInsert>): Promise<void> {
  await tx
    .update(roles)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

/** Deletes roles of the tenant; their members and grants go with them (foreign keys cascade). */
export async function deleteRolesByIds(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  const r = await tx
    .delete(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)))
    .returning({ id: roles.id });
  return r.length;
}

// ---------------------------------------------------------------- members

const MEMBER_SORTS: SortColumns<typeof ROLE_USER_SORT_FIELDS> = { username: users.username, employeeName: users.employeeName, updatedAt: users.updatedAt };

const memberColumns = {
  userId: users.id,
  orgId: users.orgId,
  orgName: organisations.name,
  username: users.username,
  employeeName: users.employeeName,
  builtIn: users.builtIn,
  status: users.status,
  updatedAt: users.updatedAt,
};

function isMember(tenantId: string, roleId: string): SQL {
  return sql`select 1 from ${roleUsers} where ${roleUsers.tenantId} = ${tenantId} and ${roleUsers.roleId} = ${roleId} and ${roleUsers.userId} = ${users.id}`;
}

/**
 * One page of the tenant's users that are (`inRole` true) or are not members of the role, searched by
 * user name or employee name; by user name unless a sort is given.
 */
export async function listRoleUsers(
  tx: Tx,
  q: Scoped<RoleUserListBody> & { page: number; pageSize: number },
  inRole: boolean,
): Promise<{ rows: MemberRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [
    eq(users.tenantId, q.tenantId),
    q.scope ? orgIdInScope(q.scope, users.orgId) : undefined,
    inRole ? sql`exists (${isMember(q.tenantId, q.roleId)})` : sql`not exists (${isMember(q.tenantId, q.roleId)})`,
  ];
  if (q.keyword?.trim()) {
    const k = like(q.keyword.trim());
    parts.push(or(ilike(users.username, k), ilike(users.employeeName, k)));
  }
  const where = and(...parts);
  const order = orderTerms(MEMBER_SORTS, q, asc(users.username), users.id);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await tx
    .select(memberColumns)
    .from(users)
    .leftJoin(organisations, and(eq(organisations.tenantId, users.tenantId), eq(organisations.id, users.orgId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: count?.n ?? 0 };
}

/** Ids among `userIds` that are users of the tenant. */
export async function findTenantUserIds(tx: Tx, tenantId: string, userIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
  return rows.map((r) => r.id);
}

/** Ids among `userIds` that are members of the role. */
export async function findRoleMemberIds(tx: Tx, tenantId: string, roleId: string, userIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: roleUsers.userId })
    .from(roleUsers)
    .where(and(eq(roleUsers.tenantId, tenantId), eq(roleUsers.roleId, roleId), inArray(roleUsers.userId, userIds)));
  return rows.map((r) => r.id);
}

/** Adds members (existing ones are kept); returns how many were new. */
export async function insertRoleUsers(tx: Tx, tenantId: string, roleId: string, userIds: string[]): Promise<number> {
  const r = await tx
    .insert(roleUsers)
    .values(userIds.map((userId) => ({ tenantId, roleId, userId })))
    .onConflictDoNothing()
    .returning({ id: roleUsers.userId });
  return r.length;
}

/** Removes members; returns how many were removed. */
export async function deleteRoleUsers(tx: Tx, tenantId: string, roleId: string, userIds: string[]): Promise<number> {
  const r = await tx
    .delete(roleUsers)
    .where(and(eq(roleUsers.tenantId, tenantId), eq(roleUsers.roleId, roleId), inArray(roleUsers.userId, userIds)))
    .returning({ id: roleUsers.userId });
  return r.length;
}
