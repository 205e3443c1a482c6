/** Server-side menu names (tenant menu rows of listmymenu, SPEC §2). zh-CN is the source. */
export default {
  appManagement: '应用管理',
  baseOrgManagement: '组织元素库',
  orgManagement: '组织管理',
  orgMappingManagement: '组织映射管理',
  orgEmployeeRelation: '组织成员',
  roleManagement: '角色管理',
  stationManagement: '岗位管理',
  employeeManagement: '用户管理',
  employeeMappingManagement: '用户映射管理',
  accountManagement: '账号管理',
  auditlog: '审计日志',
  callStats: '服务调用统计',
  callLogs: '调用日志',
  serviceAccounts: '服务账号',
  sysconfig: '系统配置',
};
