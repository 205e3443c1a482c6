/**
 * Rate limits shared by every instance (PROTOCOL.md "Response envelope": 429 when rate-limited;
 * CONVENTIONS: counters live in the database, not in process memory). A fixed window per key:
 * the first hit opens a window of `windowMs`; hits past `max` inside it are refused until it ends.
 *
 * One upsert per hit, so two instances counting the same key agree. Expired rows are swept lazily.
 */
import { lt, sql } from 'drizzle-orm';
import { Codes } from '@mp/protocol';
import { rowsOf, type Db, type Tx } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';

/** A limit: at most `max` hits per `windowMs` milliseconds. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The outcome of one counted hit: whether it is allowed, and ms until the window ends. */
export interface RateHit {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` (e.g. `otc:email:a@b.c`) and answers whether it is inside `limit`.
 * Runs as one statement on `db` (a transaction or the pool); the row is platform-level.
 */
export async function hitRateLimit(db: Db | Tx, key: string, limit: RateLimit, now = new Date()): Promise<RateHit> {
  const windowEnd = new Date(now.getTime() + limit.windowMs);
  const rows = await db.execute(sql`
    insert into rate_limits (key, window_start, count, expires_at)
    values (${key}, ${now.toISOString()}, 1, ${windowEnd.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.window_start else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.expires_at else rate_limits.expires_at end
    returning count, window_start`);
  const row = rowsOf<{ count: number; window_start: string | Date }>(rows)[0]!;
  const count = Number(row.count);
  const started = new Date(row.window_start).getTime();
  return { allowed: count <= limit.max, count, retryAfterMs: Math.max(0, started + limit.windowMs - now.getTime()) };
}

/**
 * Counts one hit on each key and throws `AppError(protocol.rate_limited, { seconds }, 429)` when any
 * is over its limit. Every key is counted even when an earlier one refuses, so a caller cannot
 * spread attempts over addresses of one account.
 */
export async function enforceRateLimits(db: Db | Tx, hits: { key: string; limit: RateLimit }[], now = new Date()): Promise<void> {
  let refused: RateHit | undefined;
  for (const { key, limit } of hits) {
    const hit = await hitRateLimit(db, key, limit, now);
    if (!hit.allowed && (!refused || hit.retryAfterMs > refused.retryAfterMs)) refused = hit;
  }
  if (refused) throw new AppError(Codes.RATE_LIMITED, { seconds: Math.ceil(refused.retryAfterMs / 1000) }, 429);
}

/** Deletes counters whose window ended (called by the periodic sweep). */
export async function sweepRateLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}
