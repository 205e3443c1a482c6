/**
 * Users of the tenant area (SPEC §2 Tenant → employeeManagement "tenant-platform layout without tenant
 * column", §3 User, §5 User and Import files; issue 5; docs/tenant-users.md). The tenant is the TENANTID
 * header, never a body field; what a caller sees and changes is limited to their data scope (users by
 * affiliated organisation). Field rules are the platform's (rules/user.ts); rows are `UserRow`.
 */
import Type, { type Static } from 'typebox';
import { PagingSchema } from './common.js';
import { UserAddBody, UserListBody } from './user.js';

const { tenantId: _tenant, ...addFields } = UserAddBody.properties;
const { tenantId: _listTenant, ...listFields } = UserListBody.properties;

/** `addtenantuser`: the platform's user body without `tenantId`; `password` encrypted for the wire. */
export const TenantUserAddBody = Type.Object(addFields);
export type TenantUserAddBody = Static<typeof TenantUserAddBody>;

/**
 * `listtenantuser` / `exporttenantuser`: the platform grid's filters plus the organisation subtree
 * (`orgId`, with `includeSub` the organisation and everything under it by its path) and the position
 * (`stationId`).
 */
export const TenantUserListBody = Type.Object({
  ...listFields,
  includeSub: Type.Optional(Type.Boolean()),
  stationId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type TenantUserListBody = Static<typeof TenantUserListBody>;

/**
 * `listtenantuserstation`: the tenant's positions (stations) for the user form and the position filter,
 * by name prefix — an API of the user screen, so role holders who manage users can choose positions.
 */
export const TenantUserStationListBody = Type.Object({
  ...PagingSchema,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type TenantUserStationListBody = Static<typeof TenantUserStationListBody>;

/** `importtenantuser` answers at once with the background job to poll (`getjob?id=`). */
export interface TenantUserImportStarted {
  jobId: string;
}

/** The job kind of a tenant user import (jobs.kind). */
export const TENANT_USER_IMPORT_JOB = 'user-import';
