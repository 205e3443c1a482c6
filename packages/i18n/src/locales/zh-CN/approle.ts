/** 应用角色与权限模板页面（/app/roleManagement；docs/applications.md “应用角色与权限模板”）。 */
export default {
  title: '应用角色管理',
  intro: '本应用自己的角色：成员来自使用本应用的租户中的应用用户，授权覆盖本应用的菜单、页面、控件和 API。角色可由左侧的权限模板生成。',
  newRole: '新增角色',
  addTitle: '新增角色',
  modifyTitle: '修改角色',
  field: { code: '角色编号', name: '角色名称', status: '状态', description: '描述', template: '权限模板', templateMode: '模板方式', memberCount: '成员数', updatedAt: '更新时间' },
  search: { code: '角色编号', name: '角色名称' },
  action: { members: '成员', authorise: '授权', menuGrant: '菜单授权', apiGrant: 'API 授权', viewGrant: '授权查看', applyTemplate: '应用模板' },
  mode: {
    sync: '保持同步', copy: '复制一次',
    syncHelp: '角色的授权始终等于模板的授权：模板修改时随之更新。',
    copyHelp: '复制模板当前的授权；之后角色的授权独立修改。',
  },
  noTemplate: '不使用模板',
  templates: {
    title: '权限模板', add: '新增', addTitle: '新增模板', modifyTitle: '修改模板', edit: '修改', delete: '删除',
    confirmDelete: '删除模板“{{name}}”及其下级模板？跟随它们的角色保留现有授权（转为复制）。',
    menuGrant: '菜单授权', apiGrant: 'API 授权', name: '模板名称', description: '描述', namePlaceholder: '最多 30 个字符',
    syncRoles: '{{count}} 个角色跟随', rootTip: '根节点不支持权限配置', selectFirst: '请先选择模板再进行权限配置',
    moved: '已移动', dragHint: '拖动模板可调整层级',
  },
  apply: { title: '应用模板 - {{name}}', template: '模板', mode: '方式', done: '模板已应用' },
  grant: {
    menuTitle: '菜单授权 - {{name}}', apiTitle: 'API 授权 - {{name}}',
    syncWarning: '该角色跟随模板“{{template}}”；保存自己的授权后将转为复制，不再跟随模板。',
    templateHint: '保存后，跟随该模板的 {{count}} 个角色获得相同的授权。',
  },
  view: { title: '授权查看 - {{name}}', item: '授权项', menu: '所属菜单', purview: '权限', read: '读', readWrite: '读写', empty: '该角色没有任何授权' },
  members: { tenant: '租户' },
};
