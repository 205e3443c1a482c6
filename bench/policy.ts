/**
 * The policy service under load (issue 14 "Benchmark"; docs/benchmarks.md "Policy service"): the bench
 * tenant of 100,000 users (bench/tenant-seed.ts) uses the application of bench/policy-seed.ts, whose user
 * `tu1` holds 50 roles granting menus, controls and APIs. autocannon against the real server (a child
 * process on a loopback port), authenticated as the application's confidential client (HTTP Basic):
 *   (p0) GET /healthz — the bare-route baseline of the same run;
 *   (p1) `decision/check` { api } for tu1 — goal: (p1) ≥ 0.5 × (p0) req/s;
 *   (p2) `decision/check` { control, need: 'write' } for tu1;
 *   (p3) `user/permissions` for tu1 (50 roles; 100 menus, 1,000 controls, 200 APIs in the answer);
 *   (p4) `syncbydate` { syncDate, limit 500 }: the first page of the 10,000 changes made after syncDate;
 * then, without load: (p5) catching up on the 10,000 changes page by page (limit 1,000 and 500, wall time)
 * and (p6) the policy client's local decisions per second (`can()` on the cached answer, in this process).
 * Run alone with `npx tsx bench/policy.ts`, or in `npm run bench` (skip with BENCH_POLICY=0).
 */
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { PolicyClient, type DecisionQuery } from '@mp/policy-client';
import { startServer, type RunningServer } from './server.js';
import { envelopeOk, ratiosToBaseline, runAsScript, runScenarios, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { seedTenant, TENANT, USERS } from './tenant-seed.js';
import { CLIENT, POLICY_ROLES, POLICY_USER, seedPolicy, SYNC_CHANGES, type PolicySeed } from './policy-seed.js';

const PATHS = {
  permissions: '/gateway/policy/policy/user/permissions',
  check: '/gateway/policy/policy/decision/check',
  syncbydate: '/gateway/policy/policy/sync/syncbydate',
};
const TARGET = 0.5;

export interface PolicyBenchReport {
  users: number;
  roles: number;
  changes: number;
  scenarios: ScenarioResult[];
  /** Per scenario: req/s over the baseline's (higher is better), p50/p99 over the baseline's (1 ms floor). */
  ratios: Record<string, { throughput: number; p50: number; p99: number }>;
  decisionTargetMet: boolean;
  answer: { menus: number; controls: number; apis: number; bytes: number };
  catchUp: { limit: number; pages: number; changes: number; ms: number }[];
  local: { decisionsPerSecond: number; decisions: number };
  notes: string[];
}

const basic = `Basic ${Buffer.from(`${encodeURIComponent(CLIENT.clientId)}:${encodeURIComponent(CLIENT.clientSecret)}`).toString('base64')}`;
const headers = () => ({ authorization: basic, 'content-type': 'application/json' });

async function call<T>(baseUrl: string, path: string, body: unknown): Promise<{ data: T; bytes: number }> {
  const res = await fetch(baseUrl + path, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
  const text = await res.text();
  const env = JSON.parse(text) as { result: string; scode?: string; msg?: string; data: T };
  if (env.result !== '1') throw new Error(`${path}: HTTP ${res.status} ${env.scode} ${env.msg}`);
  return { data: env.data, bytes: text.length };
}

function countMenus(nodes: { children: unknown[] }[]): number {
  return nodes.reduce((n, x) => n + 1 + countMenus(x.children as { children: unknown[] }[]), 0);
}

/** Reads the changes after `syncFrom` page by page; wall time. */
async function catchUp(baseUrl: string, syncFrom: string, limit: number): Promise<PolicyBenchReport['catchUp'][number]> {
  const t = performance.now();
  let body: Record<string, unknown> = { syncDate: syncFrom, limit };
  let pages = 0;
  let changes = 0;
  for (;;) {
    const { data } = await call<{ changes: unknown[]; cursor: string; hasMore: boolean }>(baseUrl, PATHS.syncbydate, body);
    pages++;
    changes += data.changes.length;
    if (!data.hasMore || data.changes.length === 0) break;
    body = { cursor: data.cursor, limit };
  }
  return { limit, pages, changes, ms: Math.round(performance.now() - t) };
}

/** The policy client's local decisions: one fetch, then `can()` in a loop for ~2 s over a mix of questions. */
async function localDecisions(baseUrl: string, seed: PolicySeed): Promise<PolicyBenchReport['local']> {
  const client = new PolicyClient({ baseUrl, ...CLIENT });
  const who = { userId: POLICY_USER };
  const qs: DecisionQuery[] = [
    { api: seed.apiUrl },
    { control: seed.controlId, need: 'write' },
    { menu: seed.menuCode },
    { api: '/not/granted.do' },
    { control: 'ba-c99-9' },
  ];
  await client.permissions(TENANT, who);
  let n = 0;
  const until = performance.now() + 2_000;
  const t = performance.now();
  while (performance.now() < until) {
    for (let i = 0; i < 1_000; i++) await client.can(TENANT, who, qs[i % qs.length]!);
    n += 1_000;
  }
  return { decisions: n, decisionsPerSecond: Math.round(n / ((performance.now() - t) / 1000)) };
}

/** Seeds, starts the server, runs the scenarios; the report is printed and returned. */
export async function runPolicyBench(opts: { durationS: number; connections: number }): Promise<PolicyBenchReport> {
  let seed!: PolicySeed;
  const notes: string[] = [];
  const started = Date.now();
  let server: RunningServer | undefined;
  try {
    server = await startServer([], async (dataDir) => {
      const database = await openDatabase({ ...loadConfig({ ...process.env, MP_DATA_DIR: dataDir, DATABASE_URL: '' }), dataDir });
      try {
        await seedTenant(database);
        seed = await seedPolicy(database);
      } finally {
        await database.close();
      }
    });
    const { baseUrl } = server;
    console.log(
      `\npolicy service: tenant of ${USERS} users, user ${POLICY_USER} with ${POLICY_ROLES} roles, ${seed.changesLogged} changes after syncDate; seeded and ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const who = { tenantId: TENANT, userId: POLICY_USER };
    const perms = await call<{ menus: { children: unknown[] }[]; controls: unknown[]; apis: unknown[]; roles: unknown[] }>(baseUrl, PATHS.permissions, who);
    const answer = { menus: countMenus(perms.data.menus), controls: perms.data.controls.length, apis: perms.data.apis.length, bytes: perms.bytes };
    console.log(
      `(p3) answer: ${perms.data.roles.length} roles, ${answer.menus} menus, ${answer.controls} controls, ${answer.apis} APIs, ${answer.bytes} bytes`,
    );
    const post = (key: string, label: string, path: string, body: unknown): ScenarioSpec => {
      const text = JSON.stringify(body);
      return { key, label, method: 'POST', path, body: text, headers, isSuccess: envelopeOk };
    };
    const specs: ScenarioSpec[] = [
      {
        key: 'p0',
        label: 'GET /healthz (baseline)',
        method: 'GET',
        path: '/healthz',
        headers: () => ({}),
        isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
      },
      post('p1', 'decision/check { api }', PATHS.check, { ...who, api: seed.apiUrl }),
      post('p2', 'decision/check { control, write }', PATHS.check, { ...who, control: seed.controlId, need: 'write' }),
      post('p3', `user/permissions (${POLICY_ROLES} roles)`, PATHS.permissions, who),
      post('p4', 'syncbydate first page (500)', PATHS.syncbydate, { syncDate: seed.syncFrom, limit: 500 }),
    ];
    const results = await runScenarios(specs, { baseUrl, durationS: opts.durationS, connections: opts.connections });
    const base = results[0]!;
    const ratios = ratiosToBaseline(results, 3);
    const catchUps = [await catchUp(baseUrl, seed.syncFrom, 1000), await catchUp(baseUrl, seed.syncFrom, 500)];
    for (const c of catchUps)
      if (c.changes !== seed.changesLogged) notes.push(`catch-up with limit ${c.limit} read ${c.changes} changes, ${seed.changesLogged} were logged`);
    const local = await localDecisions(baseUrl, seed);
    const met = (ratios.p1?.throughput ?? 0) >= TARGET;
    console.log(
      `\n${'scenario'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  req/s ratio / p50 / p99 vs (p0)`,
    );
    for (const r of results) {
      const x = ratios[r.key];
      console.log(
        `${`(${r.key}) ${r.label}`.padEnd(40)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(7)} ${String(r.latencyMs.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${x ? `${x.throughput} / ${x.p50} / ${x.p99}` : '—'}`,
      );
      for (const s of r.errorSamples) console.log(`    failed: ${s}`);
    }
    console.log(`(p1)/(p0) = ${ratios.p1?.throughput}   target decision ≥ ${TARGET} × bare route: ${met ? 'MET' : 'MISSED'}`);
    for (const c of catchUps) console.log(`(p5) catch-up on ${c.changes} changes, limit ${c.limit}: ${c.pages} pages in ${c.ms} ms`);
    console.log(
      `(p6) policy client, local decisions: ${local.decisionsPerSecond.toLocaleString('en')} /s (${local.decisions} in ~2 s), ${Math.round(local.decisionsPerSecond / base.reqPerSec)} × the bare route over HTTP`,
    );
    for (const n of notes) console.log(`note: ${n}`);
    return {
      users: USERS,
      roles: POLICY_ROLES,
      changes: SYNC_CHANGES,
      scenarios: results,
      ratios,
      decisionTargetMet: met,
      answer,
      catchUp: catchUps,
      local,
      notes,
    };
  } catch (err) {
    if (server) console.error(`--- server output ---\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await server?.stop();
  }
}

await runAsScript(import.meta.url, runPolicyBench);
