/**
 * Platform configuration (SPEC §2 Platform admin → sysconfig; §7 codetable calls; §9 data types and
 * config priority): code-table types, login configuration, integration configuration lists (LDAP,
 * mail, SMS, WeChat), organisation types and categories. Rules are data, so the console's forms and
 * the server's checks say the same thing (docs/sysconfig.md explains every choice).
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { pageQuery, StatusValueSchema } from './common.js';

/**
 * Code types of the code table (SPEC §9 "Code type 1 is the password rule", data types SysSet '4' and
 * Verify '5'). ORG_TYPE and ORG_CATEGORY belong to the organisation type / category calls
 * (`queryorgtypeconfiglist`, `queryorgcateconfiglist`, `saveorgcateconfig`, `delorgcateconfig`);
 * `savecodetablelist` edits only EDITABLE_CODE_TYPES.
 */
export const CodeTypes = {
  /** The password rule: the first row's codeVal is a regular expression (SPEC §5 Password strength). */
  PASSWORD_RULE: 1,
  /** SysSet: system settings as key → text value (SPEC §9 data type '4'). */
  SYS_SET: 4,
  /** Verify: named verification rules, key → regular expression (SPEC §9 data type '5'). */
  VERIFY: 5,
  /** Organisation types 0–6 of SPEC §3 (read-only; seeded). codeKey '0'..'6'. */
  ORG_TYPE: 10,
  /** Organisation categories per tenant: codeKey `<tenantId>:<n>`, n ≥ 1; 0 is the main tree (implicit). */
  ORG_CATEGORY: 11,
} as const;

/** Every code type the server knows: the closed set `querycodetablelist` accepts. */
export const CODE_TYPE_VALUES = Object.values(CodeTypes);

/** Code types `savecodetablelist` accepts. */
export const EDITABLE_CODE_TYPES = [CodeTypes.PASSWORD_RULE, CodeTypes.SYS_SET, CodeTypes.VERIFY] as const;
/** Code types whose every codeVal must be a valid regular expression. */
export const REGEX_CODE_TYPES: readonly number[] = [CodeTypes.PASSWORD_RULE, CodeTypes.VERIFY];

/** The main organisation tree's category (organisations.category default), never stored, never deleted. */
export const MAIN_ORG_CATEGORY = 0;

/** Validation rules of the configuration screens (SPEC §5 Generic lengths 20/50/100/200). */
export const SYSCONFIG_RULES = {
  codeKey: { pattern: /^[A-Za-z0-9_.-]+$/, max: MAX_LEN.middle },
  codeVal: { max: MAX_LEN.huge },
  codeDescription: { max: MAX_LEN.huge },
  codeTableItems: 200,
  systemName: { max: MAX_LEN.middle },
  configName: { max: MAX_LEN.middle },
  host: { pattern: /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/, max: MAX_LEN.large },
  port: { min: 1, max: 65535 },
  email: { pattern: /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/, max: MAX_LEN.large },
  user: { max: MAX_LEN.large },
  secret: { max: 512 },
  url: { pattern: /^https?:\/\/[^\s]+$/i, max: MAX_LEN.huge },
  ldapUrl: { pattern: /^ldaps?:\/\/[^\s/]+(:\d{1,5})?\/?$/i, max: MAX_LEN.huge },
  dn: { max: MAX_LEN.huge },
  ldapFilter: { pattern: /^\(.*\)$/, max: MAX_LEN.huge },
  timeoutSeconds: { min: 1, max: 60 },
  identifier: { pattern: /^[A-Za-z0-9_.-]+$/, max: MAX_LEN.large },
  text: { max: MAX_LEN.huge },
  listItems: 100,
  orgCategoryKey: { min: 1, max: 9999 },
  orgCategoryName: { max: MAX_LEN.middle },
} as const;

/** True when `source` compiles as a JavaScript regular expression (the console and server test with RegExp). */
export function isValidRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- code table

