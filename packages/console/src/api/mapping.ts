/**
 * Typed calls of the tenant area's organisation mapping and user mapping (SPEC §2 orgMappingManagement,
 * employeeMappingManagement; issue 5; docs/tenant-apps.md), on the current tenant (TENANTID) and limited
 * by the server to the caller's data scope. Every function rejects with the client's `ApiError` when
 * the envelope says `result: '0'` (a toast is already shown unless `noToast`).
 */
import {
  Paths,
  type AppTenantOption,
  type MappingUserListBody,
  type MappingUserRow,
  type OrgMappingAddBody,
  type OrgMappingEditBody,
  type OrgMappingListBody,
  type OrgMappingRow,
  type Paged,
  type UserMappingAddBody,
  type UserMappingEditBody,
  type UserMappingListBody,
  type UserMappingRow,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Which screen asks: each screen calls the APIs of its own menu (API grants are per menu). */
export type MappingKind = 'org' | 'user';

/** The tenant's applications for the screen's choosers. */
export async function listMappingApps(kind: MappingKind, opts?: RequestOptions): Promise<AppTenantOption[]> {
  return (await post<{ rows: AppTenantOption[] }>(kind === 'org' ? Paths.listorgmappingapp : Paths.listusermappingapp, {}, { noLoading: true, ...opts })).rows;
}

/** One page of organisation mappings: application, organisation (with its subtree), keyword. */
export function listOrgMappings(query: OrgMappingListBody, opts?: RequestOptions): Promise<Paged<OrgMappingRow>> {
  return post<Paged<OrgMappingRow>>(Paths.listorgmapping, query, opts);
}

export function addOrgMapping(body: OrgMappingAddBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.addorgmapping, body, opts);
}

export function editOrgMapping(body: OrgMappingEditBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.editorgmapping, body, opts);
}

/** Deletes organisation mappings, all or none → how many. */
export async function deleteOrgMappings(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteorgmapping, { ids }, opts)).count;
}

/** One page of user mappings: application, users of an organisation (with its subtree), keyword. */
export function listUserMappings(query: UserMappingListBody, opts?: RequestOptions): Promise<Paged<UserMappingRow>> {
  return post<Paged<UserMappingRow>>(Paths.listusermapping, query, opts);
}

/** One page of the users the caller may map (their data scope), by the start of the user or employee name. */
export function listMappingUsers(query: MappingUserListBody, opts?: RequestOptions): Promise<Paged<MappingUserRow>> {
  return post<Paged<MappingUserRow>>(Paths.listmappinguser, query, { noLoading: true, ...opts });
}

export function addUserMapping(body: UserMappingAddBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.addusermapping, body, opts);
}

export function editUserMapping(body: UserMappingEditBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.editusermapping, body, opts);
}

/** Deletes user mappings, all or none → how many. */
export async function deleteUserMappings(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteusermapping, { ids }, opts)).count;
}
