/**
 * Organisation management and the element library in SQL (SPEC §2 orgManagement, baseOrgManagement;
 * docs/organisations.md): the paged grid and the writes. Every function names the tenant and runs
 * inside `inScope`, so row-level security also holds; lists are limited to the caller's data scope.
 *
 * Indexes behind the grid: children by (tenant_id, category, parent_id, sort, name)
 * (organisations_tenant_parent_sort_idx), subtree by (tenant_id, path text_pattern_ops)
 * (organisations_tenant_path_idx), name prefix by (tenant_id, name_lc), code prefix by
 * (tenant_id, category, lower(code)) (organisations_tenant_code_uq); type and status filter inside those
 * ranges (docs/organisations.md lists the indexes a whole-library filter by type or status would like).
 */
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ORG_SORT_FIELDS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { organisations, orgUsers, roles, stations, users } from '../../db/schema/index.js';
import { orgRowInScope, type DataScope } from '../tenancy/data-scope.js';
import type { OrganisationRecord, OrgNodeRecord } from './organisations.tree.repository.js';

const o = organisations;
const parent = alias(organisations, 'parent');

/** A grid row: a node with its parent's name. */
export interface OrgListRecord extends OrgNodeRecord {
  parentName: string | null;
  parentCode: string | null;
}

/** Filters of the grids (see OrgListBody). `under`: the selected organisation, already checked visible. */
export interface OrgListQuery {
  tenantId: string;
  scope: DataScope;
  under?: OrganisationRecord;
  includeDescendants?: boolean;
  singleOnly?: boolean;
  code?: string;
  name?: string;
  type?: number;
  status?: number;
  category?: number;
  sortField?: string;
  sortOrder?: string;
  page: number;
  pageSize: number;
}

/** Sortable columns (ORG_SORT_FIELDS; `path` = tree order, for the export). */
const SORTS: SortColumns<[...typeof ORG_SORT_FIELDS, 'path']> = {
  code: sql`lower(${o.code})`,
  name: o.nameLc,
  type: o.type,
  sort: o.sort,
  status: o.status,
  updatedAt: o.updatedAt,
  path: o.path,
};

const userCountSql = sql<number>`(select count(*)::int from ${users} u where u.tenant_id = "organisations"."tenant_id" and u.org_id = "organisations"."id")`;
const hasChildrenSql = sql<boolean>`exists (select 1 from ${o} kid where kid.tenant_id = "organisations"."tenant_id" and kid.parent_id = "organisations"."id" and kid.id <> "organisations"."id")`;

