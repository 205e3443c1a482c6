/** 租户区角色管理的界面文字（SPEC §2 Tenant → roleManagement；docs/tenant-roles.md）。其余文字沿用 role 命名空间。 */
export default {
  title: '角色管理',
  apiGrant: '接口授权',
  api: {
    title: '接口授权 - {{name}}',
    hint: '勾选此角色可以调用的接口；未勾选的接口调用将被拒绝。',
    selectGranted: '选择已授权菜单的接口',
    clear: '全部清除',
    menuGranted: '已授权菜单',
    menuNotGranted: '菜单未授权',
    count: '已选 {{count}} 个接口',
  },
  org: {
    hint: '勾选此角色可以访问其数据的组织（含其下级组织）；展开节点时按需加载下级。',
    granted: '已授权组织',
    none: '未选择组织',
    loadMore: '加载更多（已显示 {{shown}} / 共 {{total}} 个）',
  },
  view: {
    apis: '接口权限',
  },
  readOnly: '只读：您的角色没有此菜单的写权限',
};
