/**
 * The cost of recording gateway calls (issue 18 "Log and service-call statistics"; docs/benchmarks.md "Call
 * logs"; docs/call-logs.md). Part 1: throughput of the signed read of scenario (b) (`querycodetablelist [1]`)
 * on the real server with recording off (MP_CALL_LOG=0) and on (MP_CALL_LOG=1), in the same run, alternating
 * off, on, on, off, … (BENCH_CALLLOG_ROUNDS pairs, default 2) so that a drift of the shared machine falls on both; the ratio on/off is reported against
 * the goal ≥ 0.9; then the same read's cost per request in-process, off and on (`cpuPerRequest`: the gateway
 * thread's busy time, and the process's CPU of all threads with the call-log worker's), which a busy machine disturbs less (BENCH_CALLLOG_PG=1 runs part 1 on a throw-away PostgreSQL server instead). Part 2: the statistics and log queries of the screens over a table of BENCH_CALLLOG_ROWS rows
 * (default 1,000,000) spread over 7 days, 50 tenants, 20 applications and 200 APIs, in-process on an embedded
 * database, each statistics query from the records alone and through the hourly rollup, alternating, medians of
 * BENCH_CALLLOG_QUERY_ROUNDS (skip with BENCH_CALLLOG_ROWS=0). Run alone with `npx tsx bench/calllog.ts`, or in `npm run bench`
 * (skip with BENCH_CALLLOG=0).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance as nodePerformance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { createTestDatabase } from '../packages/server/src/testing/postgres-admin.js';
import { startPostgres } from '../packages/server/src/testing/postgres-server.js';
import { ADMIN, prepareDatabase, startServer } from './server.js';
import { envelopeOk, runScenario, type ScenarioResult } from './scenario.js';

export const CALLLOG_TARGET = 0.9;
const ROWS = Number(process.env.BENCH_CALLLOG_ROWS ?? 1_000_000);
/** Pairs of runs (off, on, then on, off, …): more pairs average out a busy machine. */
const ROUNDS = Number(process.env.BENCH_CALLLOG_ROUNDS ?? 2);
/** Seconds of load on each new server before its measured run (BENCH_CALLLOG_WARMUP_S). */
const WARMUP_S = Number(process.env.BENCH_CALLLOG_WARMUP_S ?? 2);

export interface CallLogBenchReport {
  /** Runs in order: off, on, on, off, … (BENCH_CALLLOG_ROUNDS pairs). */
  runs: (ScenarioResult & { recording: boolean })[];
  offReqPerSec: number;
  onReqPerSec: number;
  ratio: number;
  targetMet: boolean;
  /**
   * In-process cost per signed read with recording off and on (BENCH_CALLLOG_CPU_BLOCKS=0 skips): `offUs`/`onUs`
   * the process's CPU µs (every thread, the call-log worker's included) and `ratio` off/on; `loopOffUs`/`loopOnUs`
   * the gateway thread's busy µs (its event loop's active time), `loopRatio` off/on and `medianRatio` the median of
   * the block pairs' gateway-thread off/on (the figure for the goal: the requests run on that thread).
   */
  cpu?: { offUs: number; onUs: number; ratio: number; loopOffUs: number; loopOnUs: number; loopRatio: number; medianRatio: number; store: string };
  /** Load average (1 min) at the start and the end of the run: the machine is shared. */
  load?: [number, number];
  /** Query timings (ms) over `rows` rows; undefined when skipped. */
  queries?: { rows: number; seedMs: number; rollupMs: number; timings: Record<string, number> };
}

