/** 应用角色与权限模板的服务端消息：`errors:approle.<reason>`、`errors:apptemplate.<reason>`（docs/applications.md “应用角色与权限模板”）。 */
export default {
  approle: {
    not_found: '角色不存在或不属于该应用',
    code_in_use: '角色编号“{{code}}”已存在',
    user_required: '请至少选择一个用户',
    member_required: '请至少选择一个角色成员',
    not_app_user: '用户“{{id}}”不是该应用的用户',
  },
  apptemplate: {
    not_found: '权限模板不存在或不属于该应用',
    name_in_use: '同级下已存在名为“{{name}}”的模板',
    required: '请先选择模板再进行权限配置',
    root: '根节点不支持权限配置',
    move_cycle: '不能把模板移动到它自身或其下级之下',
  },
};
