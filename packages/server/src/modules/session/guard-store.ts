/**
 * Where the per-request guard records nonces and reads sessions (PROTOCOL.md Signature; CONVENTIONS
 * "No state in process memory that a second instance would need"). Two stores, chosen by the database:
 *
 * - PostgreSQL (`SharedGuardStore`): several instances may serve the same database, so every check goes
 *   to the database — group-committed (guard-batcher.ts): exact across instances.
 * - Embedded PGlite (`EmbeddedGuardStore`): the database lives inside this one process and no other
 *   process can open it, so this process sees every write; nonces and sessions are answered from memory
 *   (docs/architecture.md "Guard store"). Every write to a session goes through the database and calls
 *   `forgetSessions`, inside its transaction (PGlite runs transactions one at a time, so no reader can
 *   cache a row between the write and its commit). Replays across a restart are refused by a persisted
 *   floor: the store keeps `guard.nonceFloor` in settings a few seconds ahead of every timestamp it has
 *   accepted, and after a start refuses any request signed at or before the floor it found.
 */
import { eq } from 'drizzle-orm';
import { DEFAULTS } from '@mp/protocol';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { GuardBatcher } from './guard-batcher.js';
import { findSessionById, type SessionRow } from './session.repository.js';

export interface GuardCheck {
  fresh: boolean;
  session: SessionRow | undefined;
}

export interface GuardStore {
  /**
   * Records `nonce` of a request signed at `timestampMs` and reads session `sessionId` ('' for none).
   * `fresh` is false for a nonce seen before (a replay).
   */
  check(nonce: string, timestampMs: number, sessionId: string): Promise<GuardCheck>;
  /** Forgets remembered copies of sessions after they were written (ids, or every session of a user). */
  forgetSessions(which: { ids: string[] } | { userId: string }): void;
  close(): Promise<void>;
}

/** PostgreSQL: every check in the database, batched. */
export class SharedGuardStore implements GuardStore {
  private readonly batcher: GuardBatcher;
  constructor(db: Db) {
    this.batcher = new GuardBatcher(db);
  }
  check(nonce: string, timestampMs: number, sessionId: string): Promise<GuardCheck> {
    return this.batcher.check(nonce, new Date(timestampMs + DEFAULTS.signatureWindowMs), sessionId);
  }
  forgetSessions(): void {
    /* nothing remembered */
  }
  async close(): Promise<void> {
    /* nothing to flush */
  }
}

const FLOOR_KEY = 'guard.nonceFloor';
/** How far ahead of accepted timestamps the persisted floor is kept. */
const RESERVE_AHEAD_MS = 5_000;
/** Extend the floor when an accepted timestamp comes this close to it. */
const RESERVE_EARLY_MS = 2_000;

/** Embedded PGlite: nonces and sessions answered from memory in this single process. */
export class EmbeddedGuardStore implements GuardStore {
  private readonly nonces = new Map<string, number>();
  private readonly sessions = new Map<string, SessionRow>();
  private highest = 0;
  private reserving: Promise<void> | undefined;
  private sweptAt = Date.now();

  private constructor(
    private readonly db: Db,
    private readonly floor: number,
    private reserved: number,
  ) {}

  /** Opens the store: reads the floor left by the previous process. */
  static async open(db: Db): Promise<EmbeddedGuardStore> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, FLOOR_KEY));
    const floor = Number(row?.value ?? 0) || 0;
    return new EmbeddedGuardStore(db, floor, floor);
  }

  async check(nonce: string, timestampMs: number, sessionId: string): Promise<GuardCheck> {
    // Signed at or before what a previous process may have accepted without our knowing its nonce.
    if (timestampMs <= this.floor) return { fresh: false, session: await this.session(sessionId) };
    if (timestampMs > this.reserved) await this.reserve(timestampMs);
    else if (timestampMs > this.reserved - RESERVE_EARLY_MS && !this.reserving) void this.startWrite(timestampMs + RESERVE_AHEAD_MS).catch(() => undefined);
    const fresh = !this.nonces.has(nonce);
    if (fresh) {
      this.nonces.set(nonce, timestampMs + DEFAULTS.signatureWindowMs);
      if (timestampMs > this.highest) this.highest = timestampMs;
    }
    this.sweep();
    return { fresh, session: await this.session(sessionId) };
  }

  forgetSessions(which: { ids: string[] } | { userId: string }): void {
    if ('ids' in which) for (const id of which.ids) this.sessions.delete(id);
    else for (const [id, s] of this.sessions) if (s.userId === which.userId) this.sessions.delete(id);
  }

  /** Writes the exact floor (the highest accepted timestamp), so a clean restart refuses nothing new. */
  async close(): Promise<void> {
    await this.reserving?.catch(() => undefined);
    await this.writeFloor(Math.max(this.highest, this.floor));
  }

  private async session(id: string): Promise<SessionRow | undefined> {
    if (!id) return undefined;
    const hit = this.sessions.get(id);
    if (hit) return hit;
    const row = await findSessionById(this.db, id);
    if (row) this.sessions.set(id, row);
    return row;
  }

  /** Starts writing the floor `target` unless a write is in flight; resolves when that write is done. */
  private startWrite(target: number): Promise<void> {
    this.reserving ??= this.writeFloor(target)
      .then(() => {
        this.reserved = Math.max(this.reserved, target);
      })
      .finally(() => {
        this.reserving = undefined;
      });
    return this.reserving;
  }

  /** Persists a floor ahead of `timestampMs` before a request signed then is accepted. */
  private async reserve(timestampMs: number): Promise<void> {
    while (timestampMs > this.reserved) await this.startWrite(timestampMs + RESERVE_AHEAD_MS);
  }

  private async writeFloor(value: number): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key: FLOOR_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }

  /** Drops nonces past the signature window and sessions that ended or expired, every 10 s. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.sweptAt < 10_000) return;
    this.sweptAt = now;
    for (const [n, exp] of this.nonces) if (exp < now) this.nonces.delete(n);
    for (const [id, s] of this.sessions) if (s.state !== 'active' || s.expiresAt.getTime() < now) this.sessions.delete(id);
  }
}
