/**
 * The request headers of PROTOCOL.md "Request headers" and "Signature", as a pure function so the
 * signing can be unit-tested without a browser (SPEC §7).
 */
import { computeSignature, DEFAULTS, signRangeFor } from '@mp/protocol';

export interface HeaderInput {
  method: 'GET' | 'POST';
  /** The exact JSON text sent, or null when the body is not JSON (none, or multipart). */
  jsonBody: string | null;
  token: string;
  userId: string;
  cryptoType: string;
  language: string;
  /** Server-time offset in ms (server − local). */
  offset: number;
  /** Local clock, ms since the epoch. */
  now: number;
  nonce: string;
  refererHash: string;
  tenantId: string;
  appId: string;
  appCode: string;
  /** Extra headers; they win over the computed ones except the signature fields. */
  extra?: Record<string, string>;
}

/**
 * Builds every header of a gateway call. Sign range 2 (body signed) for a POST with a JSON body, else 1;
 * `token` and `userId` are '' before sign-in. Returns a plain object for `fetch`.
 */
export function buildRequestHeaders(i: HeaderInput): Record<string, string> {
  const signRange = signRangeFor(i.method, i.jsonBody !== null);
  const timestamp = String(Math.round(i.now + i.offset));
  const signature = computeSignature(
    { clientId: DEFAULTS.clientId, timestamp, token: i.token, nonce: i.nonce, signRange, userId: i.userId, body: i.jsonBody ?? '' },
    i.cryptoType,
  );
  const h: Record<string, string> = {
    'X-Client-Id': DEFAULTS.clientId,
    'X-Referer-Hash': i.refererHash,
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Language': i.language,
    TENANTID: i.tenantId,
    APPID: i.appId,
    APPCODE: i.appCode,
    ...(i.extra ?? {}),
  };
  if (i.token) h.Authorization = `Bearer ${i.token}`;
  if (i.jsonBody !== null) h['Content-Type'] = 'application/json';
  h['X-Timestamp'] = timestamp;
  h['X-Nonce'] = i.nonce;
  h['X-Sign-Range'] = signRange;
  h['X-Signature'] = signature;
  return h;
}

/**
 * Encodes GET parameters (SPEC §7): every value URL-encoded, null and undefined as empty strings,
 * arrays and objects as JSON. Returns '' or a string starting with '?'.
 */
export function encodeQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const parts = Object.entries(query).map(([k, v]) => {
    const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `${encodeURIComponent(k)}=${encodeURIComponent(s)}`;
  });
  return parts.length ? `?${parts.join('&')}` : '';
}
