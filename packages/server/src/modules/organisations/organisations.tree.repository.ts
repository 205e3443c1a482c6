/**
 * The tenant area's organisation tree in SQL (issue 5; docs/tenancy.md "Organisations at scale";
 * docs/organisations.md): one level of the lazy tree (`listorgchildren`), the search that expands the
 * tree to its hits (`searchorg`), always limited to the caller's data scope.
 *
 * The tree of a tenant is its root organisation (id = tenant id, path '/<tenant id>/') and everything
 * whose path starts with the root's path; organisations outside it are "single" (library only).
 * Visible tree for a scope:
 * - the tenant's administrator (and any scope without type grants): a node's children are its direct
 *   children (`parent_id`, index organisations_tenant_parent_sort_idx) — one level is read, never more;
 * - a scope with organisation-type grants: a node's children are the in-scope organisations below it
 *   whose nearest in-scope ancestor is the node (so an in-scope organisation under an out-of-scope one
 *   still shows), looked up on the path index.
 * The tops of a role holder's tree are the in-scope organisations without an in-scope ancestor.
 * `userCount` counts users whose affiliated organisation is the node (index users_tenant_org_idx).
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organisations, users } from '../../db/schema/index.js';
import { orgRowInScope, pathInSubtree, type DataScope } from '../tenancy/data-scope.js';

export type OrganisationRecord = typeof organisations.$inferSelect;

/** An organisation with the figures the tree and the grids show. */
export interface OrgNodeRecord extends OrganisationRecord {
  userCount: number;
  hasChildren: boolean;
}

const o = organisations;
/**
 * Correlated subqueries are written with explicit aliases (drizzle leaves columns unqualified inside
 * select lists): `O.*` is the outer organisations row, `kid` / `anc` the inner ones.
 */
const O = { id: sql.raw('"organisations"."id"'), tenantId: sql.raw('"organisations"."tenant_id"'), path: sql.raw('"organisations"."path"') };
const kid = { path: sql.raw('kid.path'), type: sql.raw('kid.type') };
const anc = { path: sql.raw('anc.path'), type: sql.raw('anc.type') };

/** True when the scope has organisation-type grants (then the visible tree skips out-of-scope levels). */
export function scopeHasTypes(scope: DataScope): boolean {
  return !scope.all && scope.parts.some((p) => p.types !== null);
}

/** "Placed in the tenant's tree": the root or below it. */
export function inTreeOf(tenantId: string, table: { path: typeof o.path } = o): SQL {
  return sql`starts_with(${table.path}, ${`/${tenantId}/`})`;
}

/** "Of the tree of `category`": organisations of that category, and the root (shared by every category). */
export function ofCategory(tenantId: string, category: number, table: { id: typeof o.id; category: typeof o.category } = o): SQL {
  return sql`(${table.category} = ${category} or ${table.id} = ${tenantId})`;
}

/** `userCount` of the row `o`. */
const userCountSql = sql<number>`(select count(*)::int from ${users} u where u.tenant_id = ${O.tenantId} and u.org_id = ${O.id})`;

/** `hasChildren` of the row `o` as the scope sees the tree (see the module comment). */
function hasChildrenSql(scope: DataScope, category: number): SQL<boolean> {
  if (!scopeHasTypes(scope)) {
    return sql<boolean>`exists (select 1 from ${o} kid where kid.tenant_id = ${O.tenantId} and kid.category = ${category} and kid.parent_id = ${O.id} and kid.id <> ${O.id})`;
  }
  // a range on the path index with the outer row's path (starts_with would scan the tenant per node)
  return sql<boolean>`exists (select 1 from ${o} kid where kid.tenant_id = ${O.tenantId} and kid.category = ${category}
    and ${pathInSubtree(kid.path, O.path, true)} and ${orgRowInScope(scope, kid)})`;
}

/** The row `o` has no in-scope strict ancestor strictly below `underPath` ('' = anywhere). */
function noScopedAncestorBelow(scope: DataScope, underPath: string, exceptId?: string): SQL {
  return sql`not exists (select 1 from ${o} anc where anc.tenant_id = ${O.tenantId}
    and anc.id = any(string_to_array(trim(both '/' from ${O.path}), '/')) and anc.id <> ${O.id}
    ${exceptId ? sql`and anc.id <> ${exceptId}` : sql``} ${underPath ? sql`and starts_with(anc.path, ${underPath})` : sql``}
    and ${orgRowInScope(scope, anc)})`;
}

