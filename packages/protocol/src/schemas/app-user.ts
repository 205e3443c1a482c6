/**
 * The application's people (issue 15; SPEC §2 App `org`, `user`, `orgUserRelation`, §3 User and
 * Organisation, §5 User; docs/applications.md "Application people: organisations, users, relations"):
 * gateway paths, request bodies (TypeBox) and row types. Every call is `{ app: 'admin' }`: the
 * application is the APPID header's, never a body field; tenants are those using the application.
 */
import Type, { type Static } from 'typebox';
import { pageQuery, StatusValueSchema } from './common.js';
import { USER_SORT_FIELDS, UserAddBody, UserEditBody, UserListBody, type UserRow } from './user.js';
import { OrgMemberCandidateBody, OrgMemberListBody } from './orgmember.js';

export * from '../codes/app-user.js';

/** Gateway paths of the application's people (all POST with a JSON body, except the multipart import). */
export const AppUserPaths = {
  /** The tenants using the application with its root organisations in each → `{ rows: AppRootTenantRow[] }`. */
  listapprootorg: '/gateway/tenant/plat/appuser/listapprootorg',
  /** One level of a tenant's organisation tree (picker, read-only) → `{ rows: AppOrgNode[] }`. */
  listapporgtree: '/gateway/tenant/plat/appuser/listapporgtree',
  /** Adds root organisations of one tenant → `{ count }` (new roots; roots inside a new one are folded). */
  addapprootorg: '/gateway/tenant/plat/appuser/addapprootorg',
  /** Removes root organisations of one tenant → `{ count }`. */
  deleteapprootorg: '/gateway/tenant/plat/appuser/deleteapprootorg',
  /** The application's users, paged → `Paged<AppUserRow>`. */
  listappuser: '/gateway/tenant/plat/appuser/listappuser',
  /** One application user → `{ row: AppUserRow }`. */
  getappuser: '/gateway/tenant/plat/appuser/getappuser',
  /** A new user in a tenant using the application, inside its roots → `{ row: AppUserRow }` (no automatic toast). */
  addappuser: '/gateway/tenant/plat/appuser/addappuser',
  /** Modifies an application user → `{ row: AppUserRow }` (no automatic toast). */
  editappuser: '/gateway/tenant/plat/appuser/editappuser',
  /** Enables (1) / disables (0) application users → `{ count }`. */
  statusappuser: '/gateway/tenant/plat/appuser/statusappuser',
  /** Locks / unlocks application users → `{ count }`. */
  lockappuser: '/gateway/tenant/plat/appuser/lockappuser',
  /** The grid's rows as .xlsx (the users' export format). */
  exportappuser: '/gateway/tenant/plat/appuser/exportappuser',
  /** The users' import template (.xlsx). */
  templateappuser: '/gateway/tenant/plat/appuser/templateappuser',
  /** Imports users from the template's Excel (multipart `file`), all or nothing → `{ row: { created, updated } }`; refused rows: `user.import_invalid` with `data.errors`. */
  importappuser: '/gateway/tenant/plat/appuser/importappuser',
  /** Members of an organisation inside the application's roots, paged → `Paged<AppOrgMemberRow>`. */
  listapporguser: '/gateway/tenant/plat/appuser/listapporguser',
  /** Application users of the tenant not yet members of an organisation (the add picker) → `Paged<OrgMemberCandidateRow>`. */
  listappusernotinorg: '/gateway/tenant/plat/appuser/listappusernotinorg',
  /** Adds application users as members of an organisation → `{ count }`. */
  addapporguser: '/gateway/tenant/plat/appuser/addapporguser',
  /** Removes members of an organisation → `{ count }`. */
  deleteapporguser: '/gateway/tenant/plat/appuser/deleteapporguser',
} as const;

const id = Type.String({ minLength: 1, maxLength: 64 });
const ids = Type.Array(id, { minItems: 1, maxItems: 1000 });

/** A root organisation of the application in one tenant. */
export interface AppRootOrgRow {
  orgId: string;
  name: string;
  code: string;
  path: string;
  pathNames: string[];
  createdAt: string;
}
/** A tenant using the application, with its root organisations (none: the whole tenant is the app's). */
export interface AppRootTenantRow {
  tenantId: string;
  tenantCode: string;
  tenantName: string;
  roots: AppRootOrgRow[];
}

