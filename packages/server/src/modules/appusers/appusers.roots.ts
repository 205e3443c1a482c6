/**
 * The application's root organisations (issue 15; SPEC §2 App `org` "app root organisation settings";
 * docs/applications.md "Application people"): per tenant using the application (tenant_products status 1),
 * the organisations whose subtrees hold its users (`app_root_orgs`; none: the whole tenant). Platform-level
 * rows, always filtered by the application (`productId`, from the guard) and by a tenant that uses it.
 *
 * Rule for redundancy (decided here): an organisation inside (or equal to) a root already chosen is
 * refused (`appuser.root_redundant`); a new root that contains roots already chosen folds them (they are
 * removed in the same transaction), so the roots of a tenant never overlap.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppUserCodes, type AppOrgNode, type AppRootOrgBody, type AppRootTenantRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { appRootOrgs, organisations, tenantProducts, tenants } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { WHOLE_TENANT, type DataScope } from '../tenancy/data-scope.js';

/** A root organisation row with its path (materialised, '/a/b/'). */
export interface RootOrg {
  orgId: string;
  name: string;
  code: string;
  path: string;
  createdAt: Date;
}

/** @throws appuser.tenant_not_using unless `tenantId` uses application `productId` (status 1). */
export async function assertTenantUsesApp(tx: Tx, productId: string, tenantId: string): Promise<void> {
  const [row] = await tx
    .select({ t: tenantProducts.tenantId })
    .from(tenantProducts)
    .where(and(eq(tenantProducts.productId, productId), eq(tenantProducts.tenantId, tenantId), eq(tenantProducts.status, 1)));
  if (!row) throw new AppError(AppUserCodes.TENANT_NOT_USING);
}

/** The application's root organisations in one tenant, by path. */
export async function listRoots(tx: Tx, productId: string, tenantId: string): Promise<RootOrg[]> {
  return tx
    .select({ orgId: organisations.id, name: organisations.name, code: organisations.code, path: organisations.path, createdAt: appRootOrgs.createdAt })
    .from(appRootOrgs)
    .innerJoin(organisations, eq(organisations.id, appRootOrgs.orgId))
    .where(and(eq(appRootOrgs.productId, productId), eq(appRootOrgs.tenantId, tenantId)))
    .orderBy(asc(organisations.path));
}

/**
 * The application's reach in a tenant as a data scope (the roots' subtrees; the whole tenant without
 * roots), so the tenant area's membership functions (modules/orgmembers) serve the application area too.
 */
export async function appScopeOf(tx: Tx, productId: string, tenantId: string): Promise<DataScope> {
  const roots = await listRoots(tx, productId, tenantId);
  return roots.length ? { all: false, parts: [{ prefixes: roots.map((r) => r.path), types: null }] } : WHOLE_TENANT;
}

/**
 * Checks that the organisations (empty ids skipped) are the tenant's and inside the application's roots.
 * @throws appuser.org_not_found, appuser.org_outside_roots
 */
export async function assertOrgsInRoots(tx: Tx, productId: string, tenantId: string, orgIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(orgIds.filter((x): x is string => !!x))];
  if (!ids.length) return;
  const found = await tx
    .select({ id: organisations.id, path: organisations.path })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), inArray(organisations.id, ids)));
  if (found.length !== ids.length) throw new AppError(AppUserCodes.ORG_NOT_FOUND);
  const roots = await listRoots(tx, productId, tenantId);
  if (roots.length && !found.every((o) => roots.some((r) => o.path.startsWith(r.path)))) throw new AppError(AppUserCodes.ORG_OUTSIDE_ROOTS);
}

/** `listapprootorg`: every tenant using the application (name/code starting with `keyword`), with its roots and their path names. */
export async function listRootTenants(tx: Tx, productId: string, keyword?: string): Promise<AppRootTenantRow[]> {
  const k = keyword?.trim().toLowerCase() ?? '';
  const ts = await tx
    .select({ id: tenants.id, code: tenants.code, name: tenants.name })
    .from(tenantProducts)
    .innerJoin(tenants, eq(tenants.id, tenantProducts.tenantId))
    .where(
      and(
        eq(tenantProducts.productId, productId),
        eq(tenantProducts.status, 1),
        k ? sql`(starts_with(lower(${tenants.name}), ${k}) or starts_with(lower(${tenants.code}), ${k}))` : undefined,
      ),
    )
    .orderBy(asc(tenants.code))
    .limit(500);
  if (!ts.length) return [];
  const roots = await tx
    .select({
      tenantId: appRootOrgs.tenantId,
      orgId: organisations.id,
      name: organisations.name,
      code: organisations.code,
      path: organisations.path,
      createdAt: appRootOrgs.createdAt,
    })
    .from(appRootOrgs)
    .innerJoin(organisations, eq(organisations.id, appRootOrgs.orgId))
    .where(
      and(
        eq(appRootOrgs.productId, productId),
        inArray(
          appRootOrgs.tenantId,
          ts.map((t) => t.id),
        ),
      ),
    )
    .orderBy(asc(organisations.path));
  const pathIds = [...new Set(roots.flatMap((r) => r.path.split('/').filter(Boolean)))];
  const names = new Map(
    pathIds.length
      ? (await tx.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, pathIds))).map((o) => [
          o.id,
          o.name,
        ])
      : [],
  );
  return ts.map((t) => ({
    tenantId: t.id,
    tenantCode: t.code,
    tenantName: t.name,
    roots: roots
      .filter((r) => r.tenantId === t.id)
      .map((r) => ({
        orgId: r.orgId,
        name: r.name,
        code: r.code,
        path: r.path,
        createdAt: r.createdAt.toISOString(),
        pathNames: r.path
          .split('/')
          .filter(Boolean)
          .map((id) => names.get(id) ?? id),
      })),
  }));
}

