/**
 * Transport limits of the gateway (docs/protocol.md "Input limits"; PROTOCOL.md "Response envelope"):
 * the answers that Node's HTTP server and Fastify's router give before any route runs also carry the
 * envelope, the right status and a message in the caller's language (X-Language), never a 500:
 * - request headers over `MAX_HEADER_BYTES` (the request line included) → 431, a malformed HTTP
 *   request → 400, a request not received in time → 408 (Node's `clientError`, answered on the socket);
 *   an HTTP/1.1 request without Host → 400; an `Expect` header Node cannot meet → 417;
 * - an address with bad percent-encoding in the path or the query → 400 `protocol.bad_url`;
 * - an address over `MAX_URL_BYTES`, or a path parameter over `MAX_PARAM_LENGTH` → 414;
 * - a GET or HEAD request with a body → 400 `protocol.body_not_allowed`;
 * - after validation, a number that is not finite anywhere in the input → 400 `protocol.body_invalid`.
 * Unknown routes (404), bodies over the limit (413), unsupported content types (415) and bad JSON (400)
 * are answered by the error handler (plugins/errors.ts) and the body parser (plugins/body.ts).
 */
import type { Socket } from 'node:net';
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { ConnectionError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, fail, Headers } from '@mp/protocol';
import { localeOf, translate } from '@mp/i18n';
import { AppError } from '../lib/errors.js';
import { sendFailure } from './errors.js';

/** Longest request target (path and query) in bytes; longer → 414. */
export const MAX_URL_BYTES = 8 * 1024;
/** Longest single path parameter (`/file/get/{fileId}`) in characters; longer → 414. */
export const MAX_PARAM_LENGTH = 256;
/** Largest request line plus headers Node's parser accepts, in bytes; larger → 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The status and code for a connection-level error Node reports before a request exists. */
function clientErrorAnswer(code: string | undefined): { status: number; code: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: Codes.HEADERS_TOO_LARGE };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: Codes.REQUEST_TIMEOUT };
  return { status: 400, code: Codes.BAD_REQUEST };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Node's `clientError` handler: writes the envelope for a request its parser refused (oversized
 * headers, malformed HTTP, timeout) and closes the socket. The language comes from an `X-Language`
 * header in the bytes received so far, when there is one.
 */
export function writeClientError(err: ConnectionError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = clientErrorAnswer(err.code);
  // Node hands the bytes received so far as a Buffer (fastify's type says otherwise)
  const packet: unknown = err.rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.subarray(0, MAX_HEADER_BYTES * 2).toString('latin1') : '';
  const language = /\r\nx-language:[ \t]*([A-Za-z_-]{1,16})/i.exec(raw)?.[1];
  const locale = localeOf(language);
  const body = JSON.stringify(fail(code, translate(locale, `errors:${code}`)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Fastify's `frameworkErrors`: the router found a path it cannot decode (400) or a path parameter
 * over `MAX_PARAM_LENGTH` (414). Runs before the request hooks, so the language is read here.
 */
export function answerFrameworkError(error: { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  const language = request.headers[Headers.language];
  request.locale = localeOf(Array.isArray(language) ? language[0] : language);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendFailure(request, reply, 414, Codes.URL_TOO_LONG);
  return sendFailure(request, reply, 400, Codes.BAD_URL);
}

/** The Fastify server options of the transport limits (buildApp spreads them into `Fastify({...})`). */
export function transportOptions() {
  return {
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Node would answer a missing Host itself, without the envelope; the onRequest hook refuses it instead.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false } satisfies ServerOptions,
    clientErrorHandler: writeClientError,
    frameworkErrors: answerFrameworkError,
  };
}

/** True when every `%` escape of `part` is well formed and the bytes decode as UTF-8. */
function decodes(part: string): boolean {
  if (!part.includes('%')) return true;
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

/** True when the request target (path and query) decodes cleanly, piece by piece. */
export function urlDecodes(url: string): boolean {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.split('/').every(decodes)) return false;
  if (q < 0) return true;
  return url
    .slice(q + 1)
    .split('&')
    .every((pair) => pair.split('=').every(decodes));
}

/**
 * The dotted path of the first number in `value` that is not finite (`Infinity` from a query value
 * `1e400` or `Infinity` that Ajv coerced to an integer and then let past `maximum`), or undefined.
 */
export function findNonFinite(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || depth > 40) return undefined;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = findNonFinite(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Registers the per-request checks: the address and body rules as an `onRequest` hook (call it after
 * the guard, whose first hook sets the request's language), and, after validation, a `preHandler`
 * that refuses a number that is not finite in the validated params, query or body with 400.
 */
export function registerTransportChecks(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field = findNonFinite(request.params, 'params') ?? findNonFinite(request.query, 'query') ?? findNonFinite(request.body, 'body');
    if (field)
      throw new AppError(Codes.BODY_INVALID, { detail: `${field} must be a finite number` }, 400, { errors: [{ field, message: 'must be a finite number' }] });
  });
  // Node answers an `Expect` other than 100-continue itself (417, no body) unless someone listens.
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const language = req.headers[Headers.language];
    const body = JSON.stringify(fail(Codes.BAD_REQUEST, translate(localeOf(Array.isArray(language) ? language[0] : language), `errors:${Codes.BAD_REQUEST}`)));
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' }).end(body);
  });
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) throw new AppError(Codes.BAD_REQUEST, {}, 400);
    const url = request.raw.url ?? '';
    if (Buffer.byteLength(url) > MAX_URL_BYTES) throw new AppError(Codes.URL_TOO_LONG, {}, 414);
    if (!urlDecodes(url)) throw new AppError(Codes.BAD_URL, {}, 400);
    if (request.method === 'GET' || request.method === 'HEAD') {
      const length = request.headers['content-length'];
      if ((length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined) {
        throw new AppError(Codes.BODY_NOT_ALLOWED, {}, 400);
      }
    }
  });
}
