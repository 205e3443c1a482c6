/** Server messages of the mobile app menus: `errors:appmobilemenu.<reason>`; `field` are the field labels. zh-CN is the source. */
export default {
  not_found: '移动应用菜单不存在或已被删除',
  name_in_use: '应用名称“{{name}}”已存在',
  icon_not_found: '{{field}}的图片不存在，请重新上传',
  icon_type: '只能上传图片（.png、.jpg、.jpeg、.gif）',
  field: {
    name: '应用名称',
    listIcon: '列表图标',
    normalIcon: '普通图标',
    highlightIcon: '高亮图标',
    description: '描述',
  },
};
