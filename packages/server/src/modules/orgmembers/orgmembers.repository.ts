/**
 * Organisation members in SQL (SPEC §2 orgEmployeeRelation; docs/tenant-members.md). A membership is a
 * pair (organisation, user): the user's affiliated organisation (`users.org_id`, "affiliated") or an
 * added one (`org_users`). Lists are one statement over the union of both, paged, searched and sorted in
 * SQL, limited to the organisation (or its subtree by `path`) and to the caller's data scope. Every
 * function names the tenant and runs inside `inScope`, so row-level security also holds.
 *
 * Indexes used: organisations (tenant_id, path) prefix for the subtree, users (tenant_id, org_id),
 * org_users primary key (tenant_id, org_id, user_id) and (tenant_id, user_id), users' `_lc` columns
 * for the name prefix.
 */
import { and, asc, count, eq, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { ORG_MEMBER_CANDIDATE_SORT_FIELDS, ORG_MEMBER_SORT_FIELDS } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { orderTerms, sortColumn, type SortColumns } from '../../lib/sort.js';
import { organisations, orgUsers, users } from '../../db/schema/index.js';
import { orgIdInScope, orgRowInScope, type DataScope } from '../tenancy/data-scope.js';

/** The organisation `id` of the tenant (name, path, type), or undefined. */
export async function findOrgById(tx: Tx, tenantId: string, id: string): Promise<{ id: string; name: string; path: string } | undefined> {
  const [row] = await tx
    .select({ id: organisations.id, name: organisations.name, path: organisations.path })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, id)));
  return row;
}

/** One membership row of the grid as SQL answers it. */
export interface OrgMemberRecord {
  userId: string;
  username: string;
  employeeName: string;
  orgId: string;
  orgName: string;
  affiliated: boolean;
  status: number;
  createdAt: Date | null;
}

/** Sort columns as SQL text of the member query's aliases (constants only; the key is looked up own-property). */
const SORTS: Record<(typeof ORG_MEMBER_SORT_FIELDS)[number], string> = {
  username: 'u.username',
  employeeName: 'u.employee_name',
  orgName: 'o.name',
  createdAt: 'm.created_at',
};

/**
 * One page of memberships of `orgId` (with `includeSub` of every organisation of its subtree), users
 * and organisations in `scope`; `keyword` is the start of the user name or employee name (any case).
 */
export async function listOrgMembers(
  tx: Tx,
  q: {
    tenantId: string;
    orgPath: string;
    orgId: string;
    includeSub: boolean;
    scope: DataScope;
    keyword?: string;
    sortField?: string;
    sortOrder?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: OrgMemberRecord[]; records: number }> {
  const scopeUser = orgIdInScope(q.scope, sql.raw('u.org_id'));
  const k = q.keyword?.trim().toLowerCase();
  const kw = k ? sql`and (starts_with(u.username_lc, ${k}) or starts_with(u.employee_name_lc, ${k}))` : sql``;
  // the organisations of the grid (the one, or its subtree) inside the scope, pushed into both branches
  const orgSet = sql`(select o0.id from ${organisations} o0 where o0.tenant_id = ${q.tenantId} and ${q.includeSub ? sql`starts_with(o0.path, ${q.orgPath})` : sql`o0.id = ${q.orgId}`}
    and ${orgRowInScope(q.scope, { path: sql.raw('o0.path'), type: sql.raw('o0.type') })})`;
  const pairs = sql`(
    select u2.id as user_id, u2.org_id as org_id, true as affiliated, null::timestamptz as created_at from ${users} u2
      where u2.tenant_id = ${q.tenantId} and u2.org_id in ${orgSet}
    union all
    select ou.user_id, ou.org_id, false, ou.created_at from ${orgUsers} ou
      where ou.tenant_id = ${q.tenantId} and ou.org_id in ${orgSet}
        and not exists (select 1 from ${users} u3 where u3.tenant_id = ou.tenant_id and u3.id = ou.user_id and u3.org_id = ou.org_id)
  ) m`;
  const from = sql`from ${pairs}
    join ${organisations} o on o.tenant_id = ${q.tenantId} and o.id = m.org_id
    join ${users} u on u.tenant_id = ${q.tenantId} and u.id = m.user_id
    where ${scopeUser} ${kw}`;
  const [total] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${from}`));
  const col = sortColumn(SORTS, q.sortField);
  const dir = q.sortOrder === 'descend' ? 'desc' : 'asc';
  const order = col ? sql.raw(`${col} ${dir} nulls last, u.id, o.id`) : sql.raw('m.affiliated desc, u.username asc, u.id, o.id');
  const rows = rowsOf<{
    user_id: string;
    username: string;
    employee_name: string;
    org_id: string;
    org_name: string;
    affiliated: boolean;
    status: number;
    created_at: string | Date | null;
  }>(
    await tx.execute(sql`select m.user_id, u.username, u.employee_name, m.org_id, o.name as org_name, m.affiliated, u.status, m.created_at
      ${from} order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  return {
    rows: rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      employeeName: r.employee_name,
      orgId: r.org_id,
      orgName: r.org_name,
      affiliated: r.affiliated,
      status: Number(r.status),
      createdAt: r.created_at ? new Date(r.created_at) : null,
    })),
    records: Number(total?.n ?? 0),
  };
}

