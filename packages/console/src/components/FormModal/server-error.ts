/**
 * Reads what a failed save tells the form modal: the server's code (`scode`) and its message, already in
 * the user's language (SPEC §8). Works on the client's `ApiError` and on any other thrown value.
 */

/** The `scode` of an API error, or '' for other errors. */
export function errorCodeOf(err: unknown): string {
  return err && typeof err === 'object' && 'scode' in err && typeof err.scode === 'string' ? err.scode : '';
}

/**
 * The text to show: the field errors of an HTTP 400 envelope (`data.errors`), else the message.
 * Returns '' when there is nothing readable (the caller falls back to 'Save failed').
 */
export function errorText(err: unknown): string {
  if (!err || typeof err !== 'object') return '';
  const data = 'data' in err ? (err as { data: unknown }).data : undefined;
  const list = data && typeof data === 'object' && 'errors' in data ? (data as { errors: unknown }).errors : undefined;
  if (Array.isArray(list) && list.length) {
    return list
      .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' && 'message' in e ? String(e.message) : ''))
      .filter(Boolean)
      .join('; ');
  }
  return err instanceof Error ? err.message : '';
}

/**
 * The text to show for a failed call the HTTP client left to its caller (SPEC §8: an HTTP 400 is
 * "rejected to caller without popup"): the server's message, else `fallback` (e.g. 'Delete failed').
 * Empty for every other failure, which the client has shown already.
 */
export function unshownFailureText(err: unknown, fallback: string): string {
  const status = err && typeof err === 'object' && 'status' in err ? (err as { status: unknown }).status : undefined;
  if (status !== 400) return '';
  return errorText(err) || fallback;
}
