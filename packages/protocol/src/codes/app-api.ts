/**
 * Response codes of the API registry of an application (`appapi.reason`; SPEC §2 App `api`, §3 API,
 * §5 "API service interface must end with .do", §8 'The service url must end with .do'); messages under
 * `errors:appapi.<reason>` in @mp/i18n (locales/<locale>/errors-appapi.ts). Callers who may not
 * administer the application get the spec's `10009029001` from the guard.
 */
export const AppApiCodes = {
  /** No such API in this application (unknown id, deleted, or another application's). */
  NOT_FOUND: 'appapi.not_found',
  /** SPEC §8: 'The service url must end with .do'. */
  URL_SUFFIX: 'appapi.url_suffix',
  /** The URL contains white space. */
  URL_SPACE: 'appapi.url_space',
  /** Another API of the application already has this URL (case-insensitive; param `url`). */
  URL_IN_USE: 'appapi.url_in_use',
  /** Import: rows were refused; nothing was written (params `count`; data.errors, data.failedRows). */
  IMPORT_INVALID: 'appapi.import_invalid',
  /** Import: the file is not a readable Excel workbook. */
  IMPORT_UNREADABLE: 'appapi.import_unreadable',
  /** Import: a required column is missing from the heading row (param `column`). */
  IMPORT_COLUMN_MISSING: 'appapi.import_column_missing',
  /** Import: the sheet has no data rows. */
  IMPORT_EMPTY: 'appapi.import_empty',
  /** Import: more rows than APP_API_IMPORT_MAX_ROWS (param `max`). */
  IMPORT_TOO_MANY: 'appapi.import_too_many',
  /** Import: the same URL appears twice in the file (param `row`: the first one). */
  IMPORT_DUPLICATE: 'appapi.import_duplicate',
} as const;
