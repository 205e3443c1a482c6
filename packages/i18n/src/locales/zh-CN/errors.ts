/** Server messages by response code (SPEC §8). zh-CN is the source; the others carry every key. */
import productErrors from './errors-product.js';
import userErrors from './errors-user.js';
import roleErrors from './errors-role.js';
import sysconfigErrors from './errors-sysconfig.js';
import licenceErrors from './errors-licence.js';
import otcErrors from './errors-otc.js';
import clientErrors from './errors-client.js';
import apppageErrors from './errors-apppage.js';
import sessionErrors from './errors-session.js';
import profileErrors from './errors-profile.js';
import myappsErrors from './errors-myapps.js';
import opsErrors from './errors-ops.js';
import signinErrors from './errors-signin.js';
import stationErrors from './errors-station.js';
import bigfileErrors from './errors-bigfile.js';
import wechatErrors from './errors-wechat.js';
import faceErrors from './errors-face.js';
import orgmemberErrors from './errors-orgmember.js';
import appuserErrors from './errors-appuser.js';
import accountErrors from './errors-account.js';
import tenantsettingsErrors from './errors-tenantsettings.js';
import organisationErrors from './errors-organisation.js';
import auditlogErrors from './errors-auditlog.js';
import tenantroleErrors from './errors-tenantrole.js';
import appgrantErrors from './errors-appgrant.js';
import apptenantErrors from './errors-apptenant.js';
import mappingErrors from './errors-mapping.js';
import appapiErrors from './errors-appapi.js';
import appmobilemenuErrors from './errors-appmobilemenu.js';
import appmenuErrors from './errors-appmenu.js';
import policyErrors from './errors-policy.js';
import approleErrors from './errors-approle.js';
import noticeErrors from './errors-notice.js';
import serviceaccountErrors from './errors-serviceaccount.js';
import calllogErrors from './errors-calllog.js';
import messageErrors from './errors-message.js';
import workflowErrors from './errors-workflow.js';

