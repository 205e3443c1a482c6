/**
 * Exclusive lock on an embedded PGlite data folder (issue 13, "Two servers can open one PGlite folder").
 * PGlite itself does not stop a second process from opening the same folder, and two writers lose each
 * other's confirmed writes. The lock is a file `mp-server.lock` inside the folder, created exclusively
 * (the OS refuses it when it exists) and holding `{ pid, host, startedAt, token }`.
 * A lock whose process no longer runs on this host is stale (the holder crashed) and is taken over.
 */
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'mp-server.lock';

interface LockRecord {
  pid: number;
  host: string;
  startedAt: string;
  token: string;
}

/** Thrown by `openDatabase` when another server (or `npm run seed:demo`) holds the data folder. */
export class DataFolderLockedError extends Error {
  readonly code = 'DATA_FOLDER_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
    readonly holderHost: string | undefined,
  ) {
    super(
      `The data folder ${dataDir} is in use by another MP3.0 server` +
        (holderPid ? ` (process ${holderPid}${holderHost && holderHost !== hostname() ? ` on host ${holderHost}` : ''})` : '') +
        '. One server per embedded database: stop the other one, or give this one its own MP_DATA_DIR (or use DATABASE_URL to run several).' +
        ` If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataFolderLockedError';
  }
}

/** Folders this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

function readRecord(file: string): LockRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockRecord>;
    return typeof r.pid === 'number' && typeof r.token === 'string' ? (r as LockRecord) : undefined;
  } catch {
    return undefined; // missing, or half-written by a process that died while writing it
  }
}

/** Whether process `pid` runs on this machine (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock `r` belongs to nobody: its process is gone, or it carries this process's id without
 * being held here (a container restarted with the same process id). A lock from another host is never
 * judged stale (its process cannot be checked from here). An unreadable file is stale: the record is
 * written whole before the lock file appears (hard link of a finished file), so only damage makes it so.
 */
function isStale(r: LockRecord | undefined, dir: string): boolean {
  if (!r) return true;
  if (r.host && r.host !== hostname()) return false;
  if (r.pid === process.pid) return !held.has(dir);
  return !alive(r.pid);
}

/**
 * Takes the exclusive lock on `dataDir` (an existing folder). Answers the function that releases it
 * (idempotent; removes the file only while it is still this holder's). A stale lock is moved aside
 * atomically and checked, so two starters that both judged it stale cannot both win.
 * @throws DataFolderLockedError when a running process holds the folder.
 */
export function lockDataFolder(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  if (held.has(dir)) throw new DataFolderLockedError(dir, process.pid, hostname());
  const record: LockRecord = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), token: randomUUID() };
  for (let attempt = 0; ; attempt++) {
    // The record is written to a file of its own, then hard-linked as the lock: the link is refused
    // atomically when the lock exists (like an exclusive `wx` open), and never shows a half-written file.
    const draft = `${file}.${record.token}.tmp`;
    writeFileSync(draft, JSON.stringify(record), { mode: 0o644 });
    try {
      linkSync(draft, file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
    const current = readRecord(file);
    if (attempt >= 5 || !isStale(current, dir)) throw new DataFolderLockedError(dir, current?.pid, current?.host);
    // Move the stale file aside, then make sure it was the one judged stale (not a fresh lock that
    // another starter created in between); a fresh one is put back where it was.
    const aside = `${file}.stale-${process.pid}-${record.token}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readRecord(aside);
    if (moved && moved.token !== current?.token) {
      try {
        linkSync(aside, file);
      } catch {
        /* another lock exists again: the next attempt reads it */
      }
    }
    try {
      unlinkSync(aside);
    } catch {
      /* already gone */
    }
  }
  held.add(dir);
  const removeOnExit = (): void => release();
  process.once('exit', removeOnExit);
  let released = false;
  function release(): void {
    if (released) return;
    released = true;
    held.delete(dir);
    process.removeListener('exit', removeOnExit);
    if (readRecord(file)?.token === record.token) {
      try {
        unlinkSync(file);
      } catch {
        /* removed by hand */
      }
    }
  }
  return release;
}
