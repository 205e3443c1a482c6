/**
 * Role authorisation in the tenant area (SPEC §2 "role authorisation, role API authorisation,
 * authorisation viewing"; §3 Grant item; §6; issue 5 "Grants are enforced, not only stored";
 * docs/tenant-roles.md). Menu and organisation-type grants reuse the platform's checks
 * (roles.grants.service.ts); new here are API grants (urls of the tenant API catalogue, `kind = 'api'`),
 * a lazy organisation grant tree limited to the caller's data scope, and one viewer call.
 *
 * No privilege escalation: a caller who is not the tenant's administrator may add or raise only grants
 * they hold themselves — menus with at most their own bits, APIs they hold, organisations inside their
 * data scope, organisation types their scope reaches — and may add members only to roles whose grants
 * they hold (else `10009029001`). Grants a role already has may be kept or removed. Everything is
 * checked before anything is written, in the call's one transaction, and audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Codes,
  GrantKind,
  normalisePurview,
  ORG_TYPES,
  pageInfo,
  Purview,
  RoleCodes,
  TenantRoleCodes,
  type GrantItem,
  type GrantKindValue,
  type OrgCategory,
  type TenantApiPurviewGroup,
  type TenantGrantView,
  type TenantOrgPurviewData,
} from '@mp/protocol';
import { translate, type Locale } from '@mp/i18n';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { TenantContext } from '../../types.js';
import { GRANTABLE_TENANT_MENU as TENANT_MENU } from '../menu/tenant-menu.js';
import { listOrganisationsOfTenant } from '../organisations/organisations.repository.js';
import { assertOrgsInScope } from '../tenancy/data-scope.js';
import { GRANT_KINDS_HELD, holdingsOf, holdsAll, type Holdings } from '../tenancy/acting-on.js';
import { tenantApiCatalogue, type TenantApi } from '../../plugins/tenant-context.js';
import { listRoleGrantedItems, listTenantApps } from '../apppermissions/apppermissions.repository.js';
import { appGrantViews } from '../apppermissions/apppermissions.tree.js';
import * as grants from './roles.grants.repository.js';
import { checkItems, replaceGrantSet } from './roles.grants.service.js';
import * as tenantRepo from './roles.tenant.repository.js';
import { getRoleInScope } from './roles.tenant.scope.js';

const MENU_IDS = new Set(TENANT_MENU.map((m) => m.code));
const ORG_TYPE_IDS = new Set(ORG_TYPES.map(String));

/** What the caller holds in the tenant (modules/tenancy/acting-on.ts: the same rule decides whom they may act on). */
function callerHoldings(tx: Tx, request: FastifyRequest, ctx: TenantContext): Promise<Holdings> {
  return holdingsOf(tx, ctx.id, request.auth!.userId, ctx.scope);
}

/** Refuses (10009029001) unless the caller holds every item of `items` (grants of `kind`). */
async function assertHeld(tx: Tx, ctx: TenantContext, h: Holdings, kind: string, items: grants.GrantRecord[]): Promise<void> {
  if (!items.length) return;
  if (!holdsAll(h, kind, items)) throw new AppError(Codes.NO_PERMISSION);
  if (kind === GrantKind.ORG)
    await assertOrgsInScope(
      tx,
      ctx.scope,
      items.map((i) => i.dataId),
    );
}

/**
 * A role that grants organisation types but no organisation reaches those types anywhere in the tenant
 * (modules/tenancy/data-scope.ts): only a caller whose own scope reaches the whole tenant may leave a
 * role so. Checked after a write, inside its transaction (a refusal rolls it back).
 */
async function assertNoTypeOnlyReach(tx: Tx, ctx: TenantContext, h: Holdings, roleId: string): Promise<void> {
  if (ctx.admin || h.wholeTenant) return;
  const all = await tenantRepo.listAllGrants(tx, ctx.id, roleId);
  if (all.some((g) => g.kind === GrantKind.ORG_TYPE) && !all.some((g) => g.kind === GrantKind.ORG)) throw new AppError(Codes.NO_PERMISSION);
}

/** Items added or with bits raised compared with `before`. */
function raised(before: grants.GrantRecord[], after: grants.GrantRecord[]): grants.GrantRecord[] {
  const had = new Map(before.map((g) => [g.dataId, g.purview]));
  return after.filter((g) => (g.purview & ~(had.get(g.dataId) ?? 0)) !== 0);
}

/**
 * Checks and replaces the role's grant set of `kind` / `category`: the role must be in scope, and a
 * caller who is not the administrator must hold what is added or raised.
 */
