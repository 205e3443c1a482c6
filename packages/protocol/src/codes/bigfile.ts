/**
 * Response codes of big files (`bigfile.reason`; SPEC §2 `/bigfile`, docs/bigfile.md); messages under
 * `errors:bigfile.<reason>` in @mp/i18n (locales/<locale>/errors-bigfile.ts). The tus endpoint answers
 * them with the HTTP status tus gives the case (413, 415, 404, 409, 410, 412, 400).
 */
export const BigFileCodes = {
  /** Big-file uploads are turned off in this deployment (`MP_BIGFILE=0`). */
  DISABLED: 'bigfile.disabled',
  /** The file is larger than the configured maximum (params: max, a size such as "1 GB"). */
  TOO_LARGE: 'bigfile.too_large',
  /** The file's type or extension is not allowed (params: accept, the allowed list). */
  TYPE_NOT_ALLOWED: 'bigfile.type_not_allowed',
  /** Storing the file would pass the total quota (params: free, the space left). */
  QUOTA_EXCEEDED: 'bigfile.quota_exceeded',
  /** The upload carries no usable file name. */
  NAME_REQUIRED: 'bigfile.name_required',
  /** The upload did not declare its length (deferred length is not accepted). */
  LENGTH_REQUIRED: 'bigfile.length_required',
  /** No such upload (never created, cancelled, expired and swept, or not finished). */
  NOT_FOUND: 'bigfile.not_found',
  /** The chunk's offset is not where the upload stands (the client asks `HEAD` and continues). */
  OFFSET_MISMATCH: 'bigfile.offset_mismatch',
  /** A tus request the server cannot follow (params: detail, the tus server's reason). */
  PROTOCOL: 'bigfile.protocol',
} as const;
