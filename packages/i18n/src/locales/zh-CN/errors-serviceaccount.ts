/** 服务账号的服务端消息：`errors:serviceaccount.<reason>`（docs/service-accounts.md）。 */
export default {
  serviceaccount: {
    not_found: '服务账号不存在或不在您的管理范围内',
    name_required: '请输入服务账号名称',
    name_too_long: '服务账号名称不能超过 {{max}} 个字符',
    description_too_long: '描述不能超过 {{max}} 个字符',
    role_required: '请至少选择一个角色',
    role_too_many: '最多选择 {{max}} 个角色',
    role_unknown: '角色“{{id}}”不存在或不属于本租户',
    expiry_invalid: '到期日期无效或早于今天',
    credential_invalid: '密钥 ID 或密钥错误',
    disabled: '服务账号已停用',
    expired: '服务账号凭据已过期',
    not_interactive: '服务账号不能交互式登录，请使用密钥获取令牌',
    no_identity: '服务账号不能设置为管理员或拥有身份，只能通过角色授权',
    no_renewal: '服务账号的会话不能续期，请重新获取令牌',
  },
};
