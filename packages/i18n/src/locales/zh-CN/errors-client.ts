/** Server messages of client access management: `errors:client.<reason>` (docs/clients.md). zh-CN is the source. */
export default {
  id_pattern: '客户端 ID 只能由字母、数字、连字符和下划线组成',
  id_in_use: '客户端 ID“{{clientId}}”已被使用',
  not_found: '客户端不存在或已被删除',
  app_required: '请先选择应用',
  uri_invalid: '“{{uri}}”不是以 http:// 或 https:// 开头的有效地址',
  uri_fragment: '回调地址“{{uri}}”不能包含 # 片段',
  uri_https_required: '回调地址“{{uri}}”必须使用 https（仅 localhost 和 127.0.0.1 允许 http）',
  uri_too_long: '回调地址“{{uri}}”不能超过 {{max}} 个字符',
  uris_too_many: '回调地址最多 {{max}} 个',
  redirect_uri_required: '授权码模式至少需要一个回调地址',
  grant_type_required: '请至少选择一种授权类型',
  grant_type_invalid: '不支持的授权类型“{{grantType}}”',
  refresh_needs_code: '刷新令牌只能与授权码模式一起使用',
  public_no_secret: '公共客户端没有密钥，无法重置密钥',
  credentials_need_secret: '公共客户端没有密钥，不能使用客户端凭证授权（client_credentials）',
};
