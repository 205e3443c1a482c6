/** 审批流程的服务端消息：`errors:workflow.<reason>`（docs/workflow.md）。 */
export default {
  workflow: {
    not_found: '申请不存在或无权查看',
    reason_required: '请输入申请理由',
    app_unavailable: '该应用不可申请：所在租户未使用该应用或应用已停用',
    already_user: '您已经可以使用该应用',
    role_unavailable: '该角色不可申请：角色不存在、已停用，或您不是该应用的用户',
    already_member: '您已经拥有该角色',
    duplicate: '您已有一个相同的申请正在审批中',
    already_decided: '该申请已由他人处理或已进入下一步，请刷新后重试',
    not_approver: '您不是该申请当前步骤的审批人',
    not_withdrawable: '只有申请人可以撤回审批中的申请',
    inaccessible: '流程错误或流程不可访问',
    not_resolvable: '只有当前步骤没有审批人的审批中申请可以改派或关闭；最后一步不能改派',
    steps_invalid: '流程步骤无效：应用管理员必须且只能是最后一步',
  },
};
