/**
 * The tenant area's menu (SPEC §2 Tenant routes; §3 Tenant menu row), and the menus a data role can be
 * granted (roles/roles.grants.service.ts: `code` is the grant's dpDataid). A tenant's administrators get
 * every entry; other users get the entries granted (read) to their roles in that tenant (menu.routes.ts),
 * never an `adminOnly` one (service-call statistics and logs, service accounts: SPEC §2 has no grant for them).
 * `name` is a key of the `menu` namespace of @mp/i18n, answered in the request's language.
 */
export const TENANT_MENU: { code: string; icon: string; adminOnly?: boolean }[] = [
  { code: 'appManagement', icon: 'AppstoreOutlined' },
  { code: 'baseOrgManagement', icon: 'DatabaseOutlined' },
  { code: 'orgManagement', icon: 'ApartmentOutlined' },
  { code: 'orgMappingManagement', icon: 'BranchesOutlined' },
  { code: 'orgEmployeeRelation', icon: 'TeamOutlined' },
  { code: 'roleManagement', icon: 'SafetyCertificateOutlined' },
  { code: 'stationManagement', icon: 'IdcardOutlined' },
  { code: 'employeeManagement', icon: 'UserOutlined' },
  { code: 'employeeMappingManagement', icon: 'UserSwitchOutlined' },
  { code: 'accountManagement', icon: 'KeyOutlined' },
  { code: 'auditlog', icon: 'FileSearchOutlined' },
  // the tenant's administrators only: never granted to a role (GRANTABLE_TENANT_MENU), their calls refuse anyone else
  { code: 'callStats', icon: 'ApiOutlined', adminOnly: true },
  { code: 'callLogs', icon: 'ProfileOutlined', adminOnly: true },
  { code: 'serviceAccounts', icon: 'KeyOutlined', adminOnly: true },
  { code: 'sysconfig', icon: 'SettingOutlined' },
];

/** The entries a data role can be granted: every entry but the administrators' own (`adminOnly`). */
export const GRANTABLE_TENANT_MENU = TENANT_MENU.filter((m) => !m.adminOnly);
