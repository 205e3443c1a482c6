/**
 * Role management of the tenant area (SPEC §2 Tenant → roleManagement; §3 Role, Grant item; §5 Role; §6;
 * issue 5 "Grants are enforced, not only stored"; docs/tenant-roles.md). The same calls as the platform's
 * data roles (schemas/role.ts) without `tenantId`: the tenant is the TENANTID header, and every list and
 * write is limited to the caller's data scope. New here: the role's API grants (the tenant API catalogue
 * grouped by menu), a lazy organisation grant tree, and one call answering everything a role is granted.
 *
 * Field rules are ROLE_RULES (schemas/role.ts), checked by the server and the console alike.
 */
import Type, { type Static } from 'typebox';
import type { Paged } from '../envelope.js';
import { PagingSchema } from './common.js';
import { GrantItem, RoleAddBody, RoleListBody, RoleUserListBody } from './role.js';
import type { TenantAppGrantView } from './app-grants.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Category = Type.Integer({ minimum: 0, maximum: 99999 });
const { tenantId: _t1, ...roleFields } = RoleAddBody.properties;
const { tenantId: _t2, ...listFields } = RoleListBody.properties;
const { tenantId: _t3, ...memberListFields } = RoleUserListBody.properties;

/** `listtenantrole`: paged; organisation (with sub-organisations), role no, role name, member user name / employee name. */
export const TenantRoleListBody = Type.Object(listFields);
export type TenantRoleListBody = Static<typeof TenantRoleListBody>;
/** `addtenantrole`. */
export const TenantRoleAddBody = Type.Object(roleFields);
export type TenantRoleAddBody = Static<typeof TenantRoleAddBody>;
/** `edittenantrole`: exactly one role, by `roleId`. */
export const TenantRoleEditBody = Type.Object({ roleId: Id, ...roleFields });
export type TenantRoleEditBody = Static<typeof TenantRoleEditBody>;
/** `deletetenantrole`: the roles to delete (at least one; built-in roles refused). */
export const TenantRoleDeleteBody = Type.Object({ roleIds: Type.Array(Id, { maxItems: 1000 }) });
export type TenantRoleDeleteBody = Static<typeof TenantRoleDeleteBody>;

/** `listtenantroleuser` / `listusernotintenantrole`: paged, searched by user name or employee name. */
export const TenantRoleUserListBody = Type.Object(memberListFields);
export type TenantRoleUserListBody = Static<typeof TenantRoleUserListBody>;
/** `addtenantroleuser` / `deletetenantroleuser`. */
export const TenantRoleUserBody = Type.Object({ roleId: Id, userIds: Type.Array(Id, { maxItems: 1000 }) });
export type TenantRoleUserBody = Static<typeof TenantRoleUserBody>;

/** Query of `listtenantmenupurview`, `listtenantorgtypepurview`, `listtenantapipurview`, `listtenantgrantview`. */
export const TenantGrantQuery = Type.Object({ roleId: Id });
export type TenantGrantQuery = Static<typeof TenantGrantQuery>;
/** `savetenantmenupurview` / `savetenantorgtypepurview`: the role's whole set of that kind, replaced. */
export const TenantGrantSaveBody = Type.Object({ roleId: Id, dataPurview: Type.Array(GrantItem, { maxItems: 5000 }) });
export type TenantGrantSaveBody = Static<typeof TenantGrantSaveBody>;

/**
 * `listtenantorgpurview`: one page of a level of the organisation grant tree (no `parentId`: the tops of
 * the caller's tree), paged like `listorgchildren` (`page` from 1, `pageSize` 1–500, default 200).
 */
export const TenantOrgGrantQuery = Type.Object({
  roleId: Id,
  orgCategory: Type.Optional(Category),
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
  page: PagingSchema.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200 })),
});
export type TenantOrgGrantQuery = Static<typeof TenantOrgGrantQuery>;
/** `savetenantorgpurview`: the role's organisation grants of one category, replaced. */
export const TenantOrgGrantSaveBody = Type.Object({ roleId: Id, orgCategory: Category, dataPurview: Type.Array(GrantItem, { maxItems: 5000 }) });
export type TenantOrgGrantSaveBody = Static<typeof TenantOrgGrantSaveBody>;

/** `savetenantapipurview`: the role's whole set of API grants (urls of the tenant API catalogue), replaced. */
export const TenantApiGrantSaveBody = Type.Object({
  roleId: Id,
  dataPurview: Type.Array(Type.Object({ dpDataid: Type.String({ minLength: 1, maxLength: 200 }), dpPurview: Type.Integer({ minimum: 0, maximum: 255 }) }), {
    maxItems: 1000,
  }),
});
export type TenantApiGrantSaveBody = Static<typeof TenantApiGrantSaveBody>;

/** A node of one level of the organisation grant tree. */
export interface TenantOrgPurviewNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  type: number;
  status: number;
  hasChildren: boolean;
  /** The role's bits on this organisation (0: not granted). */
  purview: number;
}

/** A granted organisation with its name (the dialog's list of what is ticked, and the viewer). */
export interface GrantedOrg {
  id: string;
  code: string;
  name: string;
  orgCategory: number;
  purview: number;
}

/**
 * `data` of `listtenantorgpurview`: one page of the level (`rows`, `page`, `total` pages, `records` in the
 * level, `lastPage`, as every paged list) with the role's grants.
 */
export interface TenantOrgPurviewData extends Paged<TenantOrgPurviewNode> {
  orgCategory: number;
  /** The tenant's organisation categories (0: the main tree). */
  categories: { codeKey: number; codeVal: string }[];
  /** Every organisation of the category the role is granted (also the ones of levels not loaded). */
  granted: GrantedOrg[];
}

/** One API of the tenant API catalogue with whether the role holds it. */
export interface TenantApiPurview {
  method: string;
  url: string;
  granted: boolean;
}

/** APIs of one menu (`listtenantapipurview` rows). */
export interface TenantApiPurviewGroup {
  /** TENANT_MENU code. */
  menu: string;
  menuName: string;
  /** The role's bits on the menu itself (0: the menu is not granted). */
  menuPurview: number;
  apis: TenantApiPurview[];
}

/** `data.row` of `listtenantgrantview`: everything the role is granted, with names. */
export interface TenantGrantView {
  menus: { id: string; name: string; purview: number }[];
  apis: { method: string; url: string; menu: string; menuName: string }[];
  orgTypes: number[];
  orgs: GrantedOrg[];
  /** Grants of the applications the tenant uses, per application (schemas/app-grants.ts; docs/applications.md). */
  apps: TenantAppGrantView[];
}
