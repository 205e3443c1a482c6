/**
 * Console texts: dashboard — the platform administrator's dashboard (SPEC §2 Platform admin → dashboard).
 * zh-CN is the source; en-US and ja-JP must carry every key.
 */
export default {
  title: '首页',
  welcome: '欢迎回来，{{name}}',
  welcomeAnonymous: '欢迎回来',
  subtitle: '平台概况',
  tenantSubtitle: '租户概览',
  enabledUsers: '启用用户',
  organisations: '组织',
  stations: '岗位',
  apps: '已授权应用',
  tenants: '租户总数',
  enabledTenants: '启用的租户',
  users: '用户总数',
  products: '产品总数',
  roles: '角色总数',
  signIns: '近 7 天登录次数',
  signInCount: '登录次数',
  noSignIns: '近 7 天没有登录记录',
  refresh: '刷新',
  loadFailed: '数据加载失败',
  retry: '重试',
};
