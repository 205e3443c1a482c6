/** Server messages of the policy service: `errors:policy.<reason>` (docs/applications.md "Policy service"). zh-CN is the source. */
export default {
  client_unauthorized: '客户端认证失败：请使用应用的机密客户端凭证（HTTP Basic）或其 client_credentials 访问令牌',
  tenant_not_subscribed: '该租户不存在或未使用此应用',
  user_not_found: '该租户中不存在此用户',
  user_required: '请提供 userId 或 username 其中之一（且只能提供一个）',
  target_required: '请提供 api、control、menu 其中之一（且只能提供一个）',
  cursor_invalid: '同步游标无效',
  cursor_expired: '同步游标已过期，请重新读取权限后再同步',
  ticket_invalid: '单点登录票据无效、已使用或已过期，请从“我的应用”重新打开应用',
};
