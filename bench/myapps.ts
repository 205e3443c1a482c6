/**
 * My apps at scale (issue 15 "Benchmark"; docs/benchmarks.md "My apps"): the bench tenant of 100,000 users
 * (bench/tenant-seed.ts) and 1,000 applications, 500 of which the tenant uses (bench/myapps-seed.ts: some
 * disabled, some with a disabled application tenant, a quarter limited to one company's subtree by root
 * organisations). autocannon against the real server (a child process on a loopback port), signed as the
 * ordinary user `tuser000001` (company 1):
 *   (m0) GET /healthz — the bare-route baseline of the same run;
 *   (m1) `listmyapps` first page (48 tiles);
 *   (m2) `listmyapps` with a keyword (name contains '1');
 *   (m3) `listmyapps` page 8 (offset 336).
 * Before the server starts, the statement alone is timed in-process (the repository's `listUserApps`, 200
 * runs) and its plan printed (EXPLAIN ANALYZE). A report: exits non-zero only when the benchmark broke.
 * Run alone with `npx tsx bench/myapps.ts`, or in `npm run bench` (skip with BENCH_MYAPPS=0).
 */
import { MyAppsPaths } from '@mp/protocol';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { listUserApps } from '../packages/server/src/modules/myapps/myapps.repository.js';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { startServer, type RunningServer } from './server.js';
import { envelopeOk, ratiosToBaseline, runAsScript, runScenarios, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { PASSWORD, seedTenant, USERS } from './tenant-seed.js';
import { APPS, expectedApps, explainMyApps, MYAPPS_USER, MYAPPS_USERNAME, seedMyApps, USED } from './myapps-seed.js';

export interface MyAppsBenchReport {
  users: number;
  apps: number;
  used: number;
  visible: number;
  /** The statement alone, in-process (ms per call, mean of 200, first page). */
  statementMs: number;
  plan: string;
  scenarios: ScenarioResult[];
  /** Per scenario: p50 and p99 over the baseline's (1 ms floor), req/s over the baseline's. */
  ratios: Record<string, { p50: number; p99: number; throughput: number }>;
}

/** Seeds, times the statement, starts the server, runs the scenarios; the report is printed and returned. */
export async function runMyAppsBench(opts: { durationS: number; connections: number }): Promise<MyAppsBenchReport> {
  let statementMs = 0;
  let plan = '';
  let visible = 0;
  const started = Date.now();
  let server: RunningServer | undefined;
  try {
    server = await startServer([], async (dataDir) => {
      const database = await openDatabase({ ...loadConfig({ ...process.env, MP_DATA_DIR: dataDir, DATABASE_URL: '' }), dataDir });
      try {
        await seedTenant(database);
        await seedMyApps(database);
        const q = { page: 1, pageSize: 48 };
        visible = (await inScope(database.db, PLATFORM_SCOPE, (tx) => listUserApps(tx, MYAPPS_USER, q))).records;
        const t = performance.now();
        for (let i = 0; i < 200; i++) await inScope(database.db, PLATFORM_SCOPE, (tx) => listUserApps(tx, MYAPPS_USER, q));
        statementMs = Math.round(((performance.now() - t) / 200) * 100) / 100;
        plan = await explainMyApps(database);
      } finally {
        await database.close();
      }
    });
    const { baseUrl } = server;
    if (visible !== expectedApps()) throw new Error(`listmyapps answered ${visible} applications, the seed makes ${expectedApps()} visible`);
    console.log(
      `\nmy apps: tenant of ${USERS} users, ${APPS} applications (${USED} used by the tenant, ${visible} visible to ${MYAPPS_USERNAME}); ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`statement alone (in-process, first page): ${statementMs} ms; plan:\n${plan}`);
    const user = await new GatewayClient(baseUrl).init();
    user.sign = nativeSignature;
    await user.signIn(MYAPPS_USERNAME, PASSWORD);
    const post = (key: string, label: string, body: unknown): ScenarioSpec => {
      const text = JSON.stringify(body);
      return { key, label, method: 'POST', path: MyAppsPaths.listmyapps, body: text, headers: () => user.headersFor('POST', text), isSuccess: envelopeOk };
    };
    const specs: ScenarioSpec[] = [
      {
        key: 'm0',
        label: 'GET /healthz (baseline)',
        method: 'GET',
        path: '/healthz',
        headers: () => ({}),
        isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
      },
      post('m1', 'listmyapps first page (48)', { page: 1, pageSize: 48 }),
      post('m2', "listmyapps keyword '1'", { page: 1, pageSize: 48, keyword: '1' }),
      post('m3', 'listmyapps page 8', { page: 8, pageSize: 48 }),
    ];
    const results = await runScenarios(specs, { baseUrl, durationS: opts.durationS, connections: opts.connections });
    const ratios = ratiosToBaseline(results);
    console.log(
      `\n${'scenario'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  p50 / p99 as multiples of (m0)'s, req/s as a fraction of its`,
    );
    for (const r of results) {
      const x = ratios[r.key];
      console.log(
        `${`(${r.key}) ${r.label}`.padEnd(36)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(7)} ${String(r.latencyMs.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${x ? `${x.p50} / ${x.p99} / 1/${Math.round(results[0]!.reqPerSec / Math.max(r.reqPerSec, 0.1))}` : '—'}`,
      );
      for (const s of r.errorSamples) console.log(`    failed: ${s}`);
    }
    return { users: USERS, apps: APPS, used: USED, visible, statementMs, plan, scenarios: results, ratios };
  } catch (err) {
    if (server) console.error(`--- server output ---\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await server?.stop();
  }
}

await runAsScript(import.meta.url, runMyAppsBench);
