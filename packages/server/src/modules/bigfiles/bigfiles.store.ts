/**
 * The big-file folder (docs/bigfile.md): tus's FileStore keeps each upload as `<id>` (the bytes) and
 * `<id>.json` (its record: size, metadata, creation date). An id is 32 random hex digits chosen by the
 * server, the only name ever used on disk; the browser's file name lives only inside the record.
 * When an upload finishes, its record gains `sha256` and `finished_at` (metadata) — the mark the list
 * and the download go by. The sweep deletes unfinished uploads past their expiry and finished ones past
 * their keeping time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BIGFILE_ID_PATTERN, type BigFileRow } from '@mp/protocol';

const ID = new RegExp(BIGFILE_ID_PATTERN);

/** The record tus writes to `<id>.json` (FileKvStore), with our metadata keys. */
export interface UploadRecord {
  id: string;
  size?: number;
  offset?: number;
  creation_date?: string;
  metadata?: Record<string, string | null>;
}

/** True when `id` is an upload id (32 lower-case hex digits): nothing else reaches the file system. */
export function isUploadId(id: string): boolean {
  return ID.test(id);
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A file name safe to show and to put in `Content-Disposition` (docs/bigfile.md "Names"): the last
 * segment after `/` or `\`, Unicode NFC, without control, format and bidirectional characters nor
 * `<>:"|?*`, without leading/trailing dots and spaces, at most 200 characters (the extension kept),
 * Windows device names prefixed with `_`. Answers '' when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const chars = [...name];
  if (chars.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? [...name.slice(dot)].slice(0, 20).join('') : '';
    name = chars.slice(0, 200 - [...ext].length).join('') + ext;
  }
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return name;
}

/** The lower-cased extension of `name` with its dot (`.zip`), or ''. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * True when a file `name` of declared MIME `type` matches `accept` (entries `.ext`, `type/sub` or
 * `type/*`, lower case, like an `<input accept>`); an empty list accepts everything.
 */
export function isAccepted(accept: readonly string[], name: string, type: string): boolean {
  if (accept.length === 0) return true;
  const ext = extensionOf(name);
  const mime = type.toLowerCase();
  return accept.some((a) => (a.startsWith('.') ? a === ext : a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : a === mime));
}

/** The uploads' folder: reading records, usage, the finished list, hashing and the sweep. */
export class BigFileFolder {
  constructor(readonly dir: string) {}

  /** Creates the folder (and parents) if missing. */
  async ensure(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** The record of upload `id`, or undefined (bad id, missing or unreadable record). */
  async record(id: string): Promise<UploadRecord | undefined> {
    if (!isUploadId(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as UploadRecord;
    } catch {
      return undefined;
    }
  }

  /** The path of upload `id`'s bytes (callers pass a checked id). */
  dataPath(id: string): string {
    if (!isUploadId(id)) throw new Error('not an upload id');
    return join(this.dir, id);
  }

  /** Every upload record in the folder (unreadable ones skipped). */
  async records(): Promise<UploadRecord[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const ids = names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -5))
      .filter(isUploadId);
    const out: UploadRecord[] = [];
    for (const id of ids) {
      const r = await this.record(id);
      if (r) out.push(r);
    }
    return out;
  }

  /** Bytes reserved by the stored uploads: each one's declared size (what it will take once finished). */
  async usedBytes(): Promise<number> {
    return (await this.records()).reduce((sum, r) => sum + (r.size ?? 0), 0);
  }

  /** The finished uploads (records with a SHA-256), newest first, at most `limit`. */
  async finished(limit: number): Promise<BigFileRow[]> {
    return (await this.records())
      .filter((r) => r.metadata?.sha256)
      .map((r) => rowOf(r))
      .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt))
      .slice(0, limit);
  }

  /** Streams upload `id`'s bytes through SHA-256; lower-case hex. */
  async sha256(id: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(this.dataPath(id)), hash);
    return hash.digest('hex');
  }

  /** Marks upload `id` finished: its record gains `sha256` and `finished_at` (metadata). */
  async markFinished(id: string, sha256: string, now = new Date()): Promise<UploadRecord> {
    const r = await this.record(id);
    if (!r) throw new Error(`no record for upload ${id}`);
    const next: UploadRecord = { ...r, offset: r.size, metadata: { ...(r.metadata ?? {}), sha256, finished_at: now.toISOString() } };
    // Written aside and renamed over the record: a reader on another instance sees the old record or the new one, never half.
    const aside = join(this.dir, `.${id}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(aside, JSON.stringify(next));
    await rename(aside, join(this.dir, `${id}.json`));
    return next;
  }

  /**
   * Deletes what has outlived its time (docs/bigfile.md "Expiry"): unfinished uploads started more than
   * `expiryMinutes` before `now`, finished ones older than `keepDays` (0: kept), and stray bytes without a
   * record (or records without bytes) of the same age; never the ids in `skip` (uploads a request holds locked).
   * Answers the number of uploads deleted.
   */
  async sweep(opts: { expiryMinutes: number; keepDays: number }, now = new Date(), skip: ReadonlySet<string> = new Set()): Promise<number> {
    const unfinishedBefore = now.getTime() - opts.expiryMinutes * 60_000;
    const finishedBefore = opts.keepDays > 0 ? now.getTime() - opts.keepDays * 86_400_000 : -Infinity;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const ids = new Set(names.map((n) => (n.endsWith('.json') ? n.slice(0, -5) : n)).filter(isUploadId));
    let deleted = 0;
    for (const id of ids) {
      if (skip.has(id)) continue;
      const r = await this.record(id);
      const finishedAt = r?.metadata?.finished_at ? Date.parse(r.metadata.finished_at) : undefined;
      let old: boolean;
      if (finishedAt !== undefined) old = finishedAt < finishedBefore;
      else if (r?.creation_date) old = Date.parse(r.creation_date) < unfinishedBefore;
      else
        old = await stat(join(this.dir, r ? `${id}.json` : id)).then(
          (s) => s.mtimeMs < unfinishedBefore,
          () => true,
        );
      if (!old) continue;
      await rm(join(this.dir, id), { force: true });
      await rm(join(this.dir, `${id}.json`), { force: true });
      deleted += 1;
    }
    return deleted;
  }
}

/** A finished record as the list shows it. */
export function rowOf(r: UploadRecord): BigFileRow {
  const m = r.metadata ?? {};
  return {
    id: r.id,
    name: m.filename ?? '',
    size: r.size ?? 0,
    type: m.filetype ?? '',
    sha256: m.sha256 ?? '',
    createdAt: r.creation_date ?? '',
    finishedAt: m.finished_at ?? '',
  };
}
