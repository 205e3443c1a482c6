/**
 * Role authorisation (SPEC §6: menu, organisation-type and organisation-tree grants scoped to a tenant;
 * §7 /plat/rolepurview/*; §4 "ticking write keeps read ticked"; §5 "root node does not support
 * permission configuration"). Each list call answers everything grantable with the role's bits (0 when
 * not granted); each save replaces the role's set of that kind in one transaction after checking every
 * item — an unknown id anywhere refuses the whole save — and is audited with before/after.
 *
 * Menus are the tenant menu (menu/tenant-menu.ts) under the root '0'; organisation types are 0–6;
 * organisations are the tenant's tree of one category (0 the main tree, others from the code table's
 * organisation categories, CodeTypes.ORG_CATEGORY with codeKey `<tenantId>:<n>`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULTS,
  GrantKind,
  normalisePurview,
  ORG_TYPES,
  Purview,
  RoleCodes,
  type GrantItem,
  type GrantKindValue,
  type MenuPurviewNode,
  type OrgCategory,
  type OrgPurviewData,
  type OrgPurviewNode,
  type OrgTypePurviewRow,
} from '@mp/protocol';
import { translate, type Locale } from '@mp/i18n';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { listOrgCategories } from '../sysconfig/sysconfig.repository.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { GRANTABLE_TENANT_MENU as TENANT_MENU } from '../menu/tenant-menu.js';
import { buildOrgTree } from '../organisations/organisations.routes.js';
import { listOrganisationsOfTenant } from '../organisations/organisations.repository.js';
import * as grants from './roles.grants.repository.js';
import { getRole } from './roles.service.js';

const MAIN_CATEGORY = 0;

/** Bits by granted id. */
async function purviews(tx: Tx, tenantId: string, roleId: string, kind: GrantKindValue, category = 0): Promise<Map<string, number>> {
  return new Map((await grants.listGrants(tx, tenantId, roleId, kind, category)).map((g) => [g.dataId, g.purview]));
}

/** `listmenupurviewtree`: the root '0' (no bits of its own) with the tenant menu and the role's bits. */
export async function menuPurviewTree(tx: Tx, locale: Locale, tenantId: string, roleId: string): Promise<MenuPurviewNode[]> {
  await getRole(tx, tenantId, roleId);
  const bits = await purviews(tx, tenantId, roleId, GrantKind.MENU);
  const root = DEFAULTS.rootMenuId;
  const children = TENANT_MENU.map((m) => ({
    id: m.code,
    parentId: root,
    name: translate(locale, `menu:${m.code}`),
    icon: m.icon,
    purview: bits.get(m.code) ?? 0,
    children: [],
  }));
  return [{ id: root, parentId: '', name: translate(locale, 'role:menuRoot'), icon: '', purview: 0, children }];
}

/** `listorgtypepurview`: organisation types 0–6 with the role's bits. */
export async function orgTypePurviews(tx: Tx, tenantId: string, roleId: string): Promise<OrgTypePurviewRow[]> {
  await getRole(tx, tenantId, roleId);
  const bits = await purviews(tx, tenantId, roleId, GrantKind.ORG_TYPE);
  return ORG_TYPES.map((type) => ({ type, dpDataid: String(type), dpPurview: bits.get(String(type)) ?? 0 }));
}

/** The tenant's organisation categories: the main tree first, then the configured ones by number. */
export async function orgCategoriesOf(app: FastifyInstance, locale: Locale, tenantId: string): Promise<OrgCategory[]> {
  // Only this tenant's rows are read (key prefix in SQL): categories are tenant-owned (issue 12).
  const configured = (await inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => listOrgCategories(tx, tenantId)))
    .filter((c) => c.codeKey !== MAIN_CATEGORY)
    .sort((a, b) => a.codeKey - b.codeKey);
  return [{ codeKey: MAIN_CATEGORY, codeVal: translate(locale, 'role:mainTree') }, ...configured];
}

function checkCategory(categories: OrgCategory[], category: number): void {
  if (!categories.some((c) => c.codeKey === category)) throw new AppError(RoleCodes.CATEGORY_UNKNOWN, { category });
}

