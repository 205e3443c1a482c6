/**
 * The tus server of big files (docs/bigfile.md): @tus/server with @tus/file-store on the uploads'
 * folder, and the checks a public upload needs at creation (length declared, size, type, name, quota)
 * and the SHA-256 at completion. A refusal is kept per request (`failures`) so the route can answer it
 * as the gateway's envelope in the caller's language instead of tus's plain text.
 */
import { randomBytes } from 'node:crypto';
import { type Locker, Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { BigFileCodes, BigFilePaths, formatBytes } from '@mp/protocol';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { dropReservation, reserveQuota } from './bigfiles.shared.js';
import { type BigFileFolder, isAccepted, sanitizeFileName } from './bigfiles.store.js';

/** A MIME type as the browser declares it (`video/mp4`); anything else is recorded as ''. */
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The tus server, the refusals its hooks raised (by the request object tus was handed), and `settle`. */
export interface BigFileTus {
  server: Server;
  failures: WeakMap<object, AppError>;
  /** Once tus has answered request `req` with `status`: drops the quota reservation of a creation that did not succeed. */
  settle(req: object, status: number): Promise<void>;
}

/**
 * Builds the tus server for `folder` under `config` (SPEC §2 /bigfile; issue 18), locking uploads with
 * `locker` (tus's MemoryLocker for one process, PgLocker for several instances) and reserving quota in `db`
 * (bigfiles.shared.ts). Creation refuses:
 * no declared length (`bigfile.length_required`, 400), over `maxBytes` (`bigfile.too_large`, 413), no
 * usable name (`bigfile.name_required`, 400), a type outside `accept` (`bigfile.type_not_allowed`, 415),
 * past the quota counting every stored upload's declared size and the recent creations of every
 * instance (`bigfile.quota_exceeded`, 413). The stored metadata is only the sanitised `filename` and a
 * well-formed `filetype`.
 */
export function createBigFileTus(folder: BigFileFolder, config: ServerConfig['bigFile'], db: Db, locker: Locker): BigFileTus {
  const failures = new WeakMap<object, AppError>();
  // The upload id each creation request reserved quota for.
  const reserved = new WeakMap<object, string>();
  const settle = async (req: object, status: number) => {
    const id = reserved.get(req);
    reserved.delete(req);
    if (id && status !== 201) await dropReservation(db, id);
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
    // One creation checks at a time across instances, and a passing one's reservation counts for every later check.
    const quota = await reserveQuota(db, folder, upload.id, upload.size, config.quotaBytes);
    if (!quota.ok) {
      throw refuse(req, new AppError(BigFileCodes.QUOTA_EXCEEDED, { free: formatBytes(Math.max(0, config.quotaBytes - quota.used)) }, 413));
    }
    reserved.set(req, upload.id);
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
      locker,
      onUploadCreate,
      onUploadFinish,
    });
  return {
    get server() {
      server ??= make();
      return server;
    },
    failures,
    settle,
  };
}
