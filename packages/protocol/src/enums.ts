/**
 * Enumerations of SPEC §3 and the constants of SPEC §9 that console and server share.
 */

/** User types (SPEC §3): each has one root path (SPEC §2). */
export const UserType = {
  PLATFORM_ADMIN: 1,
  TENANT_ADMIN: 2,
  TENANT: 3,
  APP_ADMIN: 4,
  APP: 5,
  ENTERPRISE_USER: 7,
} as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

/** Root path of each user type (SPEC §2). */
export const USER_TYPE_ROOTS: Record<UserTypeValue, string> = {
  1: '/platformAdmin',
  2: '/tenancyAdmin',
  3: '/tenancy',
  4: '/appAdmin',
  5: '/app',
  7: '/userAdmin',
};

/** Identities a user holds (SPEC §3): 4 platform admin, 3 tenant admin, 2 app admin, 1 enterprise user, 5 test. */
export const Identity = {
  ENTERPRISE_USER: 1,
  APP_ADMIN: 2,
  TENANT_ADMIN: 3,
  PLATFORM_ADMIN: 4,
  TEST_ACCOUNT: 5,
} as const;
export type IdentityValue = (typeof Identity)[keyof typeof Identity];

/** Identity → the user types it grants (SPEC §3). The test account grants none. */
export const IDENTITY_USER_TYPES: Record<IdentityValue, UserTypeValue[]> = {
  4: [1],
  3: [2, 3],
  2: [4, 5],
  1: [7],
  5: [],
};

/**
 * Sorts identities descending and expands them into user types, keeping the first occurrence
 * (SPEC §4 Login flow). E.g. [1, 4] → [1, 7].
 */
export function expandIdentities(identities: readonly number[]): UserTypeValue[] {
  const out: UserTypeValue[] = [];
  for (const id of [...identities].sort((a, b) => b - a)) {
    for (const t of IDENTITY_USER_TYPES[id as IdentityValue] ?? []) if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** Record status: enabled / disabled (SPEC §4 Records). */
export const Status = { DISABLED: 0, ENABLED: 1 } as const;
export type StatusValue = (typeof Status)[keyof typeof Status];

/** Languages (SPEC §1): Russian is listed but disabled. */
export const LANGUAGES = [
  { value: 'ZH_CN', text: '简体中文', enable: true },
  { value: 'EN_US', text: 'English', enable: true },
  { value: 'JA_JP', text: '日本語', enable: true },
  { value: 'RU_RU', text: 'Русский', enable: false },
] as const;
export type Language = 'ZH_CN' | 'EN_US' | 'JA_JP';
export const DEFAULT_LANGUAGE: Language = 'ZH_CN';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['ZH_CN', 'EN_US', 'JA_JP'];

/** Code-table types and data types (SPEC §9). */
export const CodeType = { PASSWORD_RULE: 1 } as const;
export const DataType = { SYS_SET: '4', VERIFY: '5' } as const;

/** Login check shown on the form (PROTOCOL.md Sign-in sequence). */
export const VerifyCodeType = { NONE: '0', IMAGE: '1', SLIDER: '2' } as const;

/** Defaults of SPEC §9. */
export const DEFAULTS = {
  tenantId: 'sys',
  appId: 'sys',
  appCode: 'sys',
  cryptoType: '2',
  loginMode: '9',
  clientId: 'mp-console',
  tenantMenuTenantId: '-1',
  rootMenuId: '0',
  requestTimeoutMs: 500000,
  /** A script chunk that has not loaded by then is a failed load (SPEC §9). */
  chunkTimeoutMs: 120_000,
  tokenErrorRedirectMs: 3000,
  unauthenticatedRedirectMs: 2000,
  signatureWindowMs: 300_000,
  storageKey: 'default',
} as const;
