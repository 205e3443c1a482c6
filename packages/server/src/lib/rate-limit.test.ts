import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { AppError } from './errors.js';
import { enforceRateLimits, hitRateLimit, sweepRateLimits } from './rate-limit.js';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});

describe('rate limits in the database', () => {
  it('allows max hits per window, refuses the next, and opens a new window after it ends', async () => {
    const limit = { max: 3, windowMs: 60_000 };
    const t0 = new Date('2026-01-01T00:00:00Z');
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await hitRateLimit(database.db, 'k1', limit, new Date(t0.getTime() + i * 1000))).allowed);
    expect(counts).toEqual([true, true, true, false]);
    const late = await hitRateLimit(database.db, 'k1', limit, new Date(t0.getTime() + 61_000));
    expect(late).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps keys apart and throws a 429 AppError with the seconds to wait', async () => {
    const limit = { max: 1, windowMs: 30_000 };
    const now = new Date('2026-01-02T00:00:00Z');
    await enforceRateLimits(
      database.db,
      [
        { key: 'a', limit },
        { key: 'b', limit },
      ],
      now,
    );
    const err = await enforceRateLimits(
      database.db,
      [
        { key: 'a', limit },
        { key: 'c', limit },
      ],
      new Date(now.getTime() + 10_000),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 429, params: { seconds: 20 } });
    // 'c' was still counted: its second hit is refused too
    await expect(enforceRateLimits(database.db, [{ key: 'c', limit }], new Date(now.getTime() + 11_000))).rejects.toBeInstanceOf(AppError);
  });

  it('sweeps only ended windows', async () => {
    await hitRateLimit(database.db, 'old', { max: 5, windowMs: 1000 }, new Date('2020-01-01T00:00:00Z'));
    await sweepRateLimits(database.db, new Date('2026-01-01T00:00:30Z'));
    const left = await database.db.query.rateLimits.findMany();
    expect(left.map((r) => r.key)).not.toContain('old');
    expect(left.map((r) => r.key)).toContain('a');
  });
});
