/**
 * The application user grid's SQL at scale (issue 15; docs/benchmarks.md "Application user grid on
 * PostgreSQL"). Who the users are is `isAppUser` (app-users.scope.ts); the grid reads the application's
 * reach first (`readAppReach`: the tenants using it and the paths of its roots there, one small statement)
 * and then filters, counts and pages with constants:
 * - rows: per tenant either the whole tenant, or `org_id in (organisations under the roots)` or a user given
 *   the application (`app_user_grants`). The sub-selects stay uncorrelated, so PostgreSQL hashes them once
 *   and can walk the sort's index (users_tenant_created_idx, users_tenant_username_lc_idx) for a first page;
 * - the total: with only tenant, organisation (exact or subtree) and status filters, a sum over
 *   `org_user_counts` (as the tenant grid, users.query.ts) plus the granted users outside the roots; any
 *   other filter counts the users;
 * - the page: the sort runs over (id, sort key) only, bounded by offset + page size (a top-N sort), and the
 *   names are joined for the page's rows alone (`pageKeys`).
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { UserListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { appRootOrgs, appUserGrants, orgUserCounts, organisations, tenantProducts, tenants, users } from '../../db/schema/index.js';
import { orderOf, userFilters } from '../users/users.query.js';

/** The application's reach: tenants using it with no root there (`whole`), and those with roots (paths). */
export interface AppReach {
  productId: string;
  whole: string[];
  rooted: { tenantId: string; paths: string[] }[];
}

/** Reads the application's reach (tenant_products status 1, app_root_orgs with their organisations' paths). */
export async function readAppReach(tx: Tx, productId: string): Promise<AppReach> {
  const rows = await tx
    .select({ tenantId: tenantProducts.tenantId, rootId: appRootOrgs.orgId, path: organisations.path })
    .from(tenantProducts)
    .leftJoin(appRootOrgs, and(eq(appRootOrgs.productId, tenantProducts.productId), eq(appRootOrgs.tenantId, tenantProducts.tenantId)))
    .leftJoin(organisations, eq(organisations.id, appRootOrgs.orgId))
    .where(and(eq(tenantProducts.productId, productId), eq(tenantProducts.status, 1)));
  // A tenant with a root row is limited to its roots (as isAppUser's "not exists"), whatever their paths.
  const byTenant = new Map<string, { rooted: boolean; paths: string[] }>();
  for (const r of rows) {
    const t = byTenant.get(r.tenantId) ?? { rooted: false, paths: [] };
    byTenant.set(r.tenantId, { rooted: t.rooted || r.rootId !== null, paths: r.path ? [...t.paths, r.path] : t.paths });
  }
  const whole = [...byTenant].filter(([, t]) => !t.rooted).map(([id]) => id);
  const rooted = [...byTenant].filter(([, t]) => t.rooted).map(([tenantId, t]) => ({ tenantId, paths: t.paths }));
  return { productId, whole, rooted };
}

/** Sub-select: the ids of tenant `tenantId`'s organisations in the subtrees of `paths` (one index range each). */
function orgsUnder(tenantId: string, paths: string[]): SQL {
  return sql.join(
    paths.map((p) => sql`select o.id from organisations o where o.tenant_id = ${tenantId} and starts_with(o.path, ${p})`),
    sql` union all `,
  );
}

/**
 * How a set of ids is tested: 'walk' — `col in (sub-select)` under an OR, a hashed sub-plan checked row by row,
 * so PostgreSQL can walk the sort's index and stop after the page (first pages of a large reach); 'bitmap' —
 * `col = any(array(sub-select))`, index conditions on (tenant_id, org_id) and the primary key, whose cost is
 * the reach's size whatever the page (counts, deep pages, small reaches).
 */
export type ReachShape = 'walk' | 'bitmap';

function inSet(col: SQLWrapper, set: SQL, shape: ReachShape): SQL {
  return shape === 'walk' ? sql`${col} in (${set})` : sql`${col} = any(array(${set}))`;
}

/**
 * Condition on (tenant, organisation) columns: reached through the organisation alone (whole tenants, or an
 * organisation under a root). For `users` and for `org_user_counts` ('' is "no organisation" there).
 */