/** `listapporgtree`: one level of the tenant's main organisation tree (top level without `parentId`), read-only. */
export async function listOrgLevel(tx: Tx, productId: string, tenantId: string, parentId?: string): Promise<AppOrgNode[]> {
  await assertTenantUsesApp(tx, productId, tenantId);
  const roots = await listRoots(tx, productId, tenantId);
  const o = organisations;
  const rows = await tx
    .select({
      id: o.id,
      parentId: o.parentId,
      name: o.name,
      code: o.code,
      path: o.path,
      // Outer columns named with their table: drizzle renders select-field columns unqualified.
      hasChildren: sql<boolean>`exists (select 1 from organisations c where c.tenant_id = "organisations"."tenant_id" and c.parent_id = "organisations"."id")`,
    })
    .from(o)
    .where(and(eq(o.tenantId, tenantId), eq(o.category, 0), parentId ? eq(o.parentId, parentId) : isNull(o.parentId)))
    .orderBy(asc(o.sort), asc(o.code))
    .limit(1000);
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId ?? '',
    name: r.name,
    code: r.code,
    hasChildren: !!r.hasChildren,
    isRoot: roots.some((x) => x.orgId === r.id),
    inRoots: !roots.length || roots.some((x) => r.path.startsWith(x.path)),
  }));
}

/**
 * `addapprootorg`: adds roots in a tenant using the application (rule of the module comment). Audited.
 * @throws appuser.selection_required, appuser.tenant_not_using, appuser.org_not_found, appuser.root_redundant
 */
export async function addRoots(tx: Tx, request: FastifyRequest, productId: string, b: AppRootOrgBody): Promise<{ count: number }> {
  const ids = [...new Set(b.orgIds)];
  if (!ids.length) throw new AppError(AppUserCodes.SELECTION_REQUIRED);
  await assertTenantUsesApp(tx, productId, b.tenantId);
  // Serialises root changes of this application and tenant (two simultaneous adds cannot overlap).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`approot:${productId}:${b.tenantId}`}))`);
  const orgs = await tx
    .select({ id: organisations.id, name: organisations.name, path: organisations.path })
    .from(organisations)
    .where(and(eq(organisations.tenantId, b.tenantId), eq(organisations.category, 0), inArray(organisations.id, ids)));
  if (orgs.length !== ids.length) throw new AppError(AppUserCodes.ORG_NOT_FOUND);
  const existing = await listRoots(tx, productId, b.tenantId);
  for (const org of orgs) {
    const within = existing.find((r) => org.path.startsWith(r.path)) ?? orgs.find((x) => x.id !== org.id && org.path.startsWith(x.path));
    if (within) throw new AppError(AppUserCodes.ROOT_REDUNDANT, { name: org.name, root: within.name });
  }
  const folded = existing.filter((r) => orgs.some((o) => r.path.startsWith(o.path)));
  if (folded.length) {
    await tx.delete(appRootOrgs).where(
      and(
        eq(appRootOrgs.productId, productId),
        eq(appRootOrgs.tenantId, b.tenantId),
        inArray(
          appRootOrgs.orgId,
          folded.map((r) => r.orgId),
        ),
      ),
    );
  }
  const creator = request.auth?.username ?? '';
  await tx.insert(appRootOrgs).values(orgs.map((o) => ({ productId, tenantId: b.tenantId, orgId: o.id, creator })));
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'approot.add',
    entity: 'product',
    entityId: productId,
    before: { tenantId: b.tenantId, roots: existing.map((r) => r.orgId) },
    after: { tenantId: b.tenantId, added: orgs.map((o) => o.id), folded: folded.map((r) => r.orgId) },
  });
  return { count: orgs.length };
}

/** `deleteapprootorg`: removes roots of a tenant (ids that are no root are ignored). Audited. @throws appuser.selection_required, appuser.tenant_not_using */
export async function deleteRoots(tx: Tx, request: FastifyRequest, productId: string, b: AppRootOrgBody): Promise<{ count: number }> {
  const ids = [...new Set(b.orgIds)];
  if (!ids.length) throw new AppError(AppUserCodes.SELECTION_REQUIRED);
  await assertTenantUsesApp(tx, productId, b.tenantId);
  const gone = await tx
    .delete(appRootOrgs)
    .where(and(eq(appRootOrgs.productId, productId), eq(appRootOrgs.tenantId, b.tenantId), inArray(appRootOrgs.orgId, ids)))
    .returning({ orgId: appRootOrgs.orgId });
  if (gone.length) {
    await insertAuditEntry(tx, request, {
      tenantId: 'sys',
      action: 'approot.delete',
      entity: 'product',
      entityId: productId,
      before: { tenantId: b.tenantId, removed: gone.map((g) => g.orgId) },
      after: null,
    });
  }
  return { count: gone.length };
}
