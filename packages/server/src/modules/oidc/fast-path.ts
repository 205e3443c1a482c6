/**
 * The OpenID hot path outside Fastify (issue 17 "OpenID Connect hot path"; docs/oidc.md "Hot path"):
 * `GET <issuer>/me` (userinfo) and `POST <issuer>/token/introspection`, exactly those addresses with no
 * query string, are handed by the HTTP server's request listener straight to the provider's Koa
 * callback, without Fastify's routing, hooks, per-request logger and `reply.hijack()`. What the
 * Fastify route did for them is kept here:
 * - the provider pages' security headers (the same set as `oidcPageHeaders`, recorded once at start);
 * - `X-Request-Id` (a sane incoming one, else a new UUID: plugins/request-id.ts `requestIdOf`) on the
 *   answer and, when `info` is logged, Fastify's two access-log lines with `reqId`;
 * - the request metrics (`mp_http_requests_total`, `mp_http_request_duration_seconds`, route label
 *   `<issuer>/*` as before) through `app.opsMetrics.httpRequest`;
 * - a fault outside the provider (which answers its own errors) is logged and answered 500 with the
 *   provider's error shape, never a stack; the process never stops for it.
 * Everything else goes to Fastify unchanged, including these two addresses when the request would be
 * refused by the gateway's transport checks there (no Host, a body on GET, a query string to check)
 * and while the app closes (Fastify answers 503). The call log records /gateway only and no rate
 * limit applies under the issuer path, so neither is skipped. `app.inject` calls Fastify directly, so
 * it always takes the Fastify route (tests compare the two).
 */
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import type { ServerConfig } from '../../config.js';
import { REQUEST_ID_HEADER, requestIdOf } from '../../plugins/request-id.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The body the provider answers for a server fault (oidc-provider's `server_error`). */
const SERVER_ERROR = JSON.stringify({ error: 'server_error', error_description: 'oops! something went wrong' });

const served = new WeakMap<object, { count: number }>();

/** Requests the fast path of `app` has answered since start (tests prove the path is taken). */
export function fastPathCount(app: FastifyInstance): number {
  return served.get(app.server)?.count ?? 0;
}

/**
 * The client's address as Fastify's `request.ip` gives it for `trustProxy` (MP_TRUST_PROXY): the socket's
 * peer, or with trusted proxies the nearest address in X-Forwarded-For that is not one of them.
 */
export function clientAddressOf(trustProxy: ServerConfig['trustProxy']): (req: IncomingMessage) => string | undefined {
  if (!trustProxy) return (req) => req.socket.remoteAddress;
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()));
  return (req) => proxyAddr.all(req, trusted).at(-1);
}

/**
 * The headers a helmet-style middleware sets, recorded once on a stand-in response: the same list is
 * then set on every answer (the provider pages' policy has no per-request part such as a nonce).
 */
export async function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<[string, string | number | readonly string[]][]> {
  const headers = new Map<string, [string, string | number | readonly string[]]>();
  const stand = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), [name, value]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
  };
  await middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, stand as unknown as ServerResponse);
  return [...headers.values()];
}

/**
 * Puts the fast path in front of Fastify's request listener on `app.server`.
 * `issuerPath` is the issuer's path (`/oidc`); `callback` the provider's Koa callback; `pageHeaders`
 * the provider pages' header middleware (plugins/security-headers.ts `oidcPageHeaders`).
 */
export async function installFastPath(
  app: FastifyInstance,
  issuerPath: string,
  callback: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  pageHeaders: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<void> {
  const headers = await recordHeaders(pageHeaders);
  const userinfo = `${issuerPath}/me`;
  const introspection = `${issuerPath}/token/introspection`;
  const route = `${issuerPath}/*`;
  const clientAddress = clientAddressOf(app.config.trustProxy);
  // pino's (Fastify's type leaves it out; a disabled logger has none)
  const { isLevelEnabled } = app.log as { isLevelEnabled?: (level: string) => boolean };
  const infoLogged = () => isLevelEnabled?.call(app.log, 'info') === true;
  const stats = { count: 0 };
  served.set(app.server, stats);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const server = app.server;
  const [fastify, ...others] = server.listeners('request') as Listener[];
  if (!fastify || others.length) return; // not the server Fastify made: leave it alone

  const takes = (req: IncomingMessage): boolean => {
    if (closing || !req.headers.host) return false;
    if (req.method === 'GET') return req.url === userinfo && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    return req.method === 'POST' && req.url === introspection;
  };

  const serve = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void => {
    stats.count += 1;
    const start = performance.now();
    const reqId = requestIdOf(req);
    const url = req.url!;
    const log = infoLogged() ? app.log.child({ reqId }) : undefined;
    log?.info({ req: { method: req.method, url, ip: clientAddress(req), routeOptions: { url: route } } }, 'incoming request');
    const done = (err?: Error) => {
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const ms = performance.now() - start;
      app.opsMetrics.httpRequest(req.method!, route, res.statusCode, ms / 1000);
      if (err) log?.error({ res: { statusCode: res.statusCode }, err, responseTime: ms }, 'request errored');
      else log?.info({ res: { statusCode: res.statusCode }, responseTime: ms }, 'request completed');
    };
    res.on('finish', done);
    res.on('error', done);
    const fail = (err: unknown) => {
      app.log.error({ err, reqId }, 'oidc fast path: fault outside the provider');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(SERVER_ERROR));
      res.end(SERVER_ERROR);
    };
    try {
      for (const [name, value] of headers) res.setHeader(name, value);
      res.setHeader(REQUEST_ID_HEADER, reqId);
      req.originalUrl = url;
      req.url = url.slice(issuerPath.length);
      callback(req, res).catch(fail);
    } catch (err) {
      fail(err);
    }
  };

  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (takes(req)) serve(req, res);
    else fastify.call(server, req, res);
  });
}