/** A candidate of the add-member picker. */
export interface CandidateRecord {
  userId: string;
  username: string;
  employeeName: string;
  orgName: string | null;
  status: number;
}

const CANDIDATE_SORTS: SortColumns<typeof ORG_MEMBER_CANDIDATE_SORT_FIELDS> = { username: users.username, employeeName: users.employeeName };

/**
 * One page of the tenant's users in `scope` who are not yet in `orgId` (neither affiliated nor added),
 * searched by the start of the user name or employee name.
 */
export async function listOrgCandidates(
  tx: Tx,
  q: { tenantId: string; orgId: string; scope: DataScope; keyword?: string; sortField?: string; sortOrder?: string; page: number; pageSize: number },
): Promise<{ rows: CandidateRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [
    eq(users.tenantId, q.tenantId),
    orgIdInScope(q.scope, users.orgId),
    sql`${users.orgId} is distinct from ${q.orgId}`,
    notExists(
      tx
        .select({ one: sql`1` })
        .from(orgUsers)
        .where(and(eq(orgUsers.tenantId, users.tenantId), eq(orgUsers.orgId, q.orgId), eq(orgUsers.userId, users.id))),
    ),
  ];
  const k = q.keyword?.trim().toLowerCase();
  if (k) parts.push(or(sql`starts_with(${users.usernameLc}, ${k})`, sql`starts_with(${users.employeeNameLc}, ${k})`));
  const where = and(...parts);
  const order = orderTerms(CANDIDATE_SORTS, q, asc(users.username), users.id);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  const rows = await tx
    .select({ userId: users.id, username: users.username, employeeName: users.employeeName, orgName: organisations.name, status: users.status })
    .from(users)
    .leftJoin(organisations, and(eq(organisations.tenantId, users.tenantId), eq(organisations.id, users.orgId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

/** The users among `ids` of the tenant that are in `scope`, with their affiliated organisation. */
export async function findUsersInScope(
  tx: Tx,
  tenantId: string,
  scope: DataScope,
  ids: string[],
): Promise<{ id: string; username: string; orgId: string | null }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: users.id, username: users.username, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids), orgIdInScope(scope, users.orgId)));
}

/** The members of `orgId` among `userIds` added through org_users. */
export async function findOrgUserIds(tx: Tx, tenantId: string, orgId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await tx
    .select({ id: orgUsers.userId })
    .from(orgUsers)
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.orgId, orgId), inArray(orgUsers.userId, userIds)));
  return rows.map((r) => r.id);
}

/** Adds memberships (existing ones are kept). */
export async function insertOrgUsers(tx: Tx, tenantId: string, orgId: string, userIds: string[], creator: string): Promise<void> {
  if (!userIds.length) return;
  await tx
    .insert(orgUsers)
    .values(userIds.map((userId) => ({ tenantId, orgId, userId, creator })))
    .onConflictDoNothing();
}

/** Removes memberships of `orgId`; returns the user ids removed. */
export async function deleteOrgUsers(tx: Tx, tenantId: string, orgId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const r = await tx
    .delete(orgUsers)
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.orgId, orgId), inArray(orgUsers.userId, userIds)))
    .returning({ id: orgUsers.userId });
  return r.map((x) => x.id);
}
