/**
 * Response codes of face registration (`face.reason`; issue 18 "Face registration"; SPEC §4 face states,
 * §5 "Face: photo must be uploaded or taken"; docs/face.md). Messages under `errors:face.<reason>` in
 * @mp/i18n (locales/<locale>/errors-face.ts). The photo's own checks answer the user module's
 * `user.face_photo_not_image` / `user.face_photo_too_large` and `file.not_found`.
 */
export const FaceCodes = {
  /** Clearing a face photo the user does not have (SPEC §4 "photo not found"). */
  NOT_FOUND: 'face.not_found',
} as const;
