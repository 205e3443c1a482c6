/**
 * The address a stored file (an image: avatar, face photo, logo) is read from by the console.
 */
import { Paths } from '@mp/protocol';

/** `getfile/<id>` for a file id, '' for none (an empty id). SPEC §5 User avatar / face photo, Tenant logo. */
export function fileUrl(id: string | null | undefined): string {
  return id ? `${Paths.getfile}/${id}` : '';
}
