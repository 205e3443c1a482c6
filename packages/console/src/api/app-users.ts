/**
 * Typed calls of the application's people (issue 15; SPEC §2 App `org`, `user`, `orgUserRelation`; shapes
 * in packages/protocol/src/schemas/app-user.ts; docs/applications.md "Application people"). The application
 * is the APPID header (stores/current-app.ts), never a body field. Passwords are encrypted here for the wire.
 * Every function rejects with the client's `ApiError` when the envelope says `result: '0'` (a toast is
 * already shown unless `noToast`: add and modify of an app user are §7's no-toast calls).
 */
import {
  AppUserPaths as P,
  type AppOrgMemberListBody,
  type AppOrgNode,
  type AppRootTenantRow,
  type AppUserAddBody,
  type AppUserEditBody,
  type AppUserListBody,
  type AppUserRow,
  type OrgMemberCandidateRow,
  type OrgMemberRow,
  type Paged,
  type StatusValue,
  type UserImportResult,
} from '@mp/protocol';
import { download, encryptPassword, post, upload, type RequestOptions } from './client';

/** Filters of the application user grid (everything except paging and sorting). */
export type AppUserFilters = Omit<AppUserListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The tenants using the application with its root organisations in each. */
export async function listAppRootTenants(keyword?: string, opts?: RequestOptions): Promise<AppRootTenantRow[]> {
  return (await post<{ rows: AppRootTenantRow[] }>(P.listapprootorg, { keyword }, opts)).rows;
}

/** One level of a tenant's organisation tree ('' the top). */
export async function listAppOrgLevel(tenantId: string, parentId = '', opts?: RequestOptions): Promise<AppOrgNode[]> {
  return (await post<{ rows: AppOrgNode[] }>(P.listapporgtree, { tenantId, parentId }, opts)).rows;
}

/** Adds root organisations in a tenant → the number added. */
export function addAppRoots(tenantId: string, orgIds: string[], opts?: RequestOptions): Promise<{ count: number }> {
  return post(P.addapprootorg, { tenantId, orgIds }, opts);
}

/** Removes root organisations of a tenant. */
export function deleteAppRoots(tenantId: string, orgIds: string[], opts?: RequestOptions): Promise<{ count: number }> {
  return post(P.deleteapprootorg, { tenantId, orgIds }, opts);
}

/** One page of the application's users. */
export function listAppUsers(query: AppUserListBody, opts?: RequestOptions): Promise<Paged<AppUserRow>> {
  return post<Paged<AppUserRow>>(P.listappuser, query, opts);
}

/** One application user (with the account in the application). */
export async function getAppUser(id: string, opts?: RequestOptions): Promise<AppUserRow> {
  return (await post<{ row: AppUserRow }>(P.getappuser, { id }, opts)).row;
}

/** Creates an application user; `password` plain here, sent encrypted. */
export async function addAppUser(body: Omit<AppUserAddBody, 'password'> & { password: string }, opts?: RequestOptions): Promise<AppUserRow> {
  return (await post<{ row: AppUserRow }>(P.addappuser, { ...body, password: encryptPassword(body.password) }, opts)).row;
}

/** Modifies an application user; a new password (plain here) only when given. */
export async function editAppUser(body: AppUserEditBody, opts?: RequestOptions): Promise<AppUserRow> {
  const { password, ...rest } = body;
  return (await post<{ row: AppUserRow }>(P.editappuser, { ...rest, ...(password ? { password: encryptPassword(password) } : {}) }, opts)).row;
}

/** Enables / disables application users. */
export function setAppUserStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<{ count: number }> {
  return post(P.statusappuser, { ids, status }, opts);
}

/** Locks / unlocks application users. */
export function setAppUserLock(ids: string[], locked: boolean, opts?: RequestOptions): Promise<{ count: number }> {
  return post(P.lockappuser, { ids, locked }, opts);
}

/** Downloads the grid's rows as .xlsx. */
export function exportAppUsers(filters: AppUserFilters, fileName: string, opts?: RequestOptions): Promise<void> {
  return download(P.exportappuser, filters, fileName, opts);
}

/** Downloads the users' import template. */
export function downloadAppUserTemplate(fileName: string, opts?: RequestOptions): Promise<void> {
  return download(P.templateappuser, {}, fileName, opts);
}

/**
 * Imports the template's Excel into the application's users (tenants by the rows' tenant codes), all or
 * nothing. Rejects with `user.import_invalid` and `data.errors` (row, field, column, message) when any row fails.
 */
export async function importAppUsers(file: File, opts?: RequestOptions): Promise<UserImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await upload<{ row: UserImportResult }>(P.importappuser, form, opts)).row;
}

/** One page of an organisation's members inside the application. */
export function listAppOrgMembers(query: AppOrgMemberListBody, opts?: RequestOptions): Promise<Paged<OrgMemberRow>> {
  return post<Paged<OrgMemberRow>>(P.listapporguser, query, opts);
}

/** Application users of the tenant not yet in the organisation. */
export function listAppOrgCandidates(
  query: { tenantId: string; orgId: string; keyword?: string; page?: number; pageSize?: number },
  opts?: RequestOptions,
): Promise<Paged<OrgMemberCandidateRow>> {
  return post<Paged<OrgMemberCandidateRow>>(P.listappusernotinorg, query, opts);
}

/** Adds members to an organisation. */
export function addAppOrgMembers(tenantId: string, orgId: string, userIds: string[], opts?: RequestOptions): Promise<{ count: number }> {
  return post(P.addapporguser, { tenantId, orgId, userIds }, opts);
}

/** Removes members of an organisation. */
export function deleteAppOrgMembers(tenantId: string, orgId: string, userIds: string[], opts?: RequestOptions): Promise<{ count: number }> {
  return post(P.deleteapporguser, { tenantId, orgId, userIds }, opts);
}
