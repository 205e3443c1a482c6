/**
 * The tenant area's menu (SPEC §2 Tenant routes; §3 Tenant menu row). Until role-based menu grants
 * exist (issue "Tenant administration"), a tenant's administrators get every entry and other users none.
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
