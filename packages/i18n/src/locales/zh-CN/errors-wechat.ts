/** 微信扫码登录的服务端消息：`errors:wechat.<reason>`（SPEC §3 微信类型、§7、§8；docs/wechat-signin.md）。 */
export default {
  not_configured: '未启用微信登录',
  ticket_invalid: '二维码已失效，请刷新二维码',
  not_scanned: '请先用微信扫描二维码',
  too_many_tries: '密码错误次数过多，请刷新二维码后重试',
  provider_error: '微信拒绝了登录请求（{{errcode}}：{{errmsg}}）',
  provider_unreachable: '无法连接微信服务，请稍后重试',
  bound_to_other: '该微信账号已绑定其他用户',
  account_disabled: '该微信账号已被禁用',
  ambiguous: '该微信账号在多个租户中绑定了用户，请通过所在租户的登录地址登录',
  page_title: '微信登录',
  page_done: '扫码成功，请在电脑上继续操作',
};
