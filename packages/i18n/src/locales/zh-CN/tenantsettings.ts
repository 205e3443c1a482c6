/** 租户的系统配置（SPEC §2 Tenant sysconfig：新用户默认值、组织分类）。 */
export default {
  title: '系统配置',
  users: {
    title: '新用户',
    validityDays: '默认有效期（天）',
    validityHelp: '在本租户新增用户且未填写失效日期时，失效日期 = 生效日期 + 该天数。留空表示不设默认值。',
    unit: '天',
  },
  categories: {
    title: '组织分类',
    help: '主组织树（0）为内置分类；其他分类用于组织元素库中的分类树。',
    key: '分类编号',
    name: '分类名称',
    add: '新增分类',
    builtIn: '内置',
    confirmDelete: '确定要删除分类“{{name}}”吗？',
  },
  saved: '保存成功',
  noAccess: '只有本租户的管理员可以修改系统配置',
};
