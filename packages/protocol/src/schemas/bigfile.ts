/**
 * Big files (SPEC §2 `/bigfile` "large file upload, demo"; issue 18; docs/bigfile.md): resumable uploads
 * with the tus protocol 1.0.0 (https://tus.io/protocols/resumable-upload) on the gateway, no sign-in.
 * The tus endpoint itself speaks tus (creation, `HEAD`, `PATCH`, termination, expiration); the other
 * three addresses are ordinary public gateway routes answering the envelope.
 */
import Type, { type Static } from 'typebox';

export const BigFilePaths = {
  /** The tus endpoint: `POST` creates an upload; `HEAD`/`PATCH`/`DELETE` `${tus}/{id}` resume, append, cancel. */
  tus: '/gateway/tenant/plat/bigfile/upload',
  /** GET → `{ row: BigFileConfig }`: the limits the server enforces (the page shows them). */
  config: '/gateway/tenant/plat/bigfile/config',
  /** GET → `{ rows: BigFileRow[] }`: the finished uploads, newest first. */
  list: '/gateway/tenant/plat/bigfile/list',
  /** GET `${download}/{id}`: the file as an attachment. */
  download: '/gateway/tenant/plat/bigfile/download',
} as const;

/** An upload id: 32 lower-case hex digits (128 random bits), the only file name on the server's disk. */
export const BIGFILE_ID_PATTERN = '^[0-9a-f]{32}$';

/** Path parameters of `${download}/{id}` and `${tus}/{id}`. */
export const BigFileIdParams = Type.Object({ id: Type.String({ minLength: 32, maxLength: 32, pattern: BIGFILE_ID_PATTERN }) });
export type BigFileIdParams = Static<typeof BigFileIdParams>;

/** The limits of the deployment (configuration `MP_BIGFILE_*`, docs/configuration.md). */
export interface BigFileConfig {
  /** False: the page says so and every upload is refused (`bigfile.disabled`). */
  enabled: boolean;
  /** Largest file in bytes. */
  maxBytes: number;
  /** Bytes all stored uploads (finished and unfinished) may take together. */
  quotaBytes: number;
  /** Bytes the stored uploads take now. */
  usedBytes: number;
  /** Allowed extensions (`.zip`) and MIME types (`video/*`); empty: any type. */
  accept: string[];
  /** Minutes an unfinished upload is kept after it was started. */
  expiryMinutes: number;
  /** Days a finished upload is kept; 0: until deleted by an operator. */
  keepDays: number;
}

/** A finished upload as the list shows it. */
export interface BigFileRow {
  id: string;
  /** The sanitised file name (docs/bigfile.md "Names"). */
  name: string;
  /** Bytes. */
  size: number;
  /** The MIME type the browser declared (informational: downloads are always `application/octet-stream`). */
  type: string;
  /** SHA-256 of the stored bytes, computed by the server when the upload finished, lower-case hex. */
  sha256: string;
  /** ISO 8601 times. */
  createdAt: string;
  finishedAt: string;
}

/** A size for people and messages ("1.5 GB"; binary units, as the limits are configured). */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${u === 0 ? v : Number(v.toFixed(1))} ${units[u]}`;
}
