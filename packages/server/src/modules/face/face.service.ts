/**
 * Face registration (issue 18; SPEC §2 "face registration dialog", §4 face states, §5 "Face: photo must be
 * uploaded or taken"; docs/face.md): registers an uploaded image as a user's face photo (`users.face_photo`,
 * a file id) or clears it. Detection runs in the browser; the server checks the file as an image (raster
 * type, at most 500K: the user module's `checkImage`) and keeps it as a file of the user's tenant. Each
 * call runs inside the caller's transaction; who may act on whom is decided before (the routes' access
 * rules and the tenant area's declared `actsOn`).
 */
import { Codes, FaceCodes, UserCodes, type FaceState } from '@mp/protocol';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findUserById, updateUserById, type UserRow } from '../users/users.repository.js';
import { fieldLabel } from '../users/users.validate.js';
import { fileUrl } from '../files/file-url.js';

/** Turns a file id the caller sent into the file id kept on the user (checked, in the user's tenant). */
export type PhotoCheck = (fileId: string, user: UserRow) => Promise<string>;

/** The face state of a user after a call. */
function stateOf(user: UserRow, facePhoto: string): FaceState {
  return {
    userId: user.id,
    state: facePhoto ? 'registered' : 'cleared',
    facePhoto,
    facePhotoUrl: fileUrl(facePhoto),
  };
}

/** Stores `facePhoto` ('' clears) on `user` and audits `user.face.register` / `user.face.clear` with the photo before and after. */
async function writeFace(tx: Tx, request: FastifyRequest, user: UserRow, facePhoto: string): Promise<FaceState> {
  await updateUserById(tx, user.id, { facePhoto, updatedAt: new Date() });
  await insertAuditEntry(tx, request, {
    tenantId: user.tenantId,
    action: facePhoto ? 'user.face.register' : 'user.face.clear',
    entity: 'user',
    entityId: user.id,
    before: { facePhoto: user.facePhoto },
    after: { facePhoto },
  });
  return stateOf(user, facePhoto);
}

/**
 * The user `id`, when the transaction's scope can see it and (when `tenantId` is given) it belongs to
 * that tenant. @throws user.not_found
 */
export async function loadFaceUser(tx: Tx, id: string, tenantId?: string): Promise<UserRow> {
  const user = await findUserById(tx, id);
  if (!user || (tenantId !== undefined && user.tenantId !== tenantId)) throw new AppError(UserCodes.NOT_FOUND);
  return user;
}

/**
 * Registers `fileId` (an uploaded image, required) as `user`'s face photo; audited `user.face.register`
 * with the photo before and after. Registering the photo the user already has changes nothing.
 * @throws validation.required (no file id), file.not_found, user.face_photo_not_image, user.face_photo_too_large
 */
export async function registerFace(tx: Tx, request: FastifyRequest, user: UserRow, fileId: string, check: PhotoCheck): Promise<FaceState> {
  const id = fileId.trim();
  if (!id) throw new AppError(Codes.REQUIRED, { field: fieldLabel(request.locale, 'facePhoto') });
  if (id === user.facePhoto) return stateOf(user, id);
  return writeFace(tx, request, user, await check(id, user));
}

/**
 * Clears `user`'s face photo (the file itself stays: other records may name it); audited `user.face.clear`.
 * @throws face.not_found when the user has no face photo (SPEC §4 "photo not found")
 */
export async function clearFace(tx: Tx, request: FastifyRequest, user: UserRow): Promise<FaceState> {
  if (!user.facePhoto) throw new AppError(FaceCodes.NOT_FOUND);
  return writeFace(tx, request, user, '');
}
