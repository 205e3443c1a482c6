/**
 * Tenant roles granted an application's permissions (issue 14 "Grants reach the tenants"; SPEC §2 role
 * authorisation, role API authorisation, authorisation viewing; §3 Grant item; §4 write keeps read; §6;
 * docs/applications.md, docs/tenant-roles.md "No privilege escalation").
 *
 * Every call reaches the role through `getRoleInScope` (the tenant's role, inside the caller's data
 * scope) and the application through the tenant's use of it (`tenant_products`; else
 * `appgrant.app_not_used`). A save checks every item before writing — a `uniqueId` of another
 * application, an unknown one, a form, a duplicate or bad bits refuse the whole save — and a caller who
 * is not the tenant's administrator may add or raise only items they hold themselves (`holdsAll`; kept
 * or removed grants pass). The role's set of the application is replaced in the call's transaction and
 * audited per kind (`role.grant.appmenu`, `role.grant.appcontrol`, `role.grant.appapi`, before/after).
 */
import type { FastifyRequest } from 'fastify';
import {
  AppGrantCodes,
  AppGrantKind,
  Codes,
  parseAppUniqueId,
  Purview,
  appGrantKindOf,
  appUniqueId,
  type AppGrantItem,
  type AppGrantKindValue,
  type AppItemKind,
  type AppPermissionNode,
  type TenantAppOption,
  type TenantAppPurviewData,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { TenantContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { holdingsOf, holdsAll } from '../tenancy/acting-on.js';
import { checkItems } from '../roles/roles.grants.service.js';
import { getRoleInScope } from '../roles/roles.tenant.scope.js';
import * as repo from './apppermissions.repository.js';
import { apiTree, permissionTree } from './apppermissions.tree.js';

const TREE_KINDS = [AppGrantKind.MENU, AppGrantKind.CONTROL] as const;
const API_KINDS = [AppGrantKind.API] as const;

/** `listtenantapp`: the applications the tenant uses, by name. */
export function listTenantApps(tx: Tx, ctx: TenantContext): Promise<TenantAppOption[]> {
  return repo.listTenantApps(tx, ctx.id);
}

/** The tenant's use of `productId`. @throws appgrant.app_not_used. */
async function appOfTenant(tx: Tx, ctx: TenantContext, productId: string): Promise<TenantAppOption> {
  const [app] = await repo.listTenantApps(tx, ctx.id, productId);
  if (!app) throw new AppError(AppGrantCodes.APP_NOT_USED, { id: productId });
  return app;
}

/** Bits by `uniqueId` of the grants. */
const bitsOf = (grants: repo.AppGrantRecord[]) => new Map(grants.map((g) => [appUniqueId(itemKindOf(g.kind), g.dataId), g.purview]));
const itemKindOf = (kind: string): AppItemKind => (kind === AppGrantKind.MENU ? 'menu' : kind === AppGrantKind.CONTROL ? 'control' : 'api');

/**
 * `listtenantapppurview`: the application's permission tree with the role's menu and control bits (and
 * `maxPurview`, what the caller may leave on each item).
 * @throws role.not_found, 10009029001 (role outside the caller's scope), appgrant.app_not_used.
 */
export async function tenantAppPurview(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string, productId: string): Promise<TenantAppPurviewData> {
  await getRoleInScope(tx, ctx, roleId);
  const app = await appOfTenant(tx, ctx, productId);
  const [menus, controls, grants] = [
    await repo.listMenus(tx, productId),
    await repo.listLinkedControls(tx, productId),
    await repo.listRoleAppGrants(tx, ctx.id, roleId, productId, TREE_KINDS),
  ];
  return limitToHoldings(tx, request, ctx, { productId, name: app.name, rows: permissionTree(request.locale, menus, controls, bitsOf(grants)) });
}

/**
 * `listtenantappapipurview`: the application's API-permission tree with the role's API grants.
 * @throws as tenantAppPurview.
 */
export async function tenantAppApiPurview(
  tx: Tx,
  request: FastifyRequest,
  ctx: TenantContext,
  roleId: string,
  productId: string,
): Promise<TenantAppPurviewData> {
  await getRoleInScope(tx, ctx, roleId);
  const app = await appOfTenant(tx, ctx, productId);
  const menus = await repo.listMenus(tx, productId);
  const pageApis = await repo.listPageApis(tx, productId);
  const apis = await repo.listApis(tx, productId);
  const grants = await repo.listRoleAppGrants(tx, ctx.id, roleId, productId, API_KINDS);
  return limitToHoldings(tx, request, ctx, { productId, name: app.name, rows: apiTree(request.locale, menus, pageApis, apis, bitsOf(grants)) });
}

/**
 * Narrows `maxPurview` of the tree's grantable nodes for a caller who is not the tenant's administrator:
 * what they hold of the item plus what the role already has (docs/tenant-roles.md "No privilege escalation").
 */
async function limitToHoldings(tx: Tx, request: FastifyRequest, ctx: TenantContext, data: TenantAppPurviewData): Promise<TenantAppPurviewData> {
  if (ctx.admin) return data;
  const h = await holdingsOf(tx, ctx.id, request.auth!.userId, ctx.scope);
  const held = (uniqueId: string): number => {
    const p = parseAppUniqueId(uniqueId);
    if (!p) return 0;
    if (p.kind === 'api') return h.appApis.has(p.id) ? Purview.READ : 0;
    return (p.kind === 'menu' ? h.appMenus : h.appControls).get(p.id) ?? 0;
  };
  const walk = (nodes: AppPermissionNode[]): AppPermissionNode[] =>
    nodes.map((n) => ({
      ...n,
      maxPurview: n.grantable ? n.maxPurview & (held(n.uniqueId) | n.purview) : 0,
      children: walk(n.children),
    }));
  return { ...data, rows: walk(data.rows) };
}

/** Items added or with bits raised compared with `before` (same kind). */
function raised(before: repo.AppGrantRecord[], after: repo.AppGrantRecord[]): repo.AppGrantRecord[] {
  const had = new Map(before.map((g) => [`${g.kind}:${g.dataId}`, g.purview]));
  return after.filter((g) => (g.purview & ~(had.get(`${g.kind}:${g.dataId}`) ?? 0)) !== 0);
}

/**
 * Checks `items` against the grantable ids of each item kind (`known`), then replaces the role's grants
 * of `kinds` of the application, refusing escalation, audited per kind. Returns `{ count }` (items kept).
 */
async function saveAppGrants(
  tx: Tx,
  request: FastifyRequest,
  ctx: TenantContext,
  role: { id: string; code: string },
  productId: string,
  kinds: readonly AppGrantKindValue[],
  known: Partial<Record<AppItemKind, Set<string>>>,
  items: AppGrantItem[],
) {
  const roleId = role.id;
  const isKnown = (uniqueId: string) => {
    const p = parseAppUniqueId(uniqueId);
    return Boolean(p && known[p.kind]?.has(p.id));
  };
  const after: repo.AppGrantRecord[] = checkItems(items, isKnown, AppGrantCodes.ITEM_UNKNOWN).map((g) => {
    const p = parseAppUniqueId(g.dataId)!;
    return { kind: appGrantKindOf(p.kind), dataId: p.id, purview: p.kind === 'api' ? Purview.READ : g.purview };
  });
  const before = await repo.listRoleAppGrants(tx, ctx.id, roleId, productId, kinds);
  if (!ctx.admin) {
    const h = await holdingsOf(tx, ctx.id, request.auth!.userId, ctx.scope);
    const up = raised(before, after);
    if (
      !kinds.every((k) =>
        holdsAll(
          h,
          k,
          up.filter((g) => g.kind === k),
        ),
      )
    )
      throw new AppError(Codes.NO_PERMISSION);
  }
  await repo.replaceRoleAppGrants(tx, ctx.id, roleId, productId, kinds, after);
  const strip = (gs: repo.AppGrantRecord[], k: string) => gs.filter((g) => g.kind === k).map((g) => ({ dataId: g.dataId, purview: g.purview }));
  for (const kind of kinds) {
    await insertAuditEntry(tx, request, {
      tenantId: ctx.id,
      action: `role.grant.${kind}`,
      entity: 'role',
      entityId: roleId,
      before: { roleNo: role.code, productId, grants: strip(before, kind) },
      after: { roleNo: role.code, productId, grants: strip(after, kind) },
    });
  }
  return { count: after.length };
}

/**
 * `savetenantapppurview`: replaces the role's menu and control grants of the application (`menu:<id>`,
 * `control:<id>` of the permission tree; 1 read, 2 write keeps read, 0 none).
 * @throws role.not_found, appgrant.app_not_used, appgrant.item_unknown, role.grant_duplicate,
 *   role.grant_purview, 10009029001 (role outside scope, or escalation).
 */
export async function saveTenantAppPurview(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string, productId: string, items: AppGrantItem[]) {
  const role = await getRoleInScope(tx, ctx, roleId);
  await appOfTenant(tx, ctx, productId);
  const menus = await repo.listMenus(tx, productId);
  const controls = (await repo.listLinkedControls(tx, productId)).filter((c) => c.nodeType !== 'form');
  const known = { menu: new Set(menus.map((m) => m.id)), control: new Set(controls.map((c) => c.id)) };
  return saveAppGrants(tx, request, ctx, role, productId, TREE_KINDS, known, items);
}

/**
 * `savetenantappapipurview`: replaces the role's API grants of the application (`api:<id>`; any bit =
 * granted, stored as read). @throws as saveTenantAppPurview.
 */
export async function saveTenantAppApiPurview(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string, productId: string, items: AppGrantItem[]) {
  const role = await getRoleInScope(tx, ctx, roleId);
  await appOfTenant(tx, ctx, productId);
  const known = { api: new Set((await repo.listApis(tx, productId)).map((a) => a.id)) };
  return saveAppGrants(
    tx,
    request,
    ctx,
    role,
    productId,
    API_KINDS,
    known,
    items.map((i) => ({ ...i, dpPurview: i.dpPurview ? Purview.READ : 0 })),
  );
}
