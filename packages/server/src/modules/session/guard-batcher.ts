/**
 * Group commit for the per-request guard (PROTOCOL.md Signature: nonces kept in the shared store).
 * Requests that arrive together share one SQL statement that records all their nonces and reads all
 * their sessions, so under load the database sees one round trip per batch instead of one per request.
 * Correct across instances: the database's unique key on the nonce still decides who was first, and
 * sessions are read fresh in every batch. A request is answered only after its nonce is committed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SessionRow } from './session.repository.js';

interface Pending {
  nonce: string;
  expiresAt: Date;
  sessionId: string;
  resolve: (v: { fresh: boolean; session: SessionRow | undefined }) => void;
  reject: (e: unknown) => void;
}

/** At most this many requests share one statement. */
const MAX_BATCH = 256;

export class GuardBatcher {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  /**
   * Records `nonce` (until `expiresAt`) and reads the session `sessionId` ('' for none).
   * `fresh` is false when the nonce was seen before, in the database or earlier in the same batch.
   */
  check(nonce: string, expiresAt: Date, sessionId: string): Promise<{ fresh: boolean; session: SessionRow | undefined }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ nonce, expiresAt, sessionId, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Runs batches one after another; requests arriving meanwhile join the next batch. */
  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const { fresh, sessions } = await this.run(batch);
        const claimed = new Set<string>();
        for (const p of batch) {
          const first = fresh.has(p.nonce) && !claimed.has(p.nonce);
          claimed.add(p.nonce);
          p.resolve({ fresh: first, session: p.sessionId ? sessions.get(p.sessionId) : undefined });
        }
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.running = false;
  }

  private async run(batch: Pending[]): Promise<{ fresh: Set<string>; sessions: Map<string, SessionRow> }> {
    const values = sql.join(
      batch.map((p) => sql`(${p.nonce}, ${p.expiresAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const ids = [...new Set(batch.map((p) => p.sessionId).filter(Boolean))];
    const sessionFilter = ids.length
      ? sql`s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
    const result = await this.db.execute(sql`
      with n as (insert into request_nonces (nonce, expires_at) values ${values} on conflict do nothing returning nonce)
      select (select coalesce(json_agg(nonce), '[]'::json) from n) as fresh,
        (select coalesce(json_agg(json_build_object('id', s.id, 'tokenMd5', s.token_md5, 'userId', s.user_id, 'tenantId', s.tenant_id,
          'username', s.username, 'identities', s.identities, 'superManager', s.super_manager, 'state', s.state,
          'createdAt', s.created_at, 'expiresAt', s.expires_at, 'endedAt', s.ended_at, 'ip', s.ip, 'userAgent', s.user_agent)), '[]'::json)
         from sessions s where ${sessionFilter}) as sessions`);
    const row = (result as unknown as { rows: { fresh: unknown; sessions: unknown }[] }).rows[0]!;
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as unknown[];
    const sessions = new Map<string, SessionRow>();
    for (const s of json(row.sessions) as (Omit<SessionRow, 'createdAt' | 'expiresAt' | 'endedAt'> & {
      createdAt: string;
      expiresAt: string;
      endedAt: string | null;
    })[]) {
      sessions.set(s.id, {
        ...s,
        identities: s.identities.map(Number),
        createdAt: new Date(s.createdAt),
        expiresAt: new Date(s.expiresAt),
        endedAt: s.endedAt ? new Date(s.endedAt) : null,
      });
    }
    return { fresh: new Set(json(row.fresh) as string[]), sessions };
  }
}
