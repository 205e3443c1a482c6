/**
 * The service-call statistics the screens read (docs/call-logs.md "Hourly rollup"): the whole hours of the
 * window that the rollup holds (calllogs.rollup.ts) are read from `call_log_hours`, the partial hours at its
 * edges (and any hour not rolled yet) from the records, and the two are merged: calls and failed calls are
 * exactly the records' counts; percentiles come from the merged latency histograms (calllogs.sketch.ts, within
 * 2 % of the exact `percentile_cont`). A window without a whole rolled hour, and a chart whose buckets are
 * shorter than an hour, are computed from the records alone (calllogs.query.ts). Same scoping as the records:
 * the view's tenant/application in SQL, tenant views under row-level security on both tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CALL_LOG_RULES, type CallFigures, type CallStats } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { likeEscape } from '../../lib/like.js';
import { bucketSeconds, callStats, FAILED, fillBuckets, seriesOf, where, type CallLogView, type CallQuery } from './calllogs.query.js';
import { rolledRange, type RolledRange } from './calllogs.rollup.js';
import { bucketSql, sketchPercentiles, ZERO_BUCKET } from './calllogs.sketch.js';

const HOUR = 3_600_000;
const PS = [0.5, 0.95, 0.99] as const;

/** The whole rolled hours [lo, hi) (epoch ms) inside [from, to], or undefined when there is none. */
export function rolledWindow(from: Date, to: Date, rolled: RolledRange | undefined): { lo: number; hi: number } | undefined {
  if (!rolled) return undefined;
  const lo = Math.max(Math.ceil(from.getTime() / HOUR) * HOUR, rolled.startHour);
  const hi = Math.min(Math.floor(to.getTime() / HOUR) * HOUR, rolled.watermark);
  return lo < hi ? { lo, hi } : undefined;
}

/** The statistics of `q` in `view` (see the file's comment); same shape and scoping as `callStats` (groups named by their ids). */
export async function callStatistics(tx: Tx, q: CallQuery, view: CallLogView): Promise<CallStats> {
  const win = rolledWindow(q.from, q.to, await rolledRange(tx));
  if (!win) return callStats(tx, q, view);
  const parts = partsOf(q, view, win);
  const bucket = bucketSeconds(q.from, q.to);
  const hourly = bucket % 3600 === 0;
  const limit = CALL_LOG_RULES.groupMax;
  const acc = {
    total: new Map<string, Acc>(),
    series: new Map<string, Acc>(),
    api: new Map<string, Acc>(),
    app: new Map<string, Acc>(),
    tenant: new Map<string, Acc>(),
  };
  for (const row of await slices(tx, parts)) {
    add(acc.total, '', [], row);
    if (hourly) {
      const t = Math.floor(row.h / bucket) * bucket;
      add(acc.series, String(t), [t], row);
    }
    add(acc.api, `${row.method} ${row.api}`, [row.method, row.api], row);
    if (row.productId !== null) add(acc.app, row.productId, [row.productId], row);
    if (row.tenantId !== null) add(acc.tenant, row.tenantId, [row.tenantId], row);
  }
  const total = groups(acc.total)[0];
  const series = hourly
    ? groups(acc.series).map((g) => ({ t: new Date(Number(g.keys[0]) * 1000).toISOString(), ...g.figures }))
    : await seriesOf(tx, where(q, view), bucket);
  const byApi = top(groups(acc.api), limit, (g) => `${g.keys[1]} ${g.keys[0]}`);
  const byApp = top(groups(acc.app), limit, (g) => String(g.keys[0]));
  const byTenant = top(groups(acc.tenant), limit, (g) => String(g.keys[0]));
  return {
    totals: total?.figures ?? { calls: 0, errors: 0, p50: 0, p95: 0, p99: 0 },
    bucketSeconds: bucket,
    series: fillBuckets(series, q.from, q.to, bucket),
    byApi: byApi.map((g) => ({ method: String(g.keys[0]), api: String(g.keys[1]), ...g.figures })),
    byApp: byApp.map((g) => ({ productId: String(g.keys[0]), name: String(g.keys[0]), ...g.figures })),
    byTenant: byTenant.map((g) => ({ tenantId: String(g.keys[0]), name: String(g.keys[0]), ...g.figures })),
  };
}

/** One hour of one tenant × application × method × API: its failed calls and latency histogram (bucket → calls). */
interface Slice {
  h: number;
  tenantId: string | null;
  productId: string | null;
  method: string;
  api: string;
  errors: number;
  k: number[];
  n: number[];
}

/** `{1,2,3}` (an array as text) as numbers. */
function numbers(text: string): number[] {
  const inner = text.slice(1, -1);
  return inner ? inner.split(',').map(Number) : [];
}

/**
 * The slices of the window: the rollup rows of its whole rolled hours (one read, arrays as text) and the
 * records of its edges summed the same way in SQL (per hour, keys and bucket). Merged in the server, not in SQL:
 * the rows of a busy week are tens of thousands, their histogram entries near a million, which SQL would
 * unnest and regroup once per grouping.
 */
