/** 租户角色的应用授权的服务端消息：`errors:appgrant.<reason>`（docs/applications.md “授权到达租户”）。 */
export default {
  app_not_used: '本租户未使用应用“{{id}}”',
  item_unknown: '授权项“{{id}}”不是该应用权限树中的节点',
};
