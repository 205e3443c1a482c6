/**
 * The latency histogram of the hourly rollup (docs/call-logs.md "Hourly rollup"; migration 0034): a logarithmic
 * scale where bucket k holds the latencies in (γ^(k-1), γ^k] ms with γ = (1 + α) / (1 - α), α = 2 %, and a
 * bucket is read back as 2·γ^k / (γ + 1), which is within α (relative) of every latency in it. Latencies of
 * 0 ms go to bucket ZERO_BUCKET and read back as 0. Percentiles are computed like PostgreSQL's
 * `percentile_cont` (linear interpolation between the two neighbouring order statistics), each order statistic
 * read back from its bucket, so a percentile is within α of the exact one (before rounding to 0.01 ms).
 */
import { sql, type SQL } from 'drizzle-orm';

/** Relative precision of a latency read back from the histogram. */
export const SKETCH_ALPHA = 0.02;
const GAMMA = (1 + SKETCH_ALPHA) / (1 - SKETCH_ALPHA);
const LN_GAMMA = Math.log(GAMMA);
/** The bucket of a latency of 0 ms (or less). */
export const ZERO_BUCKET = -32768;

/** SQL: the bucket (int) of the latency column `latency` (ms, real). */
export function bucketSql(latency: SQL): SQL {
  return sql`(case when ${latency} > 0 then ceil(ln(${latency}::float8) / ${sql.raw(String(LN_GAMMA))}::float8)::int else ${sql.raw(String(ZERO_BUCKET))} end)`;
}

/** The latency (ms) a bucket reads back as. */
export function bucketValue(k: number): number {
  return k === ZERO_BUCKET ? 0 : (2 * GAMMA ** k) / (GAMMA + 1);
}

/**
 * Percentiles `ps` (0…1) of a histogram given as [bucket, count] pairs (any order, buckets may repeat), in ms,
 * interpolated like `percentile_cont`; all 0 for an empty histogram.
 */
export function sketchPercentiles(hist: [number, number][], ps: readonly number[]): number[] {
  const merged = new Map<number, number>();
  for (const [k, n] of hist) if (n > 0) merged.set(k, (merged.get(k) ?? 0) + n);
  const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (!total) return ps.map(() => 0);
  /** The value of the r-th smallest latency (0-based). */
  const at = (r: number): number => {
    let seen = 0;
    for (const [k, n] of buckets) {
      seen += n;
      if (r < seen) return bucketValue(k);
    }
    return bucketValue(buckets[buckets.length - 1]![0]);
  };
  return ps.map((p) => {
    const h = (total - 1) * p;
    const lo = Math.floor(h);
    const v = at(lo);
    return lo === h ? v : v + (h - lo) * (at(lo + 1) - v);
  });
}
