/** The mobile app menus (a tab of the menu designer, /app/menu; docs/applications.md "Mobile app menus"). zh-CN is the source. */
export default {
  title: '移动应用菜单',
  intro: '手机端（Phone 平台）首页显示的应用入口：每个入口有列表图标、普通图标和高亮图标，按顺序排列，可启用或停用。',
  newMenu: '新增应用',
  addTitle: '新增应用',
  modifyTitle: '编辑应用',
  keyword: '应用名称',
  keywordPlaceholder: '按应用名称搜索',
  noIcon: '无',
  iconHint: '.png、.jpg、.jpeg、.gif，不超过 10M',
  field: {
    id: 'AM_ID',
    name: '应用名称',
    listIcon: '列表图标',
    normalIcon: '普通图标',
    highlightIcon: '高亮图标',
    enabled: '启用',
    description: '描述',
    sort: '顺序',
  },
};
