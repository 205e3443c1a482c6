/** 租户角色的应用授权（权限树、角色授权 / 角色接口授权 / 查看授权对话框中的应用页签；docs/applications.md）。 */
export default {
  showName: '{{name}}（{{suffix}}）',
  suffix: {
    module: '模块', page: '页面', form: '表单', api: '接口',
    composite: '复合控件', button: '按钮', grid: '表格', input: '输入框', display: '显示框',
  },
  unattached: '未挂接到页面的接口',
  consoleTab: '控制台菜单',
  menuHint: '按菜单、页面和控件勾选读 / 写；勾选写会同时保留读。',
  apiHint: '勾选该角色可以调用的应用接口；未勾选的接口将被拒绝。',
  search: '搜索名称',
  noMatch: '未找到结果',
  noData: '此节点没有数据',
  disabled: '已停用',
  appDisabled: '应用已停用',
  selectAll: '全选',
  clear: '全部清除',
  count: '已选 {{count}} 个接口',
  view: {
    title: '应用权限',
    menus: '菜单',
    controls: '控件',
    apis: '接口',
  },
};
