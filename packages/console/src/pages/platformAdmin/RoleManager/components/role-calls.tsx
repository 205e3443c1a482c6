/**
 * The calls behind the role dialogs (form, members, add-member, menu and organisation-type grants), so
 * that the platform's data role management and the tenant area's role management (pages/tenancy/
 * RoleManagement, docs/tenant-roles.md) share one set of dialogs. The platform's calls name the tenant;
 * the tenant area's act on the current tenant (TENANTID) and ignore `tenantId`. A screen provides its
 * calls with `<RoleCallsContext.Provider value={…}>`; the default is the platform's.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { GrantItem, MenuPurviewNode, OrgTypePurviewRow, Paged, RoleAddBody, RoleEditBody, RoleMemberRow, RoleRow, RoleUserListBody } from '@mp/protocol';
import type { RequestOptions } from '../../../../api/client';
import * as platform from '../../../../api/role';
import OrgTreePicker from '../../../../components/OrgTreePicker';

/** The organisation field of the role form: value/onChange of an organisation id. */
export type OrgFieldComponent = ComponentType<{ tenantId: string; value?: string; onChange?: (value: string) => void; id?: string; initialLabel?: string }>;

export interface RoleCalls {
  addRole(body: RoleAddBody, opts?: RequestOptions): Promise<RoleRow>;
  editRole(body: RoleEditBody, opts?: RequestOptions): Promise<RoleRow>;
  listRoleUsers(query: RoleUserListBody, opts?: RequestOptions): Promise<Paged<RoleMemberRow>>;
  listUsersNotInRole(query: RoleUserListBody, opts?: RequestOptions): Promise<Paged<RoleMemberRow>>;
  addRoleUsers(tenantId: string, roleId: string, userIds: string[], opts?: RequestOptions): Promise<number>;
  deleteRoleUsers(tenantId: string, roleId: string, userIds: string[], opts?: RequestOptions): Promise<number>;
  listMenuPurviewTree(tenantId: string, roleId: string): Promise<MenuPurviewNode[]>;
  saveMenuPurview(tenantId: string, roleId: string, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void>;
  listOrgTypePurview(tenantId: string, roleId: string): Promise<OrgTypePurviewRow[]>;
  saveOrgTypePurview(tenantId: string, roleId: string, dataPurview: GrantItem[], opts?: RequestOptions): Promise<void>;
  /** The organisation picker of the role form. */
  OrgField: OrgFieldComponent;
  /** Whether the caller may change roles, members and grants (control grants; false hides the write buttons). */
  writable: boolean;
}

/** The platform administrator's calls (api/role.ts) and the platform organisation picker. */
export const platformRoleCalls: RoleCalls = {
  addRole: platform.addRole,
  editRole: platform.editRole,
  listRoleUsers: platform.listRoleUsers,
  listUsersNotInRole: platform.listUsersNotInRole,
  addRoleUsers: platform.addRoleUsers,
  deleteRoleUsers: platform.deleteRoleUsers,
  listMenuPurviewTree: platform.listMenuPurviewTree,
  saveMenuPurview: platform.saveMenuPurview,
  listOrgTypePurview: platform.listOrgTypePurview,
  saveOrgTypePurview: platform.saveOrgTypePurview,
  OrgField: ({ tenantId, value, onChange, id }) => <OrgTreePicker tenantId={tenantId} value={value} onChange={(v) => onChange?.(String(v))} id={id} />,
  writable: true,
};

export const RoleCallsContext = createContext<RoleCalls>(platformRoleCalls);

/** The role calls of the current screen. */
export function useRoleCalls(): RoleCalls {
  return useContext(RoleCallsContext);
}
