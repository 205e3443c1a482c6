/**
 * `npm run bench`: load benchmark of the gateway (docs/benchmarks.md). Starts the real server on a
 * throw-away embedded database and a free loopback port, signs in as the platform administrator, and
 * runs autocannon against:
 *   (a) GET /healthz — a bare route of the same server (the baseline);
 *   (b) POST …/plat/codetable/querycodetablelist [1] — signed, authenticated, authorised, one DB read;
 *   (c) POST …/auth/login/signin — encrypted password, fresh nonce and signature per request.
 * Prints req/s, p50/p99 latency and errors per scenario and the ratio (b)/(a) against the target
 * (b) ≥ 0.5 × (a); then (u1–u3) of bench/users.ts, the user list on a tenant of 100,000 users (skip with
 * BENCH_USER_LIST=0); then bench/signin.ts, sign-ins and OpenID introspection/userinfo per core (skip with
 * BENCH_SIGNIN=0); then bench/tenant.ts, the tenant area on a tenant of 100,000 users (skip with BENCH_TENANT=0);
 * then bench/policy.ts, the policy service for a user with 50 roles in that tenant (skip with BENCH_POLICY=0);
 * then bench/myapps.ts, My apps of a user of that tenant with 500 applications (skip with BENCH_MYAPPS=0);
 * then bench/workflow.ts, the pending task count and list of a manager with 10,000 pending requests in that tenant (skip with BENCH_WORKFLOW=0);
 * then bench/notices.ts, the notice bell of a user of that tenant with 10,000 notices (skip with BENCH_NOTICES=0);
 * then bench/messages.ts, 10,000 in-site messages end to end beside a bare insert (skip with BENCH_MESSAGES=0);
 * then bench/calllog.ts, the signed read with call recording off and on, and the call screens' queries (skip with BENCH_CALLLOG=0);
 * writes bench/results/latest.json. A report: exits 0 when the target is missed,
 * non-zero only when the benchmark itself broke (server did not start, sign-in failed, no requests).
 *
 * Environment: BENCH_DURATION (s per scenario, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_CPU_PROF=1 (run the server under `node --cpu-prof`, profiles in bench/results/profile/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { ADMIN, ROOT, SIGNIN_USER, startServer, type RunningServer } from './server.js';
import { envelopeOk, runScenario, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { runUserListBench, TARGET_FACTOR as USER_LIST_FACTOR, USER_COUNT } from './users.js';
import { runSigninBench } from './signin.js';
import { runTenantBench } from './tenant.js';
import { runPolicyBench } from './policy.js';
import { runMyAppsBench } from './myapps.js';
import { runWorkflowBench } from './workflow.js';
import { runNoticesBench } from './notices.js';
import { runMessagesBench } from './messages.js';
import { runCallLogBench } from './calllog.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_S = 2;
const TARGET_RATIO = 0.5;
const RESULTS_DIR = join(ROOT, 'bench', 'results');

function specs(admin: GatewayClient, anon: GatewayClient): ScenarioSpec[] {
  const codeBody = JSON.stringify([1]);
  const signinBody = JSON.stringify({ username: SIGNIN_USER.username, password: anon.encrypt(SIGNIN_USER.password), agree: true });
  return [
    {
      key: 'a',
      label: 'GET /healthz (baseline)',
      method: 'GET',
      path: '/healthz',
      headers: () => ({}),
      isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
    },
    {
      key: 'b',
      label: 'signed querycodetablelist [1]',
      method: 'POST',
      path: Paths.querycodetablelist,
      body: codeBody,
      headers: () => admin.headersFor('POST', codeBody),
      isSuccess: envelopeOk,
    },
    {
      key: 'c',
      label: 'sign-in (encrypted password)',
      method: 'POST',
      path: Paths.signin,
      body: signinBody,
      headers: () => anon.headersFor('POST', signinBody),
      isSuccess: envelopeOk,
    },
  ];
}

function pad(s: string | number, n: number, right = false): string {
  const t = String(s);
  return right ? t.padEnd(n) : t.padStart(n);
}

/** Latency for the table: autocannon's histogram has 1 ms resolution, so 0 means under a millisecond. */
function ms(v: number): string {
  return v === 0 ? '<1' : String(v);
}

