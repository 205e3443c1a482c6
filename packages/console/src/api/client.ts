/**
 * THE HTTP client of the console (CONVENTIONS "Console", SPEC §7, §8, PROTOCOL.md): headers and
 * signature, body encryption, the response envelope, the error rules, the global spinner counter.
 * Feature modules (`src/api/<feature>.ts`) call `get` / `post` / `upload` / `download` with paths from
 * `Paths` of @mp/protocol and receive `envelope.data` on success; every failure rejects with `ApiError`
 * after the user has been told what SPEC §8 says they should see.
 */
import { DEFAULTS, encryptValue, md5Hex, Paths, randomHex, type Envelope, type StartupConfig } from '@mp/protocol';
import { useConfigStore, writeServerOffset, readServerOffset } from '../stores/config';
import { useSessionStore } from '../stores/session';
import { useUiStore } from '../stores/ui';
import { buildRequestHeaders, encodeQuery } from './http/request-headers';
import { decideFailure, type Failure } from './http/error-rules';
import { resolveText, showFailure } from './http/feedback';
import { redirectToLogin } from './http/navigation';
import { fileNameFromDisposition, isTextualType, saveBlob } from './http/download';

/** Per-call options (SPEC §7 Special cases). */
export interface RequestOptions {
  /** No automatic error toast for a failed result (sign-in, token logout, …). */
  noToast?: boolean;
  /** Errors only go to the console (unread-count polls, …). */
  silent?: boolean;
  /** Does not turn on the global spinner (WeChat login polling, …). */
  noLoading?: boolean;
  /** Milliseconds before the call is aborted; default the configuration's requestTimeoutMs (SPEC §9). */
  timeout?: number;
  /** Sends the JSON body as `{"reuestParas": <encrypted JSON>}` (PROTOCOL.md "Encrypted values"). */
  encryptBody?: boolean;
  /** Extra headers (e.g. TENANTID for the tenant menu); they override the defaults. */
  headers?: Record<string, string>;
}

/** A failed call: `scode` of the envelope ('' for HTTP/network failures), HTTP `status` (0 = none). */
export class ApiError extends Error {
  scode: string;
  status: number;
  data: unknown;
  constructor(message: string, scode: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.scode = scode;
    this.status = status;
    this.data = data;
  }
}

type Body = { kind: 'json'; text: string } | { kind: 'form'; form: FormData } | null;

function isEnvelope(v: unknown): v is Envelope {
  return Boolean(v && typeof v === 'object' && 'result' in v);
}

function fail(f: Failure, opts: RequestOptions, status: number, data: unknown, scode = ''): never {
  const action = decideFailure(f, opts, DEFAULTS.tokenErrorRedirectMs);
  if (opts.silent) console.warn('[api] silent failure', f);
  showFailure(action);
  if (action.clearSession) useSessionStore.getState().clearSession();
  if (action.redirectToLoginMs !== undefined) redirectToLogin(action.redirectToLoginMs);
  // a timeout or a dropped connection carries its text in the user's language (a form may show it beside the modal)
  const msg = 'msg' in f ? f.msg : resolveText({ key: f.kind === 'timeout' ? 'requestTimeout' : 'networkError' });
  throw new ApiError(msg, scode, status, data);
}

/** Sends one call and hands back the raw response; handles timeout, network failure and the spinner. */
async function send(method: 'GET' | 'POST', url: string, body: Body, opts: RequestOptions, signed = true): Promise<Response> {
  const cfg = useConfigStore.getState();
  const session = useSessionStore.getState();
  const headers = buildRequestHeaders({
    method,
    jsonBody: body?.kind === 'json' ? body.text : null,
    token: session.token,
    userId: session.userId,
    cryptoType: cfg.cryptoType,
    language: useUiStore.getState().language,
    offset: readServerOffset(),
    now: Date.now(),
    nonce: randomHex(16),
    refererHash: window.location.hash,
    tenantId: cfg.hash.tenantId,
    appId: cfg.hash.appId,
    appCode: cfg.hash.appCode,
    extra: opts.headers,
  });
  if (!signed) for (const h of ['X-Timestamp', 'X-Nonce', 'X-Sign-Range', 'X-Signature']) delete headers[h];
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeout ?? cfg.requestTimeoutMs);
  const ui = useUiStore.getState();
  if (!opts.noLoading) ui.beginLoading();
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === null ? undefined : body.kind === 'json' ? body.text : body.form,
      signal: ctl.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (ctl.signal.aborted) return fail({ kind: 'timeout' }, opts, 0, null);
    console.error('[api] network failure', url, e);
    return fail({ kind: 'network' }, opts, 0, null);
  } finally {
    clearTimeout(timer);
    if (!opts.noLoading) useUiStore.getState().endLoading();
  }
}

/** Reads a JSON envelope, applying the HTTP-status and result rules; resolves `data`. */
async function readEnvelope<D>(res: Response, opts: RequestOptions): Promise<D> {
  let env: unknown = null;
  try {
    env = await res.json();
  } catch {
    env = null;
  }
  return envelopeData<D>(res.status, env, opts);
}