/** Columns of a node: the row, its user count and its children flag. */
function nodeSelect(scope: DataScope, category: number) {
  return { org: o, userCount: userCountSql, hasChildren: hasChildrenSql(scope, category) };
}

function toRecord(r: { org: OrganisationRecord; userCount: number; hasChildren: boolean }): OrgNodeRecord {
  return { ...r.org, userCount: Number(r.userCount), hasChildren: r.hasChildren === true || (r.hasChildren as unknown) === 't' };
}

/**
 * One page of a level of the visible tree: the children of `parent` (a record already checked to be
 * visible), or without it the tops (administrators: the root; role holders: the highest organisations
 * of their scope). Sorted by sort order, name, id.
 */
export async function listOrgChildren(
  tx: Tx,
  q: { tenantId: string; scope: DataScope; parent?: OrganisationRecord; category: number; page: number; pageSize: number },
): Promise<{ rows: OrgNodeRecord[]; records: number }> {
  const { tenantId, scope, parent, category } = q;
  let where: SQL | undefined;
  if (parent) {
    where = scopeHasTypes(scope)
      ? and(
          eq(o.tenantId, tenantId),
          eq(o.category, category),
          sql`starts_with(${o.path}, ${parent.path})`,
          sql`${o.id} <> ${parent.id}`,
          orgRowInScope(scope),
          noScopedAncestorBelow(scope, parent.path, parent.id),
        )
      : and(eq(o.tenantId, tenantId), eq(o.category, category), eq(o.parentId, parent.id), sql`${o.id} <> ${parent.id}`);
  } else if (scope.all) {
    where = and(eq(o.tenantId, tenantId), eq(o.id, tenantId));
  } else {
    const prefixesOnly = scope.parts.length > 0 && scope.parts.every((p) => p.prefixes && !p.types);
    const candidates = prefixesOnly ? inArray(o.path, [...new Set(scope.parts.flatMap((p) => p.prefixes!))]) : orgRowInScope(scope);
    where = and(eq(o.tenantId, tenantId), inTreeOf(tenantId), ofCategory(tenantId, category), candidates, noScopedAncestorBelow(scope, ''));
  }
  const [total] = await tx.select({ n: count() }).from(o).where(where);
  const rows = await tx
    .select(nodeSelect(scope, category))
    .from(o)
    .where(where)
    .orderBy(asc(o.sort), asc(o.name), asc(o.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map(toRecord), records: total?.n ?? 0 };
}

/**
 * Organisations of the visible tree whose name or code starts with `keyword` (case-insensitive), at
 * most `limit`, by name; with the ids of their visible ancestors, top first.
 */
export async function searchOrgs(
  tx: Tx,
  q: { tenantId: string; scope: DataScope; keyword: string; category: number; limit: number },
): Promise<(OrgNodeRecord & { ancestorIds: string[] })[]> {
  const k = q.keyword.trim().toLowerCase();
  const rows = (
    await tx
      .select(nodeSelect(q.scope, q.category))
      .from(o)
      .where(
        and(
          eq(o.tenantId, q.tenantId),
          inTreeOf(q.tenantId),
          ofCategory(q.tenantId, q.category),
          orgRowInScope(q.scope),
          sql`(starts_with(${o.nameLc}, ${k}) or starts_with(lower(${o.code}), ${k}))`,
        ),
      )
      .orderBy(asc(o.nameLc), asc(o.id))
      .limit(q.limit)
  ).map(toRecord);
  const ancestorsOf = (r: OrgNodeRecord) => r.path.split('/').filter((x) => x && x !== r.id);
  let visible: Set<string> | undefined;
  if (!q.scope.all) {
    const ids = [...new Set(rows.flatMap(ancestorsOf))];
    visible = new Set(
      ids.length
        ? (
            await tx
              .select({ id: o.id })
              .from(o)
              .where(and(eq(o.tenantId, q.tenantId), inArray(o.id, ids), orgRowInScope(q.scope)))
          ).map((r) => r.id)
        : [],
    );
  }
  return rows.map((r) => ({ ...r, ancestorIds: ancestorsOf(r).filter((id) => !visible || visible.has(id)) }));
}

/** The organisation `id` of the tenant with its figures, if it is inside `scope`. */
export async function findOrgNode(tx: Tx, tenantId: string, scope: DataScope, id: string, category = 0): Promise<OrgNodeRecord | undefined> {
  const [row] = await tx
    .select(nodeSelect(scope, category))
    .from(o)
    .where(and(eq(o.tenantId, tenantId), eq(o.id, id), orgRowInScope(scope)));
  return row ? toRecord(row) : undefined;
}
