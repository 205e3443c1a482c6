/**
 * One error handler turns every failure into the envelope (PROTOCOL.md "Response envelope";
 * CONVENTIONS "Errors"): AppError → its status and translated message; schema failures → 400 with
 * `data.errors`; body too large → 413; unreadable content type → 415; other client errors → 400;
 * the database unreachable → 503; anything else → 500 hiding internals, logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, fail, ServiceAccountCodes } from '@mp/protocol';
import { translate } from '@mp/i18n';
import { AppError } from '../lib/errors.js';
import { isConnectionError } from '../db/client.js';
import { isServiceAccountIdentityRefusal } from '../modules/serviceaccounts/serviceaccounts.credential.js';

/** Sends a failure envelope for `code` in the request's language. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, code: string, params: Record<string, unknown> = {}, data?: unknown) {
  const locale = request.locale ?? 'zh-CN';
  const all = typeof params.fieldKey === 'string' ? { ...params, field: translate(locale, `errors:field.${params.fieldKey}`) } : params;
  const message = translate(locale, `errors:${code}`, all);
  return reply.status(status).send(fail(code, message, data as Record<string, never>));
}

/**
 * True for an error raised by busboy while it read a multipart body (no boundary, a form cut short, a
 * malformed part): the client's fault, answered 400. Busboy's errors carry no code, so the frame
 * that created the error tells.
 */
export function isMultipartParseError(err: Error): boolean {
  if ((err as FastifyError).statusCode !== undefined || (err as FastifyError).code !== undefined) return false;
  const frames = (err.stack ?? '').split('\n').slice(1, 3).join('\n');
  return /[\\/]@fastify[\\/]busboy[\\/]/.test(frames);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 400) request.log.info({ code: err.code }, 'request refused');
      if (err.status === 429 && typeof err.params.seconds === 'number') void reply.header('retry-after', String(err.params.seconds));
      return sendFailure(request, reply, err.status, err.code, err.params, err.data);
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const errors = fe.validation.map((v) => ({
        field: (v.instancePath || '/').slice(1).replace(/\//g, '.') || String((v.params as { missingProperty?: string })?.missingProperty ?? ''),
        message: v.message ?? '',
      }));
      const detail = errors.map((e) => `${e.field} ${e.message}`.trim()).join('; ');
      return sendFailure(request, reply, 400, Codes.BODY_INVALID, { detail }, { errors });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return sendFailure(request, reply, 413, Codes.PAYLOAD_TOO_LARGE);
    }
    // A content type no parser reads, or a multipart call sent without multipart (plugins/transport.ts)
    if (fe.statusCode === 415 || fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return sendFailure(request, reply, 415, Codes.UNSUPPORTED_MEDIA_TYPE);
    }
    if (fe.statusCode === 414) return sendFailure(request, reply, 414, Codes.URL_TOO_LONG);
    if (isMultipartParseError(fe)) return sendFailure(request, reply, 400, Codes.BODY_INVALID, { detail: 'multipart/form-data' });
    if (fe.statusCode === 404) return sendFailure(request, reply, 404, Codes.NOT_FOUND);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendFailure(request, reply, 400, Codes.BODY_INVALID, { detail: fe.message });
    }
    // The database is away (restart, network): 503, and the pool reconnects by itself (issue 13)
    if (isConnectionError(err)) {
      request.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '5');
      return sendFailure(request, reply, 503, Codes.DATABASE_UNAVAILABLE);
    }
    // a service account's user given an identity (migration 0030's trigger; docs/service-accounts.md)
    if (isServiceAccountIdentityRefusal(err)) return sendFailure(request, reply, 200, ServiceAccountCodes.NO_IDENTITY);
    request.log.error({ err }, 'unhandled error');
    return sendFailure(request, reply, 500, Codes.SERVER_ERROR, { requestId: request.id });
  });
}
