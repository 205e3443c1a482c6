/**
 * The tenant area's menu (SPEC §2 Tenant routes; §3 Tenant menu row), and the menus a data role can be
 * granted (roles/roles.grants.service.ts: `code` is the grant's dpDataid). A tenant's administrators get
 * every entry; other users get the entries granted (read) to their roles in that tenant (menu.routes.ts).
 * `name` is a key of the `menu` namespace of @mp/i18n, answered in the request's language.
 */
export const TENANT_MENU: { code: string; icon: string }[] = [
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
  { code: 'sysconfig', icon: 'SettingOutlined' },
];
