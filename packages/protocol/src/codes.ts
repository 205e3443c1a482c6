/**
 * Response codes of the gateway envelope (SPEC §8, PROTOCOL.md "Response envelope").
 * The spec's numeric codes keep their numbers; the project's own codes are `domain.reason`
 * strings. Every code has a message in each locale under `errors.<code>` in @mp/i18n.
 */
export const Codes = {
  /** The user must accept the user and privacy agreement before signing in. */
  AGREEMENT_REQUIRED: '10001001920',
  /** The token is unknown, forged or revoked. */
  TOKEN_INVALID: '10009021001',
  /** The token has passed its expiry. */
  TOKEN_EXPIRED: '10009021002',
  /** A newer sign-in of the same account replaced this session. */
  TOKEN_REPLACED: '10025000350',
  /** The caller may not use this API. */
  NO_PERMISSION: '10009029001',

  // Protocol layer (HTTP 401 / 400 / 413 / 429)
  SIGNATURE_INVALID: 'protocol.signature_invalid',
  TIMESTAMP_STALE: 'protocol.timestamp_stale',
  NONCE_REPLAYED: 'protocol.nonce_replayed',
  HEADERS_MISSING: 'protocol.headers_missing',
  TOKEN_MISSING: 'protocol.token_missing',
  BODY_INVALID: 'protocol.body_invalid',
  PAYLOAD_TOO_LARGE: 'protocol.payload_too_large',
  RATE_LIMITED: 'protocol.rate_limited',
  DECRYPT_FAILED: 'protocol.decrypt_failed',
  NOT_FOUND: 'protocol.not_found',
  /** A string holds a NUL or an unpaired UTF-16 surrogate (plugins/input-hygiene.ts). */
  INPUT_BAD_CHARACTERS: 'protocol.bad_characters',
  /** An object key `__proto__`, `constructor` or `prototype`. */
  INPUT_BAD_KEY: 'protocol.bad_key',
  /** Objects and arrays nested deeper than allowed. */
  INPUT_TOO_DEEP: 'protocol.too_deep',
  /** The address has bad percent-encoding (not UTF-8 after decoding) (plugins/transport.ts). */
  BAD_URL: 'protocol.bad_url',
  /** The address is longer than the gateway accepts (HTTP 414). */
  URL_TOO_LONG: 'protocol.url_too_long',
  /** The request headers are larger than the server accepts (HTTP 431). */
  HEADERS_TOO_LARGE: 'protocol.headers_too_large',
  /** The body's content type is not one the route reads (HTTP 415). */
  UNSUPPORTED_MEDIA_TYPE: 'protocol.unsupported_media_type',
  /** A GET or HEAD request carries a body. */
  BODY_NOT_ALLOWED: 'protocol.body_not_allowed',
  /** The HTTP request itself is malformed (answered by the server before routing). */
  BAD_REQUEST: 'protocol.bad_request',
  /** The request did not arrive completely in time (HTTP 408). */
  REQUEST_TIMEOUT: 'protocol.request_timeout',
  /** `X-Timestamp` is not decimal milliseconds. */
  TIMESTAMP_INVALID: 'protocol.timestamp_invalid',
  /** `X-Sign-Range` is not the one the request needs: 2 for a POST with a JSON body, else 1. */
  SIGN_RANGE_WRONG: 'protocol.sign_range_wrong',
  SERVER_ERROR: 'protocol.server_error',
  /** The database cannot be reached for the moment (HTTP 503; the server reconnects by itself). */
  DATABASE_UNAVAILABLE: 'protocol.database_unavailable',

  // Sign-in (SPEC §4 Login flow, §5 Login)
  CAPTCHA_REQUIRED: 'login.captcha_required',
  CAPTCHA_WRONG: 'login.captcha_wrong',
  BAD_CREDENTIALS: 'login.bad_credentials',
  ACCOUNT_LOCKED: 'login.account_locked',
  ACCOUNT_DISABLED: 'login.account_disabled',
  ACCOUNT_EXPIRED: 'login.account_expired',
  TENANT_DISABLED: 'login.tenant_disabled',
  TEST_ACCOUNT: 'login.test_account',
  PASSWORD_WEAK: 'password.strength_failed',
  PASSWORD_MISMATCH: 'password.mismatch',
  PASSWORD_ORIGINAL_WRONG: 'password.original_wrong',

  // Generic validation (SPEC §5 Generic)
  REQUIRED: 'validation.required',
  TOO_LONG: 'validation.too_long',
  PATTERN: 'validation.pattern',
  SCRIPT_TAG: 'validation.script_tag',
  CHOOSE_AT_LEAST_ONE: 'validation.choose_at_least_one',

  // Tenants (SPEC §5 Tenant)
  TENANT_CODE_PATTERN: 'tenant.code_pattern',
  TENANT_CODE_IN_USE: 'tenant.code_in_use',
  TENANT_NOT_FOUND: 'tenant.not_found',
  TENANT_BUILT_IN: 'tenant.built_in',
  TENANT_HAS_USERS: 'tenant.has_users',

  // Files (SPEC §5 Import files, Icon; §8 messages)
  FILE_TYPE: 'file.invalid_type',
  FILE_TOO_LARGE: 'file.too_large',
  FILE_NAME_TOO_LONG: 'file.name_too_long',
  FILE_NOT_FOUND: 'file.not_found',

  // Background jobs (docs/tenancy.md)
  JOB_NOT_FOUND: 'job.not_found',
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

/** The three token codes: the console clears the session and goes to login (SPEC §8). */
export const TOKEN_CODES: readonly string[] = [Codes.TOKEN_INVALID, Codes.TOKEN_EXPIRED, Codes.TOKEN_REPLACED];
