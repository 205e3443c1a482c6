/**
 * The tenant area's calls behind the shared role dialogs (pages/platformAdmin/RoleManager/components/
 * role-calls.tsx): they act on the current tenant (TENANTID) and ignore the `tenantId` the dialogs pass;
 * the role form picks the organisation with the lazy TenantOrgTreeSelect (the caller's data scope), and
 * `writable` follows the control grant of the menu 'roleManagement' (useMenuWritable).
 */
import { useMemo } from 'react';
import * as api from '../../../../api/tenant-role';
import { TenantOrgTreeSelect } from '../../../../components/TenantOrgTree';
import { useMenuWritable } from '../../../../stores/tenant-purview';
import type { OrgFieldComponent, RoleCalls } from '../../../platformAdmin/RoleManager/components/role-calls';

/** The menu code of this screen (TENANT_MENU). */
export const ROLE_MENU = 'roleManagement';

const OrgField: OrgFieldComponent = ({ value, onChange, id, initialLabel }) => (
  <TenantOrgTreeSelect id={id} value={value} initialLabel={initialLabel} allowClear={false} onChange={(v) => onChange?.(v ?? '')} />
);

/** The tenant calls, with `writable` from the caller's control grant. */
export function useTenantRoleCalls(): RoleCalls {
  const writable = useMenuWritable(ROLE_MENU);
  return useMemo<RoleCalls>(
    () => ({
      addRole: ({ tenantId: _t, ...body }, opts) => api.addTenantRole(body, opts),
      editRole: ({ tenantId: _t, ...body }, opts) => api.editTenantRole(body, opts),
      listRoleUsers: ({ tenantId: _t, ...query }, opts) => api.listTenantRoleUsers(query, opts),
      listUsersNotInRole: ({ tenantId: _t, ...query }, opts) => api.listUsersNotInTenantRole(query, opts),
      addRoleUsers: (_t, roleId, userIds, opts) => api.addTenantRoleUsers(roleId, userIds, opts),
      deleteRoleUsers: (_t, roleId, userIds, opts) => api.deleteTenantRoleUsers(roleId, userIds, opts),
      listMenuPurviewTree: (_t, roleId) => api.listTenantMenuPurview(roleId),
      saveMenuPurview: (_t, roleId, items, opts) => api.saveTenantMenuPurview(roleId, items, opts),
      listOrgTypePurview: (_t, roleId) => api.listTenantOrgTypePurview(roleId),
      saveOrgTypePurview: (_t, roleId, items, opts) => api.saveTenantOrgTypePurview(roleId, items, opts),
      OrgField,
      writable,
    }),
    [writable],
  );
}
