/**
 * Structured logs and request ids (issue 17 "Operating it"; docs/operations.md "Logs"). Every line is
 * one JSON object from pino (Fastify's logger); each request's lines carry `reqId`, which is also sent
 * back as `X-Request-Id`. A sane incoming `X-Request-Id` (a proxy's or a client's: 1–128 characters of
 * letters, digits and `._:-`) is kept so one id follows a call through the proxy's and our logs; anything
 * else is replaced by a random UUID. Secrets are redacted by pino's redact paths and the URL serializer.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { safeErrorForLog } from '../lib/log-safety.js';

/** The header carrying the request id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: a sane incoming `X-Request-Id`, else a new random UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Names of fields whose values never reach the log, at any of the first levels of a logged object. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'originalPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'access_token',
  'refresh_token',
  'id_token',
  'clientSecret',
  'client_secret',
  'secret',
  'smtpPassword',
  'authorization',
  'cookie',
  'ticket',
];

/**
 * pino redact paths (fast-redact): the request's credentials headers, the answer's cookies and the
 * secret fields above at the top level and one or two levels down (`*.password`, `*.*.password`).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-token"]',
  'req.headers.token',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/** Query parameters whose values are replaced in logged URLs (OIDC codes, tokens, tickets, keys). */
const SECRET_QUERY = /token|code|secret|password|ticket|key|assertion/i;

/** The URL as logged: secret query values replaced by `[redacted]` (`/oidc/cb?code=[redacted]&state=x`). */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Fastify's logger options: JSON lines at `level`, written to `stream` (default stdout), request ids by
 * requestIdOf, secrets redacted, errors without the parameters of a failed statement (lib/log-safety.ts).
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> & {
  loggerInstance?: never;
  logger: Exclude<FastifyServerOptions['logger'], boolean | undefined>;
} {
  return {
    genReqId: (req) => requestIdOf(req),
    requestIdHeader: false,
    logger: {
      level,
      ...(stream ? { stream } : {}),
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        err: (e: unknown) => safeErrorForLog(e),
        req: (req: { method: string; url: string; ip?: string; routeOptions?: { url?: string } }) => ({
          method: req.method,
          url: urlForLog(req.url),
          route: req.routeOptions?.url,
          remoteAddress: req.ip,
        }),
      },
    },
  };
}

/** Sends the request id back as `X-Request-Id` on every answer (also refusals and 404s). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
