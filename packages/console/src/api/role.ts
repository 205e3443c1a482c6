/**
 * Typed calls of data role management (SPEC §2 roleManager; §7 /plat/role/* and /plat/rolepurview/*;
 * shapes in @mp/protocol schemas/role.ts). Every call names the tenant; every function rejects with the
 * client's `ApiError` when the envelope says `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import {
  Paths,
  type GrantItem,
  type MenuPurviewNode,
  type OrgPurviewData,
  type OrgTypePurviewRow,
  type Paged,
  type RoleAddBody,
  type RoleEditBody,
  type RoleListBody,
  type RoleMemberRow,
  type RoleRow,
  type RoleUserListBody,
} from '@mp/protocol';
import { get, post, type RequestOptions } from './client';

/** One page of a tenant's roles (`listrole`). */
export function listRoles(query: RoleListBody, opts?: RequestOptions): Promise<Paged<RoleRow>> {
  return post<Paged<RoleRow>>(Paths.listrole, query, opts);
}

/** Creates a role → the stored row. Rejects with role.no_in_use, role.no_pattern, role.name_pattern, role.org_required, … */
export async function addRole(body: RoleAddBody, opts?: RequestOptions): Promise<RoleRow> {
  return (await post<{ row: RoleRow }>(Paths.addrole, body, opts)).row;
}

/** Modifies exactly one role → the stored row. */
export async function editRole(body: RoleEditBody, opts?: RequestOptions): Promise<RoleRow> {
  return (await post<{ row: RoleRow }>(Paths.editrole, body, opts)).row;
}

/** Deletes roles (all or none) → how many. Rejects with role.built_in. */
export async function deleteRoles(tenantId: string, roleIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleterole, { tenantId, roleIds }, opts)).count;
}

/** One page of the role's members (`listroleuser`). */
export function listRoleUsers(query: RoleUserListBody, opts?: RequestOptions): Promise<Paged<RoleMemberRow>> {
  return post<Paged<RoleMemberRow>>(Paths.listroleuser, query, opts);
}

/** One page of the tenant's users not in the role (`listusernotinrole`), for the add-member dialog. */
export function listUsersNotInRole(query: RoleUserListBody, opts?: RequestOptions): Promise<Paged<RoleMemberRow>> {
  return post<Paged<RoleMemberRow>>(Paths.listusernotinrole, query, opts);
}

/** Adds users to the role → how many were new. Rejects with role.user_required, role.user_not_in_tenant. */
export async function addRoleUsers(tenantId: string, roleId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.addroleuser, { tenantId, roleId, userIds }, opts)).count;
}

/** Removes members from the role → how many. Rejects with role.member_required. */
export async function deleteRoleUsers(tenantId: string, roleId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteroleuser, { tenantId, roleId, userIds }, opts)).count;
}

/** The menu grant tree: root '0' with the tenant menu and the role's bits (1 read, 2 write). */
export async function listMenuPurviewTree(tenantId: string, roleId: string): Promise<MenuPurviewNode[]> {
  return (await get<{ rows: MenuPurviewNode[] }>(Paths.listmenupurviewtree, { roleId, tenantId })).rows;
}

/** Replaces the role's menu grants. */
export async function saveMenuPurview(tenantId: string, roleId: string, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void> {
  await post(Paths.savemenupurview, { roleId, tenantId, dataPurview }, opts);
}

/** Organisation types 0–6 with the role's bits. */
export async function listOrgTypePurview(tenantId: string, roleId: string): Promise<OrgTypePurviewRow[]> {
  return (await get<{ rows: OrgTypePurviewRow[] }>(Paths.listorgtypepurview, { roleId, tenantId })).rows;
}

/** Replaces the role's organisation-type grants. */
export async function saveOrgTypePurview(tenantId: string, roleId: string, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void> {
  await post(Paths.saveorgtypepurview, { roleId, tenantId, dataPurview }, opts);
}

/** The tenant's organisation tree of `orgCategory` with the role's bits, and the tenant's categories. */
export function listOrgPurview(tenantId: string, roleId: string, orgCategory: number): Promise<OrgPurviewData> {
  return get<OrgPurviewData>(Paths.listorgpurview, { roleId, tenantId, orgCategory });
}

/** Replaces the role's organisation grants of one category. */
export async function saveOrgPurview(tenantId: string, roleId: string, orgCategory: number, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void> {
  await post(Paths.saveorgpurview, { roleId, tenantId, orgCategory, dataPurview }, opts);
}
