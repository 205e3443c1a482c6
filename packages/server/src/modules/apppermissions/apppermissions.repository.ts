/**
 * Reads and writes of tenant roles' application grants (issue 14; docs/applications.md "Permission
 * tree", "Grants reach the tenants"). The application's design tables are platform-level (no tenant, no
 * row-level security; readable in the tenant scope); every read here filters by `product_id`. Grants are
 * `role_grants` rows of the tenant (kinds 'appmenu' | 'appcontrol' | 'appapi', `data_id` the item id,
 * `org_category` 0), under the tenant's row-level security. Each function is one statement.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { APP_GRANT_KINDS, AppGrantKind, type AppGrantKindValue, type TenantAppOption } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { appApis, appMenus, appPageNodes, products, roleGrants, tenantProducts } from '../../db/schema/index.js';

/** One grant of an application item. */
export interface AppGrantRecord {
  kind: AppGrantKindValue;
  dataId: string;
  purview: number;
}

/** A menu node of the application (SPEC §3 Menu node), parent null = under the root '0'. */
export interface MenuRecord {
  id: string;
  parentId: string | null;
  name: string;
  menuType: string;
  pageId: string | null;
  enabled: number;
}

/** A form or control of a page linked by a menu (columns are not read). */
export interface ControlRecord {
  id: string;
  pageId: string;
  parentId: string | null;
  nodeType: string;
  name: string;
  alias: string;
}

/** An API of the application's registry. */
export interface ApiRecord {
  id: string;
  name: string;
  url: string;
}

const appName = sql<string>`coalesce(nullif(${tenantProducts.name}, ''), ${products.name})`;

/** The applications the tenant uses (tenant_products), by name. */
export function listTenantApps(tx: Tx, tenantId: string, productId?: string): Promise<TenantAppOption[]> {
  return tx
    .select({ productId: tenantProducts.productId, productCode: products.code, name: appName, status: tenantProducts.status })
    .from(tenantProducts)
    .innerJoin(products, eq(products.id, tenantProducts.productId))
    .where(and(eq(tenantProducts.tenantId, tenantId), productId === undefined ? undefined : eq(tenantProducts.productId, productId)))
    .orderBy(asc(appName), asc(tenantProducts.productId));
}

/** The application's menus, by sibling order and name. */
export function listMenus(tx: Tx, productId: string): Promise<MenuRecord[]> {
  return tx
    .select({
      id: appMenus.id,
      parentId: appMenus.parentId,
      name: appMenus.name,
      menuType: appMenus.menuType,
      pageId: appMenus.pageId,
      enabled: appMenus.enabled,
    })
    .from(appMenus)
    .where(eq(appMenus.productId, productId))
    .orderBy(asc(appMenus.sort), asc(appMenus.name), asc(appMenus.id));
}

/** Pages of the application some menu targets (`app_menus.page_id`). */
const linkedPages = (productId: string): SQL =>
  sql`${appPageNodes.pageId} in (select m.page_id from app_menus m where m.product_id = ${productId} and m.page_id is not null)`;

/** The forms and controls (no columns) of the application's pages that a menu links, in tree order. */
export function listLinkedControls(tx: Tx, productId: string): Promise<ControlRecord[]> {
  return tx
    .select({
      id: appPageNodes.id,
      pageId: appPageNodes.pageId,
      parentId: appPageNodes.parentId,
      nodeType: appPageNodes.nodeType,
      name: appPageNodes.name,
      alias: appPageNodes.alias,
    })
    .from(appPageNodes)
    .where(and(eq(appPageNodes.productId, productId), ne(appPageNodes.nodeType, 'column'), linkedPages(productId)))
    .orderBy(asc(appPageNodes.sort), asc(appPageNodes.name), asc(appPageNodes.id));
}

/** The APIs attached to each page a menu links: the union of its nodes' load and save APIs (ids of this application). */
export async function listPageApis(tx: Tx, productId: string): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ page_id: string; ids: string[] }>(
    await tx.execute(sql`
    select n.page_id, array_agg(distinct x.api_id) as ids
    from app_page_nodes n cross join lateral unnest(n.load_api_ids || n.save_api_ids) as x(api_id)
    where n.product_id = ${productId}
      and n.page_id in (select m.page_id from app_menus m where m.product_id = ${productId} and m.page_id is not null)
      and x.api_id in (select a.id from app_apis a where a.product_id = ${productId})
    group by n.page_id`),
  );
  return new Map(rows.map((r) => [r.page_id, r.ids]));
}

