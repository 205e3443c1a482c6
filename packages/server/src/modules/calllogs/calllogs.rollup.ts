/**
 * The hourly rollup of the gateway call records (docs/call-logs.md "Hourly rollup"; migration 0034): closed UTC
 * hours of `call_logs` summed into `call_log_hours` (calls, failed calls, latency sum, latency histogram per
 * hour × tenant × application × method × API × status class), so the statistics over days read thousands of
 * rollup rows instead of millions of records (calllogs.stats.ts).
 *
 * Incremental and crash-safe: `call_log_rollup_state` holds the rolled range [start_hour, watermark). A run takes
 * the hours from the watermark up to the last closed one (an hour is closed `ROLLUP_GRACE_MS` after its end, time
 * enough for the recorders' buffered calls to be flushed), `hoursPerTx` at a time; each step is ONE transaction
 * that holds a transaction-level advisory lock (another instance finding it taken skips its run), deletes the
 * step's hours from the rollup, inserts them again from the raw rows and moves the watermark. An interrupted step
 * leaves nothing behind; rerunning an hour writes the same rows (idempotent).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { bucketSql } from './calllogs.sketch.js';

const HOUR = 3_600_000;
/** How long after its end an hour is rolled up (ms): recorders flush every second; a later batch moves the rollup back (`lateRecordsSql`). */
export const ROLLUP_GRACE_MS = 120_000;
/** How often the rollup runs (ms). */
export const ROLLUP_EVERY_MS = 300_000;
/** When the first run after start comes (ms; later than a test file lasts, so tests roll up only when they mean to). */
export const ROLLUP_FIRST_MS = 600_000;
/** Key of the rollup's advisory lock. */
const LOCK = sql`hashtext('mp.call_logs.rollup')`;
const FAILED = sql`(c.status >= 400 or (c.code <> '' and c.code <> '1'))`;

/** The rolled range [startHour, watermark) as epoch ms, or undefined before the first run. */
export interface RolledRange {
  startHour: number;
  watermark: number;
}

/**
 * Reads the rolled range in the caller's transaction (any scope: the state holds no tenant data); `lock` takes the
 * state's row lock until the transaction ends (a rollup step: a late batch's `lateRecordsSql` then waits for it).
 */
export async function rolledRange(tx: Tx, lock = false): Promise<RolledRange | undefined> {
  const [s] = rowsOf<{ s: string | Date; w: string | Date }>(
    await tx.execute(sql`select start_hour as s, watermark as w from call_log_rollup_state where id = 1${lock ? sql` for update` : sql``}`),
  );
  return s ? { startHour: new Date(s.s).getTime(), watermark: new Date(s.w).getTime() } : undefined;
}

/**
 * Options of a run: `hoursPerTx` hours per transaction; `maxSteps` most transactions; `stopped` ends the run
 * between two steps (shutdown); `afterStep` (tests) runs inside each step's transaction after its hours are
 * written, before the watermark moves and the step commits.
 */
export interface RollupOptions {
  hoursPerTx?: number;
  maxSteps?: number;
  stopped?: () => boolean;
  afterStep?: (hourFrom: number, hourTo: number) => Promise<void> | void;
}

/**
 * Rolls up every closed hour not yet rolled, at `now` (epoch ms). The first run starts at the hour of the oldest
 * record of the last `backDays` days (the raw rows' retention: every hour the statistics may ask for), or at the
 * last closed hour when there is none. Answers the number of hours rolled, or -1
 * when another instance holds the lock. Errors of a step (database) are thrown after its rollback; the steps
 * before it stay.
 */