export const CodeTableItem = Type.Object({
  codeType: Type.Integer({ minimum: 0, maximum: 9999 }),
  codeKey: Type.String({ minLength: 1, maxLength: SYSCONFIG_RULES.codeKey.max }),
  codeVal: Type.String({ maxLength: 2000 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type CodeTableItem = Static<typeof CodeTableItem>;

/**
 * `savecodetablelist`: the complete new list of the editable code types (1, 4, 5) — editable entries
 * that are not in the list are removed. It must carry the password rule (code type 1).
 */
export const CodeTableSaveBody = Type.Array(CodeTableItem, { minItems: 1, maxItems: SYSCONFIG_RULES.codeTableItems });
export type CodeTableSaveBody = Static<typeof CodeTableSaveBody>;

/** A code table row as the configuration screen sees it. */
export interface CodeTableRow {
  codeType: number;
  codeKey: string;
  codeVal: string;
  sort: number;
  description: string;
}

// ---------------------------------------------------------------- login configuration

const bool = Type.Optional(Type.Boolean());
/**
 * `saveloginconfig`: the system layer of the login configuration — only the keys it carries override
 * the layers below (code defaults, then public config); an absent key inherits. `{}` restores all.
 */
export const LoginConfigSaveBody = Type.Object(
  {
    systemName: Type.Optional(Type.String({ maxLength: 200 })),
    verifyCodeType: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')])),
    loginFormPosition: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
    forcePasswordChange: bool,
    multiLanguage: bool,
    showTenantName: bool,
    mourningMode: bool,
    progressBar: bool,
    noticeManagement: bool,
    menuCollapsed: bool,
    bambooCloud: bool,
    mfaEnabled: bool,
    resetCountdown: bool,
  },
  { additionalProperties: false },
);
export type LoginConfigSaveBody = Static<typeof LoginConfigSaveBody>;

/** Keys of the login configuration an administrator may set (the password rule lives in the code table). */
export const LOGIN_CONFIG_KEYS = [
  'systemName',
  'verifyCodeType',
  'loginFormPosition',
  'forcePasswordChange',
  'multiLanguage',
  'showTenantName',
  'mourningMode',
  'progressBar',
  'noticeManagement',
  'menuCollapsed',
  'bambooCloud',
  'mfaEnabled',
  'resetCountdown',
] as const;
export type LoginConfigKey = (typeof LOGIN_CONFIG_KEYS)[number];

/** Where a login configuration value comes from (SPEC §9 config priority). */
export type ConfigSource = 'default' | 'public' | 'system';

// ---------------------------------------------------------------- integration configuration lists

/** Kinds of integration configuration (table integration_configs.kind). */
export const IntegrationKind = { LDAP: 'ldap', MAIL: 'mail', SMS: 'sms', WX: 'wx' } as const;
export type IntegrationKindValue = (typeof IntegrationKind)[keyof typeof IntegrationKind];

/** WeChat types (SPEC §3): 1 enterprise WeChat, 2 official account, 3 open platform. */
export const WxType = { ENTERPRISE: 1, OFFICIAL_ACCOUNT: 2, OPEN_PLATFORM: 3 } as const;
/** SMTP transport security: none (plain, port 25), STARTTLS upgrade (587), implicit TLS (465). */
export const MAIL_TLS_MODES = ['none', 'starttls', 'tls'] as const;
/** SMS providers: Aliyun, Tencent Cloud, or a generic HTTP gateway. */
export const SMS_PROVIDERS = ['aliyun', 'tencent', 'http'] as const;

const str = (max: number) => Type.String({ maxLength: max });
const opt = (max: number) => Type.Optional(str(max));
/** Fields every configuration entry has. `id` absent = a new entry. `secret` empty = keep the stored one. */
const common = {
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: str(200),
  status: Type.Optional(StatusValueSchema),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  description: opt(2000),
  /** The secret in plain text; empty or absent keeps the stored one. */
  secret: opt(2000),
  /** True removes the stored secret. */
  clearSecret: Type.Optional(Type.Boolean()),
};

export const MailConfigItem = Type.Object({
  ...common,
  host: str(200),
  port: Type.Integer({ minimum: 0, maximum: 99999 }),
  tlsMode: Type.Union([Type.Literal('none'), Type.Literal('starttls'), Type.Literal('tls')]),
  username: opt(200),
  fromAddress: str(200),
  fromName: opt(200),
});
export type MailConfigItem = Static<typeof MailConfigItem>;

export const LdapConfigItem = Type.Object({
  ...common,
  url: str(400),
  domain: opt(200),
  baseDn: str(400),
  bindDn: opt(400),
  userFilter: str(400),
  startTls: Type.Optional(Type.Boolean()),
  verifyCertificate: Type.Optional(Type.Boolean()),
  timeoutSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
});
export type LdapConfigItem = Static<typeof LdapConfigItem>;

export const SmsConfigItem = Type.Object({
  ...common,
  provider: Type.Union([Type.Literal('aliyun'), Type.Literal('tencent'), Type.Literal('http')]),
  url: str(400),
  accessKeyId: str(200),
  signName: str(200),
  templateCode: str(200),
  /** Generic HTTP gateway (provider 'http'; docs/codes.md): method, "Name: value" header lines, body template. */
  httpMethod: Type.Optional(Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('GET')])),
  httpHeaders: opt(2000),
  bodyTemplate: opt(2000),
});
export type SmsConfigItem = Static<typeof SmsConfigItem>;

export const WxConfigItem = Type.Object({
  ...common,
  type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  corpId: opt(200),
  agentId: opt(200),
  appId: opt(200),
  callbackUrl: opt(400),
});
export type WxConfigItem = Static<typeof WxConfigItem>;

const list = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Array(item, { maxItems: SYSCONFIG_RULES.listItems });
/** `save*configlist`: the complete new list of that kind (entries not in it are removed). */
export const MailConfigSaveBody = list(MailConfigItem);
export const LdapConfigSaveBody = list(LdapConfigItem);
export const SmsConfigSaveBody = list(SmsConfigItem);
export const WxConfigSaveBody = list(WxConfigItem);

/** Sortable columns of the configuration lists. */
export const CONFIG_SORT_FIELDS = ['name', 'status', 'sort', 'updatedAt'] as const;

/** `query*configlist` query string: paging, keyword on name, status; `querywxconfiglist` also `type`. */
export const ConfigListQuery = Type.Object({
  ...pageQuery(CONFIG_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(StatusValueSchema),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
});
export type ConfigListQuery = Static<typeof ConfigListQuery>;

/** Answer rows: the fields without the secret, plus `hasSecret`. */
type Row<T> = Omit<T, 'secret' | 'clearSecret' | 'id' | 'status' | 'sort' | 'description'> & {
  id: string;
  status: 0 | 1;
  sort: number;
  description: string;
  hasSecret: boolean;
  updatedBy: string;
  updatedAt: string;
};
export type MailConfigRow = Row<MailConfigItem>;
export type LdapConfigRow = Row<LdapConfigItem>;
export type SmsConfigRow = Row<SmsConfigItem>;
export type WxConfigRow = Row<WxConfigItem>;

/** `sendtestmail`: send a test mail with the saved mail configuration `id` to `to`. */
export const SendTestMailBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), to: Type.String({ minLength: 1, maxLength: 200 }) });
export type SendTestMailBody = Static<typeof SendTestMailBody>;
/** `testldapconnection`: connect and bind with the saved LDAP configuration `id`. */
export const TestLdapBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type TestLdapBody = Static<typeof TestLdapBody>;

