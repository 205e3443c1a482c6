/** 账号领域的服务端消息：`errors:account.<reason>`（SPEC §2 accountManagement，§3 微信类型）。 */
export default {
  not_found: '账号不存在或已被删除',
  account_pattern: '账号只能包含字母、数字和 _ - . @',
  type_invalid: '请选择账号类型：企业微信、公众号或开放平台',
  account_in_use: '同类型的账号“{{account}}”已存在',
  user_not_found: '所选用户不存在或不在您的数据范围内',
  already_bound: '该账号已关联用户“{{username}}”，请先解绑微信',
  user_has_type: '该用户已关联同类型的账号“{{account}}”',
  not_bound: '该账号未关联用户',
};
