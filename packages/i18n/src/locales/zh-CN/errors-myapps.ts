/** Server messages of My apps: `errors:myapps.<reason>`. zh-CN is the source. */
export default {
  app_not_found: '应用不存在，或您无权使用该应用',
  not_sso_query: '该应用通过 OpenID Connect 登录，请直接打开它的地址',
  no_address: '该应用的回调地址无效，无法打开，请联系应用管理员',
};
