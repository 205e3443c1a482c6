/** Server messages of the licence area: `errors:licence.<reason>`. zh-CN is the source. */
export default {
  code_required: '请输入激活码',
  malformed: '激活码格式不正确，请确认已完整复制',
  signature_invalid: '激活码无效：它不是为本系统签发的，或内容已被修改',
  code_expired: '激活码已于 {{date}} 过期',
  not_yet_valid: '激活码自 {{date}} 起才生效',
  already_active: '该激活码已激活，无需重复激活',
  expired: '许可已于 {{date}} 到期，续期前不能新增租户或用户，请激活新的激活码',
  trial_ended: '试用期已于 {{date}} 结束，激活系统后才能新增租户或用户',
  tenant_limit: '许可最多允许 {{limit}} 个租户，当前已有 {{count}} 个',
  user_limit: '许可最多允许 {{limit}} 个用户，当前已有 {{count}} 个，不能再新增 {{adding}} 个',
  audit_range_required: '请选择日志查询的日期范围',
  audit_range_order: '开始时间不能晚于结束时间',
  audit_range_too_long: '日志查询的日期范围不能超过 {{days}} 天',
  audit_range_invalid: '日期格式不正确',
};
