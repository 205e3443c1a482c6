/**
 * Console texts: licence — licence management and system activation (SPEC §2 permitManager, §1 system
 * activation, §4 days-left warning, §5 "Activation code required") and the header's licence badge.
 * zh-CN is the source; en-US and ja-JP must carry every key.
 */
export default {
  title: '许可管理',
  current: '当前许可',
  refresh: '刷新',
  state: {
    trial: '试用中',
    trial_ended: '试用已结束',
    active: '已激活',
    expired: '已过期',
  },
  field: {
    customer: '客户',
    serial: '许可编号',
    issuedAt: '签发时间',
    expiresAt: '到期时间',
    trialStartedAt: '安装时间',
    trialEndsAt: '试用结束时间',
    daysLeft: '剩余天数',
    activatedBy: '激活人',
    activatedAt: '激活时间',
    fingerprint: '激活码指纹',
    limits: '许可限制',
    status: '状态',
  },
  days: '{{count}} 天',
  dayOne: '{{count}} 天',
  unit: '天',
  unitOne: '天',
  unlimited: '不限',
  trialCustomer: '未激活（试用）',
  usage: {
    title: '许可用量',
    tenants: '租户',
    users: '用户',
    of: '{{used}} / {{limit}}',
    unlimitedOf: '{{used}} / 不限',
  },
  limitsText: '租户 {{tenants}}，用户 {{users}}',
  alert: {
    trial: '系统尚未激活，正在试用，试用期还剩 {{days}}。试用期内不限制租户和用户数量；到期后需激活才能新增租户和用户。',
    trial_ended: '试用期已于 {{date}} 结束。现有数据和登录不受影响，但激活系统后才能新增租户和用户。',
    warn: '许可将于 {{date}} 到期，还剩 {{days}}。请及时联系供应商获取新的激活码。',
    expired: '许可已于 {{date}} 到期。现有数据和登录不受影响，但激活新的激活码后才能新增租户和用户。',
  },
  activate: {
    title: '激活系统',
    code: '激活码',
    placeholder: '粘贴供应商提供的激活码',
    required: '请输入激活码',
    hint: '激活码在本地离线校验，无需联网。激活后新的许可立即生效，原许可保留在激活记录中。',
    submit: '激活',
    success: '激活成功，许可有效期至 {{date}}',
  },
  history: {
    title: '激活记录',
    inForce: '生效中',
    replaced: '已替换',
  },
  badge: {
    trial: '试用剩余 {{days}}',
    warn: '许可剩余 {{days}}',
    expired: '许可已过期',
    trial_ended: '试用已结束',
    tip: '点击查看许可管理',
  },
};
