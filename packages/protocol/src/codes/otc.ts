/**
 * Response codes of one-time codes, MFA and password recovery (`otc.reason`); messages under
 * `errors:otc.<reason>` in @mp/i18n (locales/<locale>/errors-otc.ts). SPEC §1 Login (dynamic code,
 * password retrieval), §2 /resetpw, §5 Login and Reset form, §8 Login; docs/codes.md.
 */
export const OtcCodes = {
  /** The code is wrong, expired, used or superseded (one message: the reason is not revealed). */
  CODE_INVALID: 'otc.code_invalid',
  /** Five wrong codes: this code is dead, a new one must be requested. */
  CODE_TOO_MANY_TRIES: 'otc.code_too_many_tries',
  /** The dynamic code field is empty (SPEC §8 'dynamic code empty'). */
  CODE_EMPTY: 'otc.code_empty',
  /** Not an 11-digit mobile number (SPEC §8 'enter correct mobile number'). */
  MOBILE_INVALID: 'otc.mobile_invalid',
  /** Not an e-mail address. */
  EMAIL_INVALID: 'otc.email_invalid',
  /** No enabled mail configuration: codes and recovery mails cannot be sent. */
  MAIL_NOT_CONFIGURED: 'otc.mail_not_configured',
  /** No enabled SMS configuration (in production). */
  SMS_NOT_CONFIGURED: 'otc.sms_not_configured',
  /** The SMS gateway refused or could not be reached ({{reason}}). */
  SMS_SEND_FAILED: 'otc.sms_send_failed',
  /** The pending MFA sign-in is unknown or expired: sign in again. */
  MFA_TICKET_INVALID: 'otc.mfa_ticket_invalid',
  /** The password-recovery link is unusable (SPEC §2: expired, used or superseded). */
  RESET_LINK_INVALID: 'otc.reset_link_invalid',
  /** MFA is on but the account has neither e-mail nor mobile to receive a code. */
  MFA_NO_ADDRESS: 'otc.mfa_no_address',
  /** Production without MP_PUBLIC_URL: a recovery link cannot be built safely. */
  PUBLIC_URL_MISSING: 'otc.public_url_missing',
} as const;
