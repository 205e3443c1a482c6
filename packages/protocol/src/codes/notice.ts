/**
 * Response codes of notices (`notice.reason`); messages under `errors:notice.<reason>` in @mp/i18n
 * (locales/<locale>/errors-notice.ts). docs/notices.md.
 */
export const NoticeCodes = {
  /** The notice is not one of this application's (or not one the user may see). */
  NOT_FOUND: 'notice.not_found',
  /** Title empty after trimming. */
  TITLE_REQUIRED: 'notice.title_required',
  /** Title longer than NOTICE_RULES.title.max (params: max). */
  TITLE_TOO_LONG: 'notice.title_too_long',
  /** Body longer than NOTICE_RULES.body.max after sanitising (params: max). */
  BODY_TOO_LONG: 'notice.body_too_long',
  /** Publishing a notice without audience, or with an empty body. */
  AUDIENCE_REQUIRED: 'notice.audience_required',
  BODY_REQUIRED: 'notice.body_required',
  /** An audience entry that is not one of the application's tenants, organisations, roles or users (params: id). */
  TARGET_UNKNOWN: 'notice.target_unknown',
  /** A publish time or expiry that is not a real time between 1970 and 9999 (params: none). */
  TIME_INVALID: 'notice.time_invalid',
  /** The expiry is not after the publish time. */
  EXPIRE_BEFORE_PUBLISH: 'notice.expire_before_publish',
  /** Publishing a notice whose expiry has passed. */
  EXPIRED: 'notice.expired',
  /** The move is not allowed from the notice's status (params: status = localised status name key). */
  STATE: 'notice.state',
  /** The body shows an image that is not an uploaded file the caller may use (params: id). */
  IMAGE_UNKNOWN: 'notice.image_unknown',
} as const;
