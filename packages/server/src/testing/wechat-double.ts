/**
 * A test double of WeChat's OAuth endpoints on loopback (issue 18 "WeChat sign-in"; docs/wechat-signin.md
 * "Testing"): tests point MP_WECHAT_API_BASE, MP_WECHAT_WORK_API_BASE and MP_WECHAT_OPEN_BASE at it, so
 * no test ever reaches a real WeChat host. It plays
 * - `connect/oauth2/authorize` and `connect/qrconnect`: the phone's scan — a 302 to `redirect_uri` with a
 *   fresh `code` for the `scanner` the test set, and the `state`;
 * - `sns/oauth2/access_token` (official account, open platform): `code` → `openid`;
 * - `cgi-bin/gettoken` and `cgi-bin/auth/getuserinfo` (enterprise WeChat): `code` → `userid`;
 * with WeChat's error JSON for a wrong secret (40125 / 40001), an unknown or used code (40029), or the
 * error the test queued with `failNext`. Codes are single use, like WeChat's.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatDouble {
  /** `http://127.0.0.1:<port>`: the base of every endpoint. */
  base: string;
  /** The secret the double accepts (the configured app secret). */
  secret: string;
  /** Who scans next through the authorize pages (open id or enterprise user id). */
  scanner: string;
  /** A new single-use code that answers `id`. */
  issueCode(id: string): string;
  /** The next token or user-info call answers this error JSON instead. */
  failNext(error: { errcode: number; errmsg: string }): void;
  /** Paths called, in order (for asserting that calls were made). */
  calls: string[];
  /** The callback URL a phone would reach after scanning `authorizeUrl` as `id` (no HTTP involved). */
  scanUrl(authorizeUrl: string, id: string): string;
  close(): Promise<void>;
}

/** Starts the double on 127.0.0.1 with a free port; `secret` is the app secret it accepts. */
export async function startWechatDouble(secret = 'wx-test-secret'): Promise<WechatDouble> {
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  let queued: { errcode: number; errmsg: string } | undefined;
  const double: WechatDouble = {
    base: '',
    secret,
    scanner: '',
    calls: [],
    issueCode(id) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, id);
      return code;
    },
    failNext(error) {
      queued = error;
    },
    scanUrl(authorizeUrl, id) {
      const u = new URL(authorizeUrl.replace(/#.*$/, ''));
      const back = new URL(u.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', double.issueCode(id));
      back.searchParams.set('state', u.searchParams.get('state') ?? '');
      return back.toString();
    },
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const takeCode = (code: string | null): string | undefined => {
    const id = code ? codes.get(code) : undefined;
    if (code) codes.delete(code);
    return id;
  };
  const handle = (req: IncomingMessage, res: ServerResponse): unknown => {
    const url = new URL(req.url ?? '/', 'http://double');
    const q = url.searchParams;
    double.calls.push(url.pathname);
    if (url.pathname === '/connect/oauth2/authorize' || url.pathname === '/connect/qrconnect') {
      res.writeHead(302, { location: double.scanUrl(`http://double${req.url}`, double.scanner) });
      res.end();
      return;
    }
    if (queued && url.pathname !== '/cgi-bin/gettoken') {
      const e = queued;
      queued = undefined;
      json(res, e);
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('secret') !== double.secret) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      const id = takeCode(q.get('code'));
      if (!id) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      return json(res, { access_token: `at-${id}`, expires_in: 7200, refresh_token: 'rt', openid: id, scope: q.get('scope') ?? 'snsapi_base' });
    }
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpsecret') !== double.secret) return json(res, { errcode: 40001, errmsg: 'invalid credential' });
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return json(res, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      if (!tokens.has(q.get('access_token') ?? '')) return json(res, { errcode: 40014, errmsg: 'invalid access_token' });
      const id = takeCode(q.get('code'));
      if (!id) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      return json(res, { errcode: 0, errmsg: 'ok', userid: id, user_ticket: 'ut' });
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: -1, errmsg: 'not found' }));
  };
  const server = createServer(handle);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  double.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
