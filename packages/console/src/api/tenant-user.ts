/**
 * Typed calls of the tenant area's user management (SPEC §2 Tenant → employeeManagement, §3 User, §5
 * User; issue 5; shapes in packages/protocol/src/schemas/tenant-user.ts; docs/tenant-users.md). They act
 * on the current tenant (TENANTID, stores/current-tenant.ts) and the caller's data scope, never on a
 * tenant named in the body. Passwords are encrypted here for the wire. Every function rejects with the
 * client's `ApiError` when the envelope says `result: '0'` (a toast is already shown unless `noToast`).
 * The import is a background job: see components/ImportJob (`useImportJob` with Paths.importtenantuser).
 */
import {
  Paths,
  type Paged,
  type StationRow,
  type StatusValue,
  type TenantUserAddBody,
  type TenantUserListBody,
  type TenantUserStationListBody,
  type UserEditBody,
  type UserRow,
} from '@mp/protocol';
import { download, encryptPassword, post, type RequestOptions } from './client';

/** Filters of the tenant user grid (everything of `TenantUserListBody` except paging and sorting). */
export type TenantUserFilters = Omit<TenantUserListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** One page of the tenant's users in the caller's scope; `orgId` + `includeSub` filter by organisation subtree. */
export function listTenantUsers(query: TenantUserListBody, opts?: RequestOptions): Promise<Paged<UserRow>> {
  return post<Paged<UserRow>>(Paths.listtenantuser, query, opts);
}

/** One user by id. Rejects with `user.not_found` (also another tenant's id) or 10009029001 (outside the scope). */
export async function getTenantUser(id: string, opts?: RequestOptions): Promise<UserRow> {
  return (await post<{ row: UserRow }>(Paths.gettenantuser, { id }, opts)).row;
}

/** Creates a user of the current tenant (enterprise user); `password` is plain here and sent encrypted. */
export async function addTenantUser(body: Omit<TenantUserAddBody, 'password'> & { password: string }, opts?: RequestOptions): Promise<UserRow> {
  return (await post<{ row: UserRow }>(Paths.addtenantuser, { ...body, password: encryptPassword(body.password) }, opts)).row;
}

/** Modifies a user; an empty `password` keeps the current one. */
export async function editTenantUser(body: Omit<UserEditBody, 'password'> & { password?: string }, opts?: RequestOptions): Promise<UserRow> {
  const { password, ...rest } = body;
  return (await post<{ row: UserRow }>(Paths.edittenantuser, password ? { ...rest, password: encryptPassword(password) } : rest, opts)).row;
}

/** Deletes users → how many. */
export async function deleteTenantUsers(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deletetenantuser, { ids }, opts)).count;
}

/** Enables (1) or disables (0) users → how many. Never the super manager. */
export async function setTenantUserStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statustenantuser, { ids, status }, opts)).count;
}

/** Locks or unlocks users → how many. Never locks the super manager. */
export async function setTenantUserLock(ids: string[], locked: boolean, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.locktenantuser, { ids, locked }, opts)).count;
}

/** Sets a user's password (plain here, sent encrypted). */
export async function resetTenantUserPassword(id: string, password: string, opts?: RequestOptions): Promise<void> {
  await post(Paths.resettenantuserpassword, { id, password: encryptPassword(password) }, opts);
}

/** Downloads the users matching the filters as .xlsx (re-importable unchanged). */
export function exportTenantUsers(
  filters: TenantUserFilters & Pick<TenantUserListBody, 'sortField' | 'sortOrder'>,
  fileName: string,
  opts?: RequestOptions,
): Promise<void> {
  return download(Paths.exporttenantuser, filters, fileName, opts);
}

/** Downloads the import template. */
export function downloadTenantUserTemplate(fileName: string, opts?: RequestOptions): Promise<void> {
  return download(Paths.templatetenantuser, {}, fileName, opts);
}

/** The tenant's positions (stations) by name prefix, for the user form and the position filter. */
export function listTenantUserStations(query: TenantUserStationListBody, opts?: RequestOptions): Promise<Paged<StationRow>> {
  return post<Paged<StationRow>>(Paths.listtenantuserstation, query, { noLoading: true, ...opts });
}