function printTable(results: ScenarioResult[], ratio: number, met: boolean): void {
  const head = `${pad('scenario', 38, true)} ${pad('req/s', 9)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('errors', 7)} ${pad('requests', 9)}`;
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const r of results) {
    console.log(
      `${pad(`(${r.key}) ${r.label}`, 38, true)} ${pad(r.reqPerSec, 9)} ${pad(ms(r.latencyMs.p50), 8)} ${pad(ms(r.latencyMs.p99), 8)} ${pad(r.errors, 7)} ${pad(r.requests, 9)}`,
    );
  }
  console.log(`\n(b)/(a) = ${ratio.toFixed(3)}   target (b) ≥ ${TARGET_RATIO} × (a): ${met ? 'MET' : 'MISSED'}`);
  const c = results.find((r) => r.key === 'c');
  const a = results.find((r) => r.key === 'a');
  if (c && a) console.log(`(c)/(a) = ${(c.reqPerSec / a.reqPerSec).toFixed(4)}   (sign-in is bound by argon2id by design)`);
  for (const r of results) {
    if (r.errorSamples.length)
      console.log(
        `\nfailed answers of (${r.key}) (${r.errors}; non-2xx ${r.non2xx}, connection errors ${r.connectionErrors}, timeouts ${r.timeouts}):\n  ${r.errorSamples.join('\n  ')}`,
      );
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

async function main(): Promise<number> {
  const started = Date.now();
  const cpuProf = process.env.BENCH_CPU_PROF === '1';
  const profDir = join(RESULTS_DIR, 'profile');
  if (cpuProf) mkdirSync(profDir, { recursive: true });
  const loadBefore = loadavg()[0]!;
  console.log(
    `MP3.0 bench: ${DURATION} s per scenario, ${CONNECTIONS} connections, ${cpus().length} CPU(s), load average ${loadBefore.toFixed(2)}${cpuProf ? ', server under --cpu-prof' : ''}`,
  );
  if (loadBefore > cpus().length / 2) console.log('note: the machine is busy; absolute figures will be low and noisy, the ratios less so');
  let server: RunningServer | undefined;
  try {
    server = await startServer(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
    console.log(`server on ${server.baseUrl} (data ${server.dataDir}), ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The load generator shares the two cores with the server: it signs with Node's native SM3 so that
    // its own cost takes as little as possible from the server being measured.
    const admin = await new GatewayClient(server.baseUrl).init();
    admin.sign = nativeSignature;
    await admin.signIn(ADMIN.username, ADMIN.password);
    const anon = await new GatewayClient(server.baseUrl).init();
    anon.sign = nativeSignature;
    // Check the sign-in user once before loading it, so a setup fault is not reported as load errors.
    const probe = await anon.post(Paths.signin, { username: SIGNIN_USER.username, password: anon.encrypt(SIGNIN_USER.password), agree: true });
    if (probe.body.result !== '1') throw new Error(`bench user cannot sign in: ${probe.status} ${probe.body.scode} ${probe.body.msg}`);

    const opts = { baseUrl: server.baseUrl, durationS: DURATION, connections: CONNECTIONS };
    const all = specs(admin, anon);
    const results: ScenarioResult[] = [];
    for (const spec of all) {
      if (spec.key !== 'c') await runScenario(spec, { ...opts, durationS: WARMUP_S }); // JIT and caches warm
      process.stdout.write(`running (${spec.key}) ${spec.label} … `);
      const r = await runScenario(spec, opts);
      console.log(`${r.reqPerSec} req/s`);
      if (r.requests === 0) throw new Error(`scenario (${spec.key}) completed no requests`);
      results.push(r);
    }
    const a = results[0]!;
    const b = results[1]!;
    const ratio = b.reqPerSec / a.reqPerSec;
    const met = ratio >= TARGET_RATIO;
    printTable(results, ratio, met);
    // (u1–u3) the user list on a tenant of 100,000 users, on a server of its own (bench/users.ts).
    await server.stop();
    server = undefined;
    const userList = process.env.BENCH_USER_LIST === '0' ? undefined : await runUserListBench({ durationS: DURATION, connections: CONNECTIONS });
    // Sign-ins and OpenID calls per core beside the baseline, on a server of its own (bench/signin.ts; skip with BENCH_SIGNIN=0).
    const signin =
      process.env.BENCH_SIGNIN === '0'
        ? undefined
        : await runSigninBench({ durationS: DURATION, connections: Number(process.env.BENCH_SIGNIN_CONNECTIONS ?? CONNECTIONS) });
    // The tenant area at scale (issue 5): subtree and data-scope user pages, a tree level, listmymenu, a 10,000-user import (bench/tenant.ts; skip with BENCH_TENANT=0).
    const tenantArea = process.env.BENCH_TENANT === '0' ? undefined : await runTenantBench({ durationS: DURATION, connections: CONNECTIONS });
    // The policy service (issue 14): decisions and permissions of a user with 50 roles in a tenant of 100,000 users, sync, local decisions (bench/policy.ts; skip with BENCH_POLICY=0).
    const policy = process.env.BENCH_POLICY === '0' ? undefined : await runPolicyBench({ durationS: DURATION, connections: CONNECTIONS });
    // My apps (issue 15): a user of a tenant of 100,000 users with 500 applications (bench/myapps.ts; skip with BENCH_MYAPPS=0).
    const myApps = process.env.BENCH_MYAPPS === '0' ? undefined : await runMyAppsBench({ durationS: DURATION, connections: CONNECTIONS });
    // Workflow (issue 16): a manager's task count and list with 10,000 pending requests in that tenant (bench/workflow.ts; skip with BENCH_WORKFLOW=0).
    const workflow = process.env.BENCH_WORKFLOW === '0' ? undefined : await runWorkflowBench({ durationS: DURATION, connections: CONNECTIONS });
    // Notices (issue 16): the bell of a user of that tenant with 10,000 notices (bench/notices.ts; skip with BENCH_NOTICES=0).
    const notices = process.env.BENCH_NOTICES === '0' ? undefined : await runNoticesBench({ durationS: DURATION, connections: CONNECTIONS });
    // Messages (issue 16): 10,000 in-site messages end to end beside a bare insert of the same rows (bench/messages.ts; skip with BENCH_MESSAGES=0).
    const messages = process.env.BENCH_MESSAGES === '0' ? undefined : await runMessagesBench();
    // Call logs (issue 18): the signed read with recording off and on, and the screens' queries over 5,000,000 calls (bench/calllog.ts; skip with BENCH_CALLLOG=0).
    const callLog = process.env.BENCH_CALLLOG === '0' ? undefined : await runCallLogBench({ durationS: DURATION, connections: CONNECTIONS });
    mkdirSync(RESULTS_DIR, { recursive: true });
    const report = {
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      loadAverage1m: { before: round2(loadBefore), after: round2(loadavg()[0]!) },
      durationS: DURATION,
      connections: CONNECTIONS,
      scenarios: results,
      ratioBA: Math.round(ratio * 1000) / 1000,
      target: `(b) >= ${TARGET_RATIO} x (a)`,
      targetMet: met,
      signin,
      tenantArea,
      policy,
      myApps,
      workflow,
      notices,
      messages,
      callLog,
      userList: userList && {
        users: USER_COUNT,
        scenarios: userList.results,
        ratios: userList.ratios,
        plans: userList.plans,
        target: `filtered p50 and p99 <= ${USER_LIST_FACTOR} x unfiltered first page`,
        targetMet: userList.met,
      },
    };
    writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nresults: bench/results/latest.json   (total ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return 0;
  } catch (err) {
    console.error(`\nbench failed: ${(err as Error).stack ?? err}`);
    if (server) console.error(`--- server output ---\n${server.output()}`);
    return 1;
  } finally {
    await server?.stop();
    if (cpuProf) console.log(`CPU profiles: ${profDir}`);
  }
}

process.exitCode = await main();