/** The application's APIs, by service, module and name. */
export function listApis(tx: Tx, productId: string): Promise<ApiRecord[]> {
  return tx
    .select({ id: appApis.id, name: appApis.name, url: appApis.url })
    .from(appApis)
    .where(eq(appApis.productId, productId))
    .orderBy(asc(appApis.serviceName), asc(appApis.moduleName), asc(appApis.name), asc(appApis.id));
}

/** "The item of this grant belongs to `productId`", for the grant kinds given. */
function itemOfApp(productId: string, kinds: readonly AppGrantKindValue[]): SQL {
  const parts: SQL[] = [];
  if (kinds.includes(AppGrantKind.MENU)) {
    parts.push(sql`(${roleGrants.kind} = ${AppGrantKind.MENU} and ${roleGrants.dataId} in (select m.id from app_menus m where m.product_id = ${productId}))`);
  }
  if (kinds.includes(AppGrantKind.CONTROL)) {
    parts.push(
      sql`(${roleGrants.kind} = ${AppGrantKind.CONTROL} and ${roleGrants.dataId} in (select n.id from app_page_nodes n where n.product_id = ${productId}))`,
    );
  }
  if (kinds.includes(AppGrantKind.API)) {
    parts.push(sql`(${roleGrants.kind} = ${AppGrantKind.API} and ${roleGrants.dataId} in (select a.id from app_apis a where a.product_id = ${productId}))`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The role's grants of `kinds` whose item belongs to the application. */
export async function listRoleAppGrants(
  tx: Tx,
  tenantId: string,
  roleId: string,
  productId: string,
  kinds: readonly AppGrantKindValue[],
): Promise<AppGrantRecord[]> {
  const rows = await tx
    .select({ kind: roleGrants.kind, dataId: roleGrants.dataId, purview: roleGrants.purview })
    .from(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId), inArray(roleGrants.kind, [...kinds]), itemOfApp(productId, kinds)))
    .orderBy(asc(roleGrants.kind), asc(roleGrants.dataId));
  return rows as AppGrantRecord[];
}

/** Replaces the role's grants of `kinds` of the application with `items` (callers checked them). Two statements. */
export async function replaceRoleAppGrants(
  tx: Tx,
  tenantId: string,
  roleId: string,
  productId: string,
  kinds: readonly AppGrantKindValue[],
  items: AppGrantRecord[],
): Promise<void> {
  await tx
    .delete(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId), inArray(roleGrants.kind, [...kinds]), itemOfApp(productId, kinds)));
  if (items.length) {
    await tx.insert(roleGrants).values(items.map((i) => ({ tenantId, roleId, kind: i.kind, orgCategory: 0, dataId: i.dataId, purview: i.purview })));
  }
}

/** A granted application item with what the viewer shows. */
export interface GrantedItemRecord {
  kind: AppGrantKindValue;
  dataId: string;
  purview: number;
  productId: string;
  name: string;
  /** Menu type, or control type, or ''. */
  type: string;
  enabled: number;
  /** Control alias, or API url. */
  extra: string;
  pageName: string;
}

/** Every application grant of the role with its item's application and names, in one statement. */
export async function listRoleGrantedItems(tx: Tx, tenantId: string, roleId: string): Promise<GrantedItemRecord[]> {
  return rowsOf<GrantedItemRecord>(
    await tx.execute(sql`
    select g.kind as "kind", g.data_id as "dataId", g.purview as "purview",
      coalesce(m.product_id, n.product_id, a.product_id) as "productId",
      coalesce(m.name, n.name, a.name) as "name",
      coalesce(m.menu_type, n.node_type, '') as "type",
      coalesce(m.enabled, 1) as "enabled",
      coalesce(n.alias, a.url, '') as "extra",
      coalesce(p.name, '') as "pageName"
    from role_grants g
    left join app_menus m on g.kind = ${AppGrantKind.MENU} and m.id = g.data_id
    left join app_page_nodes n on g.kind = ${AppGrantKind.CONTROL} and n.id = g.data_id
    left join app_pages p on p.id = n.page_id
    left join app_apis a on g.kind = ${AppGrantKind.API} and a.id = g.data_id
    where g.tenant_id = ${tenantId} and g.role_id = ${roleId} and g.kind in (${sql.join(
      APP_GRANT_KINDS.map((k) => sql`${k}`),
      sql`, `,
    )})
    order by "name", g.data_id`),
  );
}
