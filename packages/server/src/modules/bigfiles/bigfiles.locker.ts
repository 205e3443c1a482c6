/**
 * tus's per-upload lock shared by every gateway instance on one PostgreSQL database (issue 18; docs/bigfile.md
 * "Several instances"; migration 0036). tus locks an upload for each HEAD, PATCH, DELETE and creation, so two
 * requests never write it at once; its MemoryLocker only sees one process.
 *
 * Why leases rather than session advisory locks: an advisory lock lives on one connection, so every held lock
 * would pin a pooled connection for the whole PATCH (minutes on a slow link; ten uploads would starve a pool of
 * ten), or all of an instance's locks would share one dedicated connection whose loss silently drops them while
 * the requests go on writing. A lease row is taken and renewed by short statements on the ordinary pool; a
 * crashed instance stops renewing and its leases run out (`leaseMs`); an instance that cannot renew cancels its
 * own requests before its leases can run out. Times are the database's (now()), so instances' clocks never matter.
 *
 * Request release (tus's `requestRelease`): a request that finds the upload locked sets `release_requested` on
 * the row; the holding instance reads it at its next renewal (every `renewMs`) and calls the holder's callback,
 * which makes tus end that request (after its lock-drain delay) and unlock — how a resumed upload gets the
 * lock of an old request whose client has gone. Within one instance the holder is asked at once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Lock, Locker, RequestRelease } from '@tus/server';
import { rowsOf, type Db } from '../../db/client.js';

/** Timings of the shared locker, in milliseconds. */
export interface PgLockerOptions {
  /** How long a lease lasts without renewal: a crashed holder's lock is free after at most this. */
  leaseMs: number;
  /** How often the instance renews its leases and reads release requests. */
  renewMs: number;
  /** How often a waiting request tries again. */
  pollMs: number;
  /** How long a request waits for the lock before tus answers its lock timeout. */
  acquireTimeoutMs: number;
}

export const DEFAULT_LOCKER_OPTIONS: PgLockerOptions = { leaseMs: 15_000, renewMs: 1_000, pollMs: 150, acquireTimeoutMs: 30_000 };

/**
 * What tus answers a request that waited `acquireTimeoutMs` in vain (or ended while waiting): 423 Locked, which
 * tus clients retry, instead of tus's own ERR_LOCK_TIMEOUT (a 500).
 */
export const LOCKED = { status_code: 423, body: 'Upload locked by another request\n' } as const;

interface Held {
  id: string;
  requestRelease: RequestRelease;
  released: boolean;
}

/**
 * The PostgreSQL-backed tus `Locker` of one instance (table `bigfile_locks`). `newLock(id)` answers a lock on
 * upload `id`; `lock()` waits (asking the holder to release) until it owns the lease or `acquireTimeoutMs`
 * passes (`LOCKED`, 423) or the request ends; `unlock()` deletes the lease. `close()` stops renewing
 * (what a crash does): leases still held then run out after `leaseMs`.
 */
export class PgLocker implements Locker {
  readonly options: PgLockerOptions;
  /** The leases this instance holds, by holder token. */
  private readonly held = new Map<string, Held>();
  private timer: NodeJS.Timeout | undefined;
  private lastRenewed = Date.now();
  private renewing = false;

  constructor(
    readonly db: Db,
    options: Partial<PgLockerOptions> = {},
  ) {
    this.options = { ...DEFAULT_LOCKER_OPTIONS, ...options };
  }

  newLock(id: string): Lock {
    return new PgLock(this, id);
  }

  /** Takes the lease on `id` for `token` if it is free or expired; answers whether it did. */
  async tryAcquire(id: string, token: string, requestRelease: RequestRelease): Promise<boolean> {
    const rows = rowsOf<{ holder: string }>(
      await this.db.execute(sql`
        insert into bigfile_locks (id, holder, expires_at, release_requested)
        values (${id}, ${token}, now() + make_interval(secs => ${this.options.leaseMs / 1000}), false)
        on conflict (id) do update set holder = excluded.holder, expires_at = excluded.expires_at, release_requested = false
        where bigfile_locks.expires_at <= now()
        returning holder`),
    );
    if (rows[0]?.holder !== token) return false;
    if (this.held.size === 0) this.lastRenewed = Date.now();
    this.held.set(token, { id, requestRelease, released: false });
    this.timer ??= setInterval(() => void this.renew(), this.options.renewMs);
    this.timer.unref();
    return true;
  }

  /** Asks the holder of `id` to release it: at once when it is a request of this instance, else through the row. */
  async askRelease(id: string): Promise<void> {
    for (const h of this.held.values()) if (h.id === id) await this.releaseHeld(h);
    await this.db.execute(sql`update bigfile_locks set release_requested = true where id = ${id} and not release_requested`);
  }

  /** Gives the lease of `token` on `id` back (a lease that is no longer ours is left alone). */
  async release(id: string, token: string): Promise<void> {
    this.held.delete(token);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    await this.db.execute(sql`delete from bigfile_locks where id = ${id} and holder = ${token}`);
  }

  /**
   * Renews every lease this instance holds in one statement and asks a holder to release when another request
   * wants its upload, or when its lease is gone (taken over after it ran out). When renewing fails for so long
   * that the leases may have run out, every holder is asked to stop.
   */
  async renew(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    const tokens = [...this.held.keys()];
    try {
      const rows = rowsOf<{ holder: string; release_requested: boolean }>(
        await this.db.execute(sql`
          update bigfile_locks set expires_at = now() + make_interval(secs => ${this.options.leaseMs / 1000})
          where holder in (select jsonb_array_elements_text(${JSON.stringify(tokens)}::jsonb))
          returning holder, release_requested`),
      );
      this.lastRenewed = Date.now();
      const seen = new Map(rows.map((r) => [r.holder, r.release_requested]));
      for (const token of tokens) {
        const h = this.held.get(token);
        if (h && (seen.get(token) ?? true)) await this.releaseHeld(h);
      }
    } catch {
      if (Date.now() - this.lastRenewed > this.options.leaseMs - 2 * this.options.renewMs) {
        for (const h of this.held.values()) await this.releaseHeld(h);
      }
    } finally {
      this.renewing = false;
    }
  }

  /** Stops renewing (the instance is closing, or a test simulates a crash); held leases run out after `leaseMs`. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.held.clear();
  }

  private async releaseHeld(h: Held): Promise<void> {
    if (h.released) return;
    h.released = true;
    try {
      await h.requestRelease();
    } catch {
      // the holder's request is ending anyway
    }
  }
}

class PgLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');

  constructor(
    private readonly locker: PgLocker,
    private readonly id: string,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { pollMs, acquireTimeoutMs } = this.locker.options;
    const deadline = Date.now() + acquireTimeoutMs;
    for (;;) {
      if (stopSignal.aborted) throw LOCKED;
      if (await this.locker.tryAcquire(this.id, this.token, requestRelease)) {
        if (!stopSignal.aborted) return;
        await this.unlock();
        throw LOCKED;
      }
      await this.locker.askRelease(this.id);
      if (Date.now() + pollMs > deadline) throw LOCKED;
      await sleep(pollMs, stopSignal);
    }
  }

  /** Deletes the lease; when the database cannot be reached, the lease simply runs out after `leaseMs`. */
  async unlock(): Promise<void> {
    await this.locker.release(this.id, this.token).catch(() => undefined);
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
