/** Server messages of the application's people: `errors:appuser.<reason>` (docs/applications.md "Application people"). zh-CN is the source. */
export default {
  tenant_not_using: '该租户未使用本应用',
  org_not_found: '组织不存在或已被删除',
  root_redundant: '组织“{{name}}”已在根组织“{{root}}”之内，无需重复添加',
  org_outside_roots: '所选组织不在本应用的根组织之内',
  user_not_found: '用户不存在或不是本应用的用户',
  admin_untouchable: '用户“{{username}}”是管理员或当前用户，不能在此操作',
  account_in_use: '应用账号“{{account}}”已被该租户的其他用户使用',
  selection_required: '请至少选择一条记录',
};
