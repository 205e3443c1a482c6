/**
 * Texts of the OpenID provider's own pages (docs/oidc.md "Pages"): error page, sign-out confirmation,
 * signed-out page. Server-rendered; zh-CN is the source.
 */
export default {
  systemName: 'MP3.0 统一身份认证',
  errorTitle: '无法继续登录',
  errorHint: '请返回应用重新发起登录；如问题持续，请联系管理员。',
  errorDetail: '详细信息',
  error: {
    invalid_request: '登录请求不合法。',
    invalid_client: '应用未注册、已停用或其所属应用已停用。',
    invalid_redirect_uri: '应用提供的回调地址未登记。',
    unauthorized_client: '该应用不允许使用此授权方式。',
    session_not_found: '登录请求已过期，请返回应用重新登录。',
    invalid_grant: '授权已失效。',
    access_denied: '没有访问该应用的权限。',
    server_error: '服务器异常，请稍后再试。',
    ticket_invalid: '登录交接凭证已过期或已被使用，请重新登录。',
    redirect_mismatch: '回调地址与登录请求不一致。',
    other: '登录过程中发生错误。',
  },
  signInAgain: '重新登录',
  logoutTitle: '退出登录',
  logoutQuestion: '是否退出{{system}}的登录？',
  logoutFrom: '应用：{{client}}',
  logoutYes: '是，退出登录',
  logoutNo: '否，保持登录',
  logoutDoneTitle: '已退出登录',
  logoutDone: '您已成功退出登录。',
  logoutDoneFrom: '您已成功退出 {{client}} 的登录。',
};