function reachedByOrg(r: AppReach, tenantCol: SQLWrapper, orgCol: SQLWrapper, shape: ReachShape = 'walk'): SQL {
  const parts: SQL[] = [];
  if (r.whole.length) parts.push(inArray(tenantCol, r.whole) as SQL);
  for (const t of r.rooted) if (t.paths.length) parts.push(sql`(${tenantCol} = ${t.tenantId} and ${inSet(orgCol, orgsUnder(t.tenantId, t.paths), shape)})`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** Condition on `users`: granted the application individually, in a tenant with roots (whole tenants need none). */
function grantedInRooted(r: AppReach, shape: ReachShape): SQL {
  const parts = r.rooted.map(
    (t) =>
      sql`(${users.tenantId} = ${t.tenantId} and ${inSet(users.id, sql`select g.user_id from app_user_grants g where g.product_id = ${r.productId} and g.tenant_id = ${t.tenantId}`, shape)})`,
  );
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** Condition on `users`: a user of the application (same answer as `isAppUser`, tested in app-users.scope.test.ts). */
export function reachCondition(r: AppReach, shape: ReachShape = 'walk'): SQL {
  return sql`(${reachedByOrg(r, users.tenantId, users.orgId, shape)} or ${grantedInRooted(r, shape)})`;
}

/** The grid's filters beyond the user fields: the reach and, for `includeSub`, an organisation's subtree. */
export interface AppUserFilter {
  reach: AppReach;
  subtree?: { tenantId: string; path: string } | null | undefined;
}

/** Condition on an organisation column: inside `subtree` (undefined: no subtree filter; null: unknown root, nothing). */
function inSubtree(f: AppUserFilter, orgCol: SQLWrapper): SQL | undefined {
  if (f.subtree === undefined) return undefined;
  if (f.subtree === null) return sql`false`;
  return sql`${orgCol} in (select o.id from organisations o where o.tenant_id = ${f.subtree.tenantId} and starts_with(o.path, ${f.subtree.path}))`;
}

/** Condition on `users`: the subtree (if any) and the reach — what the grid adds to the user filters. */
export function appUserScope(f: AppUserFilter, shape: ReachShape = 'walk'): SQL | undefined {
  return and(inSubtree(f, users.orgId), reachCondition(f.reach, shape));
}

/** The WHERE of the rows: user filters, subtree, reach. */
function appUserWhere(q: UserListBody, f: AppUserFilter, shape: ReachShape): SQL | undefined {
  return and(userFilters(q), appUserScope(f, shape));
}

/**
 * The organisation part of the reach seen through a subtree (exact: both are path prefixes, paths end with
 * '/'): a subtree inside a root is its own only root; otherwise the roots inside the subtree remain. Other
 * tenants' roots drop out (their organisations are never in the subtree); whole tenants stay (the subtree
 * condition itself bounds them); a tenant left with no path keeps only its granted users.
 */
function withinSubtree(r: AppReach, sub: AppUserFilter['subtree']): AppReach {
  if (!sub) return r;
  return {
    productId: r.productId,
    whole: r.whole,
    rooted: r.rooted
      .filter((t) => t.tenantId === sub.tenantId)
      .map((t) => ({
        tenantId: t.tenantId,
        paths: t.paths.some((p) => sub.path.startsWith(p)) ? [sub.path] : t.paths.filter((p) => p.startsWith(sub.path)),
      })),
  };
}

/** True when the per-organisation counts can answer: only tenant, organisation and status filters. */
function countable(q: UserListBody): boolean {
  const s = (v: string | undefined) => !!v?.trim();
  return !s(q.keyword) && !s(q.username) && !s(q.employeeName) && !s(q.employeeCode) && !s(q.mobile) && q.locked === undefined;
}

/** True when a filter with an index of its own narrows the rows (text prefixes, organisation, subtree). */
function narrowed(q: UserListBody, f: AppUserFilter): boolean {
  const s = (v: string | undefined) => !!v?.trim();
  return s(q.keyword) || s(q.username) || s(q.employeeName) || s(q.employeeCode) || s(q.mobile) || s(q.orgId) || f.subtree !== undefined;
}

/** Offsets from which a page is "deep", and reaches up to which a walk could read far more than the reach. */
export const DEEP_OFFSET = 1_000;
export const SMALL_REACH = 2_000;

/**
 * The shape of the reach test (`ReachShape`). With a narrowing filter its own index finds the rows and the
 * reach is a hashed check of each ('walk'; a 'bitmap' array would be searched element by element there).
 * Otherwise the reach itself finds them: 'walk' of the sort's index for a shallow page (offset below
 * DEEP_OFFSET) of a large reach (`records` over SMALL_REACH), where it stops after ≈ offset ÷ density rows;
 * 'bitmap' for deep pages, small reaches and counts (`records` undefined), whose cost is the reach's size.
 */
export function reachShape(q: UserListBody, f: AppUserFilter, offset: number, records?: number): ReachShape {
  if (narrowed(q, f)) return 'walk';
  return records !== undefined && offset < DEEP_OFFSET && records > SMALL_REACH ? 'walk' : 'bitmap';
}

/**
 * The number of application users matching: the per-organisation counts of the reached organisations plus
 * the granted users outside them (module comment), or a count of the users for the other filters.
 */
export async function countAppUsers(tx: Tx, q: UserListBody, f: AppUserFilter): Promise<number> {
  if (!countable(q)) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(appUserWhere(q, f, reachShape(q, f, 0)));
    return row?.n ?? 0;
  }
  const c = orgUserCounts;
  const tenantId = q.tenantId?.trim();
  const orgId = q.orgId?.trim();
  const [byOrg] = await tx
    .select({ n: sql<number>`coalesce(sum(${c.users}), 0)::int` })
    .from(c)
    .where(
      and(
        tenantId ? eq(c.tenantId, tenantId) : undefined,
        orgId ? eq(c.orgId, orgId) : undefined,
        q.status !== undefined ? eq(c.status, q.status) : undefined,
        inSubtree(f, c.orgId),
        reachedByOrg(withinSubtree(f.reach, f.subtree), c.tenantId, c.orgId, 'bitmap'),
      ),
    );
  const rooted = f.reach.rooted;
  if (!rooted.length) return byOrg?.n ?? 0;
  // The granted users (few: individual approvals) outside the roots, one organisation lookup each.
  const withPaths = rooted.filter((t) => t.paths.length);
  const underRoots = withPaths.length
    ? sql.join(
        withPaths.map(
          (t) => sql`(${users.tenantId} = ${t.tenantId} and exists (select 1 from organisations o where o.id = ${users.orgId}
    and o.tenant_id = ${t.tenantId} and (${sql.join(
      t.paths.map((p) => sql`starts_with(o.path, ${p})`),
      sql` or `,
    )})))`,
        ),
        sql` or `,
      )
    : sql`false`;
  const [granted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appUserGrants)
    .innerJoin(users, and(eq(users.id, appUserGrants.userId), eq(users.tenantId, appUserGrants.tenantId)))
    .where(
      and(
        eq(appUserGrants.productId, f.reach.productId),
        inArray(
          appUserGrants.tenantId,
          rooted.map((t) => t.tenantId),
        ),
        userFilters(q),
        inSubtree(f, users.orgId),
        sql`not (${underRoots})`,
      ),
    );
  return (byOrg?.n ?? 0) + (granted?.n ?? 0);
}

/**
 * Sub-select of the ids of one page in the grid's order: the sort sees (id, sort key) only and keeps
 * offset + page size rows (a top-N sort, or a walk of the sort's index, `reachShape`); the caller joins the
 * names for these rows alone. `records`: the total, already counted.
 */
export function pageKeys(tx: Tx, q: UserListBody & { page: number; pageSize: number }, f: AppUserFilter, records: number) {
  const offset = (q.page - 1) * q.pageSize;
  return tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(appUserWhere(q, f, reachShape(q, f, offset, records)))
    .orderBy(...orderOf(q))
    .limit(q.pageSize)
    .offset(offset);
}
