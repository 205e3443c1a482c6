/** 组织映射与用户映射的服务端消息：`errors:mapping.<reason>`（SPEC §2 orgMappingManagement、employeeMappingManagement）。 */
export default {
  not_found: '映射不存在或已被删除',
  app_not_found: '所选应用不属于本租户',
  org_not_found: '所选组织不属于本租户',
  user_not_found: '所选用户不属于本租户',
  org_mapped: '组织“{{name}}”在该应用中已有映射',
  code_in_use: '应用组织编码“{{code}}”在该应用中已被映射',
  user_mapped: '用户“{{name}}”在该应用中已有映射',
  account_in_use: '应用账号“{{account}}”在该应用中已被映射',
  code_pattern: '只能包含字母、数字和 . _ - @',
};
