/**
 * Typed calls of the platform user management (SPEC §2 employeeManagement, §3 User, §5 User; shapes
 * in packages/protocol/src/schemas/user.ts). Passwords are encrypted here for the wire (PROTOCOL.md
 * "Encrypted values"). Every function rejects with the client's `ApiError` when the envelope says
 * `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import { Paths, type Paged, type StatusValue, type UserAddBody, type UserEditBody, type UserImportResult, type UserListBody, type UserRow } from '@mp/protocol';
import { download, encryptPassword, post, upload, type RequestOptions } from './client';

/** Filters of the user grid (everything of `UserListBody` except paging and sorting). */
export type UserFilters = Omit<UserListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** One page of users: `POST listuser`; without `tenantId` across every tenant. */
export function listUsers(query: UserListBody, opts?: RequestOptions): Promise<Paged<UserRow>> {
  return post<Paged<UserRow>>(Paths.listuser, query, opts);
}

/** One user by id → `data.row`. Rejects with `user.not_found`. */
export async function getUser(id: string, opts?: RequestOptions): Promise<UserRow> {
  return (await post<{ row: UserRow }>(Paths.getuser, { id }, opts)).row;
}

/** Creates a user; `password` is plain here and sent encrypted. */
export async function addUser(body: Omit<UserAddBody, 'password'> & { password: string }, opts?: RequestOptions): Promise<UserRow> {
  return (await post<{ row: UserRow }>(Paths.adduser, { ...body, password: encryptPassword(body.password) }, opts)).row;
}

/** Modifies a user; an empty `password` keeps the current one. */
export async function editUser(body: Omit<UserEditBody, 'password'> & { password?: string }, opts?: RequestOptions): Promise<UserRow> {
  const { password, ...rest } = body;
  return (await post<{ row: UserRow }>(Paths.edituser, password ? { ...rest, password: encryptPassword(password) } : rest, opts)).row;
}

/** Deletes users → how many. Refuses the super manager and the caller (`user.super_manager`, `user.self`). */
export async function deleteUsers(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteuser, { ids }, opts)).count;
}

/** Enables (1) or disables (0) users → how many. Disabling ends their sessions. */
export async function setUserStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statususer, { ids, status }, opts)).count;
}

/** Locks or unlocks users → how many. Locking ends their sessions; unlocking also lifts a sign-in lockout. */
export async function setUserLock(ids: string[], locked: boolean, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.lockuser, { ids, locked }, opts)).count;
}

/** Sets a user's password (plain here, sent encrypted). */
export async function resetUserPassword(id: string, password: string, opts?: RequestOptions): Promise<void> {
  await post(Paths.resetuserpassword, { id, password: encryptPassword(password) }, opts);
}

/**
 * Imports an Excel file into `tenantId` (or, without one, the tenants its rows name). Rejects with
 * `user.import_invalid` and `data.errors` (row, field, column, message) when any row fails.
 */
export function importUsers(file: File, tenantId: string | undefined, opts?: RequestOptions): Promise<{ row: UserImportResult }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<{ row: UserImportResult }>(`${Paths.importuser}${tenantId ? `?tenantId=${encodeURIComponent(tenantId)}` : ''}`, form, opts);
}

/** Downloads the users matching the filters as .xlsx. */
export function exportUsers(filters: UserFilters & Pick<UserListBody, 'sortField' | 'sortOrder'>, fileName: string, opts?: RequestOptions): Promise<void> {
  return download(Paths.exportuser, filters, fileName, opts);
}

/** Downloads the import template. */
export function downloadUserTemplate(fileName: string, opts?: RequestOptions): Promise<void> {
  return download(Paths.templateuser, {}, fileName, opts);
}