function envelopeData<D>(status: number, env: unknown, opts: RequestOptions): D {
  const e = isEnvelope(env) ? env : null;
  if (status < 200 || status >= 300) {
    fail({ kind: 'http', status, msg: e?.msg || e?.message || '' }, opts, status, e?.data ?? null, e?.scode ?? '');
  }
  if (!e) fail({ kind: 'http', status: 502, msg: '' }, opts, status, env);
  if (e.result !== '1') {
    fail({ kind: 'result', scode: e.scode ?? '', msg: e.msg || e.message || '' }, opts, status, e.data, e.scode ?? '');
  }
  return e.data as D;
}

function jsonBody(body: unknown, opts: RequestOptions): Body {
  if (body === undefined) return null;
  let payload: unknown = body;
  if (opts.encryptBody) {
    const cfg = useConfigStore.getState();
    payload = { reuestParas: encryptValue(JSON.stringify(body), cfg.mpk, cfg.cryptoType) };
  }
  return { kind: 'json', text: JSON.stringify(payload) };
}

/**
 * GET `path` with URL-encoded `query` (null/undefined as empty). Resolves `envelope.data` when
 * `result === '1'`; rejects with ApiError otherwise (SPEC §8).
 */
export async function get<D>(path: string, query?: Record<string, unknown>, opts: RequestOptions = {}): Promise<D> {
  const res = await send('GET', path + encodeQuery(query), null, opts);
  return readEnvelope<D>(res, opts);
}

/**
 * POST `body` as JSON (serialised once, signed with sign range 2; no body → range 1). Resolves
 * `envelope.data`; rejects with ApiError (SPEC §8).
 */
export async function post<D>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<D> {
  const res = await send('POST', path, jsonBody(body, opts), opts);
  return readEnvelope<D>(res, opts);
}

/** POST a multipart form (sign range 1, the body is not signed). Resolves `envelope.data`. */
export async function upload<D>(path: string, form: FormData, opts: RequestOptions = {}): Promise<D> {
  const res = await send('POST', path, { kind: 'form', form }, opts);
  return readEnvelope<D>(res, opts);
}

/**
 * POST `body` and save the answer as a file named by Content-Disposition (else `fallbackFileName`).
 * A JSON or text answer holding a result envelope is treated as the call's result: a failure rejects
 * with ApiError after the usual popup (SPEC §8).
 */
export async function download(path: string, body: unknown, fallbackFileName: string, opts: RequestOptions = {}): Promise<void> {
  const res = await send('POST', path, jsonBody(body ?? {}, opts), opts);
  if (!res.ok || isTextualType(res.headers.get('Content-Type'))) {
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!res.ok || isEnvelope(parsed)) {
      envelopeData(res.status, parsed, opts);
      return;
    }
    saveBlob(
      new Blob([text], { type: res.headers.get('Content-Type') ?? 'text/plain' }),
      fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackFileName,
    );
    return;
  }
  const blob = await res.blob();
  saveBlob(blob, fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackFileName);
}

/**
 * An image or file address with `code=md5(token)` added (SPEC §7 image URLs), so `<img>` tags that
 * cannot send headers still prove the session. Absolute URLs and data: URLs are left alone.
 */
export function fileUrl(pathOrUrl: string): string {
  if (!pathOrUrl || /^(data|blob):/i.test(pathOrUrl)) return pathOrUrl;
  const token = useSessionStore.getState().token;
  if (!token) return pathOrUrl;
  const [base, hash = ''] = pathOrUrl.split('#', 2);
  const sep = base!.includes('?') ? '&' : '?';
  return `${base}${sep}code=${md5Hex(token)}${hash ? `#${hash}` : ''}`;
}

/**
 * A password encrypted for the wire (PROTOCOL.md "Encrypted values"): SM4 when the startup
 * configuration's cryptoType is '2', else AES; base64. Throws before the configuration is loaded.
 */
export function encryptPassword(plain: string): string {
  const { mpk, cryptoType } = useConfigStore.getState();
  return encryptValue(plain, mpk, cryptoType);
}

/**
 * Loads the startup configuration (SPEC §7 Startup): `GET /gateway/auth/` unsigned with TENANTID,
 * APPCODE, APPID; stores mpk, cryptoType and the login configuration; keeps the server-time offset
 * (currentTime − Date.now()) in localStorage. Errors are only logged (SPEC §8) and rethrown.
 */
export async function loadStartupConfig(): Promise<StartupConfig> {
  const opts: RequestOptions = { silent: true };
  const res = await send('GET', Paths.config, null, opts, false);
  const data = await readEnvelope<StartupConfig>(res, opts);
  if (typeof data.currentTime === 'number') writeServerOffset(data.currentTime - Date.now());
  useConfigStore.getState().setStartup(data);
  return data;
}
