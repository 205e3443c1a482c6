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
  // Tenant management, completed (issue 3): product authorisation and set administrator
  listtenantproduct: '/gateway/tenant/plat/tenant/listtenantproduct',
  savetenantproduct: '/gateway/tenant/plat/tenant/savetenantproduct',
  listtenantadmin: '/gateway/tenant/plat/tenant/listtenantadmin',
  savetenantadmin: '/gateway/tenant/plat/tenant/savetenantadmin',
  // Products (SPEC §3 Application)
  listproduct: '/gateway/tenant/plat/product/listproduct',
  getproduct: '/gateway/tenant/plat/product/getproduct',
  addproduct: '/gateway/tenant/plat/product/addproduct',
  editproduct: '/gateway/tenant/plat/product/editproduct',
  deleteproduct: '/gateway/tenant/plat/product/deleteproduct',
  statusproduct: '/gateway/tenant/plat/product/statusproduct',
  exportproduct: '/gateway/tenant/plat/product/exportproduct',
  // Users (SPEC §3 User)
  listuser: '/gateway/tenant/plat/user/listuser',
  getuser: '/gateway/tenant/plat/user/getuser',
  adduser: '/gateway/tenant/plat/user/adduser',
  edituser: '/gateway/tenant/plat/user/edituser',
  deleteuser: '/gateway/tenant/plat/user/deleteuser',
  statususer: '/gateway/tenant/plat/user/statususer',
  lockuser: '/gateway/tenant/plat/user/lockuser',
  resetuserpassword: '/gateway/tenant/plat/user/resetuserpassword',
  importuser: '/gateway/tenant/plat/user/importuser',
  exportuser: '/gateway/tenant/plat/user/exportuser',
  templateuser: '/gateway/tenant/plat/user/templateuser',
  // Data roles and grants (SPEC §7 /plat/role/*, /plat/rolepurview/*)
  listrole: '/gateway/tenant/plat/role/listrole',
  addrole: '/gateway/tenant/plat/role/addrole',
  editrole: '/gateway/tenant/plat/role/editrole',
  deleterole: '/gateway/tenant/plat/role/deleterole',
  listroleuser: '/gateway/tenant/plat/role/listroleuser',
  listusernotinrole: '/gateway/tenant/plat/role/listusernotinrole',
  addroleuser: '/gateway/tenant/plat/role/addroleuser',
  deleteroleuser: '/gateway/tenant/plat/role/deleteroleuser',
  listmenupurviewtree: '/gateway/tenant/plat/rolepurview/listmenupurviewtree',
  savemenupurview: '/gateway/tenant/plat/rolepurview/savemenupurview',
  listorgtypepurview: '/gateway/tenant/plat/rolepurview/listorgtypepurview',
  saveorgtypepurview: '/gateway/tenant/plat/rolepurview/saveorgtypepurview',
  listorgpurview: '/gateway/tenant/plat/rolepurview/listorgpurview',
  saveorgpurview: '/gateway/tenant/plat/rolepurview/saveorgpurview',
  // Platform configuration (SPEC §7 codetable calls, §9)
  getloginconfig: '/gateway/auth/auth/login/get',
  saveloginconfig: '/gateway/tenant/plat/codetable/saveloginconfig',
  savecodetablelist: '/gateway/tenant/plat/codetable/savecodetablelist',
  queryldapconfiglist: '/gateway/tenant/plat/codetable/queryldapconfiglist',
  querymailconfiglist: '/gateway/tenant/plat/codetable/querymailconfiglist',
  querysmsconfiglist: '/gateway/tenant/plat/codetable/querysmsconfiglist',
  querywxconfiglist: '/gateway/tenant/plat/codetable/querywxconfiglist',
  saveldapconfiglist: '/gateway/tenant/plat/codetable/saveldapconfiglist',
  savemailconfiglist: '/gateway/tenant/plat/codetable/savemailconfiglist',
  savesmsconfiglist: '/gateway/tenant/plat/codetable/savesmsconfiglist',
  savewxconfiglist: '/gateway/tenant/plat/codetable/savewxconfiglist',
  sendtestmail: '/gateway/tenant/plat/codetable/sendtestmail',
  testldapconnection: '/gateway/tenant/plat/codetable/testldapconnection',
  queryorgtypeconfiglist: '/gateway/tenant/plat/codetable/queryorgtypeconfiglist',
  queryorgcateconfiglist: '/gateway/tenant/plat/codetable/queryorgcateconfiglist',
  saveorgcateconfig: '/gateway/tenant/plat/codetable/saveorgcateconfig',
  delorgcateconfig: '/gateway/tenant/plat/codetable/delorgcateconfig',
  // Licence and activation (SPEC §1, §4, §5)
  getlicence: '/gateway/tenant/plat/licence/getlicence',
  listlicence: '/gateway/tenant/plat/licence/listlicence',
  activatelicence: '/gateway/tenant/plat/licence/activatelicence',
  // Organisation tree for pickers (platform administrators)
  listorgtree: '/gateway/tenant/plat/org/listorgtree',
  // Candidates for product administrators and tenant administrators
  listproductadmincandidate: '/gateway/tenant/plat/product/listadmincandidate',
  listtenantadmincandidate: '/gateway/tenant/plat/tenant/listadmincandidate',
  // Stations (positions) for the user form (SPEC §3 Station)
  liststation: '/gateway/tenant/plat/station/liststation',
  // Station management in the tenant area (issue 5, engineer "stations"; TENANTID tenant, its administrators)
  listtenantstation: '/gateway/tenant/plat/station/listtenantstation', addstation: '/gateway/tenant/plat/station/addstation', editstation: '/gateway/tenant/plat/station/editstation',
  deletestation: '/gateway/tenant/plat/station/deletestation', statusstation: '/gateway/tenant/plat/station/statusstation', liststationuser: '/gateway/tenant/plat/station/liststationuser',
  addstationuser: '/gateway/tenant/plat/station/addstationuser', deletestationuser: '/gateway/tenant/plat/station/deletestationuser', listusernotinstation: '/gateway/tenant/plat/station/listusernotinstation',
  // Audit log
  listauditlog: '/gateway/tenant/plat/auditlog/listauditlog',
  // Online sessions and the administrator token calls (issue 4, engineer "sessions")
  listsession: '/gateway/tenant/plat/session/listsession',
  endsession: '/gateway/tenant/plat/session/endsession',
  admintokenlogin: '/gateway/tenant/tenant/login/admintokenlogin',
  renewaladmintoken: '/gateway/tenant/tenant/login/renewaladmintoken',
  // Single sign-on (issue 4; docs/oidc.md): the console's hand-off ticket and the provider's interaction base
  ssoticket: '/gateway/auth/auth/login/ssoticket',
  oidcInteraction: '/oidc/interaction',
  // Client access of an app (issue 4 SSO; docs/clients.md) and the app administrator's apps
  listclient: '/gateway/tenant/plat/client/listclient', getclient: '/gateway/tenant/plat/client/getclient', addclient: '/gateway/tenant/plat/client/addclient', editclient: '/gateway/tenant/plat/client/editclient',
  deleteclient: '/gateway/tenant/plat/client/deleteclient', statusclient: '/gateway/tenant/plat/client/statusclient', resetclientsecret: '/gateway/tenant/plat/client/resetclientsecret', listmyapp: '/gateway/tenant/plat/product/listmyapp',
  // One-time codes, MFA and password recovery (issue 4; docs/codes.md)
  sendemailcode: '/gateway/auth/auth/login/send/email',
  sendmobilecode: '/gateway/auth/auth/login/send/mobile',
  signinbycode: '/gateway/auth/auth/login/signinbycode',
  mfasend: '/gateway/auth/auth/mfa/send',
  loginconfirm: '/gateway/auth/auth/login/confirm',
  findpwd: '/gateway/auth/auth/user/findpwd',
  checkresetpwd: '/gateway/auth/auth/user/checkresetpwd',
  resetpwd: '/gateway/auth/auth/user/resetpwd',
  // Tenant administrator's tenants (SPEC §2 tenancyList; docs/tenancy.md)
  listmytenant: '/gateway/tenant/plat/tenancy/listmytenant',
  tenancydashboard: '/gateway/tenant/plat/tenancy/dashboard',
  // Tenant area's audit log (issue 5, engineer "auditlog"; docs/auditlog.md)
  listtenantauditlog: '/gateway/tenant/plat/auditlog/listtenantauditlog',
  exporttenantauditlog: '/gateway/tenant/plat/auditlog/exporttenantauditlog',
  // Organisations of the tenant area (issue 5; docs/tenancy.md; schemas/organisation.ts)
  listorgchildren: '/gateway/tenant/plat/org/listorgchildren',
  searchorg: '/gateway/tenant/plat/org/searchorg',
  // Role management of the tenant area (issue 5, engineer "troles"; docs/tenant-roles.md; schemas/tenant-role.ts)
  listtenantrole: '/gateway/tenant/plat/role/listtenantrole', addtenantrole: '/gateway/tenant/plat/role/addtenantrole', edittenantrole: '/gateway/tenant/plat/role/edittenantrole', deletetenantrole: '/gateway/tenant/plat/role/deletetenantrole',
  listtenantroleuser: '/gateway/tenant/plat/role/listtenantroleuser', listusernotintenantrole: '/gateway/tenant/plat/role/listusernotintenantrole', addtenantroleuser: '/gateway/tenant/plat/role/addtenantroleuser', deletetenantroleuser: '/gateway/tenant/plat/role/deletetenantroleuser',
  listtenantmenupurview: '/gateway/tenant/plat/rolepurview/listtenantmenupurview', savetenantmenupurview: '/gateway/tenant/plat/rolepurview/savetenantmenupurview', listtenantorgtypepurview: '/gateway/tenant/plat/rolepurview/listtenantorgtypepurview', savetenantorgtypepurview: '/gateway/tenant/plat/rolepurview/savetenantorgtypepurview',
  listtenantorgpurview: '/gateway/tenant/plat/rolepurview/listtenantorgpurview', savetenantorgpurview: '/gateway/tenant/plat/rolepurview/savetenantorgpurview', listtenantapipurview: '/gateway/tenant/plat/rolepurview/listtenantapipurview', savetenantapipurview: '/gateway/tenant/plat/rolepurview/savetenantapipurview', listtenantgrantview: '/gateway/tenant/plat/rolepurview/listtenantgrantview',
  // Organisation management and element library (issue 5, engineer "organisations"; docs/organisations.md)
  getorg: '/gateway/tenant/plat/org/getorg', listorg: '/gateway/tenant/plat/org/listorg', addorg: '/gateway/tenant/plat/org/addorg', editorg: '/gateway/tenant/plat/org/editorg',
  deleteorg: '/gateway/tenant/plat/org/deleteorg', statusorg: '/gateway/tenant/plat/org/statusorg', moveorg: '/gateway/tenant/plat/org/moveorg', detachorg: '/gateway/tenant/plat/org/detachorg',
  importorg: '/gateway/tenant/plat/org/importorg', exportorg: '/gateway/tenant/plat/org/exportorg', templateorg: '/gateway/tenant/plat/org/templateorg',
  // Background jobs of the tenant area (imports; docs/tenancy.md)
  getjob: '/gateway/tenant/plat/job/getjob',
  // Users of the tenant area (issue 5, engineer "tusers"; docs/tenant-users.md; schemas/tenant-user.ts)
  listtenantuser: '/gateway/tenant/plat/user/listtenantuser', gettenantuser: '/gateway/tenant/plat/user/gettenantuser', addtenantuser: '/gateway/tenant/plat/user/addtenantuser',
  edittenantuser: '/gateway/tenant/plat/user/edittenantuser', deletetenantuser: '/gateway/tenant/plat/user/deletetenantuser', statustenantuser: '/gateway/tenant/plat/user/statustenantuser',
  locktenantuser: '/gateway/tenant/plat/user/locktenantuser', resettenantuserpassword: '/gateway/tenant/plat/user/resettenantuserpassword', importtenantuser: '/gateway/tenant/plat/user/importtenantuser',
  exporttenantuser: '/gateway/tenant/plat/user/exporttenantuser', templatetenantuser: '/gateway/tenant/plat/user/templatetenantuser', listtenantuserstation: '/gateway/tenant/plat/user/listtenantuserstation',
  // Application tenants and organisation / user mappings (issue 5, engineer "apps"; docs/tenant-apps.md)
  listapptenant: '/gateway/tenant/plat/apptenant/listapptenant', editapptenant: '/gateway/tenant/plat/apptenant/editapptenant', statusapptenant: '/gateway/tenant/plat/apptenant/statusapptenant',
  listorgmapping: '/gateway/tenant/plat/orgmapping/listorgmapping', addorgmapping: '/gateway/tenant/plat/orgmapping/addorgmapping', editorgmapping: '/gateway/tenant/plat/orgmapping/editorgmapping',
  deleteorgmapping: '/gateway/tenant/plat/orgmapping/deleteorgmapping', listorgmappingapp: '/gateway/tenant/plat/orgmapping/listorgmappingapp',
  listusermapping: '/gateway/tenant/plat/usermapping/listusermapping', addusermapping: '/gateway/tenant/plat/usermapping/addusermapping', editusermapping: '/gateway/tenant/plat/usermapping/editusermapping',
  deleteusermapping: '/gateway/tenant/plat/usermapping/deleteusermapping', listusermappingapp: '/gateway/tenant/plat/usermapping/listusermappingapp', listmappinguser: '/gateway/tenant/plat/usermapping/listmappinguser',
  // Organisation members, accounts and the tenant's configuration (issue 5, engineer "members"; docs/tenant-members.md)
  listorguser: '/gateway/tenant/plat/orgmember/listorguser', listusernotinorg: '/gateway/tenant/plat/orgmember/listusernotinorg',
  addorguser: '/gateway/tenant/plat/orgmember/addorguser', deleteorguser: '/gateway/tenant/plat/orgmember/deleteorguser',
  listaccount: '/gateway/tenant/plat/account/listaccount', addaccount: '/gateway/tenant/plat/account/addaccount', editaccount: '/gateway/tenant/plat/account/editaccount',
  deleteaccount: '/gateway/tenant/plat/account/deleteaccount', bindaccount: '/gateway/tenant/plat/account/bindaccount', unbindaccount: '/gateway/tenant/plat/account/unbindaccount',
  listaccountusercandidate: '/gateway/tenant/plat/account/listusercandidate',
  gettenantsettings: '/gateway/tenant/plat/tenantsettings/gettenantsettings', savetenantsettings: '/gateway/tenant/plat/tenantsettings/savetenantsettings',
  listtenantorgcate: '/gateway/tenant/plat/tenantsettings/listorgcate', savetenantorgcate: '/gateway/tenant/plat/tenantsettings/saveorgcate', deltenantorgcate: '/gateway/tenant/plat/tenantsettings/delorgcate',
  openapi: '/gateway/openapi.json',
} as const;
