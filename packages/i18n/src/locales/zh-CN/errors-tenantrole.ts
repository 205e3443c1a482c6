/** 租户区角色管理的服务端消息：`errors:tenantrole.<reason>`（docs/tenant-roles.md）。 */
export default {
  grant_api_unknown: '接口“{{id}}”不在本租户的接口目录中',
};