async function saveGrantSet(
  tx: Tx,
  request: FastifyRequest,
  ctx: TenantContext,
  roleId: string,
  kind: GrantKindValue,
  category: number,
  items: grants.GrantRecord[],
) {
  await getRoleInScope(tx, ctx, roleId);
  let h: Holdings | undefined;
  if (!ctx.admin) {
    h = await callerHoldings(tx, request, ctx);
    await assertHeld(tx, ctx, h, kind, raised(await grants.listGrants(tx, ctx.id, roleId, kind, category), items));
  }
  const result = await replaceGrantSet(tx, request, ctx.id, roleId, kind, category, items);
  if (h) await assertNoTypeOnlyReach(tx, ctx, h, roleId);
  return result;
}

/**
 * For `addtenantroleuser`: a caller who is not the administrator must hold every grant of the role
 * (adding a member passes them on). @throws 10009029001.
 */
export async function assertRoleGrantsHeld(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string): Promise<void> {
  if (ctx.admin) return;
  const h = await callerHoldings(tx, request, ctx);
  const all = await tenantRepo.listAllGrants(tx, ctx.id, roleId);
  for (const kind of [...GRANT_KINDS_HELD, GrantKind.ORG]) {
    await assertHeld(
      tx,
      ctx,
      h,
      kind,
      all.filter((g) => g.kind === kind),
    );
  }
  await assertNoTypeOnlyReach(tx, ctx, h, roleId);
}

/** `savetenantmenupurview`. @throws as savemenupurview, 10009029001. */
export function saveTenantMenuPurviews(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string, items: GrantItem[]) {
  const checked = checkItems(items, (id) => MENU_IDS.has(id), RoleCodes.GRANT_MENU_UNKNOWN, '0');
  return saveGrantSet(tx, request, ctx, roleId, GrantKind.MENU, 0, checked);
}

/** `savetenantorgtypepurview`. @throws as saveorgtypepurview, 10009029001. */
export function saveTenantOrgTypePurviews(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string, items: GrantItem[]) {
  const checked = checkItems(items, (id) => ORG_TYPE_IDS.has(id), RoleCodes.GRANT_ORGTYPE_UNKNOWN);
  return saveGrantSet(tx, request, ctx, roleId, GrantKind.ORG_TYPE, 0, checked);
}

/**
 * `listtenantorgpurview`: one page (`page` from 1, `pageSize` rows) of a level of the organisation tree
 * of `category` inside the caller's scope, with the role's bits, the tenant's categories and every
 * organisation of the category the role holds. `categories` come from `orgCategoriesOf` (read before the
 * transaction: settings use their own connection).
 * @throws role.not_found, role.category_unknown, 10009029001.
 */
export async function tenantOrgPurviewLevel(
  tx: Tx,
  categories: OrgCategory[],
  ctx: TenantContext,
  roleId: string,
  q: { category: number; parentId?: string; page: number; pageSize: number },
): Promise<TenantOrgPurviewData> {
  await getRoleInScope(tx, ctx, roleId);
  const { category, page, pageSize } = q;
  if (!categories.some((c) => c.codeKey === category)) throw new AppError(RoleCodes.CATEGORY_UNKNOWN, { category });
  const granted = await tenantRepo.listGrantedOrgs(tx, ctx.id, roleId, category);
  const bits = new Map(granted.map((g) => [g.id, g.purview]));
  const level = await tenantRepo.listOrgLevelInScope(tx, {
    tenantId: ctx.id,
    scope: ctx.scope,
    category,
    parentId: q.parentId?.trim() || undefined,
    page,
    pageSize,
  });
  return {
    rows: level.rows.map((o) => ({ ...o, parentId: o.parentId ?? '', purview: bits.get(o.id) ?? 0 })),
    ...pageInfo(page, pageSize, level.records),
    orgCategory: category,
    categories,
    granted,
  };
}

/** `savetenantorgpurview`: organisations of the tenant's tree of `category`. @throws as saveorgpurview, 10009029001. */
export async function saveTenantOrgPurviews(
  tx: Tx,
  request: FastifyRequest,
  categories: OrgCategory[],
  ctx: TenantContext,
  roleId: string,
  category: number,
  items: GrantItem[],
) {
  await getRoleInScope(tx, ctx, roleId);
  if (!categories.some((c) => c.codeKey === category)) throw new AppError(RoleCodes.CATEGORY_UNKNOWN, { category });
  const ids = new Set((await listOrganisationsOfTenant(tx, ctx.id, category)).map((o) => o.id));
  const checked = checkItems(items, (id) => ids.has(id), RoleCodes.GRANT_ORG_UNKNOWN);
  return saveGrantSet(tx, request, ctx, roleId, GrantKind.ORG, category, checked);
}

