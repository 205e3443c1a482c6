/** Console texts: the HTTP client's error feedback (SPEC §8). zh-CN is the source; en-US and ja-JP carry every key. */
export default {
  networkError: '由于网络错误，此操作无法完成。',
  unknownError: '未知错误，请联系管理员',
  tipInformation: '提示信息',
  authExpired: '认证已过期，请重新登录',
  requestTimeout: '请求超时',
  errorTitle: '错误',
  confirm: '确定',
};
