/**
 * The calls to WeChat for QR sign-in (docs/wechat-signin.md "WeChat endpoints"): the authorize URL the QR
 * code encodes, and the exchange of the `code` WeChat hands the callback for the scanner's id —
 * official account and open platform: `sns/oauth2/access_token` (answers the `openid`); enterprise
 * WeChat: `cgi-bin/gettoken` (the application's access token, cached until shortly before it expires)
 * and `cgi-bin/auth/getuserinfo` (answers the member's `userid`). Base URLs come from the configuration
 * (MP_WECHAT_*), so tests talk to a loopback double; every call has a timeout. A WeChat error JSON
 * (`{ errcode, errmsg }`) becomes `wechat.provider_error`, anything else that fails
 * `wechat.provider_unreachable` — never a 500. The secret is sent only to WeChat, never logged.
 */
import { createHash } from 'node:crypto';
import { WechatCodes, WxType } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';

/** The base URLs and timeout (ServerConfig `wechat`). */
export interface WechatEndpoints {
  apiBase: string;
  workApiBase: string;
  openBase: string;
  timeoutMs: number;
}

/** The fields of an integration_configs 'wx' entry this feature uses, with its decrypted secret. */
export interface WechatApp {
  id: string;
  type: 1 | 2 | 3;
  corpId: string;
  agentId: string;
  appId: string;
  secret: string;
}

/**
 * The page the QR code points to (SPEC §3 types): enterprise WeChat and official accounts use the
 * in-app `connect/oauth2/authorize` (`snsapi_base`, enterprise with `agentid`), the open platform its
 * website `connect/qrconnect` (`snsapi_login`). `redirectUri` is the callback; `state` the ticket's.
 */
export function authorizeUrl(ep: WechatEndpoints, app: WechatApp, redirectUri: string, state: string): string {
  const q = new URLSearchParams();
  q.set('appid', app.type === WxType.ENTERPRISE ? app.corpId : app.appId);
  q.set('redirect_uri', redirectUri);
  q.set('response_type', 'code');
  q.set('scope', app.type === WxType.OPEN_PLATFORM ? 'snsapi_login' : 'snsapi_base');
  q.set('state', state);
  if (app.type === WxType.ENTERPRISE) q.set('agentid', app.agentId);
  const page = app.type === WxType.OPEN_PLATFORM ? 'connect/qrconnect' : 'connect/oauth2/authorize';
  return `${ep.openBase}/${page}?${q.toString()}#wechat_redirect`;
}

type WxAnswer = Record<string, unknown> & { errcode?: number; errmsg?: string };

/** GET `url` with the timeout; answers WeChat's JSON or throws the localised provider error. */
async function getJson(ep: WechatEndpoints, url: string): Promise<WxAnswer> {
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(ep.timeoutMs), redirect: 'error' });
    body = await res.json();
  } catch {
    throw new AppError(WechatCodes.PROVIDER_UNREACHABLE);
  }
  if (!body || typeof body !== 'object') throw new AppError(WechatCodes.PROVIDER_UNREACHABLE);
  const answer = body as WxAnswer;
  if (typeof answer.errcode === 'number' && answer.errcode !== 0) {
    throw new AppError(WechatCodes.PROVIDER_ERROR, { errcode: answer.errcode, errmsg: String(answer.errmsg ?? '').slice(0, 200) });
  }
  return answer;
}

/** Enterprise access tokens by corp, agent and secret digest: a cache, never the source of truth. */
const workTokens = new Map<string, { token: string; until: number }>();
/** Access-token errors after which a cached token is dropped and fetched once more. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

async function workToken(ep: WechatEndpoints, app: WechatApp, fresh: boolean): Promise<string> {
  const key = `${ep.workApiBase}|${app.corpId}|${createHash('sha256').update(app.secret).digest('hex')}`;
  const cached = workTokens.get(key);
  if (!fresh && cached && cached.until > Date.now()) return cached.token;
  const q = new URLSearchParams({ corpid: app.corpId, corpsecret: app.secret });
  const a = await getJson(ep, `${ep.workApiBase}/cgi-bin/gettoken?${q}`);
  if (typeof a.access_token !== 'string' || !a.access_token) throw new AppError(WechatCodes.PROVIDER_UNREACHABLE);
  const ttl = typeof a.expires_in === 'number' ? a.expires_in : 7200;
  workTokens.set(key, { token: a.access_token, until: Date.now() + Math.max(0, ttl - 300) * 1000 });
  return a.access_token;
}

/**
 * Exchanges the callback's `code` for the scanner's id at WeChat: the open id (types 2 and 3) or the
 * enterprise member's user id (type 1; someone who is not a member of the enterprise is refused).
 * Throws `wechat.provider_error` / `wechat.provider_unreachable`.
 */
export async function exchangeCode(ep: WechatEndpoints, app: WechatApp, code: string): Promise<string> {
  if (app.type !== WxType.ENTERPRISE) {
    const q = new URLSearchParams({ appid: app.appId, secret: app.secret, code, grant_type: 'authorization_code' });
    const a = await getJson(ep, `${ep.apiBase}/sns/oauth2/access_token?${q}`);
    if (typeof a.openid !== 'string' || !a.openid) throw new AppError(WechatCodes.PROVIDER_UNREACHABLE);
    return a.openid;
  }
  const userInfo = async (fresh: boolean) => {
    const q = new URLSearchParams({ access_token: await workToken(ep, app, fresh), code });
    return getJson(ep, `${ep.workApiBase}/cgi-bin/auth/getuserinfo?${q}`);
  };
  let a: WxAnswer;
  try {
    a = await userInfo(false);
  } catch (e) {
    if (!(e instanceof AppError && STALE_TOKEN.has(Number(e.params?.errcode)))) throw e;
    a = await userInfo(true);
  }
  if (typeof a.userid !== 'string' || !a.userid) throw new AppError(WechatCodes.PROVIDER_ERROR, { errcode: 0, errmsg: 'not a member of the enterprise' });
  return a.userid;
}
