/**
 * Typed calls of the tenant area's role management (SPEC §2 Tenant → roleManagement; docs/tenant-roles.md;
 * shapes in @mp/protocol schemas/tenant-role.ts). They act on the current tenant (TENANTID,
 * stores/current-tenant.ts) within the caller's data scope. Every function rejects with the client's
 * `ApiError` when the envelope says `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import {
  Paths,
  type GrantItem,
  type MenuPurviewNode,
  type OrgTypePurviewRow,
  type Paged,
  type RoleMemberRow,
  type RoleRow,
  type TenantApiPurviewGroup,
  type TenantGrantView,
  type TenantOrgPurviewData,
  type TenantRoleAddBody,
  type TenantRoleEditBody,
  type TenantRoleListBody,
  type TenantRoleUserListBody,
} from '@mp/protocol';
import { get, post, type RequestOptions } from './client';

/** One page of the roles in scope (`listtenantrole`). */
export function listTenantRoles(query: TenantRoleListBody, opts?: RequestOptions): Promise<Paged<RoleRow>> {
  return post<Paged<RoleRow>>(Paths.listtenantrole, query, opts);
}

/** Creates a role → the stored row. */
export async function addTenantRole(body: TenantRoleAddBody, opts?: RequestOptions): Promise<RoleRow> {
  return (await post<{ row: RoleRow }>(Paths.addtenantrole, body, opts)).row;
}

/** Modifies exactly one role → the stored row. */
export async function editTenantRole(body: TenantRoleEditBody, opts?: RequestOptions): Promise<RoleRow> {
  return (await post<{ row: RoleRow }>(Paths.edittenantrole, body, opts)).row;
}

/** Deletes roles (all or none) → how many. */
export async function deleteTenantRoles(roleIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deletetenantrole, { roleIds }, opts)).count;
}

/** One page of the role's members in scope. */
export function listTenantRoleUsers(query: TenantRoleUserListBody, opts?: RequestOptions): Promise<Paged<RoleMemberRow>> {
  return post<Paged<RoleMemberRow>>(Paths.listtenantroleuser, query, opts);
}

/** One page of the users in scope not in the role (add-member dialog). */
export function listUsersNotInTenantRole(query: TenantRoleUserListBody, opts?: RequestOptions): Promise<Paged<RoleMemberRow>> {
  return post<Paged<RoleMemberRow>>(Paths.listusernotintenantrole, query, opts);
}

/** Adds users to the role → how many were new. */
export async function addTenantRoleUsers(roleId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.addtenantroleuser, { roleId, userIds }, opts)).count;
}

/** Removes members from the role → how many. */
export async function deleteTenantRoleUsers(roleId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deletetenantroleuser, { roleId, userIds }, opts)).count;
}

/** The menu grant tree (root '0' with the tenant menu and the role's bits). */
export async function listTenantMenuPurview(roleId: string): Promise<MenuPurviewNode[]> {
  return (await get<{ rows: MenuPurviewNode[] }>(Paths.listtenantmenupurview, { roleId })).rows;
}

/** Replaces the role's menu grants. */
export async function saveTenantMenuPurview(roleId: string, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void> {
  await post(Paths.savetenantmenupurview, { roleId, dataPurview }, opts);
}

/** Organisation types 0–6 with the role's bits. */
export async function listTenantOrgTypePurview(roleId: string): Promise<OrgTypePurviewRow[]> {
  return (await get<{ rows: OrgTypePurviewRow[] }>(Paths.listtenantorgtypepurview, { roleId })).rows;
}

/** Replaces the role's organisation-type grants. */
export async function saveTenantOrgTypePurview(roleId: string, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void> {
  await post(Paths.savetenantorgtypepurview, { roleId, dataPurview }, opts);
}

/**
 * One page of a level of the organisation grant tree (no `parentId`: the tops of the caller's tree), with
 * what the role holds; `page` from 1, `pageSize` at most 500.
 */
export function listTenantOrgPurview(roleId: string, orgCategory: number, parentId?: string, page = 1, pageSize = 100): Promise<TenantOrgPurviewData> {
  return get<TenantOrgPurviewData>(Paths.listtenantorgpurview, { roleId, orgCategory, ...(parentId ? { parentId } : {}), page, pageSize });
}

/** Replaces the role's organisation grants of one category. */
export async function saveTenantOrgPurview(roleId: string, orgCategory: number, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void> {
  await post(Paths.savetenantorgpurview, { roleId, orgCategory, dataPurview }, opts);
}

/** The tenant API catalogue grouped by menu, with the APIs the role holds. */
export async function listTenantApiPurview(roleId: string): Promise<TenantApiPurviewGroup[]> {
  return (await get<{ rows: TenantApiPurviewGroup[] }>(Paths.listtenantapipurview, { roleId })).rows;
}

/** Replaces the role's API grants with `urls`. */
export async function saveTenantApiPurview(roleId: string, urls: string[], opts?: RequestOptions): Promise<void> {
  await post(Paths.savetenantapipurview, { roleId, dataPurview: urls.map((dpDataid) => ({ dpDataid, dpPurview: 1 })) }, opts);
}

/** Everything the role is granted, with names (the viewer). */
export async function getTenantGrantView(roleId: string): Promise<TenantGrantView> {
  return (await get<{ row: TenantGrantView }>(Paths.listtenantgrantview, { roleId })).row;
}