/** `listorgpurview`: the tenant's tree of the category with the role's bits, and the categories. */
export async function orgPurviews(tx: Tx, categories: OrgCategory[], tenantId: string, roleId: string, category: number): Promise<OrgPurviewData> {
  await getRole(tx, tenantId, roleId);
  checkCategory(categories, category);
  const bits = await purviews(tx, tenantId, roleId, GrantKind.ORG, category);
  const mark = (nodes: ReturnType<typeof buildOrgTree>): OrgPurviewNode[] =>
    nodes.map((n) => ({
      id: n.id,
      parentId: n.parentId,
      code: n.code,
      name: n.name,
      type: n.type,
      status: n.status,
      purview: bits.get(n.id) ?? 0,
      children: mark(n.children),
    }));
  const rows = mark(buildOrgTree(await listOrganisationsOfTenant(tx, tenantId, category), tenantId));
  return { rows, orgCategory: category, categories };
}

/**
 * Checks a grant list against the grantable ids and normalises it: write keeps read (SPEC §4),
 * bits beyond read/write, duplicates and unknown ids refuse the whole list; 0 means "not granted".
 */
export function checkItems(items: GrantItem[], known: (id: string) => boolean, unknownCode: string, rootId?: string): grants.GrantRecord[] {
  const seen = new Set<string>();
  const out: grants.GrantRecord[] = [];
  for (const { dpDataid: id, dpPurview: value } of items) {
    if (rootId !== undefined && id === rootId) throw new AppError(RoleCodes.GRANT_ROOT, { id });
    if (!known(id)) throw new AppError(unknownCode, { id });
    if (seen.has(id)) throw new AppError(RoleCodes.GRANT_DUPLICATE, { id });
    seen.add(id);
    if (!Number.isInteger(value) || value < 0 || value > Purview.READ_WRITE) throw new AppError(RoleCodes.GRANT_PURVIEW, { id, value });
    const purview = normalisePurview(value);
    if (purview) out.push({ dataId: id, purview });
  }
  return out;
}

/** Replaces the role's grant set of `kind` / `category` with checked `items`, audited with before/after. */
export async function replaceGrantSet(
  tx: Tx,
  request: FastifyRequest,
  tenantId: string,
  roleId: string,
  kind: GrantKindValue,
  category: number,
  items: grants.GrantRecord[],
) {
  const role = await getRole(tx, tenantId, roleId);
  const before = await grants.listGrants(tx, tenantId, roleId, kind, category);
  await grants.replaceGrants(tx, tenantId, roleId, kind, category, items);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: `role.grant.${kind}`,
    entity: 'role',
    entityId: roleId,
    before: { roleNo: role.code, orgCategory: category, grants: before },
    after: { roleNo: role.code, orgCategory: category, grants: items },
  });
  return { count: items.length };
}

const MENU_IDS = new Set(TENANT_MENU.map((m) => m.code));
const ORG_TYPE_IDS = new Set(ORG_TYPES.map(String));

/** `savemenupurview`. @throws role.not_found, role.grant_root, role.grant_menu_unknown, role.grant_purview, role.grant_duplicate. */
export async function saveMenuPurviews(tx: Tx, request: FastifyRequest, tenantId: string, roleId: string, items: GrantItem[]) {
  await getRole(tx, tenantId, roleId);
  const checked = checkItems(items, (id) => MENU_IDS.has(id), RoleCodes.GRANT_MENU_UNKNOWN, DEFAULTS.rootMenuId);
  return replaceGrantSet(tx, request, tenantId, roleId, GrantKind.MENU, 0, checked);
}

/** `saveorgtypepurview`. @throws role.not_found, role.grant_orgtype_unknown, role.grant_purview, role.grant_duplicate. */
export async function saveOrgTypePurviews(tx: Tx, request: FastifyRequest, tenantId: string, roleId: string, items: GrantItem[]) {
  await getRole(tx, tenantId, roleId);
  const checked = checkItems(items, (id) => ORG_TYPE_IDS.has(id), RoleCodes.GRANT_ORGTYPE_UNKNOWN);
  return replaceGrantSet(tx, request, tenantId, roleId, GrantKind.ORG_TYPE, 0, checked);
}

/**
 * `saveorgpurview`: organisation ids must be in the tenant's tree of that category.
 * @throws role.not_found, role.category_unknown, role.grant_org_unknown, role.grant_purview, role.grant_duplicate.
 */
export async function saveOrgPurviews(
  tx: Tx,
  request: FastifyRequest,
  categories: OrgCategory[],
  tenantId: string,
  roleId: string,
  category: number,
  items: GrantItem[],
) {
  await getRole(tx, tenantId, roleId);
  checkCategory(categories, category);
  const ids = new Set((await listOrganisationsOfTenant(tx, tenantId, category)).map((o) => o.id));
  const checked = checkItems(items, (id) => ids.has(id), RoleCodes.GRANT_ORG_UNKNOWN);
  return replaceGrantSet(tx, request, tenantId, roleId, GrantKind.ORG, category, checked);
}
