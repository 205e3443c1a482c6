/**
 * Big files (SPEC §2 `/bigfile`, no sign-in; issue 18; docs/bigfile.md): the tus endpoint and the
 * limits, list and download routes, all public. The tus routes live in their own scope whose only
 * content-type parser leaves the body untouched, so the request stream reaches tus as sent (no JSON
 * parsing, no multipart, no decryption; public routes skip the signature). tus's answer is copied onto
 * Fastify's reply, so the gateway's headers (security, request id) stay; its refusals become the
 * envelope with a `bigfile.*` code in the caller's language and tus's status.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import { MemoryLocker } from '@tus/server';
import { BigFileCodes, BigFileIdParams, BigFilePaths, formatBytes, ok, type BigFileConfig } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { PgLocker } from './bigfiles.locker.js';
import { dropReservation, sharedUsedBytes, sweepShared } from './bigfiles.shared.js';
import { BigFileFolder } from './bigfiles.store.js';
import { createBigFileTus } from './bigfiles.tus.js';

/** How often the sweep of expired uploads runs (ms). */
const SWEEP_MS = 5 * 60_000;
/** Most rows the list answers. */
const LIST_LIMIT = 200;

/** The envelope error for a tus answer `status` with plain-text `text` (no hook refused it). */
export function tusFailure(status: number, text: string, maxBytes: number): AppError {
  if (status === 404 || status === 410) return new AppError(BigFileCodes.NOT_FOUND, {}, status);
  if (status === 409) return new AppError(BigFileCodes.OFFSET_MISMATCH, {}, 409);
  if (status === 413) return new AppError(BigFileCodes.TOO_LARGE, { max: formatBytes(maxBytes) }, 413);
  const detail = text.trim().slice(0, 200) || String(status);
  return new AppError(BigFileCodes.PROTOCOL, { detail }, status >= 400 && status < 500 ? status : 400);
}

export default async function bigFileRoutes(app: FastifyInstance) {
  const config = app.config.bigFile;
  const temporary = !config.dir && app.config.dataDir === 'memory://';
  const dir = config.dir ?? (temporary ? await mkdtemp(join(tmpdir(), 'mp-bigfiles-')) : join(app.config.dataDir, 'bigfiles'));
  const folder = new BigFileFolder(dir);
  await folder.ensure();
  const { db, kind } = app.database;
  // Several instances share uploads only through PostgreSQL (docs/bigfile.md "Several instances"); PGlite is one process.
  const locker = kind === 'postgres' ? new PgLocker(db) : new MemoryLocker();
  const tus = createBigFileTus(folder, config, db, locker);

  const sweep = setInterval(() => {
    sweepShared(db, kind, folder, config).catch((err) => app.log.warn({ err }, 'big-file sweep failed'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    if (locker instanceof PgLocker) locker.close();
    if (temporary) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Hands the request to tus and answers what tus answered (or its refusal as the envelope). `deleting`: the
   * upload id of a DELETE (its validated route parameter), whose quota reservation is dropped once tus removed it.
   */
  async function viaTus(request: FastifyRequest, reply: FastifyReply, deleting?: string) {
    if (!config.enabled) throw new AppError(BigFileCodes.DISABLED, {}, 403);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(key, [value].flat().join(', '));
    const withBody = request.method === 'PATCH' || request.method === 'POST';
    const web = new Request(`http://gateway${request.raw.url ?? ''}`, {
      method: request.method,
      headers,
      ...(withBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    let res: Response | undefined;
    try {
      res = await tus.server.handleWeb(web);
    } finally {
      await tus.settle(web, res?.status ?? 500);
    }
    if (deleting !== undefined && res.status === 204) await dropReservation(db, deleting);
    const refused = tus.failures.get(web);
    if (refused) throw refused;
    if (res.status >= 400) {
      const text = await res.text();
      if (res.status >= 500 && !request.raw.readableAborted) throw new Error(`tus answered ${res.status}: ${text.trim().slice(0, 200)}`);
      throw tusFailure(res.status, text, config.maxBytes);
    }
    reply.status(res.status);
    res.headers.forEach((value, key) => {
      if (key !== 'content-length') void reply.header(key, value);
    });
    const body = await res.text();
    return reply.send(body === '' ? undefined : body);
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const r = scope.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['bigfile'];
    r.post(BigFilePaths.tus, { config: { access: 'public' }, schema: { tags, consumes: ['application/offset+octet-stream'] } }, async (request, reply) => {
      if (config.enabled && config.rateIp > 0) {
        await enforceRateLimits(app.database.db, [{ key: `bigfile:ip:${request.ip}`, limit: { max: config.rateIp, windowMs: 3_600_000 } }]);
      }
      return viaTus(request, reply);
    });
    r.head(`${BigFilePaths.tus}/:id`, { config: { access: 'public' }, schema: { tags, params: BigFileIdParams } }, viaTus);
    r.patch(
      `${BigFilePaths.tus}/:id`,
      { config: { access: 'public' }, schema: { tags, params: BigFileIdParams, consumes: ['application/offset+octet-stream'] } },
      viaTus,
    );
    r.delete(`${BigFilePaths.tus}/:id`, { config: { access: 'public' }, schema: { tags, params: BigFileIdParams } }, (request, reply) =>
      viaTus(request, reply, request.params.id),
    );
  });

  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(BigFilePaths.config, { config: { access: 'public' }, schema: { tags: ['bigfile'] } }, async () => {
    const row: BigFileConfig = {
      enabled: config.enabled,
      maxBytes: config.maxBytes,
      quotaBytes: config.quotaBytes,
      usedBytes: await sharedUsedBytes(db, folder),
      accept: config.accept,
      expiryMinutes: config.expiryMinutes,
      keepDays: config.keepDays,
    };
    return ok({ row });
  });

  r.get(BigFilePaths.list, { config: { access: 'public' }, schema: { tags: ['bigfile'] } }, async () => ok({ rows: await folder.finished(LIST_LIMIT) }));

  r.get(`${BigFilePaths.download}/:id`, { config: { access: 'public' }, schema: { tags: ['bigfile'], params: BigFileIdParams } }, async (request, reply) => {
    const record = await folder.record(request.params.id);
    if (!record?.metadata?.sha256) throw new AppError(BigFileCodes.NOT_FOUND, {}, 404);
    const name = record.metadata.filename || `${record.id}.bin`;
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(record.size ?? 0))
      .header('content-disposition', contentDisposition(name, { type: 'attachment' }))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .header('etag', `"${record.metadata.sha256}"`)
      .send(createReadStream(folder.dataPath(record.id)));
  });
}
