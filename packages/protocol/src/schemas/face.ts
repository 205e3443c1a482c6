/**
 * Face registration (issue 18; SPEC §2 "face registration dialog", §3/§5 User "face photo", §4 face
 * states; docs/face.md): an administrator registers or clears the face photo of a user from the user
 * grids (platform area: any user; tenant area: a user of TENANTID inside the caller's data scope), and a
 * signed-in user registers or clears their own from the profile. The photo is an uploaded image
 * (`Paths.uploadfile`) whose file id the call names; detection runs in the browser, the server checks
 * only that the file is an image of at most 500K.
 */
import Type, { type Static } from 'typebox';

/** Gateway paths of the face calls. */
export const FacePaths = {
  /** Platform administrators, any user: body FaceRegisterBody, answers `row: FaceState`. */
  registerface: '/gateway/tenant/plat/user/registerface',
  /** Platform administrators: body `{ id }`, answers `row: FaceState` (state `cleared`). */
  clearface: '/gateway/tenant/plat/user/clearface',
  /** Tenant area (menu employeeManagement, TENANTID, data scope): body FaceRegisterBody. */
  registertenantface: '/gateway/tenant/plat/user/registertenantface',
  /** Tenant area: body `{ id }`. */
  cleartenantface: '/gateway/tenant/plat/user/cleartenantface',
  /** The signed-in user's own face photo: body FaceOwnRegisterBody. */
  registermyface: '/gateway/auth/auth/user/registermyface',
  /** The signed-in user's own face photo: no body. */
  clearmyface: '/gateway/auth/auth/user/clearmyface',
} as const;

/** The face photo states the server answers (SPEC §4: photo registered, cleared; "not found" is `face.not_found`). */
export const FACE_PHOTO_STATES = ['registered', 'cleared'] as const;
export type FacePhotoState = (typeof FACE_PHOTO_STATES)[number];

/** Register a face photo to user `id`: `fileId` is an uploaded image (required, SPEC §5 "photo must be uploaded or taken"). */
export const FaceRegisterBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  fileId: Type.String({ maxLength: 64 }),
});
export type FaceRegisterBody = Static<typeof FaceRegisterBody>;

/** Register the caller's own face photo. */
export const FaceOwnRegisterBody = Type.Object({ fileId: Type.String({ maxLength: 64 }) });
export type FaceOwnRegisterBody = Static<typeof FaceOwnRegisterBody>;

/** The user's face photo after a call: its file id and URL ('' when cleared; add `?code=` to show it). */
export interface FaceState {
  userId: string;
  state: FacePhotoState;
  facePhoto: string;
  facePhotoUrl: string;
}