// ---------------------------------------------------------------- organisation types and categories

/** A code-table pair as the organisation type / category calls answer it (SPEC §3). */
export interface OrgCodeRow {
  codeKey: number;
  codeVal: string /** True for category 0, the main tree (not editable). */;
  builtIn?: boolean;
}

export const OrgCategoryQuery = Type.Object({ tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });
export type OrgCategoryQuery = Static<typeof OrgCategoryQuery>;

/** `saveorgcateconfig` (add or rename) and `delorgcateconfig` (codeVal optional) — SPEC §3 Organisation category. */
export const OrgCategorySaveBody = Type.Object({
  /** The tenant; absent → the TENANTID header. */
  tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** 1..SYSCONFIG_RULES.orgCategoryKey.max; 0 (the main tree) is refused by the server with its own message. */
  codeKey: Type.Integer({ minimum: MAIN_ORG_CATEGORY, maximum: SYSCONFIG_RULES.orgCategoryKey.max }),
  codeVal: Type.String({ maxLength: 200 }),
});
export type OrgCategorySaveBody = Static<typeof OrgCategorySaveBody>;
export const OrgCategoryDeleteBody = Type.Object({
  tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  codeKey: Type.Integer({ minimum: MAIN_ORG_CATEGORY, maximum: SYSCONFIG_RULES.orgCategoryKey.max }),
  codeVal: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OrgCategoryDeleteBody = Static<typeof OrgCategoryDeleteBody>;
