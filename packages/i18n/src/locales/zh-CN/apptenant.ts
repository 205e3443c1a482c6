/** 应用管理（SPEC §2 appManagement、§3 Application tenant、§8）。 */
export default {
  title: '应用管理',
  notice: '应用由平台管理员在“租户管理 → 产品授权”中为本租户添加，这里可修改本租户使用的应用名称和编码、启用或停用。停用的应用，本租户用户不能登录。',
  empty: '本租户还没有应用。请联系平台管理员在“租户管理 → 产品授权”中为本租户授权产品。',
  modifyTitle: '修改应用',
  codePattern: '应用租户编码只能由字母和数字组成',
  field: {
    name: '应用名称',
    code: '应用编码',
    product: '产品',
    version: '版本',
    status: '状态',
    creator: '创建人',
    updatedAt: '更新时间',
    tenantId: '租户ID',
  },
  search: {
    name: '应用名称',
    code: '应用编码',
  },
  placeholder: {
    name: '必填，最多 50 个字符',
    code: '必填，字母和数字，最多 20 个字符',
  },
};
