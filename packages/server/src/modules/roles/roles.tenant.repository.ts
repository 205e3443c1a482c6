/**
 * Queries of the tenant area's role management that the platform's role repository does not have
 * (docs/tenant-roles.md): one page of a level of the organisation grant tree limited to the caller's data scope,
 * a role's granted organisations with their names and every grant of a role (what a role holder holds:
 * modules/tenancy/acting-on.ts `holdingsOf`). Callers run them inside `inScope(db, { scope: 'tenant', … })`.
 */
import { and, asc, count, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { GrantKind } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { organisations, roleGrants } from '../../db/schema/index.js';
import { orgRowInScope, type DataScope } from '../tenancy/data-scope.js';

/** One organisation of a grant tree level. */
export interface OrgLevelRecord {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  type: number;
  status: number;
  hasChildren: boolean;
}

/** Organisations of the tree of `category` (the tenant's root organisation belongs to every tree). */
function inCategory(tenantId: string, category: number, table: { id: SQLWrapper; category: SQLWrapper } = organisations): SQL {
  return sql`(${table.category} = ${category} or ${table.id} = ${tenantId})`;
}

/**
 * One page of a level of the tenant's organisation tree of `category` inside `scope`, by sort order,
 * name, id: the children of `parentId`, or without it the tops of what the caller reaches (organisations
 * in scope whose parent is not), each with whether it has children in scope; with the level's size.
 * `page` from 1, `pageSize` rows.
 */
export async function listOrgLevelInScope(
  tx: Tx,
  q: { tenantId: string; scope: DataScope; category: number; parentId?: string; page: number; pageSize: number },
): Promise<{ rows: OrgLevelRecord[]; records: number }> {
  const { tenantId, scope, category, parentId } = q;
  // Sub-queries name their tables explicitly: drizzle renders columns unqualified inside select fields.
  const o = { id: sql.raw('"organisations"."id"'), tenantId: sql.raw('"organisations"."tenant_id"'), parentId: sql.raw('"organisations"."parent_id"') };
  const p = { id: sql.raw('p.id'), category: sql.raw('p.category'), path: sql.raw('p.path'), type: sql.raw('p.type') };
  const c = { path: sql.raw('c.path'), type: sql.raw('c.type') };
  const level = parentId
    ? eq(organisations.parentId, parentId)
    : or(
        isNull(organisations.parentId),
        sql`not exists (select 1 from organisations p where p.tenant_id = ${o.tenantId} and p.id = ${o.parentId}
        and ${inCategory(tenantId, category, p)} and ${orgRowInScope(scope, p)})`,
      );
  const hasChildren = sql<boolean>`exists (select 1 from organisations c where c.tenant_id = ${o.tenantId} and c.parent_id = ${o.id}
    and c.category = ${category} and ${orgRowInScope(scope, c)})`;
  const where = and(eq(organisations.tenantId, tenantId), inCategory(tenantId, category), orgRowInScope(scope), level);
  const [total] = await tx.select({ n: count() }).from(organisations).where(where);
  const rows = await tx
    .select({
      id: organisations.id,
      parentId: organisations.parentId,
      code: organisations.code,
      name: organisations.name,
      type: organisations.type,
      status: organisations.status,
      hasChildren,
    })
    .from(organisations)
    .where(where)
    .orderBy(asc(organisations.sort), asc(organisations.name), asc(organisations.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

/** The organisations a role is granted (one category, or all when `category` is undefined), with names, by name. */
export async function listGrantedOrgs(tx: Tx, tenantId: string, roleId: string, category?: number) {
  return tx
    .select({ id: organisations.id, code: organisations.code, name: organisations.name, orgCategory: roleGrants.orgCategory, purview: roleGrants.purview })
    .from(roleGrants)
    .innerJoin(organisations, and(eq(organisations.tenantId, roleGrants.tenantId), eq(organisations.id, roleGrants.dataId)))
    .where(
      and(
        eq(roleGrants.tenantId, tenantId),
        eq(roleGrants.roleId, roleId),
        eq(roleGrants.kind, GrantKind.ORG),
        category === undefined ? undefined : eq(roleGrants.orgCategory, category),
      ),
    )
    .orderBy(asc(roleGrants.orgCategory), asc(organisations.name));
}

/** Every grant of the role, of every kind and category. */
export async function listAllGrants(tx: Tx, tenantId: string, roleId: string) {
  return tx
    .select({ kind: roleGrants.kind, dataId: roleGrants.dataId, purview: roleGrants.purview, orgCategory: roleGrants.orgCategory })
    .from(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId)));
}
