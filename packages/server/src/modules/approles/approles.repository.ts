/**
 * Statements of application roles and their members (issue 15 "App roles"; docs/applications.md
 * "Application roles and permission templates"). Platform-level tables (app_roles, app_role_users): every
 * statement filters by `product_id`; the caller runs them in one platform-scope transaction.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppRoleListBody, AppRoleUserListBody, AppRoleUserRow } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { appPermissionTemplates, appRoles, appRoleUsers } from '../../db/schema/index.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';

/** An application role as stored, with its template's name and member count. */
export interface AppRoleRecord {
  id: string;
  productId: string;
  code: string;
  name: string;
  description: string;
  status: number;
  templateId: string | null;
  templateMode: string;
  templateName: string | null;
  memberCount: number;
  creator: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Escapes LIKE wildcards of a user's search text. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const memberCount = sql<number>`(select count(*)::int from app_role_users u where u.role_id = ${appRoles.id})`;
const columns = {
  id: appRoles.id,
  productId: appRoles.productId,
  code: appRoles.code,
  name: appRoles.name,
  description: appRoles.description,
  status: appRoles.status,
  templateId: appRoles.templateId,
  templateMode: appRoles.templateMode,
  templateName: appPermissionTemplates.name,
  memberCount,
  creator: appRoles.creator,
  createdAt: appRoles.createdAt,
  updatedAt: appRoles.updatedAt,
};
const SORT = { code: appRoles.code, name: appRoles.name, status: appRoles.status, createdAt: appRoles.createdAt, updatedAt: appRoles.updatedAt } as const;

/** One page of the application's roles (search: number / name contains, status), with the total. Two statements. */
export async function listRolePage(
  tx: Tx,
  productId: string,
  q: AppRoleListBody & { page: number; pageSize: number },
): Promise<{ rows: AppRoleRecord[]; records: number }> {
  const where = and(
    eq(appRoles.productId, productId),
    q.code?.trim() ? ilike(appRoles.code, likeContains(q.code.trim())) : undefined,
    q.name?.trim() ? ilike(appRoles.name, likeContains(q.name.trim())) : undefined,
    q.status === undefined ? undefined : eq(appRoles.status, q.status),
  );
  const col = SORT[q.sortField ?? 'updatedAt'];
  const rows = await tx
    .select(columns)
    .from(appRoles)
    .leftJoin(appPermissionTemplates, eq(appPermissionTemplates.id, appRoles.templateId))
    .where(where)
    .orderBy(q.sortOrder === 'ascend' ? asc(col) : desc(col), asc(appRoles.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const n = (await tx.select({ n: sql<number>`count(*)::int` }).from(appRoles).where(where))[0]?.n ?? 0;
  return { rows, records: n };
}

/** The application's roles among `ids` (others' ids are simply not found). */
export function findRoles(tx: Tx, productId: string, ids: string[]): Promise<AppRoleRecord[]> {
  return tx
    .select(columns)
    .from(appRoles)
    .leftJoin(appPermissionTemplates, eq(appPermissionTemplates.id, appRoles.templateId))
    .where(and(eq(appRoles.productId, productId), inArray(appRoles.id, ids)))
    .for('update', { of: appRoles });
}

/** Inserts a role. */
export async function insertRole(
  tx: Tx,
  r: {
    id: string;
    productId: string;
    code: string;
    name: string;
    description: string;
    status: number;
    templateId: string | null;
    templateMode: string;
    creator: string;
  },
) {
  await tx.insert(appRoles).values(r);
}

/** Updates a role's fields. */
export async function updateRole(
  tx: Tx,
  productId: string,
  id: string,
  patch: Partial<{ code: string; name: string; description: string; status: number; templateId: string | null; templateMode: string }>,
) {
  await tx
    .update(appRoles)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(appRoles.productId, productId), eq(appRoles.id, id)));
}

/** Sets the status of the roles. */
export async function setRolesStatus(tx: Tx, productId: string, ids: string[], status: number) {
  await tx
    .update(appRoles)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(appRoles.productId, productId), inArray(appRoles.id, ids)));
}

