/** 岗位领域的服务端消息：`errors:station.<reason>`（SPEC §5 Station / Position）。 */
export default {
  not_found: '岗位不存在或已被删除',
  name_pattern: '岗位名称不能包含单引号或尖括号',
  code_pattern: '岗位编码只能包含字母、数字和下划线',
  code_in_use: '岗位编码“{{code}}”在本租户中已被使用',
  parent_not_found: '所选上级岗位不属于本租户',
  parent_cycle: '上级岗位不能是岗位本身或其下级岗位',
  org_not_found: '所选组织不属于本租户',
  has_members: '岗位“{{name}}”下还有成员，不能删除',
  has_children: '岗位“{{name}}”下还有下级岗位，不能删除',
  user_required: '请至少选择一个用户',
  member_required: '请至少选择一个岗位成员',
  user_not_in_tenant: '所选用户不属于本租户',
};
