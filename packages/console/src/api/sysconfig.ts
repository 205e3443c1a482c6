/**
 * Typed calls of the platform configuration (SPEC §2 sysconfig, §7 codetable calls, §9; shapes in
 * docs/sysconfig.md): login configuration layers, the code table, the integration lists (LDAP, mail,
 * SMS, WeChat) with their live checks, organisation types and categories. Every function rejects with
 * the client's `ApiError` when the envelope says `result: '0'` (toasted unless `opts.noToast`).
 * Answers never carry a secret: configuration rows say `hasSecret` instead.
 */
import {
  CodeTypes,
  Paths,
  type CodeTableItem,
  type CodeTableRow,
  type ConfigListQuery,
  type ConfigSource,
  type IntegrationKindValue,
  type LdapConfigItem,
  type LdapConfigRow,
  type LoginConfig,
  type LoginConfigKey,
  type LoginConfigSaveBody,
  type MailConfigItem,
  type MailConfigRow,
  type OrgCodeRow,
  type Paged,
  type SmsConfigItem,
  type SmsConfigRow,
  type WxConfigItem,
  type WxConfigRow,
} from '@mp/protocol';
import { get, post, type RequestOptions } from './client';

/** The login configuration and its layers (SPEC §9 config priority: code defaults → public → system). */
export interface LoginConfigLayers {
  row: LoginConfig;
  layers: { defaults: LoginConfig; public: Partial<LoginConfig>; system: Partial<LoginConfig> };
  sources: Record<LoginConfigKey, ConfigSource>;
}

/** `GET getloginconfig` → the configuration in force, its three layers and where each value comes from. */
export function getLoginConfig(opts?: RequestOptions): Promise<LoginConfigLayers> {
  return get<LoginConfigLayers>(Paths.getloginconfig, undefined, opts);
}

/** `saveloginconfig`: the system layer (only the keys that override the layers below) → the new layers. */
export function saveLoginConfig(body: LoginConfigSaveBody, opts?: RequestOptions): Promise<LoginConfigLayers> {
  return post<LoginConfigLayers>(Paths.saveloginconfig, body, opts);
}

/** The editable code table (types 1 password rule, 4 SysSet, 5 Verify) with sort and description. */
export async function listEditableCodeTable(opts?: RequestOptions): Promise<CodeTableRow[]> {
  const data = await post<{ row: CodeTableRow[] }>(Paths.querycodetablelist, [CodeTypes.PASSWORD_RULE, CodeTypes.SYS_SET, CodeTypes.VERIFY], opts);
  return data.row ?? [];
}

/** `savecodetablelist`: the complete editable table → the stored table. Rejects with `sysconfig.regex_invalid`, … */
export async function saveCodeTable(items: CodeTableItem[], opts?: RequestOptions): Promise<CodeTableRow[]> {
  const data = await post<{ rows: CodeTableRow[] }>(Paths.savecodetablelist, items, opts);
  return data.rows;
}

/** Row and item types of each integration kind. */
export interface ConfigKinds {
  mail: { row: MailConfigRow; item: MailConfigItem };
  ldap: { row: LdapConfigRow; item: LdapConfigItem };
  sms: { row: SmsConfigRow; item: SmsConfigItem };
  wx: { row: WxConfigRow; item: WxConfigItem };
}
export type ConfigRowOf<K extends IntegrationKindValue> = ConfigKinds[K]['row'];
export type ConfigItemOf<K extends IntegrationKindValue> = ConfigKinds[K]['item'];

const QUERY: Record<IntegrationKindValue, string> = {
  mail: Paths.querymailconfiglist,
  ldap: Paths.queryldapconfiglist,
  sms: Paths.querysmsconfiglist,
  wx: Paths.querywxconfiglist,
};
const SAVE: Record<IntegrationKindValue, string> = {
  mail: Paths.savemailconfiglist,
  ldap: Paths.saveldapconfiglist,
  sms: Paths.savesmsconfiglist,
  wx: Paths.savewxconfiglist,
};

/** One page of a kind's configuration entries (`query*configlist`, query string). */
export function listConfigs<K extends IntegrationKindValue>(kind: K, query: ConfigListQuery, opts?: RequestOptions): Promise<Paged<ConfigRowOf<K>>> {
  return get<Paged<ConfigRowOf<K>>>(QUERY[kind], query as Record<string, unknown>, opts);
}

/** Every entry of a kind (the lists are short: at most 100 entries). */
export async function listAllConfigs<K extends IntegrationKindValue>(kind: K, opts?: RequestOptions): Promise<ConfigRowOf<K>[]> {
  return (await listConfigs(kind, { page: 1, pageSize: 500 }, opts)).rows;
}

/** `save*configlist`: the complete new list of the kind → the stored list. */
export async function saveConfigs<K extends IntegrationKindValue>(kind: K, items: ConfigItemOf<K>[], opts?: RequestOptions): Promise<ConfigRowOf<K>[]> {
  const data = await post<{ rows: ConfigRowOf<K>[] }>(SAVE[kind], items, opts);
  return data.rows;
}

/**
 * A stored row as an item to send back unchanged: no secret (the server keeps the stored one), no
 * answer-only fields.
 */
export function rowToItem<K extends IntegrationKindValue>(row: ConfigRowOf<K>): ConfigItemOf<K> {
  const { hasSecret: _h, updatedAt: _u, updatedBy: _b, ...item } = row as ConfigRowOf<K> & { hasSecret: boolean; updatedAt: string; updatedBy: string };
  return item as unknown as ConfigItemOf<K>;
}

/** `sendtestmail` with the saved mail configuration `id` → the SMTP message id. */
export async function sendTestMail(id: string, to: string, opts?: RequestOptions): Promise<string> {
  const data = await post<{ row: { messageId: string } }>(Paths.sendtestmail, { id, to }, opts);
  return data.row.messageId;
}

/** `testldapconnection` with the saved LDAP configuration `id` → whether the base DN was found. */
export async function testLdapConnection(id: string, opts?: RequestOptions): Promise<boolean> {
  const data = await post<{ row: { baseDnFound: boolean } }>(Paths.testldapconnection, { id }, opts);
  return data.row.baseDnFound;
}

/** Organisation types 0–6 (SPEC §3), names in the current language. */
export async function listOrgTypes(opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await get<{ rows: OrgCodeRow[] }>(Paths.queryorgtypeconfiglist, undefined, opts)).rows;
}

/** A tenant's organisation categories, the built-in main tree (0) first. */
export async function listOrgCategories(tenantId: string, opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await get<{ rows: OrgCodeRow[] }>(Paths.queryorgcateconfiglist, { tenantId }, opts)).rows;
}

/** `saveorgcateconfig`: adds or renames category `codeKey` of the tenant → the tenant's categories. */
export async function saveOrgCategory(tenantId: string, codeKey: number, codeVal: string, opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await post<{ rows: OrgCodeRow[] }>(Paths.saveorgcateconfig, { tenantId, codeKey, codeVal }, opts)).rows;
}

/** `delorgcateconfig`: removes category `codeKey` of the tenant → the tenant's categories. */
export async function deleteOrgCategory(tenantId: string, codeKey: number, codeVal?: string, opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await post<{ rows: OrgCodeRow[] }>(Paths.delorgcateconfig, { tenantId, codeKey, codeVal }, opts)).rows;
}
