/**
 * Response codes of the online-session area (`session.reason`); messages under `errors:session.<reason>`
 * in @mp/i18n (locales/<locale>/errors-session.ts). SPEC §4 Records (users online/offline, 'Eliminate
 * user success'), §7 /tenant/login/* token calls.
 */
export const SessionCodes = {
  /** An id that names no online session the caller may see (another tenant's, ended, expired). */
  NOT_FOUND: 'session.not_found',
  /** endsession naming the caller's own current session: sign out with tokenlogout instead. */
  OWN_SESSION: 'session.own_session',
} as const;
