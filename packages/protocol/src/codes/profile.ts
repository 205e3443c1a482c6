/**
 * Response codes of the self-service profile and the user's dashboard (`profile.reason`; issue 15
 * "Dashboard", "A self-service profile"; docs/users.md). Messages under `errors:profile.<reason>` in
 * @mp/i18n (locales/<locale>/errors-profile.ts). Wrong, expired and reused codes answer the one-time
 * code machinery's `otc.code_invalid` / `otc.code_too_many_tries` (docs/codes.md).
 */
export const ProfileCodes = {
  /** The new mobile or e-mail is the one the account already has. */
  SAME_ADDRESS: 'profile.same_address',
  /** A session id that is not one of the caller's own live sessions (another user's, ended, unknown). */
  SESSION_NOT_FOUND: 'profile.session_not_found',
  /** The caller's current session cannot be ended here: sign out instead. */
  OWN_SESSION: 'profile.own_session',
  /** The code mail could not be delivered (SMTP refused or unreachable). */
  MAIL_FAILED: 'profile.mail_failed',
} as const;