/** One measured run of the signed read on a fresh server with recording on or off. */
async function measure(recording: boolean, o: { durationS: number; connections: number; pgUrl?: string }): Promise<ScenarioResult & { recording: boolean }> {
  // BENCH_CALLLOG_PG=1: each run on a fresh database of a throw-away PostgreSQL server (the production set-up).
  const pgDb = o.pgUrl ? await createTestDatabase(o.pgUrl, 'mp_bench_calllog') : undefined;
  const server = await startServer([], pgDb ? (dataDir) => prepareDatabase(dataDir, pgDb.url) : undefined, {
    MP_CALL_LOG: recording ? '1' : '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  try {
    const admin = await new GatewayClient(server.baseUrl).init();
    admin.sign = nativeSignature;
    await admin.signIn(ADMIN.username, ADMIN.password);
    const body = JSON.stringify([1]);
    const spec = {
      key: recording ? 'on' : 'off',
      label: `signed read, recording ${recording ? 'on' : 'off'}`,
      method: 'POST' as const,
      path: Paths.querycodetablelist,
      body,
      headers: () => admin.headersFor('POST', body),
      isSuccess: envelopeOk,
    };
    const opts = { baseUrl: server.baseUrl, durationS: o.durationS, connections: o.connections };
    await runScenario(spec, { ...opts, durationS: WARMUP_S });
    const r = await runScenario(spec, opts);
    if (r.requests === 0) throw new Error(`recording ${recording ? 'on' : 'off'}: no requests`);
    return { ...r, recording };
  } finally {
    await server.stop();
    await pgDb?.drop();
  }
}

/**
 * CPU time per signed read in-process (less sensitive than req/s to other work on a shared machine): two apps
 * on their own embedded databases, recording off and on, `perBlock` sequential requests through `app.inject`
 * per block, blocks alternating off, on, on, off, …; the recorder's writes (and a final flush) are inside the
 * measured blocks. The call-log store is BENCH_CALLLOG_STORE (default `worker`, what an embedded server with a
 * data folder runs; `database` the main database). Answers per request the process's CPU µs (all threads: the
 * worker's COPY included) and the gateway thread's busy µs (`nodePerformance.eventLoopUtilization()` active time;
 * the requests are sequential, so the loop is busy exactly while the gateway thread works), and off/on of each
 * (the throughput ratio a CPU-bound gateway thread would see).
 */
async function cpuPerRequest(blocks: number, perBlock: number): Promise<NonNullable<CallLogBenchReport['cpu']>> {
  const { buildApp } = await import('../packages/server/src/app.js');
  const { callLogRecorder } = await import('../packages/server/src/plugins/call-log.js');
  const base = {
    dataDir: 'memory://',
    adminUsername: 'admin',
    adminPassword: ADMIN.password,
    loginCaptcha: '0',
    captchaPowWork: 6,
    consoleDir: '/nonexistent',
    logLevel: 'warn',
  } as const;
  const store = process.env.BENCH_CALLLOG_STORE === 'database' ? 'database' : 'worker';
  const apps = await Promise.all(
    [false, true].map(async (enabled) => {
      const { app } = await buildApp(
        { ...base, callLog: { enabled, retentionDays: 30, flushMs: 1000, batch: 5000, buffer: 20_000, store } },
        { logger: false },
      );
      await app.ready();
      const c = await new GatewayClient(app).init();
      c.sign = nativeSignature;
      await c.signIn(ADMIN.username, ADMIN.password);
      return { app, c, enabled, cpu: 0, loop: 0, n: 0 };
    }),
  );
  try {
    const order = Array.from({ length: blocks }, (_, i) => (i % 2 === 0 ? [0, 1] : [1, 0])).flat();
    const blockUs: number[][] = [[], []];
    for (const [k, i] of [[-1, 0], [-1, 1], ...order.map((x, j) => [j, x])] as [number, number][]) {
      const a = apps[i]!;
      const t = process.cpuUsage();
      const e = nodePerformance.eventLoopUtilization();
      for (let r = 0; r < perBlock; r++) {
        if ((await a.c.post(Paths.querycodetablelist, [1])).body.result !== '1') throw new Error('signed read failed');
      }
      await callLogRecorder(a.app)?.flush();
      const d = process.cpuUsage(t);
      const loopUs = nodePerformance.eventLoopUtilization(e).active * 1000;
      if (k >= 0) {
        a.cpu += d.user + d.system;
        a.loop += loopUs;
        a.n += perBlock;
        blockUs[i]!.push(loopUs / perBlock);
      } // the first two blocks warm up
    }
    const per = (a: (typeof apps)[number], x: number) => x / a.n;
    const [offUs, onUs] = [per(apps[0]!, apps[0]!.cpu), per(apps[1]!, apps[1]!.cpu)];
    const [loopOffUs, loopOnUs] = [per(apps[0]!, apps[0]!.loop), per(apps[1]!, apps[1]!.loop)];
    // gateway thread's off/on of each adjacent pair of blocks, and their median: less moved by a burst of other work than the totals
    const pairs = blockUs[0]!.map((off, j) => off / blockUs[1]![j]!).sort((x, y) => x - y);
    const medianRatio = Math.round(pairs[Math.floor(pairs.length / 2)]! * 1000) / 1000;
    const r3 = (x: number) => Math.round(x * 1000) / 1000;
    return {
      offUs: Math.round(offUs),
      onUs: Math.round(onUs),
      ratio: r3(offUs / onUs),
      loopOffUs: Math.round(loopOffUs),
      loopOnUs: Math.round(loopOnUs),
      loopRatio: r3(loopOffUs / loopOnUs),
      medianRatio,
      store,
    };
  } finally {
    for (const a of apps) await a.app.close();
  }
}

/** Seeds `rows` calls over the last 7 days and times the screens' queries (platform, one tenant, one application). */
async function queryTimings(rows: number): Promise<CallLogBenchReport['queries']> {
  const { loadConfig } = await import('../packages/server/src/config.js');
  const { openDatabase } = await import('../packages/server/src/db/client.js');
  const { inScope, PLATFORM_SCOPE } = await import('../packages/server/src/db/context.js');
  const { callStats, countCalls, selectCalls } = await import('../packages/server/src/modules/calllogs/calllogs.query.js');
  const { callStatistics } = await import('../packages/server/src/modules/calllogs/calllogs.stats.js');
  const { rollUpCallLogs } = await import('../packages/server/src/modules/calllogs/calllogs.rollup.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-calllog-'));
  const database = await openDatabase({ ...loadConfig({ ...process.env, MP_DATA_DIR: dataDir, DATABASE_URL: '' }), dataDir });
  try {
    const t0 = performance.now();
    for (let done = 0; done < rows; done += 500_000) {
      const n = Math.min(500_000, rows - done);
      await inScope(database.db, PLATFORM_SCOPE, (tx) =>
        tx.execute(sql`insert into call_logs (at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id)
        select now() - (random() * interval '7 days'), 'bt' || (i % 50), 'bp' || (i % 20), 'POST', '/gateway/bench/api' || (i % 200),
          case when i % 50 = 0 then 500 else 200 end, case when i % 50 = 0 then '' else '1' end, (random() * random() * 200)::real,
          'user', 'u' || (i % 5000), 'user' || (i % 5000), 'r' || i
        from generate_series(${done + 1}::int, ${done + n}::int) i`),
      );
    }
    await database.db.execute(sql`analyze call_logs`);
    const seedMs = performance.now() - t0;
    const now = Date.now();
    const t1 = performance.now();
    const hours = await rollUpCallLogs(database.db, 8, now);
    const rollupMs = Math.round(performance.now() - t1);
    console.log(`  seeded in ${Math.round(seedMs)} ms; first rollup (${hours} hours) ${rollupMs} ms`);
    const week = { from: new Date(now - 7 * 86_400_000), to: new Date(now) };
    const day = { from: new Date(now - 86_400_000), to: new Date(now) };
    const timings: Record<string, number> = {};
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    /** Median of BENCH_CALLLOG_QUERY_ROUNDS runs (default 3) after a warm-up; `pair` alternates two forms (raw, rollup) in each round. */
    const rounds = Number(process.env.BENCH_CALLLOG_QUERY_ROUNDS ?? 3);
    const time = async (name: string, fn: () => Promise<unknown>) => {
      await fn(); // warm
      const xs: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        await fn();
        xs.push(performance.now() - t);
      }
      timings[name] = Math.round(median(xs));
      console.log(`  ${name.padEnd(52)} ${String(timings[name]).padStart(7)} ms`);
    };
    const pair = async (name: string, run: (stats: typeof callStats) => Promise<unknown>) => {
      await run(callStats);
      await run(callStatistics);
      const raw: number[] = [];
      const rolled: number[] = [];
      for (let i = 0; i < rounds; i++) {
        for (const [xs, f] of (i % 2
          ? [
              [rolled, callStatistics],
              [raw, callStats],
            ]
          : [
              [raw, callStats],
              [rolled, callStatistics],
            ]) as [number[], typeof callStats][]) {
          const t = performance.now();
          await run(f);
          xs.push(performance.now() - t);
        }
      }
      timings[`${name}, raw`] = Math.round(median(raw));
      timings[`${name}, rollup`] = Math.round(median(rolled));
      const ratio = Math.round((median(raw) / median(rolled)) * 10) / 10;
      console.log(
        `  ${name.padEnd(40)} raw ${String(timings[`${name}, raw`]).padStart(6)} ms  rollup ${String(timings[`${name}, rollup`]).padStart(5)} ms  ×${ratio}`,
      );
    };
    const platform = <T>(fn: (tx: never) => Promise<T>) => inScope(database.db, PLATFORM_SCOPE, fn as never);
    await pair('stats, platform, 7 days', (f) => platform((tx) => f(tx, week, {})));
    await pair('stats, platform, 24 hours', (f) => platform((tx) => f(tx, day, {})));
    await pair('stats, one tenant (2%), 7 days', (f) => inScope(database.db, { scope: 'tenant', tenantId: 'bt7' }, (tx) => f(tx, week, { tenantId: 'bt7' })));
    await pair('stats, one application (5%), 7 days', (f) => platform((tx) => f(tx, week, { productId: 'bp3' })));
    await time('log page 1 + count, platform, 7 days', () =>
      platform(async (tx) => {
        await countCalls(tx, week, {});
        await selectCalls(tx, week, {}, 10, 0);
      }),
    );
    await time('log page 1 + count, one tenant, 7 days', () =>
      inScope(database.db, { scope: 'tenant', tenantId: 'bt7' }, async (tx) => {
        await countCalls(tx, week, { tenantId: 'bt7' });
        await selectCalls(tx, week, { tenantId: 'bt7' }, 10, 0);
      }),
    );
    await workerSchemaTimings(rows, now, time);
    return { rows, seedMs: Math.round(seedMs), rollupMs, timings };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The log page's queries on the worker store's schema (calllogs.worker.sql: the BRIN index on `at` only, kept
 * summarised and analysed by the worker, docs/call-logs.md "Where the records live"): the same `rows` calls in time
 * order (as they are recorded) in a database opened as the worker opens it, maintained once, then a log page with its
 * count for the platform, one tenant and one application over one and seven days, each timed by `time`.
 */
async function workerSchemaTimings(rows: number, now: number, time: (name: string, fn: () => Promise<unknown>) => Promise<void>): Promise<void> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { inScope, PLATFORM_SCOPE } = await import('../packages/server/src/db/context.js');
  const { countCalls, selectCalls } = await import('../packages/server/src/modules/calllogs/calllogs.query.js');
  const { openWorkerDatabase } = await import('../packages/server/src/modules/calllogs/calllogs.worker-db.js');
  const { maintainEmbedded } = await import('../packages/server/src/db/embedded-maintenance.js');
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-calllog-worker-'));
  const client = await openWorkerDatabase(dir);
  try {
    const t0 = performance.now();
    for (let done = 0; done < rows; done += 500_000) {
      const n = Math.min(500_000, rows - done);
      // in time order, as recorded: row i of `rows` at now − 7 days + i × (7 days / rows)
      await client.query(
        `insert into call_logs (at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id)
        select to_timestamp($1 / 1000.0) + (i * (interval '7 days' / $2)), 'bt' || (i::bigint * 7919 % 50), 'bp' || (i * 31 % 20), 'POST', '/gateway/bench/api' || (i % 200),
          case when i % 50 = 0 then 500 else 200 end, case when i % 50 = 0 then '' else '1' end, (random() * random() * 200)::real,
          'user', 'u' || (i % 5000), 'user' || (i % 5000), 'r' || i
        from generate_series($3::int, $4::int) i`,
        [now - 7 * 86_400_000, rows, done, done + n - 1],
      );
    }
    const t1 = performance.now();
    await maintainEmbedded(client);
    console.log(`  worker schema: seeded in ${Math.round(t1 - t0)} ms; maintained (BRIN summary, ANALYZE) in ${Math.round(performance.now() - t1)} ms`);
    const db = drizzle({ client }) as never;
    const week = { from: new Date(now - 7 * 86_400_000), to: new Date(now) };
    const day = { from: new Date(now - 86_400_000), to: new Date(now) };
    const page = (name: string, q: typeof week, view: { tenantId?: string; productId?: string }) =>
      time(`worker schema: log page 1 + count, ${name}`, () =>
        inScope(db, PLATFORM_SCOPE, async (tx) => {
          await countCalls(tx as never, q, view);
          await selectCalls(tx as never, q, view, 10, 0);
        }),
      );
    await page('platform, 1 day', day, {});
    await page('one tenant, 1 day', day, { tenantId: 'bt7' });
    await page('one tenant, 7 days', week, { tenantId: 'bt7' });
    await page('one application, 7 days', week, { productId: 'bp3' });
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the benchmark (see the file's comment). */
export async function runCallLogBench(o: { durationS: number; connections: number }): Promise<CallLogBenchReport> {
  const load0 = loadavg()[0]!;
  const order = Array.from({ length: ROUNDS }, (_, i) => (i % 2 === 0 ? [false, true] : [true, false])).flat();
  console.log(`\ncall logs: signed read with recording off / on (${o.durationS} s each, ${order.map((x) => (x ? 'on' : 'off')).join(', ')})`);
  const runs = [];
  const pg = process.env.BENCH_CALLLOG_PG === '1' ? await startPostgres() : undefined;
  if (pg) console.log('  (each run on its own database of a PostgreSQL server: BENCH_CALLLOG_PG=1)');
  try {
    for (const recording of order) runs.push(await measure(recording, { ...o, pgUrl: pg?.url }));
  } finally {
    pg?.stop();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const offReqPerSec = Math.round(mean(runs.filter((r) => !r.recording).map((r) => r.reqPerSec)));
  const onReqPerSec = Math.round(mean(runs.filter((r) => r.recording).map((r) => r.reqPerSec)));
  const ratio = Math.round((onReqPerSec / offReqPerSec) * 1000) / 1000;
  if (runs.length)
    for (const r of runs)
      console.log(
        `  recording ${r.recording ? 'on ' : 'off'}  ${String(r.reqPerSec).padStart(7)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  errors ${r.errors}`,
      );
  if (runs.length) console.log(`  on/off = ${ratio}   target ≥ ${CALLLOG_TARGET}: ${ratio >= CALLLOG_TARGET ? 'MET' : 'MISSED'}`);
  const blocks = Number(process.env.BENCH_CALLLOG_CPU_BLOCKS ?? 4);
  const cpu = blocks > 0 ? await cpuPerRequest(blocks, 1000) : undefined;
  if (cpu)
    console.log(
      `  in-process per signed read (${cpu.store} store): process CPU (all threads) off ${cpu.offUs} µs, on ${cpu.onUs} µs, off/on = ${cpu.ratio}; gateway thread busy off ${cpu.loopOffUs} µs, on ${cpu.loopOnUs} µs, off/on = ${cpu.loopRatio}, median of the block pairs ${cpu.medianRatio}   target ≥ ${CALLLOG_TARGET}: ${cpu.medianRatio >= CALLLOG_TARGET ? 'MET' : 'MISSED'}`,
    );
  let queries: CallLogBenchReport['queries'];
  if (ROWS > 0) {
    console.log(`call logs: screen queries over ${ROWS.toLocaleString('en')} rows (7 days, 50 tenants, 20 applications, 200 APIs)`);
    queries = await queryTimings(ROWS);
  }
  const load: [number, number] = [Math.round(load0 * 10) / 10, Math.round(loadavg()[0]! * 10) / 10];
  console.log(`  load average (1 min): ${load[0]} at the start, ${load[1]} at the end`);
  return { runs, offReqPerSec, onReqPerSec, ratio, targetMet: ratio >= CALLLOG_TARGET, cpu, queries, load };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runCallLogBench({ durationS: Number(process.env.BENCH_DURATION ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 10) });
  process.exitCode = r.runs.some((x) => x.requests === 0) ? 1 : 0;
}
