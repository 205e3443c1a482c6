/**
 * Paged, filtered and sorted user lists in SQL (SPEC §2 user grids; CONVENTIONS "Lists are paged,
 * filtered and sorted in SQL, with indexes for every filter"). Text filters match from the start
 * ("starts with"). Queries run under row-level security, where PostgreSQL uses an index only for
 * conditions built from leakproof functions: `starts_with` is, `LIKE` and `lower()` are not. So
 * employee name → users_tenant_employee_name_idx, employee code → users_tenant_employee_code_idx and
 * mobile → users_tenant_mobile_uq are index ranges (`starts_with`, compared as written); status,
 * organisation and the default order (newest first) use users_tenant_status_idx, users_tenant_org_idx
 * and users_tenant_created_idx. User name, e-mail and employee name compare case-insensitively
 * through their stored lower-cased columns (`username_lc`, `email_lc`, `employee_name_lc`, each with a
 * (tenant_id, column) index), again with `starts_with`. bench/users.ts measures it.
 *
 * The total: when the filters are only the tenant, the organisation (exact, a subtree, the caller's
 * data scope) and the status, the total is a sum over `org_user_counts` (users per affiliated
 * organisation and status, kept by the triggers of migration 0013) instead of a count of the users —
 * a few ms for a subtree of 10,000 users or a whole tenant of 100,000. Any other filter counts the
 * users themselves through its index. bench/tenant.ts measures it (docs/benchmarks.md).
 */