async function slices(tx: Tx, p: Parts): Promise<Slice[]> {
  type Row = { h: number; tenant_id: string | null; product_id: string | null; method: string; api: string; errors: number; k: string; n: string };
  const rolled = rowsOf<Row>(
    await tx.execute(sql`select extract(epoch from r.hour)::float8 as h, r.tenant_id, r.product_id, r.method, r.api, r.errors,
      r.lat_idx::text as k, r.lat_n::text as n from call_log_hours r where ${p.rolled}`),
  );
  const raw = (w: SQL) =>
    sql`select (floor(extract(epoch from c.at) / 3600) * 3600)::float8 as h, c.tenant_id, c.product_id, c.method, c.api,
      ${bucketSql(sql`c.latency_ms`)} as k, (case when ${FAILED} then 1 else 0 end) as e from call_logs c where ${w}`;
  const edges = rowsOf<{ h: number; tenant_id: string | null; product_id: string | null; method: string; api: string; k: number; n: number; e: number }>(
    await tx.execute(sql`select g.h, g.tenant_id, g.product_id, g.method, g.api, g.k, count(*)::int as n, sum(g.e)::int as e
      from (${raw(p.before)} union all ${raw(p.after)}) g group by 1, 2, 3, 4, 5, 6`),
  );
  const out: Slice[] = rolled.map((r) => ({
    h: Number(r.h),
    tenantId: r.tenant_id,
    productId: r.product_id,
    method: r.method,
    api: r.api,
    errors: Number(r.errors),
    k: numbers(r.k),
    n: numbers(r.n),
  }));
  for (const r of edges)
    out.push({
      h: Number(r.h),
      tenantId: r.tenant_id,
      productId: r.product_id,
      method: r.method,
      api: r.api,
      errors: Number(r.e),
      k: [Number(r.k)],
      n: [Number(r.n)],
    });
  return out;
}

/** A group being summed: its keys, failed calls and merged histogram (dense: `hist[slot(k)]`). */
interface Acc {
  keys: unknown[];
  errors: number;
  hist: Float64Array;
}

/** Dense histogram slots: 0 for ZERO_BUCKET, 1 … 1023 for buckets −511 … 511 (1.4e-9 ms … 7e8 ms; clamped). */
const SLOTS = 1024;
const slot = (k: number) => (k === ZERO_BUCKET ? 0 : Math.min(SLOTS - 1, Math.max(1, k + 512)));
const bucketOf = (i: number) => (i === 0 ? ZERO_BUCKET : i - 512);

/** Adds slice `s` to the group `id` of `map`. */
function add(map: Map<string, Acc>, id: string, keys: unknown[], s: Slice): void {
  let g = map.get(id);
  if (!g) {
    g = { keys, errors: 0, hist: new Float64Array(SLOTS) };
    map.set(id, g);
  }
  g.errors += s.errors;
  for (let i = 0; i < s.k.length; i++) g.hist[slot(s.k[i]!)]! += s.n[i]!;
}

/** The figures of summed groups (groups without calls left out). */
function groups(map: Map<string, Acc>): Group[] {
  const out: Group[] = [];
  for (const g of map.values()) {
    const hist: [number, number][] = [];
    for (let i = 0; i < SLOTS; i++) if (g.hist[i]) hist.push([bucketOf(i), g.hist[i]!]);
    const calls = hist.reduce((sum, [, n]) => sum + n, 0);
    if (!calls) continue;
    const [p50, p95, p99] = sketchPercentiles(hist, PS).map((v) => Math.round(v * 100) / 100);
    out.push({ keys: g.keys, figures: { calls, errors: g.errors, p50: p50!, p95: p95!, p99: p99! } });
  }
  return out;
}

/** The WHERE parts of the rollup rows (alias r) and of the two raw edges (alias c). */
interface Parts {
  rolled: SQL;
  before: SQL;
  after: SQL;
}

function partsOf(q: CallQuery, view: CallLogView, win: { lo: number; hi: number }): Parts {
  const lo = sql`${new Date(win.lo).toISOString()}::timestamptz`;
  const hi = sql`${new Date(win.hi).toISOString()}::timestamptz`;
  const r: SQL[] = [sql`r.hour >= ${lo}`, sql`r.hour < ${hi}`];
  const tenantId = view.tenantId ?? q.tenantId?.trim();
  const productId = view.productId ?? q.productId?.trim();
  if (tenantId) r.push(sql`r.tenant_id = ${tenantId}`);
  if (productId) r.push(sql`r.product_id = ${productId}`);
  if (q.api?.trim()) r.push(sql`r.api ilike ${`%${likeEscape(q.api.trim())}%`}`);
  return {
    rolled: sql.join(r, sql` and `),
    before: where(q, view, sql`c.at >= ${q.from.toISOString()}::timestamptz and c.at < ${lo}`),
    after: where(q, view, sql`c.at >= ${hi} and c.at <= ${q.to.toISOString()}::timestamptz`),
  };
}

interface Group {
  keys: unknown[];
  figures: CallFigures;
}

/** The `limit` busiest groups, most calls first, then by `tie`. */
function top(list: Group[], limit: number, tie: (g: Group) => string): Group[] {
  return [...list].sort((a, b) => b.figures.calls - a.figures.calls || tie(a).localeCompare(tie(b))).slice(0, limit);
}
