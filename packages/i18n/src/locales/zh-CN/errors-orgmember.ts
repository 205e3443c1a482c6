/** 组织成员领域的服务端消息：`errors:orgmember.<reason>`（SPEC §2 orgEmployeeRelation）。 */
export default {
  org_not_found: '组织不存在或已被删除',
  user_required: '请至少选择一个用户',
  member_required: '请至少选择一条记录',
  user_not_found: '所选用户不存在或不在您的数据范围内',
  affiliated: '“{{name}}”的所属组织就是该组织，不能在此移除，请在用户管理中修改所属组织',
};
