/** Server messages of the sign-in area: `errors:signin.<reason>` (codes/signin.ts; docs/login.md). */
export default {
  slider_required: '请完成安全验证：拖动滑块完成拼图',
  slider_failed: '安全验证未通过，请重新拖动滑块',
  password_change_required: '首次登录请先修改密码',
  password_unchanged: '新密码不能与原密码相同',
};
