/**
 * Gateway addresses (PROTOCOL.md "Addresses"): `/gateway/{service}{path}`, path as SPEC §7 writes it.
 * Console and server both take paths from here so a path is found by grep.
 */
export const GATEWAY = '/gateway';

export const Paths = {
  config: '/gateway/auth/',
  validcode: '/gateway/auth/auth/login/validcode',
  signin: '/gateway/auth/auth/login/signin',
  modifyPassword: '/gateway/auth/auth/user/modifypassword',
  tokenlogin: '/gateway/tenant/tenant/login/tokenlogin',
  tokenlogout: '/gateway/tenant/tenant/login/tokenlogout',
  renewaltoken: '/gateway/tenant/tenant/login/renewaltoken',
  listmymenu: '/gateway/tenant/tenant/menu/listmymenu',
  querycodetablelist: '/gateway/tenant/plat/codetable/querycodetablelist',
  listtenant: '/gateway/tenant/plat/tenant/listtenant',
  gettenant: '/gateway/tenant/plat/tenant/gettenant',
  addtenant: '/gateway/tenant/plat/tenant/addtenant',
  edittenant: '/gateway/tenant/plat/tenant/edittenant',
  deletetenant: '/gateway/tenant/plat/tenant/deletetenant',
  statustenant: '/gateway/tenant/plat/tenant/statustenant',
  exporttenant: '/gateway/tenant/plat/tenant/exporttenant',
  uploadfile: '/gateway/tenant/plat/file/upload',
  /** GET `${getfile}/{fileId}?code=<md5(token)>` */
  getfile: '/gateway/tenant/plat/file/get',
  dashboard: '/gateway/tenant/plat/dashboard/summary',
  openapi: '/gateway/openapi.json',
} as const;
