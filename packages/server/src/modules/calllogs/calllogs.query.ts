/**
 * The SQL of the service-call statistics and call logs (docs/call-logs.md "Queries"). Every statement is
 * bounded by the time range (`at` between from and to) and, for a tenant's or an application's administrator,
 * by that tenant or application (`CallLogView`), so `call_logs_tenant_at_idx` / `call_logs_product_at_idx` /
 * `call_logs_at_idx` drive the scan. On the main database tenant views also run in the tenant's scope (row-level
 * security); the worker store's database has none and relies on these filters (calllogs.store.ts).
 * A call failed when its HTTP status is ≥ 400 or its envelope code is neither success ('1') nor absent ('').
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CALL_LOG_RULES,
  type CALL_LOG_SORT_FIELDS,
  type CallFigures,
  type CallLogListBody,
  type CallLogRow,
  type CallSeriesPoint,
  type CallStats,
} from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { sortColumn, type SortColumns } from '../../lib/sort.js';
import { likeEscape } from '../../lib/like.js';

/** What the viewer may see: a fixed tenant (tenant administrators) and/or application (application administrators). */
export interface CallLogView {
  tenantId?: string;
  productId?: string;
}

/** A checked query: the range as dates plus the body's filters. */
export type CallQuery = Omit<CallLogListBody, 'startTime' | 'endTime'> & { from: Date; to: Date };

/** A record (alias `c`) failed: HTTP status ≥ 400 or an envelope code other than success. */
export const FAILED = sql`(c.status >= 400 or (c.code <> '' and c.code <> '1'))`;

/**
 * The WHERE of `q` inside `view` (the view's tenant/application win over the body's); `at` the time condition,
 * by default `from ≤ c.at ≤ to`.
 */
export function where(q: CallQuery, view: CallLogView, at?: SQL): SQL {
  const parts: SQL[] = at ? [at] : [sql`c.at >= ${q.from.toISOString()}::timestamptz`, sql`c.at <= ${q.to.toISOString()}::timestamptz`];
  const tenantId = view.tenantId ?? q.tenantId?.trim();
  const productId = view.productId ?? q.productId?.trim();
  if (tenantId) parts.push(sql`c.tenant_id = ${tenantId}`);
  if (productId) parts.push(sql`c.product_id = ${productId}`);
  if (q.api?.trim()) parts.push(sql`c.api ilike ${`%${likeEscape(q.api.trim())}%`}`);
  if (q.method) parts.push(sql`c.method = ${q.method}`);
  if (q.status !== undefined) parts.push(sql`c.status = ${q.status}`);
  if (q.errorsOnly) parts.push(FAILED);
  const caller = q.caller?.trim();
  if (caller) parts.push(sql`(lower(c.caller_name) = ${caller.toLowerCase()} or c.caller_id = ${caller})`);
  return sql.join(parts, sql` and `);
}

const FIGURES = sql`count(*)::int as calls, (count(*) filter (where ${FAILED}))::int as errors,
  percentile_cont(array[0.5, 0.95, 0.99]::float8[]) within group (order by c.latency_ms) as p`;

export interface FigureRow {
  calls: number;
  errors: number;
  p: number[] | string | null;
}

/** Figures of a row; percentiles rounded to 0.01 ms (PGlite may answer the array as text). */
export function figures(r: FigureRow | undefined): CallFigures {
  const raw = typeof r?.p === 'string' ? r.p.replace(/[{}]/g, '').split(',').map(Number) : (r?.p ?? []);
  const p = (i: number) => Math.round(Number(raw[i] ?? 0) * 100) / 100;
  return { calls: Number(r?.calls ?? 0), errors: Number(r?.errors ?? 0), p50: p(0), p95: p(1), p99: p(2) };
}

/** Chart bucket (seconds) for a window: the smallest of 1 min … 1 day giving at most 200 points. */
export function bucketSeconds(from: Date, to: Date): number {
  const span = Math.max(1, (to.getTime() - from.getTime()) / 1000);
  return [60, 300, 900, 1800, 3600, 10_800, 21_600, 86_400].find((b) => span / b <= 200) ?? 86_400;
}

/** `points` with a zero point for every bucket of [from, to] that had no call (the chart's time axis stays even). */
export function fillBuckets(points: CallSeriesPoint[], from: Date, to: Date, bucket: number): CallSeriesPoint[] {
  const byT = new Map(points.map((p) => [p.t, p]));
  const step = bucket * 1000;
  const out: CallSeriesPoint[] = [];
  for (let t = Math.floor(from.getTime() / step) * step; t <= to.getTime(); t += step) {
    const key = new Date(t).toISOString();
    out.push(byT.get(key) ?? { t: key, calls: 0, errors: 0, p50: 0, p95: 0, p99: 0 });
  }
  return out;
}

