/** Server messages of the self-service profile and the user's dashboard: `errors:profile.<reason>`. zh-CN is the source. */
export default {
  same_address: '新地址与当前地址相同',
  session_not_found: '会话不存在、已结束或不是您的会话',
  own_session: '不能结束当前会话，请使用退出登录',
  mail_failed: '验证码邮件发送失败，请稍后重试或联系管理员',
  mailSubject: '【{{system}}】更换联系方式验证码',
};
