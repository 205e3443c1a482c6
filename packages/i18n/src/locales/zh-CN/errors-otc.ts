/**
 * Server messages of one-time codes, MFA and password recovery: `errors:otc.<reason>`, plus the texts of
 * the mails and SMS they send (`errors:otc.mail.*`, `errors:otc.sms`). zh-CN is the source.
 */
export default {
  code_invalid: '验证码错误或已失效，请重新获取',
  code_too_many_tries: '验证码错误次数过多，请重新获取',
  code_empty: '动态码不能为空',
  mobile_invalid: '请输入正确的手机号',
  email_invalid: '请输入正确的邮箱地址',
  mail_not_configured: '平台未启用邮件配置，无法发送邮件，请联系管理员',
  sms_not_configured: '平台未启用短信配置，无法发送短信，请联系管理员',
  sms_send_failed: '短信发送失败：{{reason}}',
  mfa_ticket_invalid: '登录确认已超时，请重新登录',
  reset_link_invalid: '找回密码链接已失效，请使用最新的链接或重新找回',
  mfa_no_address: '账号未登记邮箱或手机号，无法完成登录确认，请联系管理员',
  public_url_missing: '服务器未配置对外访问地址（MP_PUBLIC_URL），无法发送找回密码邮件',
  sms: '【{{system}}】您的验证码为 {{code}}，{{minutes}} 分钟内有效。请勿泄露给他人。',
  mail: {
    loginSubject: '{{system}} 登录验证码',
    mfaSubject: '{{system}} 登录确认验证码',
    codeBody:
      '您好，{{name}}：\n\n您的验证码为：{{code}}\n\n验证码 {{minutes}} 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略本邮件，并考虑修改密码。\n\n{{system}}',
    resetSubject: '{{system}} 找回密码',
    resetBody:
      '您好，{{name}}：\n\n我们收到了重置账号 {{username}} 密码的请求。请在 {{minutes}} 分钟内打开以下链接设置新密码（链接只能使用一次）：\n\n{{link}}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。\n\n{{system}}',
    resetLinkText: '设置新密码',
  },
};
