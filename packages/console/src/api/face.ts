/**
 * Face registration calls (issue 18; docs/face.md): register or clear a user's face photo from the
 * platform's or the tenant area's user grid, or the caller's own from the profile. Each answers the
 * user's face state. Rejects with the client's ApiError (`face.not_found` when clearing a photo the user
 * does not have; the dialog shows that state and no toast).
 */
import { FacePaths, type FaceState } from '@mp/protocol';
import { post } from './client';

/** What the face dialog calls for one user. */
export interface FaceCalls {
  register: (fileId: string) => Promise<FaceState>;
  clear: () => Promise<FaceState>;
}

const quiet = { noToast: true } as const;
const row = async (p: Promise<{ row: FaceState }>) => (await p).row;

/** The platform administrator's calls for user `id`. */
export function platformFaceCalls(id: string): FaceCalls {
  return {
    register: (fileId) => row(post(FacePaths.registerface, { id, fileId })),
    clear: () => row(post(FacePaths.clearface, { id }, quiet)),
  };
}

/** The tenant area's calls (TENANTID) for user `id`. */
export function tenantFaceCalls(id: string): FaceCalls {
  return {
    register: (fileId) => row(post(FacePaths.registertenantface, { id, fileId })),
    clear: () => row(post(FacePaths.cleartenantface, { id }, quiet)),
  };
}

/** The signed-in user's own calls. */
export const myFaceCalls: FaceCalls = {
  register: (fileId) => row(post(FacePaths.registermyface, { fileId })),
  clear: () => row(post(FacePaths.clearmyface, {}, quiet)),
};