/** One page of the grid (sorted by the chosen column, else by sort order and name; id breaks ties). */
export async function listOrgRows(tx: Tx, q: OrgListQuery): Promise<{ rows: OrgListRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [eq(o.tenantId, q.tenantId), orgRowInScope(q.scope)];
  if (q.under) {
    parts.push(
      q.includeDescendants ? and(sql`starts_with(${o.path}, ${q.under.path})`, ne(o.id, q.under.id)) : and(eq(o.parentId, q.under.id), ne(o.id, q.under.id)),
    );
    if (!q.includeDescendants) parts.push(eq(o.category, q.category ?? q.under.category));
  } else if (q.category !== undefined) {
    parts.push(sql`(${o.category} = ${q.category} or ${o.id} = ${q.tenantId})`);
  }
  if (q.singleOnly) parts.push(isNull(o.parentId), ne(o.id, q.tenantId));
  const code = q.code?.trim().toLowerCase();
  if (code) parts.push(sql`starts_with(lower(${o.code}), ${code})`);
  const name = q.name?.trim().toLowerCase();
  if (name) parts.push(sql`starts_with(${o.nameLc}, ${name})`);
  if (q.type !== undefined) parts.push(eq(o.type, q.type));
  if (q.status !== undefined) parts.push(eq(o.status, q.status));
  const where = and(...parts);
  const order = orderTerms(SORTS, q, [asc(o.sort), asc(o.nameLc)], o.id);
  const [total] = await tx.select({ n: count() }).from(o).where(where);
  const rows = await tx
    .select({ org: o, parentName: parent.name, parentCode: parent.code, userCount: userCountSql, hasChildren: hasChildrenSql })
    .from(o)
    .leftJoin(parent, and(eq(parent.tenantId, o.tenantId), eq(parent.id, o.parentId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    rows: rows.map((r) => ({
      ...r.org,
      parentName: r.parentName,
      parentCode: r.parentCode,
      userCount: Number(r.userCount),
      hasChildren: r.hasChildren === true || (r.hasChildren as unknown) === 't',
    })),
    records: total?.n ?? 0,
  };
}

/** Every row of the grid's filters, in tree order (path), for the export; at most `limit`. */
export async function listOrgsForExport(
  tx: Tx,
  q: Omit<OrgListQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>,
  limit: number,
): Promise<OrgListRecord[]> {
  return (await listOrgRows(tx, { ...q, page: 1, pageSize: limit, sortField: 'path' })).rows;
}

/** The organisation `id` of the tenant (any scope), or undefined (another tenant's id is not found). */
export async function findOrgById(tx: Tx, tenantId: string, id: string): Promise<OrganisationRecord | undefined> {
  const [row] = await tx
    .select()
    .from(o)
    .where(and(eq(o.tenantId, tenantId), eq(o.id, id)));
  return row;
}

/** The organisations among `ids` of the tenant. */
export async function findOrgsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<OrganisationRecord[]> {
  return tx
    .select()
    .from(o)
    .where(and(eq(o.tenantId, tenantId), inArray(o.id, ids)));
}

/** The organisation of the tenant's `category` with this code (case-insensitive), other than `exceptId`. */
export async function findOrgByCode(tx: Tx, tenantId: string, category: number, code: string, exceptId?: string): Promise<OrganisationRecord | undefined> {
  const [row] = await tx
    .select()
    .from(o)
    .where(and(eq(o.tenantId, tenantId), eq(o.category, category), sql`lower(${o.code}) = ${code.toLowerCase()}`, exceptId ? ne(o.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** Every organisation of the tenant's `category` whose lower-cased code is among `codes`. */
export async function findOrgsByCodes(tx: Tx, tenantId: string, category: number, codes: string[]): Promise<OrganisationRecord[]> {
  if (!codes.length) return [];
  return tx
    .select()
    .from(o)
    .where(
      and(
        eq(o.tenantId, tenantId),
        eq(o.category, category),
        inArray(
          sql`lower(${o.code})`,
          codes.map((c) => c.toLowerCase()),
        ),
      ),
    );
}

export async function insertOrg(tx: Tx, row: typeof organisations.$inferInsert): Promise<void> {
  await tx.insert(o).values(row);
}

export async function updateOrgById(tx: Tx, tenantId: string, id: string, patch: Partial<typeof organisations.$inferInsert>): Promise<void> {
  await tx
    .update(o)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(o.tenantId, tenantId), eq(o.id, id)));
}

export async function updateOrgsStatus(tx: Tx, tenantId: string, ids: string[], status: 0 | 1): Promise<void> {
  await tx
    .update(o)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(o.tenantId, tenantId), inArray(o.id, ids)));
}

export async function deleteOrgsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  return (
    await tx
      .delete(o)
      .where(and(eq(o.tenantId, tenantId), inArray(o.id, ids)))
      .returning({ id: o.id })
  ).length;
}

/** The first organisation among `ids` with a child outside `ids`, or undefined. */
export async function findOrgWithChildren(tx: Tx, tenantId: string, ids: string[]): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: o.parentId })
    .from(o)
    .where(and(eq(o.tenantId, tenantId), inArray(o.parentId, ids), sql`not (${inArray(o.id, ids)})`))
    .limit(1);
  return row?.id ?? undefined;
}

/**
 * What still belongs to one of `ids` and so refuses a delete: 'users' (affiliated or member),
 * 'stations', 'roles'; with the organisation's id. Undefined when nothing does.
 */
export async function findOrgInUse(tx: Tx, tenantId: string, ids: string[]): Promise<{ what: 'users' | 'stations' | 'roles'; id: string } | undefined> {
  const [u] = await tx
    .select({ id: users.orgId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.orgId, ids)))
    .limit(1);
  if (u?.id) return { what: 'users', id: u.id };
  const [m] = await tx
    .select({ id: orgUsers.orgId })
    .from(orgUsers)
    .where(and(eq(orgUsers.tenantId, tenantId), inArray(orgUsers.orgId, ids)))
    .limit(1);
  if (m?.id) return { what: 'users', id: m.id };
  const [s] = await tx
    .select({ id: stations.orgId })
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), inArray(stations.orgId, ids)))
    .limit(1);
  if (s?.id) return { what: 'stations', id: s.id };
  const [r] = await tx
    .select({ id: roles.orgId })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.orgId, ids)))
    .limit(1);
  if (r?.id) return { what: 'roles', id: r.id };
  return undefined;
}

/** Every organisation of the tenant's `category` (and the root): the import's view of the tree. */
export async function listOrgSkeleton(
  tx: Tx,
  tenantId: string,
  category: number,
): Promise<Pick<OrganisationRecord, 'id' | 'code' | 'parentId' | 'path' | 'type' | 'name'>[]> {
  return tx
    .select({ id: o.id, code: o.code, parentId: o.parentId, path: o.path, type: o.type, name: o.name })
    .from(o)
    .where(and(eq(o.tenantId, tenantId), sql`(${o.category} = ${category} or ${o.id} = ${tenantId})`));
}