export async function rollUpCallLogs(db: Db, backDays: number, now = Date.now(), o: RollupOptions = {}): Promise<number> {
  const per = o.hoursPerTx ?? 6;
  const target = Math.floor((now - ROLLUP_GRACE_MS) / HOUR) * HOUR;
  let rolled = 0;
  for (let step = 0; step < (o.maxSteps ?? 10_000) && !o.stopped?.(); step++) {
    const n = await inScope(db, PLATFORM_SCOPE, async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK}) as ok`));
      if (!lock?.ok) return -1;
      let state = await rolledRange(tx, true);
      if (!state) {
        // From the hour of the oldest record of the last `backDays` days (one scan, once), else from now.
        const since = new Date(now - backDays * 86_400_000).toISOString();
        const [m] = rowsOf<{ at: string | Date | null }>(await tx.execute(sql`select min(at) as at from call_logs where at >= ${since}::timestamptz`));
        const start = Math.min(target, m?.at ? Math.floor(new Date(m.at).getTime() / HOUR) * HOUR : target);
        await tx.execute(
          sql`insert into call_log_rollup_state (id, start_hour, watermark) values (1, ${new Date(start).toISOString()}::timestamptz, ${new Date(start).toISOString()}::timestamptz)`,
        );
        state = { startHour: start, watermark: start };
      }
      const from = state.watermark;
      const to = Math.min(target, from + per * HOUR);
      if (to <= from) return 0;
      const a = sql`${new Date(from).toISOString()}::timestamptz`;
      const b = sql`${new Date(to).toISOString()}::timestamptz`;
      await tx.execute(sql`delete from call_log_hours where hour >= ${a} and hour < ${b}`);
      await tx.execute(sql`insert into call_log_hours
        (hour, tenant_id, product_id, method, api, status_class, calls, errors, latency_sum, lat_idx, lat_n)
        select g.hour, g.tenant_id, g.product_id, g.method, g.api, g.sc, sum(g.n), sum(g.e), sum(g.s),
          array_agg(g.k::smallint order by g.k), array_agg(g.n order by g.k)
        from (select to_timestamp(floor(extract(epoch from c.at) / 3600) * 3600) as hour, c.tenant_id, c.product_id, c.method,
            c.api, (c.status / 100)::smallint as sc, ${bucketSql(sql`c.latency_ms`)} as k, count(*)::int as n,
            (count(*) filter (where ${FAILED}))::int as e, sum(c.latency_ms::float8) as s
          from call_logs c where c.at >= ${a} and c.at < ${b} group by 1, 2, 3, 4, 5, 6, 7) g
        group by g.hour, g.tenant_id, g.product_id, g.method, g.api, g.sc`);
      await o.afterStep?.(from, to);
      await tx.execute(sql`update call_log_rollup_state set watermark = ${b}, updated_at = now() where id = 1`);
      return (to - from) / HOUR;
    });
    if (n <= 0) return rolled || n;
    rolled += n;
  }
  return rolled;
}

/** The span [first, last] of a batch's records: epoch ms of the earliest and the latest `at`. */
export function batchSpan(rows: readonly { at: number }[]): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    if (r.at < first) first = r.at;
    if (r.at > last) last = r.at;
  }
  return { first, last };
}

/**
 * The statement a store runs in the transaction that appends a batch spanning [first, last] (epoch ms of its
 * earliest and latest record), after the rows: when the batch holds records of hours already rolled up (a batch
 * kept through a failed write, or flushed late), it moves the rollup's watermark back to the hour of the earliest,
 * so the next run rolls those hours again with them (each step rewrites its hours whole). A batch wholly before the
 * rolled range changes nothing (those hours are read from the records), nor does one after it.
 *
 * On PostgreSQL a rollup step of another instance may run meanwhile: a step holds the state's row lock from its
 * start (`rolledRange(tx, true)`), and a batch that `mayBeLate` takes it before its rows (`lockRollupState`), so
 * either the step sees the batch's rows or the batch sees the step's watermark. A batch newer than that cannot
 * be late: a run rolls only hours closed `ROLLUP_GRACE_MS` ago.
 */
export function lateRecordsSql(first: number, last: number): SQL {
  const hour = new Date(Math.floor(first / HOUR) * HOUR).toISOString();
  return sql`update call_log_rollup_state set watermark = least(watermark, greatest(start_hour, ${hour}::timestamptz)), updated_at = now()
    where id = 1 and watermark > ${new Date(first).toISOString()}::timestamptz and ${new Date(last).toISOString()}::timestamptz >= start_hour`;
}

/** Whether a batch whose earliest record is at `first` (epoch ms) may reach rolled hours (half the grace: clocks of instances differ). */
export function mayBeLate(first: number, now = Date.now()): boolean {
  return first < now - ROLLUP_GRACE_MS / 2;
}

/** Takes the rollup state's row lock until the transaction ends (a batch that `mayBeLate`, before its rows). */
export const lockRollupState = sql`select 1 from call_log_rollup_state where id = 1 for update`;

const dialect = new PgDialect();
/** `lateRecordsSql` as text and parameters, for a PGlite client's own transaction (the COPY's). */
export function lateRecordsQuery(first: number, last: number): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(lateRecordsSql(first, last));
}

/**
 * Deletes the rollup hours that ended before the hour of `cutoff` (epoch ms; the raw rows' retention cut-off) and
 * moves the rolled range's start past them. The hour holding the cut-off stays whole until it is swept next time.
 */
export async function sweepCallLogHours(db: Db, cutoff: number): Promise<void> {
  const c = new Date(Math.floor(cutoff / HOUR) * HOUR).toISOString();
  await inScope(db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`delete from call_log_hours where hour < ${c}::timestamptz`);
    await tx.execute(sql`update call_log_rollup_state set start_hour = least(watermark, greatest(start_hour, ${c}::timestamptz)) where id = 1`);
  });
}
