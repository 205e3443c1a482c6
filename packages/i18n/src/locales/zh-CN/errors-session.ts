/** Server messages of the online-session area: `errors:session.<reason>`. zh-CN is the source. */
export default {
  not_found: '会话不存在、已结束或不属于您可管理的租户',
  own_session: '不能强制下线自己当前的会话，请使用退出登录',
};
