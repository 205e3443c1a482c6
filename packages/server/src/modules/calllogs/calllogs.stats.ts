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
import { bucketSql, sketchPercentiles } from './calllogs.sketch.js';

const HOUR = 3_600_000;
const PS = [0.5, 0.95, 0.99] as const;

/** The whole rolled hours [lo, hi) (epoch ms) inside [from, to], or undefined when there is none. */
export function rolledWindow(from: Date, to: Date, rolled: RolledRange | undefined): { lo: number; hi: number } | undefined {
  if (!rolled) return undefined;
  const lo = Math.max(Math.ceil(from.getTime() / HOUR) * HOUR, rolled.startHour);
  const hi = Math.min(Math.floor(to.getTime() / HOUR) * HOUR, rolled.watermark);
  return lo < hi ? { lo, hi } : undefined;
}

/** The statistics of `q` in `view` (see the file's comment); same shape and scoping as `callStats`. */
export async function callStatistics(tx: Tx, q: CallQuery, view: CallLogView): Promise<CallStats> {
  const win = rolledWindow(q.from, q.to, await rolledRange(tx));
  if (!win) return callStats(tx, q, view);
  const parts = partsOf(q, view, win);
  const bucket = bucketSeconds(q.from, q.to);
  const limit = CALL_LOG_RULES.groupMax;
  const [total] = [...(await merged(tx, parts, [], [])).values()];
  const series =
    bucket % 3600 === 0
      ? [...(await merged(tx, parts, [epochBucket(sql`r.hour`, bucket)], [epochBucket(sql`c.at`, bucket)])).values()].map((g) => ({
          t: new Date(Number(g.keys[0]) * 1000).toISOString(),
          ...g.figures,
        }))
      : await seriesOf(tx, where(q, view), bucket);
  const byApi = top(await merged(tx, parts, [sql`r.method`, sql`r.api`], [sql`c.method`, sql`c.api`]), limit, (g) => `${g.keys[1]} ${g.keys[0]}`);
  const byApp = top(await merged(tx, parts, [sql`r.product_id`], [sql`c.product_id`], 'product_id'), limit, (g) => String(g.keys[0]));
  const byTenant = top(await merged(tx, parts, [sql`r.tenant_id`], [sql`c.tenant_id`], 'tenant_id'), limit, (g) => String(g.keys[0]));
  const appNames = await namesOf(tx, 'products', byApp);
  const tenantNames = await namesOf(tx, 'tenants', byTenant);
  return {
    totals: total?.figures ?? { calls: 0, errors: 0, p50: 0, p95: 0, p99: 0 },
    bucketSeconds: bucket,
    series: fillBuckets(series, q.from, q.to, bucket),
    byApi: byApi.map((g) => ({ method: String(g.keys[0]), api: String(g.keys[1]), ...g.figures })),
    byApp: byApp.map((g) => ({ productId: String(g.keys[0]), name: appNames.get(String(g.keys[0])) ?? String(g.keys[0]), ...g.figures })),
    byTenant: byTenant.map((g) => ({ tenantId: String(g.keys[0]), name: tenantNames.get(String(g.keys[0])) ?? String(g.keys[0]), ...g.figures })),
  };
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

/** SQL: the start (epoch seconds, float8) of the `bucket`-second bucket of the timestamp `t`. */
function epochBucket(t: SQL, bucket: number): SQL {
  return sql`(floor(extract(epoch from ${t}) / ${bucket}) * ${bucket})::float8`;
}

interface Group {
  keys: unknown[];
  figures: CallFigures;
}

/**
 * The figures per group of `rKeys` (rollup rows) / `cKeys` (records), merging the rolled hours and the raw
 * edges; `notNull` skips rows whose `tenant_id` / `product_id` is null. Answers the groups keyed by their keys.
 */
async function merged(tx: Tx, p: Parts, rKeys: SQL[], cKeys: SQL[], notNull?: 'tenant_id' | 'product_id'): Promise<Map<string, Group>> {
  const ks = rKeys.map((_, i) => sql.raw(`k${i}`));
  const sel = (keys: SQL[]) =>
    keys.length
      ? sql`${sql.join(
          keys.map((k, i) => sql`${k} as ${ks[i]}`),
          sql`, `,
        )}, `
      : sql``;
  const rn = notNull ? sql` and r.${sql.raw(notNull)} is not null` : sql``;
  const cn = notNull ? sql` and c.${sql.raw(notNull)} is not null` : sql``;
  const raw = (w: SQL) =>
    sql`select ${sel(cKeys)}${bucketSql(sql`c.latency_ms`)} as k, 1 as n, (case when ${FAILED} then 1 else 0 end) as e from call_logs c where ${w}${cn}`;
  const groupBy = ks.length ? sql`${sql.join(ks, sql`, `)}, ` : sql``;
  const rows = rowsOf<Record<string, unknown> & { k: number | null; n: number; e: number }>(
    await tx.execute(sql`select ${groupBy}h.k, sum(h.n)::int as n, sum(h.e)::int as e from (
      select ${sel(rKeys)}u.k::int as k, u.n as n, 0 as e from call_log_hours r cross join lateral unnest(r.lat_idx, r.lat_n) as u(k, n) where ${p.rolled}${rn}
      union all select ${sel(rKeys)}null::int as k, 0 as n, r.errors as e from call_log_hours r where ${p.rolled}${rn}
      union all ${raw(p.before)}
      union all ${raw(p.after)}) h group by ${groupBy}h.k`),
  );
  const acc = new Map<string, { keys: unknown[]; errors: number; hist: [number, number][] }>();
  for (const row of rows) {
    const keys = rKeys.map((_, i) => row[`k${i}`]);
    const id = JSON.stringify(keys);
    let g = acc.get(id);
    if (!g) {
      g = { keys, errors: 0, hist: [] };
      acc.set(id, g);
    }
    g.errors += Number(row.e);
    if (row.k !== null && Number(row.n) > 0) g.hist.push([Number(row.k), Number(row.n)]);
  }
  const out = new Map<string, Group>();
  for (const [id, g] of acc) {
    const calls = g.hist.reduce((s, [, n]) => s + n, 0);
    if (!calls) continue;
    const [p50, p95, p99] = sketchPercentiles(g.hist, PS).map((v) => Math.round(v * 100) / 100);
    out.set(id, { keys: g.keys, figures: { calls, errors: g.errors, p50: p50!, p95: p95!, p99: p99! } });
  }
  return out;
}

/** The `limit` busiest groups, most calls first, then by `tie`. */
function top(groups: Map<string, Group>, limit: number, tie: (g: Group) => string): Group[] {
  return [...groups.values()].sort((a, b) => b.figures.calls - a.figures.calls || tie(a).localeCompare(tie(b))).slice(0, limit);
}

/** Names of the groups' ids in `table` (products or tenants). */
async function namesOf(tx: Tx, table: 'products' | 'tenants', groups: Group[]): Promise<Map<string, string>> {
  if (!groups.length) return new Map();
  const ids = groups.map((g) => String(g.keys[0]));
  const rows = rowsOf<{ id: string; name: string }>(await tx.execute(sql`select id, name from ${sql.raw(table)} where id = any(${sql.param(ids)}::text[])`));
  return new Map(rows.map((r) => [r.id, r.name]));
}
