/** Server messages of the product area: `errors:product.<reason>` (SPEC §5 Application). zh-CN is the source. */
export default {
  code_pattern: '产品编码只能由字母、数字和下划线组成',
  code_in_use: '产品编码“{{code}}”已被使用',
  version_pattern: '版本只能由字母、数字、点、连字符和下划线组成，且以字母或数字开头',
  url_invalid: '回调地址必须是以 http:// 或 https:// 开头的有效地址',
  email_invalid: '请输入负责人的有效邮箱地址',
  phone_invalid: '请输入负责人的有效电话号码',
  not_found: '产品不存在或已被删除',
  built_in: '内置产品“{{name}}”不能删除',
  in_use: '产品“{{name}}”已授权给 {{count}} 个租户，请先取消授权再删除',
  not_enabled: '产品“{{name}}”已停用，不能授权',
  admin_not_found: '所选管理员不存在或已停用',
};
