/**
 * Field checks of the integration configuration lists (docs/sysconfig.md "Integration lists"): one
 * function per kind turns a submitted item into the stored fields (`data`, without the secret), raising
 * the first localised failure. Rules come from SYSCONFIG_RULES of the protocol package, which the
 * console's forms use too.
 */
import {
  Codes,
  SysconfigCodes,
  SYSCONFIG_RULES as R,
  WxType,
  IntegrationKind,
  type IntegrationKindValue,
  type LdapConfigItem,
  type MailConfigItem,
  type SmsConfigItem,
  type WxConfigItem,
} from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { checkText } from '../../lib/validate.js';

/** A checked item: the common columns and the kind's fields. */
export interface CheckedItem {
  name: string;
  status: 0 | 1;
  sort: number | undefined;
  description: string;
  fields: Record<string, unknown>;
}

/** Any item of the four kinds. */
export type AnyConfigItem = MailConfigItem | LdapConfigItem | SmsConfigItem | WxConfigItem;

/** Raises `sysconfig.number_range` unless `min ≤ value ≤ max`. */
export function checkRange(fieldKey: string, value: number, range: { min: number; max: number }): number {
  if (!Number.isInteger(value) || value < range.min || value > range.max)
    throw new AppError(SysconfigCodes.NUMBER_RANGE, { fieldKey, min: range.min, max: range.max });
  return value;
}

function common(item: AnyConfigItem): Omit<CheckedItem, 'fields'> {
  return {
    name: checkText('name', item.name, { required: true, max: R.configName.max }),
    status: item.status === 0 ? 0 : 1,
    sort: item.sort,
    description: checkText('description', item.description, { max: R.text.max }),
  };
}

function mail(i: MailConfigItem): Record<string, unknown> {
  return {
    host: checkText('host', i.host, { required: true, max: R.host.max, pattern: R.host.pattern }),
    port: checkRange('port', i.port, R.port),
    tlsMode: i.tlsMode,
    username: checkText('username', i.username, { max: R.user.max }),
    fromAddress: checkText('fromAddress', i.fromAddress, { required: true, max: R.email.max, pattern: R.email.pattern }),
    fromName: checkText('fromName', i.fromName, { max: R.configName.max }),
  };
}

function ldap(i: LdapConfigItem): Record<string, unknown> {
  return {
    url: checkText('ldapUrl', i.url, { required: true, max: R.ldapUrl.max, pattern: R.ldapUrl.pattern }),
    domain: checkText('domain', i.domain, { max: R.host.max, pattern: R.host.pattern }),
    baseDn: checkText('baseDn', i.baseDn, { required: true, max: R.dn.max }),
    bindDn: checkText('bindDn', i.bindDn, { max: R.dn.max }),
    userFilter: checkText('userFilter', i.userFilter, { required: true, max: R.ldapFilter.max, pattern: R.ldapFilter.pattern }),
    startTls: i.startTls ?? false,
    verifyCertificate: i.verifyCertificate ?? true,
    timeoutSeconds: checkRange('timeoutSeconds', i.timeoutSeconds ?? 10, R.timeoutSeconds),
  };
}

function sms(i: SmsConfigItem): Record<string, unknown> {
  return {
    provider: i.provider,
    url: checkText('smsUrl', i.url, { required: true, max: R.url.max, pattern: R.url.pattern }),
    accessKeyId: checkText('accessKeyId', i.accessKeyId, { required: true, max: R.identifier.max, pattern: R.identifier.pattern }),
    signName: checkText('signName', i.signName, { required: true, max: R.configName.max }),
    templateCode: checkText('templateCode', i.templateCode, { required: true, max: R.identifier.max, pattern: R.identifier.pattern }),
    httpMethod: i.httpMethod ?? 'POST',
    httpHeaders: checkText('httpHeaders', i.httpHeaders, { max: 2000 }),
    bodyTemplate: checkText('bodyTemplate', i.bodyTemplate, { max: 2000 }),
  };
}

function wx(i: WxConfigItem): Record<string, unknown> {
  const enterprise = i.type === WxType.ENTERPRISE;
  return {
    type: i.type,
    corpId: enterprise ? checkText('corpId', i.corpId, { required: true, max: R.identifier.max, pattern: R.identifier.pattern }) : '',
    agentId: enterprise ? checkText('agentId', i.agentId, { required: true, max: R.identifier.max, pattern: /^\d+$/ }) : '',
    appId: enterprise ? '' : checkText('appId', i.appId, { required: true, max: R.identifier.max, pattern: R.identifier.pattern }),
    callbackUrl: checkText('callbackUrl', i.callbackUrl, { max: R.url.max, pattern: R.url.pattern }),
  };
}

const CHECKS: Record<IntegrationKindValue, (i: never) => Record<string, unknown>> = {
  [IntegrationKind.MAIL]: mail,
  [IntegrationKind.LDAP]: ldap,
  [IntegrationKind.SMS]: sms,
  [IntegrationKind.WX]: wx,
};

/** Kinds that cannot work without a secret (a provider key); mail and LDAP may be anonymous. */
export const SECRET_REQUIRED: Record<IntegrationKindValue, boolean> = { mail: false, ldap: false, sms: true, wx: true };

/** The field label of each kind's secret (errors:field.<key>). */
export const SECRET_FIELD: Record<IntegrationKindValue, string> = { mail: 'mailPassword', ldap: 'bindPassword', sms: 'appSecret', wx: 'appSecret' };

/** Checks one submitted item of `kind`; the secret is checked for length only (any characters). */
export function checkConfigItem(kind: IntegrationKindValue, item: AnyConfigItem): CheckedItem {
  const c = common(item);
  const fields = CHECKS[kind](item as never);
  if (item.secret && [...item.secret].length > R.secret.max) throw new AppError(Codes.TOO_LONG, { fieldKey: SECRET_FIELD[kind], max: R.secret.max });
  return { ...c, fields };
}
