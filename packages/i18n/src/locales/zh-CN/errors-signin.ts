/** Server messages of the sign-in area: `errors:signin.<reason>` (codes/signin.ts; docs/login.md). */
export default {
  slider_required: '请完成安全验证：拖动滑块完成拼图',
  slider_failed: '安全验证未通过，请重新拖动滑块',
  pow_required: '请刷新页面后重新登录：浏览器安全校验未完成',
  pow_failed: '浏览器安全校验未通过，请重新登录',
  pow_expired: '安全校验已过期，请重新登录',
  password_change_required: '首次登录请先修改密码',
  password_unchanged: '新密码不能与原密码相同',
};
