/**
 * Response codes of WeChat QR sign-in (`wechat.reason`); messages under `errors:wechat.<reason>` in
 * @mp/i18n (locales/<locale>/errors-wechat.ts). SPEC §3 WeChat type, §4 and §7 (polling), §8 'User
 * association succeeded'; docs/wechat-signin.md.
 */
export const WechatCodes = {
  /** No enabled WeChat configuration (or the one asked for is disabled or gone). */
  NOT_CONFIGURED: 'wechat.not_configured',
  /** The QR ticket is unknown, used or expired: a new QR code is needed. */
  TICKET_INVALID: 'wechat.ticket_invalid',
  /** Binding before the QR code was scanned, or for an identity that is already bound. */
  NOT_SCANNED: 'wechat.not_scanned',
  /** Too many wrong passwords on one QR code: a new QR code is needed. */
  TOO_MANY_TRIES: 'wechat.too_many_tries',
  /** WeChat answered an error JSON ({{errcode}}, {{errmsg}}). */
  PROVIDER_ERROR: 'wechat.provider_error',
  /** WeChat could not be reached in time, or answered something that is not its JSON. */
  PROVIDER_UNREACHABLE: 'wechat.provider_unreachable',
  /** The WeChat identity is associated with another user of that tenant. */
  BOUND_TO_OTHER: 'wechat.bound_to_other',
  /** The WeChat account row is disabled in the tenant's account management. */
  ACCOUNT_DISABLED: 'wechat.account_disabled',
  /** The identity is bound to users of several tenants: sign in at the tenant's own address. */
  AMBIGUOUS: 'wechat.ambiguous',
  /** Texts of the page the phone shows after the scan (not errors; kept with them for the server). */
  PAGE_TITLE: 'wechat.page_title',
  PAGE_DONE: 'wechat.page_done',
} as const;