/**
 * `listtenantapipurview`: the tenant API catalogue grouped by menu (TENANT_MENU order, names in the
 * request's language), each API with whether the role holds it, and the role's bits on each menu.
 */
export async function tenantApiPurviews(app: FastifyInstance, tx: Tx, locale: Locale, ctx: TenantContext, roleId: string): Promise<TenantApiPurviewGroup[]> {
  await getRoleInScope(tx, ctx, roleId);
  const apis = new Set((await grants.listGrants(tx, ctx.id, roleId, GrantKind.API)).map((g) => g.dataId));
  const menus = new Map((await grants.listGrants(tx, ctx.id, roleId, GrantKind.MENU)).map((g) => [g.dataId, g.purview]));
  const catalogue = tenantApiCatalogue(app);
  return TENANT_MENU.map((m) => ({
    menu: m.code,
    menuName: translate(locale, `menu:${m.code}`),
    menuPurview: menus.get(m.code) ?? 0,
    apis: catalogue.filter((a) => a.menu === m.code).map((a) => ({ method: a.method, url: a.url, granted: apis.has(a.url) })),
  })).filter((g) => g.apis.length);
}

/** `savetenantapipurview`: urls of the tenant API catalogue. @throws tenantrole.grant_api_unknown, role.grant_duplicate, 10009029001. */
export function saveTenantApiPurviews(app: FastifyInstance, tx: Tx, request: FastifyRequest, ctx: TenantContext, roleId: string, items: GrantItem[]) {
  const urls = new Set(tenantApiCatalogue(app).map((a) => a.url));
  // An API is granted or not: any bit means granted (stored as read).
  const checked = checkItems(
    items.map((i) => ({ ...i, dpPurview: i.dpPurview ? Purview.READ : 0 })),
    (id) => urls.has(id),
    TenantRoleCodes.GRANT_API_UNKNOWN,
  );
  return saveGrantSet(
    tx,
    request,
    ctx,
    roleId,
    GrantKind.API,
    0,
    checked.map((g) => ({ ...g, purview: normalisePurview(g.purview) })),
  );
}

/**
 * The catalogue entries of the granted urls, one per url: an API listed under several menus shows under
 * the first of them the role holds, or else the first.
 */
function grantedApis(catalogue: TenantApi[], urls: Set<string>, menus: Map<string, number>): TenantApi[] {
  const out = new Map<string, TenantApi>();
  for (const a of catalogue) {
    if (!urls.has(a.url)) continue;
    const seen = out.get(a.url);
    if (!seen || (!menus.has(seen.menu) && menus.has(a.menu))) out.set(a.url, a);
  }
  return [...out.values()];
}

/**
 * `listtenantgrantview`: everything the role is granted, with names (menus, APIs, organisation types,
 * organisations, and per application the tenant uses its menus, controls and APIs; issue 14).
 */
export async function tenantGrantView(app: FastifyInstance, tx: Tx, locale: Locale, ctx: TenantContext, roleId: string): Promise<TenantGrantView> {
  await getRoleInScope(tx, ctx, roleId);
  const all = await tenantRepo.listAllGrants(tx, ctx.id, roleId);
  const of = (kind: string) => all.filter((g) => g.kind === kind);
  const menuName = (code: string) => translate(locale, `menu:${code}`);
  const menuBits = new Map(of(GrantKind.MENU).map((g) => [g.dataId, g.purview]));
  const apis = new Set(of(GrantKind.API).map((g) => g.dataId));
  return {
    menus: TENANT_MENU.filter((m) => menuBits.has(m.code)).map((m) => ({ id: m.code, name: menuName(m.code), purview: menuBits.get(m.code)! })),
    apis: grantedApis(tenantApiCatalogue(app), apis, menuBits).map((a) => ({ method: a.method, url: a.url, menu: a.menu, menuName: menuName(a.menu) })),
    orgTypes: of(GrantKind.ORG_TYPE)
      .map((g) => Number(g.dataId))
      .sort((a, b) => a - b),
    orgs: await tenantRepo.listGrantedOrgs(tx, ctx.id, roleId),
    apps: appGrantViews(locale, await listTenantApps(tx, ctx.id), await listRoleGrantedItems(tx, ctx.id, roleId)),
  };
}
