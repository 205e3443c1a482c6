/**
 * File upload and download (SPEC §5 Icon / logo limits, §7 image URLs with `code` = MD5 of the token).
 * Upload: multipart field `file`, images only (raster types, checked by content as well as by name),
 * at most 10M, name at most 50 characters. Download: `GET …/file/get/{id}?code=`, an image tag's
 * request, authenticated by the code of an active session and scoped to that session's tenant.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Codes, FILE_LIMITS, LOGO_MIME_TYPES, ok, Paths } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { inScope } from '../../db/context.js';
import { findActiveSessionByMd5 } from '../session/session.repository.js';
import { findFileById, insertFile } from './files.repository.js';

/** Detects a raster image type from its first bytes; undefined when not one we accept. */
export function sniffImage(b: Buffer): string | undefined {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 6).toString('ascii') === 'GIF87a' || b.subarray(0, 6).toString('ascii') === 'GIF89a') return 'image/gif';
  if (b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP') return 'image/webp';
  if (b.subarray(0, 2).toString('ascii') === 'BM') return 'image/bmp';
  if (b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0) return 'image/x-icon';
  if (b.subarray(4, 12).toString('ascii') === 'ftypavif') return 'image/avif';
  return undefined;
}

export default async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.uploadfile, { config: { access: 'user' }, schema: { tags: ['files'], consumes: ['multipart/form-data'] } }, async (request) => {
    const part = await request.file({ limits: { fileSize: FILE_LIMITS.imageBytes, files: 1 } });
    if (!part) throw new AppError(Codes.REQUIRED, { fieldKey: 'logo' });
    if ([...part.filename].length > FILE_LIMITS.fileNameChars) throw new AppError(Codes.FILE_NAME_TOO_LONG);
    // PROTOCOL.md: 413 for a file over its limit.
    const data = await part.toBuffer().catch(() => {
      throw new AppError(Codes.FILE_TOO_LARGE, { size: '10M' }, 413);
    });
    if (part.file.truncated) throw new AppError(Codes.FILE_TOO_LARGE, { size: '10M' }, 413);
    const mime = sniffImage(data);
    if (!mime || !(LOGO_MIME_TYPES as readonly string[]).includes(mime)) throw new AppError(Codes.FILE_TYPE);
    const auth = request.auth!;
    const id = randomUUID();
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, (tx) =>
      insertFile(tx, { id, tenantId: auth.tenantId, name: part.filename, mime, size: data.length, data: data.toString('base64'), createdBy: auth.username }),
    );
    return ok({ row: { fileId: id, url: `${Paths.getfile}/${id}`, name: part.filename, size: data.length } });
  });

  r.get(
    `${Paths.getfile}/:id`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { code } = request.query;
      const session = code ? await findActiveSessionByMd5(app.database.db, code.toLowerCase()) : undefined;
      if (!session) throw new AppError(Codes.TOKEN_MISSING, {}, 401);
      // Platform administrators see every tenant's files; others only their own tenant's.
      const scope = session.identities.includes(4) ? 'platform' : 'tenant';
      const file = await inScope(app.database.db, { scope, tenantId: session.tenantId }, (tx) =>
        findFileById(tx, id, scope === 'platform' ? undefined : session.tenantId),
      );
      if (!file) throw new AppError(Codes.FILE_NOT_FOUND, {}, 404);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(file.data, 'base64'));
    },
  );
}
