/**
 * The error rules of SPEC §8 as a pure decision: given what went wrong and the request options, what
 * the user sees and what happens to the session. The HTTP client carries the decision out.
 */
import { TOKEN_CODES } from '@mp/protocol';

/** What went wrong with one call. */
export type Failure =
  | { kind: 'result'; scode: string; msg: string }
  | { kind: 'http'; status: number; msg: string }
  | { kind: 'timeout' }
  | { kind: 'network' };

export interface FailureOptions {
  noToast?: boolean;
  silent?: boolean;
}

/** A text: an i18n key of the `http` namespace, or the server's own words. */
export type Text = { key: string } | { raw: string };

export interface FailureAction {
  toast?: { level: 'error' | 'warning'; text: Text };
  modal?: { level: 'error' | 'warning'; title: Text; text?: Text; items?: string[] };
  clearSession?: boolean;
  /** Go to /login after this many ms (0 = now), unless the address already contains 'login'. */
  redirectToLoginMs?: number;
}

/** The server's message, or the fixed texts for '-' (network) and empty (unknown error). */
export function messageText(msg: string | undefined | null): Text {
  if (msg === '-') return { key: 'networkError' };
  if (!msg) return { key: 'unknownError' };
  return { raw: msg };
}

/** A message that is a JSON array of items (SPEC §8), else null. */
export function parseMessageList(msg: string): string[] | null {
  const t = msg.trim();
  if (!t.startsWith('[')) return null;
  try {
    const v: unknown = JSON.parse(t);
    if (!Array.isArray(v)) return null;
    return v.map((x) =>
      typeof x === 'string' ? x : x && typeof x === 'object' && 'message' in x ? String((x as { message: unknown }).message) : JSON.stringify(x),
    );
  } catch {
    return null;
  }
}

/**
 * Decides the reaction to a failed call (SPEC §8):
 * - silent calls only log (empty action);
 * - token codes: show the message, clear the session, go to login after 3 s;
 * - failed results: error toast (or, for a JSON-array message, a warning modal 'tip information')
 *   unless noToast;
 * - HTTP 400: nothing (the caller handles it); 401: 'authentication expired…' and login now;
 * - timeout: modal 'request timeout'; other HTTP statuses and network failures: modal with the message.
 */
export function decideFailure(f: Failure, o: FailureOptions, tokenRedirectMs = 3000): FailureAction {
  if (o.silent) return {};
  switch (f.kind) {
    case 'result': {
      if (TOKEN_CODES.includes(f.scode)) {
        return { toast: { level: 'error', text: messageText(f.msg) }, clearSession: true, redirectToLoginMs: tokenRedirectMs };
      }
      if (o.noToast) return {};
      const items = parseMessageList(f.msg);
      if (items) return { modal: { level: 'warning', title: { key: 'tipInformation' }, items } };
      return { toast: { level: 'error', text: messageText(f.msg) } };
    }
    case 'http':
      if (f.status === 400) return {};
      if (f.status === 401) return { toast: { level: 'error', text: { key: 'authExpired' } }, clearSession: true, redirectToLoginMs: 0 };
      return { modal: { level: 'error', title: { key: 'errorTitle' }, text: messageText(f.msg) } };
    case 'timeout':
      return { modal: { level: 'error', title: { key: 'errorTitle' }, text: { key: 'requestTimeout' } } };
    case 'network':
      return { modal: { level: 'error', title: { key: 'errorTitle' }, text: { key: 'networkError' } } };
  }
}