/** The chart points (buckets of `bucket` seconds) of the records matching `w`, computed from the records. */
export async function seriesOf(tx: Tx, w: SQL, bucket: number): Promise<CallSeriesPoint[]> {
  const rows = rowsOf<FigureRow & { t: Date | string }>(
    await tx.execute(sql`select to_timestamp(floor(extract(epoch from c.at) / ${bucket}) * ${bucket}) as t, ${FIGURES}
    from call_logs c where ${w} group by 1 order by 1`),
  );
  return rows.map((r) => ({ t: new Date(r.t).toISOString(), ...figures(r) }));
}

/**
 * The statistics of `q` in `view` computed from the records alone (exact percentiles): totals, the chart series and the busiest
 * APIs, applications and tenants (named by their ids: the store's caller fills the names, calllogs.store.ts
 * `namedStats`). The routes use calllogs.stats.ts `callStatistics`, which reads the hourly rollup for whole hours
 * and falls back to this.
 */
export async function callStats(tx: Tx, q: CallQuery, view: CallLogView): Promise<CallStats> {
  const w = where(q, view);
  const bucket = bucketSeconds(q.from, q.to);
  const limit = CALL_LOG_RULES.groupMax;
  const [total] = rowsOf<FigureRow>(await tx.execute(sql`select ${FIGURES} from call_logs c where ${w}`));
  const series = await seriesOf(tx, w, bucket);
  const byApi = rowsOf<FigureRow & { method: string; api: string }>(
    await tx.execute(sql`select c.method, c.api, ${FIGURES}
    from call_logs c where ${w} group by c.method, c.api order by calls desc, c.api limit ${limit}`),
  );
  const byApp = rowsOf<FigureRow & { id: string }>(
    await tx.execute(sql`select c.product_id as id, ${FIGURES}
    from call_logs c where ${w} and c.product_id is not null group by c.product_id order by calls desc limit ${limit}`),
  );
  const byTenant = rowsOf<FigureRow & { id: string }>(
    await tx.execute(sql`select c.tenant_id as id, ${FIGURES}
    from call_logs c where ${w} and c.tenant_id is not null group by c.tenant_id order by calls desc limit ${limit}`),
  );
  return {
    totals: figures(total),
    bucketSeconds: bucket,
    series: fillBuckets(series, q.from, q.to, bucket),
    byApi: byApi.map((r) => ({ method: r.method, api: r.api, ...figures(r) })),
    byApp: byApp.map((r) => ({ productId: r.id, name: r.id, ...figures(r) })),
    byTenant: byTenant.map((r) => ({ tenantId: r.id, name: r.id, ...figures(r) })),
  };
}

const SORTS: SortColumns<typeof CALL_LOG_SORT_FIELDS, SQL> = { at: sql`c.at`, latencyMs: sql`c.latency_ms`, status: sql`c.status`, api: sql`c.api` };

/** Number of records of `q` in `view`. */
export async function countCalls(tx: Tx, q: CallQuery, view: CallLogView): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from call_logs c where ${where(q, view)}`));
  return Number(r?.n ?? 0);
}

/** A call_logs row as the database answers it (`at` a Date on PGlite, a string on some drivers). */
export interface CallRecordRow {
  id: string;
  at: Date | string;
  tenant_id: string | null;
  product_id: string | null;
  method: string;
  api: string;
  status: number;
  code: string;
  latency_ms: number;
  caller_type: CallLogRow['callerType'];
  caller_id: string;
  caller_name: string;
  request_id: string;
}

/**
 * `limit` records of `q` in `view` from `offset`, sorted by `q.sortField` (newest first by default); tenant and
 * application names empty (the call-record database has no such tables: calllogs.store.ts `namedRows` fills them).
 */
export async function selectCalls(tx: Tx, q: CallQuery, view: CallLogView, limit: number, offset: number): Promise<CallLogRow[]> {
  const col = sortColumn(SORTS, q.sortField);
  const order = col ? sql`${col} ${q.sortOrder === 'ascend' ? sql`asc` : sql`desc`}, c.at desc, c.id desc` : sql`c.at desc, c.id desc`;
  const rows = rowsOf<CallRecordRow>(
    await tx.execute(sql`select c.id::text as id, c.at, c.tenant_id, c.product_id,
      c.method, c.api, c.status, c.code, c.latency_ms, c.caller_type, c.caller_id, c.caller_name, c.request_id
    from call_logs c where ${where(q, view)} order by ${order} limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    tenantId: r.tenant_id ?? '',
    tenantName: '',
    productId: r.product_id ?? '',
    productName: '',
    method: r.method,
    api: r.api,
    status: Number(r.status),
    code: r.code,
    latencyMs: Number(r.latency_ms),
    callerType: r.caller_type,
    callerId: r.caller_id,
    callerName: r.caller_name,
    requestId: r.request_id,
  }));
}
