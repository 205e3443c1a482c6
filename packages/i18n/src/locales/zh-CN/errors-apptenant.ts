/** 应用租户的服务端消息：`errors:apptenant.<reason>`（SPEC §3 Application tenant、§8）。 */
export default {
  not_found: '应用租户不存在或已被平台取消授权',
  code_pattern: '应用租户编码只能由字母和数字组成',
  code_in_use: '应用租户编码“{{code}}”在本租户中已被使用',
};
