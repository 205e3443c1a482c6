/**
 * Application roles and permission templates (issue 15 "App roles"; SPEC §2 App roleManagement, generic
 * "permission configuration from a template tree"; §3 Role, Grant item; §4 write keeps read; §5 Role;
 * docs/applications.md "Application roles and permission templates"). Every call is `{ app: 'admin' }`:
 * the application is the APPID header's, never a body field.
 *
 * Grant items name permission-tree nodes by `uniqueId` (`menu:<id>`, `control:<id>`, `api:<id>`) with bits
 * 1 read, 2 write (write keeps read); the trees are issue 14's (`AppPermissionNode`, schemas/app-grants.ts).
 * A template is a node of the application's template tree; the root ('0', APP_TEMPLATE_ROOT) is not
 * configurable. A role made from a template either follows it (`sync`: the role's grants are the
 * template's, rewritten with every change of the template) or was copied once (`copy`).
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { pageQuery, StatusValueSchema } from './common.js';
import { AppGrantItem, type AppPermissionNode } from './app-grants.js';

/** Gateway paths of the application-role calls (all POST). */
export const AppRolePaths = {
  listapprole: '/gateway/tenant/plat/approle/listapprole',
  addapprole: '/gateway/tenant/plat/approle/addapprole',
  editapprole: '/gateway/tenant/plat/approle/editapprole',
  statusapprole: '/gateway/tenant/plat/approle/statusapprole',
  deleteapprole: '/gateway/tenant/plat/approle/deleteapprole',
  listapproleuser: '/gateway/tenant/plat/approle/listapproleuser',
  listapprolecandidate: '/gateway/tenant/plat/approle/listapprolecandidate',
  addapproleuser: '/gateway/tenant/plat/approle/addapproleuser',
  deleteapproleuser: '/gateway/tenant/plat/approle/deleteapproleuser',
  /** The permission tree (`tree: 'menu'`, menus → forms → controls) or the API tree (`tree: 'api'`) with the role's bits. */
  approlepurview: '/gateway/tenant/plat/approle/approlepurview',
  saveapprolepurview: '/gateway/tenant/plat/approle/saveapprolepurview',
  /** What the role holds (the viewer): the granted nodes of both trees. */
  approlegrantview: '/gateway/tenant/plat/approle/approlegrantview',
  /** Applies a template to a role in one step (`sync` or `copy`). */
  applyapptemplate: '/gateway/tenant/plat/approle/applyapptemplate',
  treeapptemplate: '/gateway/tenant/plat/apptemplate/treeapptemplate',
  addapptemplate: '/gateway/tenant/plat/apptemplate/addapptemplate',
  editapptemplate: '/gateway/tenant/plat/apptemplate/editapptemplate',
  deleteapptemplate: '/gateway/tenant/plat/apptemplate/deleteapptemplate',
  moveapptemplate: '/gateway/tenant/plat/apptemplate/moveapptemplate',
  apptemplatepurview: '/gateway/tenant/plat/apptemplate/apptemplatepurview',
  saveapptemplatepurview: '/gateway/tenant/plat/apptemplate/saveapptemplatepurview',
} as const;

/** The template tree's root node id (not stored: parent_id null), not configurable. */
export const APP_TEMPLATE_ROOT = '0';

/** How a role follows a template: `sync` keeps the role's grants equal to the template's; `copy` copies once. */
export const TemplateModeSchema = Type.Union([Type.Literal('sync'), Type.Literal('copy')]);
export type TemplateMode = Static<typeof TemplateModeSchema>;

/** Template rules: name ≤ 30 (unique among siblings, case-insensitively), description ≤ 200. */
export const APP_TEMPLATE_RULES = { name: { max: 30 }, description: { max: MAX_LEN.huge } } as const;

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Text = (max: number) => Type.String({ maxLength: max });
const Ids = Type.Array(Id, { maxItems: 1000 });

/** Sortable columns of the role grid. */
export const APP_ROLE_SORT_FIELDS = ['code', 'name', 'status', 'createdAt', 'updatedAt'] as const;

/** `listapprole`: paged; search by number and name (contains), status. */
export const AppRoleListBody = Type.Object({
  ...pageQuery(APP_ROLE_SORT_FIELDS),
  code: Type.Optional(Text(MAX_LEN.middle)),
  name: Type.Optional(Text(MAX_LEN.middle)),
  status: Type.Optional(StatusValueSchema),
});
export type AppRoleListBody = Static<typeof AppRoleListBody>;

const roleFields = {
  code: Text(MAX_LEN.huge),
  name: Text(MAX_LEN.huge),
  description: Type.Optional(Text(1000)),
  status: Type.Optional(StatusValueSchema),
};
/** `addapprole`; with `templateId` the new role takes the template's grants at once (`templateMode`, default 'sync'). */
export const AppRoleAddBody = Type.Object({ ...roleFields, templateId: Type.Optional(Text(64)), templateMode: Type.Optional(TemplateModeSchema) });
export type AppRoleAddBody = Static<typeof AppRoleAddBody>;
/** `editapprole`. */
export const AppRoleEditBody = Type.Object({ id: Id, ...roleFields });
export type AppRoleEditBody = Static<typeof AppRoleEditBody>;
/** `statusapprole`: enable (1) or disable (0) the roles, all or none. */
export const AppRoleStatusBody = Type.Object({ ids: Ids, status: StatusValueSchema });
export type AppRoleStatusBody = Static<typeof AppRoleStatusBody>;
/** `deleteapprole`: all or none (at least one). */
export const AppRoleIdsBody = Type.Object({ ids: Ids });
export type AppRoleIdsBody = Static<typeof AppRoleIdsBody>;