/** Deletes the roles (members and grants go by cascade). */
export async function deleteRoles(tx: Tx, productId: string, ids: string[]) {
  await tx.delete(appRoles).where(and(eq(appRoles.productId, productId), inArray(appRoles.id, ids)));
}

const USER_SORT: Record<string, string> = { username: 'u.username', employeeName: 'u.employee_name', tenantName: 't.name' };

/**
 * Members of the role (`inRole`) or candidates: the application's users (`isAppUser`) not in it. Search
 * by username / employee name (contains). Two statements.
 */
export async function listRoleUsers(
  tx: Tx,
  productId: string,
  q: AppRoleUserListBody & { page: number; pageSize: number },
  inRole: boolean,
): Promise<{ rows: AppRoleUserRow[]; records: number }> {
  const member = sql`exists (select 1 from app_role_users m where m.role_id = ${q.roleId} and m.user_id = u.id)`;
  const kw = q.keyword?.trim();
  const conds: SQL[] = [inRole ? member : sql`not ${member}`];
  if (!inRole) conds.push(isAppUser(productId, usersAs('u')));
  if (kw) conds.push(sql`(u.username ilike ${likeContains(kw)} or u.employee_name ilike ${likeContains(kw)})`);
  const where = sql.join(conds, sql` and `);
  const sort = sql.raw(`${USER_SORT[q.sortField ?? 'username']} ${q.sortOrder === 'descend' ? 'desc' : 'asc'}, u.id`);
  const rows = rowsOf<AppRoleUserRow>(
    await tx.execute(sql`
    select u.id as "userId", u.username, u.employee_name as "employeeName", u.tenant_id as "tenantId", t.name as "tenantName",
      coalesce(o.name, '') as "orgName", u.status::int as status
    from users u join tenants t on t.id = u.tenant_id left join organisations o on o.id = u.org_id
    where ${where} order by ${sort} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  const n = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users u where ${where}`))[0]?.n ?? 0;
  return { rows, records: n };
}

/** Of `userIds`, the application's users with their tenant (one statement). */
export function appUsersAmong(tx: Tx, productId: string, userIds: string[]): Promise<{ id: string; tenantId: string; username: string }[]> {
  return tx
    .execute(sql`select u.id, u.tenant_id as "tenantId", u.username from users u
    where u.id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${isAppUser(productId, usersAs('u'))}`)
    .then((r) => rowsOf(r));
}

/** Adds members (already members are kept); returns how many were added. */
export async function insertRoleUsers(tx: Tx, productId: string, roleId: string, users: { id: string; tenantId: string }[]): Promise<number> {
  const added = await tx
    .insert(appRoleUsers)
    .values(users.map((u) => ({ roleId, productId, tenantId: u.tenantId, userId: u.id })))
    .onConflictDoNothing()
    .returning({ userId: appRoleUsers.userId });
  return added.length;
}

/** Removes members; returns the removed user ids. */
export async function deleteRoleUsers(tx: Tx, productId: string, roleId: string, userIds: string[]): Promise<string[]> {
  const gone = await tx
    .delete(appRoleUsers)
    .where(and(eq(appRoleUsers.productId, productId), eq(appRoleUsers.roleId, roleId), inArray(appRoleUsers.userId, userIds)))
    .returning({ userId: appRoleUsers.userId });
  return gone.map((g) => g.userId);
}

/** Whether another role of the application (not `exceptId`) has the number, case-insensitively. */
export async function codeTaken(tx: Tx, productId: string, code: string, exceptId?: string): Promise<boolean> {
  const [r] = await tx
    .select({ id: appRoles.id })
    .from(appRoles)
    .where(and(eq(appRoles.productId, productId), sql`lower(${appRoles.code}) = lower(${code})`, exceptId ? sql`${appRoles.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(r);
}
