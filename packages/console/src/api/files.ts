/**
 * File calls (docs/protocol.md "Calls": `POST plat/file/upload` multipart `file` → `row`; images are
 * read back through `fileUrl(url)`, which adds the `code` query of SPEC §7).
 */
import { Paths } from '@mp/protocol';
import { upload, type RequestOptions } from './client';

/** A stored file: `fileId` goes into entity fields (e.g. a tenant's `logo`), `url` is for display. */
export interface UploadedFile {
  fileId: string;
  url: string;
  name: string;
  size: number;
}

/**
 * Uploads one file as multipart field `file`. Rejects with `file.invalid_type`, `file.too_large`
 * (HTTP 413) or `file.name_too_long` (SPEC §5 limits; the console checks them first).
 */
export async function uploadFile(file: Blob, fileName: string, opts?: RequestOptions): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  const data = await upload<{ row: UploadedFile }>(Paths.uploadfile, form, opts);
  return data.row;
}