/** `listapprootorg` */
export const AppRootOrgListBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 50 })) });
export type AppRootOrgListBody = Static<typeof AppRootOrgListBody>;

/** `listapporgtree`: the children of `parentId` ('' the tenant's top level) in a tenant using the application. */
export const AppOrgTreeBody = Type.Object({ tenantId: id, parentId: Type.Optional(Type.String({ maxLength: 64 })) });
export type AppOrgTreeBody = Static<typeof AppOrgTreeBody>;
/** A node of the picker: `inRoots` true when inside the application's roots (or the tenant has none). */
export interface AppOrgNode {
  id: string;
  parentId: string;
  name: string;
  code: string;
  hasChildren: boolean;
  isRoot: boolean;
  inRoots: boolean;
}

/** `addapprootorg` / `deleteapprootorg`: organisations of one tenant using the application. */
export const AppRootOrgBody = Type.Object({ tenantId: id, orgIds: Type.Array(id, { minItems: 0, maxItems: 200 }) });
export type AppRootOrgBody = Static<typeof AppRootOrgBody>;

const { tenantId: _t, ...listFields } = UserListBody.properties;
/** Sortable columns of the application's user grid. */
export const APP_USER_SORT_FIELDS = USER_SORT_FIELDS;
/** `listappuser` / `exportappuser`: the user grid's filters; `tenantId` and `orgId` (with `includeSub`) narrow it. */
export const AppUserListBody = Type.Object({
  ...listFields,
  ...pageQuery(APP_USER_SORT_FIELDS),
  tenantId: Type.Optional(Type.String({ maxLength: 64 })),
  includeSub: Type.Optional(Type.Boolean()),
});
export type AppUserListBody = Static<typeof AppUserListBody>;

/** The user's account name in the application where it differs from the user name (user_mappings; '' none). */
const externalAccount = Type.Optional(Type.String({ maxLength: 100 }));
/** `addappuser`: the tenant user form plus the tenant (one using the application) and the account in the app. */
export const AppUserAddBody = Type.Object({ ...UserAddBody.properties, externalAccount });
export type AppUserAddBody = Static<typeof AppUserAddBody>;
/** `editappuser` */
export const AppUserEditBody = Type.Object({ ...UserEditBody.properties, externalAccount });
export type AppUserEditBody = Static<typeof AppUserEditBody>;
/** An application user: the user row plus the account in the application ('' when as the user name) and whether this area may change them. */
export type AppUserRow = UserRow & {
  externalAccount: string;
  /** An administrator (application, tenant or platform identity) or the super manager: listed, not changed here. */
  administrator: boolean;
};

/** `statusappuser` / `lockappuser` */
export const AppUserStatusBody = Type.Object({ ids, status: StatusValueSchema });
export type AppUserStatusBody = Static<typeof AppUserStatusBody>;
export const AppUserLockBody = Type.Object({ ids, locked: Type.Boolean() });
export type AppUserLockBody = Static<typeof AppUserLockBody>;

/** `listapporguser`: the tenant area's member list body plus the tenant; rows are `OrgMemberRow`. */
export const AppOrgMemberListBody = Type.Object({ ...OrgMemberListBody.properties, tenantId: id });
export type AppOrgMemberListBody = Static<typeof AppOrgMemberListBody>;
/** `listappusernotinorg`: application users of the tenant not yet in the organisation; rows are `OrgMemberCandidateRow`. */
export const AppOrgCandidateBody = Type.Object({ ...OrgMemberCandidateBody.properties, tenantId: id });
export type AppOrgCandidateBody = Static<typeof AppOrgCandidateBody>;

/** `addapporguser` / `deleteapporguser`: users of one organisation inside the roots. */
export const AppOrgMemberBody = Type.Object({ tenantId: id, orgId: id, userIds: Type.Array(id, { minItems: 0, maxItems: 1000 }) });
export type AppOrgMemberBody = Static<typeof AppOrgMemberBody>;
