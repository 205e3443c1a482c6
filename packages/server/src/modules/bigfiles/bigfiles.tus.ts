/**
 * The tus server of big files (docs/bigfile.md): @tus/server with @tus/file-store on the uploads'
 * folder, and the checks a public upload needs at creation (length declared, size, type, name, quota)
 * and the SHA-256 at completion. A refusal is kept per request (`failures`) so the route can answer it
 * as the gateway's envelope in the caller's language instead of tus's plain text.
 */
import { randomBytes } from 'node:crypto';
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { BigFileCodes, BigFilePaths, formatBytes } from '@mp/protocol';
import type { ServerConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { type BigFileFolder, isAccepted, sanitizeFileName } from './bigfiles.store.js';

/** A MIME type as the browser declares it (`video/mp4`); anything else is recorded as ''. */
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The tus server, the refusals its hooks raised (by the request object tus was handed), and `release`. */
export interface BigFileTus {
  server: Server;
  failures: WeakMap<object, AppError>;
  /** Gives back the quota a creation request reserved (call once tus has answered it). */
  release(req: object): void;
}

/**
 * Builds the tus server for `folder` under `config` (SPEC §2 /bigfile; issue 18). Creation refuses:
 * no declared length (`bigfile.length_required`, 400), over `maxBytes` (`bigfile.too_large`, 413), no
 * usable name (`bigfile.name_required`, 400), a type outside `accept` (`bigfile.type_not_allowed`, 415),
 * past the quota counting every stored upload's declared size and the creations in flight
 * (`bigfile.quota_exceeded`, 413). The stored metadata is only the sanitised `filename` and a
 * well-formed `filetype`.
 */
export function createBigFileTus(folder: BigFileFolder, config: ServerConfig['bigFile']): BigFileTus {
  const failures = new WeakMap<object, AppError>();
  // Bytes of creations being checked or written on this instance, not yet in the folder's records.
  let reserved = 0;
  const held = new WeakMap<object, number>();
  const release = (req: object) => {
    reserved -= held.get(req) ?? 0;
    held.delete(req);
  };
  const refuse = (req: object, err: AppError) => {
    failures.set(req, err);
    return { status_code: err.status, body: `${err.code}\n` };
  };
  const onUploadCreate: ServerOptions['onUploadCreate'] = async (req, upload) => {
    if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(req, new AppError(BigFileCodes.LENGTH_REQUIRED, {}, 400));
    if (upload.size > config.maxBytes) throw refuse(req, new AppError(BigFileCodes.TOO_LARGE, { max: formatBytes(config.maxBytes) }, 413));
    const meta = upload.metadata ?? {};
    const name = sanitizeFileName(meta.filename ?? meta.name ?? '');
    if (!name) throw refuse(req, new AppError(BigFileCodes.NAME_REQUIRED, {}, 400));
    const declared = meta.filetype ?? meta.type ?? '';
    const type = MIME.test(declared) ? declared.toLowerCase() : '';
    if (!isAccepted(config.accept, name, type)) throw refuse(req, new AppError(BigFileCodes.TYPE_NOT_ALLOWED, { accept: config.accept.join(', ') }, 415));
    // Reserve before reading the folder: two creations in flight each count the other (never both pass).
    const others = reserved;
    reserved += upload.size;
    held.set(req, upload.size);
    const used = (await folder.usedBytes()) + others;
    if (used + upload.size > config.quotaBytes) {
      throw refuse(req, new AppError(BigFileCodes.QUOTA_EXCEEDED, { free: formatBytes(Math.max(0, config.quotaBytes - used)) }, 413));
    }
    return { metadata: { filename: name, filetype: type } };
  };
  const onUploadFinish: ServerOptions['onUploadFinish'] = async (_req, upload) => {
    const sha256 = await folder.sha256(upload.id);
    await folder.markFinished(upload.id, sha256);
    return { headers: { 'MP-Upload-SHA256': sha256 } };
  };
  // Made at the first tus request: @tus/file-store's constructor starts an unawaited mkdir whose failure is
  // thrown from a callback, which would crash a process whose data folder is being removed (tests closing an app
  // at once). By then routes have created the folder (BigFileFolder.ensure), so that mkdir finds it.
  let server: Server | undefined;
  const make = () =>
    new Server({
      path: BigFilePaths.tus,
      datastore: new FileStore({ directory: folder.dir, expirationPeriodInMilliseconds: config.expiryMinutes * 60_000 }),
      relativeLocation: true,
      respectForwardedHeaders: false,
      allowedOrigins: () => false, // same origin only: no CORS headers
      exposedHeaders: ['MP-Upload-SHA256'],
      disableTerminationForFinishedUploads: true,
      namingFunction: () => randomBytes(16).toString('hex'),
      locker: new MemoryLocker(), // one process; several instances need a shared one (docs/bigfile.md "Several instances")
      onUploadCreate,
      onUploadFinish,
    });
  return {
    get server() {
      server ??= make();
      return server;
    },
    failures,
    release,
  };
}