export default {
  '10001001920': '请先阅读并同意用户协议和隐私政策',
  '10009021001': '无效的令牌，请重新登录',
  '10009021002': '令牌已过期，请重新登录',
  '10025000350': '您的账号已在别处登录，请重新登录',
  '10009029001': '没有访问此接口的权限',
  protocol: {
    signature_invalid: '请求签名无效',
    timestamp_stale: '请求时间戳超出允许范围，请校准本机时间',
    nonce_replayed: '重复的请求已被拒绝',
    headers_missing: '缺少必需的请求头：{{names}}',
    token_missing: '认证已过期，请重新登录',
    body_invalid: '请求参数不合法：{{detail}}',
    payload_too_large: '请求内容超出大小限制',
    rate_limited: '请求过于频繁，请 {{seconds}} 秒后再试',
    decrypt_failed: '加密数据无法解密',
    not_found: '接口不存在',
    bad_characters: '字段 {{field}} 含有不允许的字符（NUL 字符或不成对的代理项）',
    bad_key: '不允许的字段名 {{field}}',
    too_deep: '请求的嵌套层级过深（{{field}}）',
    bad_url: '请求地址的百分号编码不合法',
    url_too_long: '请求地址过长',
    headers_too_large: '请求头过大',
    unsupported_media_type: '不支持的请求内容类型，请使用 application/json',
    body_not_allowed: 'GET 请求不能携带请求体',
    bad_request: '请求格式不正确',
    request_timeout: '请求未能及时完整送达',
    timestamp_invalid: '请求时间戳必须是十进制毫秒数',
    sign_range_wrong: '签名范围不正确：带 JSON 请求体的 POST 请求必须为 2，其他请求为 1',
    server_error: '服务器异常，请联系管理员（请求号 {{requestId}}）',
    database_unavailable: '数据库暂时不可用，请稍后重试',
  },
  login: {
    captcha_required: '请输入验证码',
    captcha_wrong: '验证码错误或已失效，请重新输入',
    bad_credentials: '用户名或密码错误',
    account_locked: '账号因多次登录失败已被锁定，请于 {{minutes}} 分钟后再试或联系管理员',
    account_disabled: '账号已被禁用，请联系管理员',
    account_expired: '账号不在有效期内，请联系管理员',
    tenant_disabled: '所属租户已停用，请联系平台管理员',
    test_account: '暂不支持测试账号登录',
  },
  password: {
    strength_failed: '密码强度校验失败',
    mismatch: '两次输入的密码不一致',
    original_wrong: '原密码错误',
  },
  validation: {
    required: '请输入{{field}}',
    too_long: '{{field}}不能超过 {{max}} 个字符',
    pattern: '{{field}}格式不正确',
    script_tag: '提交的数据不能包含 script 标签',
    choose_at_least_one: '请至少选择一条记录',
  },
  tenant: {
    code_pattern: '应用租户编码必须由字母和数字组成',
    code_in_use: '租户编码“{{code}}”已被使用',
    not_found: '租户不存在或已被删除',
    built_in: '内置租户“{{name}}”不能删除或停用',
    has_users: '租户“{{name}}”下仍有用户、角色或组织，不能删除',
    admin_user_invalid: '所选管理员必须是该租户或平台租户中已启用的用户',
    product_duplicate: '同一产品不能重复授权',
  },
  job: {
    not_found: '任务不存在',
  },
  file: {
    invalid_type: '文件类型无效',
    too_large: '文件大小不能超过 {{size}}',
    name_too_long: '文件名长度不能大于 50',
    not_found: '文件不存在',
  },
  product: productErrors,
  user: userErrors,
  role: roleErrors,
  sysconfig: sysconfigErrors,
  licence: licenceErrors,
  otc: otcErrors,
  client: clientErrors,
  apppage: apppageErrors,
  session: sessionErrors,
  profile: profileErrors,
  myapps: myappsErrors,
  ops: opsErrors,
  signin: signinErrors,
  station: stationErrors,
  bigfile: bigfileErrors,
  wechat: wechatErrors,
  face: faceErrors,
  orgmember: orgmemberErrors,
  appuser: appuserErrors,
  account: accountErrors,
  tenantsettings: tenantsettingsErrors,
  organisation: organisationErrors,
  auditlog: auditlogErrors,
  tenantrole: tenantroleErrors,
  appgrant: appgrantErrors,
  apptenant: apptenantErrors,
  mapping: mappingErrors,
  appapi: appapiErrors,
  appmobilemenu: appmobilemenuErrors,
  appmenu: appmenuErrors,
  policy: policyErrors,
  ...approleErrors,
  ...noticeErrors,
  ...serviceaccountErrors,
  ...calllogErrors,
  ...messageErrors,
  ...workflowErrors,
  field: {
    account: '账号',
    nickname: '昵称',
    userValidityDays: '新用户默认有效期（天）',
    externalCode: '应用组织编码',
    externalName: '应用中的名称',
    externalAccount: '应用账号',
    clientId: '客户端 ID',
    formId: 'formID',
    pageName: '页面名称',
    pagePath: '页面路径',
    nodeName: '名称',
    fieldName: '字段名',
    selector: '选择器',
    dataSource: '数据源',
    alias: '显示名称',
    codeKey: '键',
    codeVal: '值',
    systemName: '系统名称',
    host: '服务器地址',
    port: '端口',
    fromAddress: '发件人地址',
    fromName: '发件人名称',
    ldapUrl: 'LDAP 地址',
    domain: '域名',
    baseDn: '基准 DN',
    bindDn: '绑定 DN',
    userFilter: '用户过滤条件',
    timeoutSeconds: '超时（秒）',
    smsUrl: '短信接口地址',
    accessKeyId: 'AccessKey ID',
    signName: '短信签名',
    templateCode: '模板编号',
    corpId: '企业 ID（CorpID）',
    agentId: '应用 AgentID',
    appId: 'AppID',
    mailPassword: '邮箱密码',
    bindPassword: '绑定密码',
    appSecret: '应用密钥',
    recipient: '收件人',
    orgCategoryKey: '分类编号',
    orgCategoryName: '分类名称',
    httpHeaders: '请求头',
    bodyTemplate: '请求体模板',
    dynamicCode: '动态码',
    code: '编码',
    name: '名称',
    abbreviation: '简称',
    logo: 'Logo',
    address: '地址',
    status: '状态',
    description: '描述',
    stationLevel: '岗位级别',
    stationType: '岗位类型',
    username: '用户名',
    password: '密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    oldPassword: '原密码',
    tenantId: '租户ID',
    creator: '创建人',
    createdAt: '创建时间',
    updatedAt: '更新时间',
    enabled: '启用',
    disabled: '停用',
    roleNo: '角色编号',
    roleName: '角色名称',
    roleCategory: '角色分类',
    roleOrg: '所属组织',
    version: '版本',
    callbackUrl: '回调地址',
    department: '生产部门',
    ownerName: '负责人',
    ownerEmail: '负责人邮箱',
    ownerPhone: '负责人电话',
    opsOwner: '运维负责人',
    builtIn: '内置',
    admins: '管理员',
  },
};
