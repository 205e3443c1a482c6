/**
 * Tenant roles granted an application's permissions (issue 14 "Permission tree", "Grants reach the
 * tenants"; SPEC §2 Role management: role authorisation, role API authorisation, authorisation viewing;
 * §3 API-permission tree node, Grant item; §4 "ticking write keeps read ticked"; §6;
 * docs/applications.md "Permission tree", "Grants reach the tenants"; docs/tenant-roles.md).
 *
 * Grants live in `role_grants` with kind 'appmenu' | 'appcontrol' | 'appapi' (AppGrantKind,
 * schemas/app-common.ts), `data_id` the item's id; a grant item names its item by the node's `uniqueId`
 * (`menu:<id>`, `control:<id>`, `api:<id>`). Every call is the tenant area's (`{ tenant: 'member', menu:
 * 'roleManagement' }`), for an application the tenant uses (tenant_products).
 */
import Type, { type Static } from 'typebox';

/** Gateway paths of the calls (all under the tenant service's role authorisation). */
export const AppGrantPaths = {
  /** GET: the applications the tenant uses (the dialogs' tabs). */
  listtenantapp: '/gateway/tenant/plat/rolepurview/listtenantapp',
  /** GET `?roleId=&productId=`: the permission tree (menus → pages → controls) with the role's bits. */
  listtenantapppurview: '/gateway/tenant/plat/rolepurview/listtenantapppurview',
  /** POST: replaces the role's menu and control grants of the application. */
  savetenantapppurview: '/gateway/tenant/plat/rolepurview/savetenantapppurview',
  /** GET `?roleId=&productId=`: the API-permission tree (menus → pages → APIs) with the role's API grants. */
  listtenantappapipurview: '/gateway/tenant/plat/rolepurview/listtenantappapipurview',
  /** POST: replaces the role's API grants of the application. */
  savetenantappapipurview: '/gateway/tenant/plat/rolepurview/savetenantappapipurview',
} as const;

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** Query of `listtenantapppurview` / `listtenantappapipurview`. */
export const TenantAppGrantQuery = Type.Object({ roleId: Id, productId: Id });
export type TenantAppGrantQuery = Static<typeof TenantAppGrantQuery>;

/** A grant item of an application: `dpDataid` a node's `uniqueId`, `dpPurview` 1 read, 2 write (write keeps read), 0 none. */
export const AppGrantItem = Type.Object({
  dpDataid: Type.String({ minLength: 1, maxLength: 80 }),
  dpPurview: Type.Integer({ minimum: 0, maximum: 3 }),
});
export type AppGrantItem = Static<typeof AppGrantItem>;

/**
 * `savetenantapppurview` (menus and controls: `menu:<id>` / `control:<id>`) and
 * `savetenantappapipurview` (`api:<id>`, any bit = granted): the role's whole set of the application,
 * replaced.
 */
export const TenantAppGrantSaveBody = Type.Object({ roleId: Id, productId: Id, dataPurview: Type.Array(AppGrantItem, { maxItems: 5000 }) });
export type TenantAppGrantSaveBody = Static<typeof TenantAppGrantSaveBody>;

/** An application the tenant uses (`listtenantapp` rows): the tenant's own name when set, else the product's. */
export interface TenantAppOption {
  productId: string;
  productCode: string;
  name: string;
  /** The application tenant's status (1 enabled, 0 disabled; grants of a disabled one are kept). */
  status: number;
}

/** Node kinds of the permission trees: menus (module, page), a page's forms (grouping) and controls, APIs, the group of unattached APIs. */
export type AppPermissionNodeType = 'module' | 'page' | 'form' | 'control' | 'api' | 'group';

/**
 * A node of an application's permission tree (SPEC §3 API-permission tree node). `key` is unique in
 * the tree (an item shown twice — a page linked by two menus, an API of two pages — has one `uniqueId`
 * and two keys); `uniqueId` is the grant item id (`appUniqueId`), empty for nodes that are not grantable
 * (forms, the group). `showName` = the name plus a suffix in the request's language (page / module /
 * API, the control type). `purview` is the role's bits on the item (0 none).
 */
export interface AppPermissionNode {
  key: string;
  uniqueId: string;
  nodeType: AppPermissionNodeType;
  name: string;
  showName: string;
  /** The control type (composite, button, grid, input, display) of a control node. */
  controlType?: string;
  grantable: boolean;
  /** false: a disabled menu (granted or not, the policy service leaves it out). */
  enabled: boolean;
  pageId: string;
  menuId: string;
  menuName: string;
  apiId: string;
  apiName: string;
  purview: number;
  /**
   * The bits the caller may leave on this item (docs/tenant-roles.md "No privilege escalation"): 3 (APIs
   * 1) for the tenant's administrators; for a role holder what they hold of it plus what the role already
   * has (kept grants pass). 0 on nodes that are not grantable. The dialogs disable the boxes beyond it.
   */
  maxPurview: number;
  children: AppPermissionNode[];
}

/** `data` of `listtenantapppurview` / `listtenantappapipurview`. */
export interface TenantAppPurviewData {
  productId: string;
  name: string;
  rows: AppPermissionNode[];
}

/** What a role holds of one application (`listtenantgrantview` `row.apps`). */
export interface TenantAppGrantView {
  productId: string;
  name: string;
  menus: { id: string; name: string; showName: string; menuType: string; enabled: boolean; purview: number }[];
  controls: { id: string; name: string; showName: string; pageName: string; purview: number }[];
  apis: { id: string; name: string; url: string; showName: string }[];
}
