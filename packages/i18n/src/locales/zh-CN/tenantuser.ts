/** 租户用户管理（SPEC §2 Tenant → employeeManagement；issue 5；docs/tenant-users.md）。其余文字与平台用户管理共用（user）。 */
export default {
  orgTree: '组织机构',
  allOrgs: '全部组织',
  includeSub: '包含下级组织',
  scopeAll: '当前范围：全部组织',
  scopeOrg: '当前范围：{{name}}',
  station: '岗位',
  stationPlaceholder: '全部岗位',
  readOnly: '只读：您的角色未授予此菜单的写权限',
};
