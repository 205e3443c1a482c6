/**
 * Console texts: tenant — the platform tenant management screen (SPEC §2 tenancyManager, §3 Tenant,
 * §5 Tenant). zh-CN is the source; en-US and ja-JP must carry every key.
 */
export default {
  title: '租户管理',
  addTitle: '新增租户',
  modifyTitle: '修改租户',
  newTenant: '新增租户',
  keyword: '关键字',
  keywordPlaceholder: '名称、编码或简称',
  builtIn: '内置',
  builtInLocked: '内置租户不能删除或停用',
  codeLocked: '租户编码创建后不能修改',
  codePattern: '应用租户编码必须由字母和数字组成',
  exportFileName: '租户列表.xlsx',
  field: {
    logo: 'Logo',
    name: '租户名称',
    code: '租户编码',
    abbreviation: '简称',
    address: '地址',
    status: '状态',
    description: '描述',
    creator: '创建人',
    createdAt: '创建时间',
    updatedAt: '更新时间',
    id: '租户 ID',
  },
  placeholder: {
    name: '例如：华东分公司',
    code: '字母和数字，例如 east01',
    abbreviation: '例如：华东',
    address: '租户的办公地址',
    description: '选填，最多 200 个字符',
  },
  logoHint: 'PNG、JPG、GIF 等图片，不超过 10M',
};