import { and, desc, eq, getTableColumns, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { USER_SORT_FIELDS, UserListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { organisations, orgUserCounts, stations, tenants, users } from '../../db/schema/index.js';

/** A user row with the names the grid shows beside it; never the password hash. */
export type UserListRecord = Omit<typeof users.$inferSelect, 'passwordHash'> & {
  tenantCode: string;
  tenantName: string;
  orgName: string;
  orgCode: string;
  defaultOrgName: string;
  defaultOrgCode: string;
  stationName: string;
};

const org = alias(organisations, 'org');
const defaultOrg = alias(organisations, 'default_org');

/** `starts_with(column, value)`: leakproof, so an index range even under row-level security. */
function startsWith(column: SQLWrapper, value: string): SQL {
  return sql`starts_with(${column}, ${value})`;
}

/** The WHERE clause of the grid's filters (shared by the page, its count and the export). */
export function userFilters(q: UserListBody): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const s = (v: string | undefined) => v?.trim() ?? '';
  if (s(q.tenantId)) parts.push(eq(users.tenantId, s(q.tenantId)));
  if (s(q.keyword)) {
    const k = s(q.keyword);
    const kl = k.toLowerCase();
    parts.push(
      or(
        startsWith(users.usernameLc, kl),
        startsWith(users.employeeNameLc, kl),
        startsWith(users.employeeCode, k),
        startsWith(users.mobile, k),
        startsWith(users.emailLc, kl),
      ),
    );
  }
  if (s(q.username)) parts.push(startsWith(users.usernameLc, s(q.username).toLowerCase()));
  if (s(q.employeeName)) parts.push(startsWith(users.employeeNameLc, s(q.employeeName).toLowerCase()));
  if (s(q.employeeCode)) parts.push(startsWith(users.employeeCode, s(q.employeeCode)));
  if (s(q.mobile)) parts.push(startsWith(users.mobile, s(q.mobile)));
  if (q.status !== undefined) parts.push(eq(users.status, q.status));
  if (q.locked !== undefined) parts.push(eq(users.locked, q.locked));
  if (s(q.orgId)) parts.push(eq(users.orgId, s(q.orgId)));
  return and(...parts);
}

const SORTS: SortColumns<typeof USER_SORT_FIELDS> = {
  username: users.usernameLc,
  employeeName: users.employeeName,
  employeeCode: users.employeeCode,
  status: users.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  tenantName: tenants.name,
};

/** The grid's ORDER BY: the chosen sort field, else newest first; the id breaks ties (also the application user grid's page keys). */
export function orderOf(q: UserListBody) {
  return orderTerms(SORTS, q, desc(users.createdAt), users.id);
}

function selectRows(tx: Tx, extra: Record<string, SQL> = {}) {
  const { passwordHash: _omit, ...cols } = getTableColumns(users);
  return tx
    .select({
      ...cols,
      ...extra,
      tenantCode: sql<string>`coalesce(${tenants.code}, '')`,
      tenantName: sql<string>`coalesce(${tenants.name}, '')`,
      orgName: sql<string>`coalesce(${org.name}, '')`,
      orgCode: sql<string>`coalesce(${org.code}, '')`,
      defaultOrgName: sql<string>`coalesce(${defaultOrg.name}, '')`,
      defaultOrgCode: sql<string>`coalesce(${defaultOrg.code}, '')`,
      stationName: sql<string>`coalesce(${stations.name}, '')`,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(org, and(eq(org.id, users.orgId), eq(org.tenantId, users.tenantId)))
    .leftJoin(defaultOrg, and(eq(defaultOrg.id, users.defaultOrgId), eq(defaultOrg.tenantId, users.tenantId)))
    .leftJoin(stations, and(eq(stations.id, users.stationId), eq(stations.tenantId, users.tenantId)));
}

/**
 * A condition on an organisation-id column (users.org_id, org_user_counts.org_id): the organisation
 * subtree or the data scope of the tenant area. It must hold for an id exactly when it holds for the
 * users affiliated with that organisation ('' stands for "no organisation" in the counts).
 */
export type OrgIdCondition = (orgIdColumn: SQLWrapper) => SQL | undefined;

/** The conditions a caller adds to the grid's filters: `byOrg` on the affiliated organisation, `extra` on anything else. */
export interface UserListScope {
  byOrg?: OrgIdCondition | undefined;
  extra?: SQL | undefined;
}

function whereOf(q: UserListBody, scope: UserListScope): SQL | undefined {
  return and(userFilters(q), scope.byOrg?.(users.orgId), scope.extra);
}

/** True when every filter is one the per-organisation counts know: tenant, organisation, status. */
function countableByOrganisation(q: UserListBody, scope: UserListScope): boolean {
  const s = (v: string | undefined) => !!v?.trim();
  return !scope.extra && !s(q.keyword) && !s(q.username) && !s(q.employeeName) && !s(q.employeeCode) && !s(q.mobile) && q.locked === undefined;
}

/**
 * The statement counting the users matching (not run): a sum over org_user_counts when it can answer,
 * otherwise a count of the users. Its one row has `n`. Exported for bench/users.ts's EXPLAIN.
 */
export function countUsersQuery(tx: Tx, q: UserListBody, scope: UserListScope = {}) {
  if (!countableByOrganisation(q, scope)) return tx.select({ n: sql<number>`count(*)::int` }).from(users).where(whereOf(q, scope));
  const s = (v: string | undefined) => v?.trim() ?? '';
  const c = orgUserCounts;
  return tx
    .select({ n: sql<number>`coalesce(sum(${c.users}), 0)::int` })
    .from(c)
    .where(
      and(
        s(q.tenantId) ? eq(c.tenantId, s(q.tenantId)) : undefined,
        s(q.orgId) ? eq(c.orgId, s(q.orgId)) : undefined,
        q.status !== undefined ? eq(c.status, q.status) : undefined,
        scope.byOrg?.(c.orgId),
      ),
    );
}

/** The statement of one page of users (not run); exported for bench/users.ts's EXPLAIN. */
export function userPageQuery(tx: Tx, q: UserListBody & { page: number; pageSize: number }, scope: UserListScope = {}) {
  return selectRows(tx)
    .where(whereOf(q, scope))
    .orderBy(...orderOf(q))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

/**
 * The page and its total in one statement (not run): the page's rows, each with the total as `total`
 * (the count statement as an uncorrelated sub-select, which PostgreSQL runs once: an InitPlan).
 * Exported for bench/users.ts's EXPLAIN.
 */
export function userPageWithTotalQuery(tx: Tx, q: UserListBody & { page: number; pageSize: number }, scope: UserListScope = {}) {
  return selectRows(tx, { total: sql<number>`(${countUsersQuery(tx, q, scope)})` })
    .where(whereOf(q, scope))
    .orderBy(...orderOf(q))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

/**
 * One page of users and the number matching; every filter counts through its index, and the
 * organisation-only filters through the per-organisation counts (module comment). One statement (one
 * round trip on PostgreSQL) for a page with rows; a page past the end counts on its own.
 */
export async function listUsers(
  tx: Tx,
  q: UserListBody & { page: number; pageSize: number },
  scope: UserListScope = {},
): Promise<{ rows: UserListRecord[]; records: number }> {
  const page = await userPageWithTotalQuery(tx, q, scope);
  if (!page.length) {
    const [count] = await countUsersQuery(tx, q, scope);
    return { rows: [], records: count?.n ?? 0 };
  }
  const withTotal = page as unknown as (UserListRecord & { total: number | string })[];
  const records = Number(withTotal[0]!.total);
  const rows = withTotal.map(({ total: _t, ...row }) => row);
  return { rows, records };
}

/** Every user matching the filters (export), in list order, at most `limit`; `scope` as for listUsers. */
export async function listAllUsers(tx: Tx, q: UserListBody, limit: number, scope: UserListScope = {}): Promise<UserListRecord[]> {
  return (await selectRows(tx)
    .where(whereOf(q, scope))
    .orderBy(...orderOf(q))
    .limit(limit)) as UserListRecord[];
}

/** One user with the names, by id; with `tenantId`, only a user of that tenant (tenant-area reads). */
export async function findUserRecordById(tx: Tx, id: string, tenantId?: string): Promise<UserListRecord | undefined> {
  const [row] = await selectRows(tx).where(and(eq(users.id, id), tenantId === undefined ? undefined : eq(users.tenantId, tenantId)));
  return row as UserListRecord | undefined;
}
