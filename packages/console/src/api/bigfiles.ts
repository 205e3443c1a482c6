/**
 * Big-file calls (SPEC §2 /bigfile; docs/bigfile.md): the limits and the finished uploads (public GET
 * routes, the envelope). The upload itself speaks tus to `BigFilePaths.tus` (pages/BigFile/use-tus-upload.ts);
 * a download is a plain link to `${BigFilePaths.download}/{id}`, answered as an attachment.
 */
import { BigFilePaths, type BigFileConfig, type BigFileRow } from '@mp/protocol';
import { get } from './client';

/** The deployment's limits (size, quota and its use, allowed types, expiry). */
export async function getBigFileConfig(): Promise<BigFileConfig> {
  return (await get<{ row: BigFileConfig }>(BigFilePaths.config, undefined, { noLoading: true })).row;
}

/** The finished uploads, newest first. */
export async function listBigFiles(): Promise<BigFileRow[]> {
  return (await get<{ rows: BigFileRow[] }>(BigFilePaths.list, undefined, { noLoading: true })).rows;
}

/** The address that downloads upload `id`. */
export function bigFileDownloadUrl(id: string): string {
  return `${BigFilePaths.download}/${id}`;
}
