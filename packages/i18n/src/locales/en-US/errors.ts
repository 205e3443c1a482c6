import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors.js';
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
  '10001001920': 'Please check the agree user Agreement Privacy Agreement',
  '10009021001': 'Invalid token, please sign in again',
  '10009021002': 'The token is Over-Expires, please sign in again',
  '10025000350': 'Your account has signed in elsewhere, please sign in again',
  '10009029001': 'You have no permission for this API',
  protocol: {
    signature_invalid: 'The request signature is invalid',
    timestamp_stale: "The request timestamp is outside the allowed window; check this computer's clock",
    nonce_replayed: 'A repeated request was refused',
    headers_missing: 'Required request headers are missing: {{names}}',
    token_missing: 'Authentication expired, please log in again',
    body_invalid: 'Invalid request parameters: {{detail}}',
    payload_too_large: 'The request is larger than allowed',
    rate_limited: 'Too many requests, please try again in {{seconds}} seconds',
    decrypt_failed: 'The encrypted data could not be decrypted',
    not_found: 'No such API',
    bad_characters: 'The field {{field}} contains characters that are not allowed (a NUL character or an unpaired surrogate)',
    bad_key: 'The field name {{field}} is not allowed',
    too_deep: 'The request is nested too deeply ({{field}})',
    bad_url: 'The request address has invalid percent-encoding',
    url_too_long: 'The request address is too long',
    headers_too_large: 'The request headers are too large',
    unsupported_media_type: 'The content type of the request is not supported; send application/json',
    body_not_allowed: 'A GET request may not carry a body',
    bad_request: 'The request is malformed',
    request_timeout: 'The request did not arrive completely in time',
    timestamp_invalid: 'The request timestamp must be decimal milliseconds',
    sign_range_wrong: 'The sign range is wrong: 2 for a POST with a JSON body, 1 for every other request',
    server_error: 'Server exception, please contact the administrator (request {{requestId}})',
    database_unavailable: 'The database is temporarily unavailable, please try again shortly',
  },
  login: {
    captcha_required: 'Please enter the verification code',
    captcha_wrong: 'The verification code is wrong or has expired, please enter it again',
    bad_credentials: 'Wrong user name or password',
    account_locked: 'This account is locked after repeated failed sign-ins; try again in {{minutes}} minutes or contact the administrator',
    account_disabled: 'This account is disabled, please contact the administrator',
    account_expired: 'This account is not within its validity period, please contact the administrator',
    tenant_disabled: 'Your tenant is disabled, please contact the platform administrator',
    test_account: 'Test accounts are not supported for login yet',
  },
  password: {
    strength_failed: 'password strength validation failed',
    mismatch: 'The two passwords are inconsistent',
    original_wrong: 'The original password is wrong',
  },
  validation: {
    required: 'Please enter {{field}}',
    too_long: '{{field}} cannot be longer than {{max}} characters',
    pattern: '{{field}} is not in a valid format',
    script_tag: 'Submitted data must not contain a script tag',
    choose_at_least_one: 'Select at least one record',
  },
  tenant: {
    code_pattern: 'The application tenant code must consist of letters and numbers',
    code_in_use: 'The tenant code "{{code}}" is already in use',
    not_found: 'The tenant does not exist or has been deleted',
    built_in: 'The built-in tenant "{{name}}" cannot be deleted or disabled',
    has_users: 'The tenant "{{name}}" still has users, roles or organisations and cannot be deleted',
    admin_user_invalid: 'An administrator must be an enabled user of this tenant or of the platform tenant',
    product_duplicate: 'The same product cannot be authorised twice',
  },
  job: {
    not_found: 'The job does not exist',
  },
  file: {
    invalid_type: 'invalid file type',
    too_large: 'The file size can not exceed {{size}}.',
    name_too_long: 'The file name length can not be greater than 50.',
    not_found: 'The file does not exist',
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
    account: 'Account',
    nickname: 'Nickname',
    userValidityDays: 'Default validity of new users (days)',
    externalCode: 'application organisation code',
    externalName: 'name in the application',
    externalAccount: 'application account',
    clientId: 'client ID',
    formId: 'formID',
    pageName: 'page name',
    pagePath: 'page path',
    nodeName: 'name',
    fieldName: 'field name',
    selector: 'selector',
    dataSource: 'data source',
    alias: 'alias',
    codeKey: 'key',
    codeVal: 'value',
    systemName: 'system name',
    host: 'server address',
    port: 'port',
    fromAddress: 'sender address',
    fromName: 'sender name',
    ldapUrl: 'LDAP address',
    domain: 'domain',
    baseDn: 'base DN',
    bindDn: 'bind DN',
    userFilter: 'user filter',
    timeoutSeconds: 'timeout (seconds)',
    smsUrl: 'SMS API address',
    accessKeyId: 'AccessKey ID',
    signName: 'SMS signature',
    templateCode: 'template code',
    corpId: 'corp ID',
    agentId: 'agent ID',
    appId: 'app ID',
    mailPassword: 'mail password',
    bindPassword: 'bind password',
    appSecret: 'app secret',
    recipient: 'recipient',
    orgCategoryKey: 'category number',
    orgCategoryName: 'category name',
    httpHeaders: 'headers',
    bodyTemplate: 'body template',
    dynamicCode: 'dynamic code',
    code: 'code',
    name: 'name',
    abbreviation: 'abbreviation',
    logo: 'logo',
    address: 'address',
    status: 'status',
    description: 'description',
    stationLevel: 'level',
    stationType: 'position type',
    username: 'user name',
    password: 'password',
    newPassword: 'new password',
    confirmPassword: 'confirm password',
    oldPassword: 'original password',
    tenantId: 'Tenant ID',
    creator: 'creator',
    createdAt: 'created at',
    updatedAt: 'update time',
    enabled: 'enabled',
    disabled: 'disabled',
    roleNo: 'role number',
    roleName: 'role name',
    roleCategory: 'role category',
    roleOrg: 'organisation',
    version: 'version',
    callbackUrl: 'callback address',
    department: 'production department',
    ownerName: 'person in charge',
    ownerEmail: 'e-mail of the person in charge',
    ownerPhone: 'telephone of the person in charge',
    opsOwner: 'operations person in charge',
    builtIn: 'built-in',
    admins: 'administrators',
  },
} satisfies Messages<typeof zh>;