/** Sortable columns of the member grids. */
export const APP_ROLE_USER_SORT_FIELDS = ['username', 'employeeName', 'tenantName'] as const;
/** `listapproleuser` (members) and `listapprolecandidate` (the application's users not in the role). */
export const AppRoleUserListBody = Type.Object({
  ...pageQuery(APP_ROLE_USER_SORT_FIELDS),
  roleId: Id,
  /** Contains, on username or employee name. */
  keyword: Type.Optional(Text(MAX_LEN.middle)),
});
export type AppRoleUserListBody = Static<typeof AppRoleUserListBody>;
/** `addapproleuser` / `deleteapproleuser`: at least one user. */
export const AppRoleUserBody = Type.Object({ roleId: Id, userIds: Ids });
export type AppRoleUserBody = Static<typeof AppRoleUserBody>;

/** Which permission tree: menus/pages/controls, or APIs. */
export const AppTreeKindSchema = Type.Union([Type.Literal('menu'), Type.Literal('api')]);
export type AppTreeKind = Static<typeof AppTreeKindSchema>;
/** `approlepurview` / `approlegrantview`. */
export const AppRolePurviewBody = Type.Object({ roleId: Id, tree: Type.Optional(AppTreeKindSchema) });
export type AppRolePurviewBody = Static<typeof AppRolePurviewBody>;
/** `saveapprolepurview`: replaces the role's grants of that tree (a synced role becomes its own copy). */
export const AppRoleSaveBody = Type.Object({ roleId: Id, tree: AppTreeKindSchema, dataPurview: Type.Array(AppGrantItem, { maxItems: 5000 }) });
export type AppRoleSaveBody = Static<typeof AppRoleSaveBody>;
/** `applyapptemplate`: `templateId` required (not the root). */
export const AppTemplateApplyBody = Type.Object({ roleId: Id, templateId: Text(64), mode: TemplateModeSchema });
export type AppTemplateApplyBody = Static<typeof AppTemplateApplyBody>;

/** `addapptemplate` (`parentId` '0' = under the root). */
export const AppTemplateAddBody = Type.Object({ parentId: Id, name: Text(MAX_LEN.huge), description: Type.Optional(Text(1000)) });
export type AppTemplateAddBody = Static<typeof AppTemplateAddBody>;
/** `editapptemplate`. */
export const AppTemplateEditBody = Type.Object({ id: Id, name: Text(MAX_LEN.huge), description: Type.Optional(Text(1000)) });
export type AppTemplateEditBody = Static<typeof AppTemplateEditBody>;
/** `deleteapptemplate`: the template and its subtree. */
export const AppTemplateIdBody = Type.Object({ id: Id });
export type AppTemplateIdBody = Static<typeof AppTemplateIdBody>;
/** `moveapptemplate`: to the end of `parentId`'s children. */
export const AppTemplateMoveBody = Type.Object({ id: Id, parentId: Id });
export type AppTemplateMoveBody = Static<typeof AppTemplateMoveBody>;
/** `apptemplatepurview`. */
export const AppTemplatePurviewBody = Type.Object({ templateId: Text(64), tree: Type.Optional(AppTreeKindSchema) });
export type AppTemplatePurviewBody = Static<typeof AppTemplatePurviewBody>;
/** `saveapptemplatepurview`: replaces the template's grants of that tree; roles following it get the same set. */
export const AppTemplateSaveBody = Type.Object({ templateId: Text(64), tree: AppTreeKindSchema, dataPurview: Type.Array(AppGrantItem, { maxItems: 5000 }) });
export type AppTemplateSaveBody = Static<typeof AppTemplateSaveBody>;

/** A row of the role grid. */
export interface AppRoleRow {
  id: string;
  code: string;
  name: string;
  description: string;
  status: 0 | 1;
  templateId: string;
  templateName: string;
  templateMode: TemplateMode;
  memberCount: number;
  creator: string;
  createdAt: string;
  updatedAt: string;
}

/** A member (or candidate) of an application role: a user of a tenant using the application. */
export interface AppRoleUserRow {
  userId: string;
  username: string;
  employeeName: string;
  tenantId: string;
  tenantName: string;
  orgName: string;
  status: number;
}

/** A node of the template tree (the root '0' carries the application's name). */
export interface AppTemplateNode {
  id: string;
  parentId: string;
  name: string;
  description: string;
  /** Roles made from it that follow it. */
  syncRoles: number;
  children: AppTemplateNode[];
}

/** `data` of `approlepurview` / `apptemplatepurview`. */
export interface AppOwnerPurviewData {
  rows: AppPermissionNode[];
}

/** One granted node of the viewer (`approlegrantview`). */
export interface AppGrantViewItem {
  uniqueId: string;
  nodeType: string;
  showName: string;
  menuName: string;
  purview: number;
}
