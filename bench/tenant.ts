/**
 * Tenant area at scale (issue 5 "Scale"; docs/benchmarks.md "Tenant area"): a tenant of 100,000 users,
 * 10,111 organisations in five levels and 1,000 roles (bench/tenant-seed.ts), then autocannon against
 * signed calls of the tenant area (TENANTID = the tenant), each printed beside the bare-route baseline
 * of the same run (p50/p99 and req/s as ratios to `GET /healthz`):
 *   (t0) GET /healthz — the baseline;
 *   (t1) a user page filtered by an organisation subtree (company 3 and everything under it, ≈ 10,000
 *        users) as the tenant's administrator — `listtenantuser { orgId, includeSub }`;
 *   (t2) the same page as a role holder whose roles grant that subtree and two departments (data scope);
 *   (t3) one level of the organisation tree (`listorgchildren` of company 3: ten departments with
 *        their subtree user counts and children flags);
 *   (t4) `listmymenu` as the role holder (menus from three roles' grants);
 *   (t5) 10,000 users imported end to end: upload the .xlsx to `importtenantuser`, poll `getjob` every
 *        200 ms until the job ends (one run, wall time; not a load test).
 * Before the server starts it prints EXPLAIN ANALYZE of the heavy statements (RLS on). A report: exits
 * non-zero only when the benchmark itself broke. Run alone with `npx tsx bench/tenant.ts`, or as part of
 * `npm run bench` (skip with BENCH_TENANT=0; BENCH_TENANT_SCENARIOS=0 runs only (t0) and the import).
 */
import writeExcelFile from 'write-excel-file/node';
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { startServer, type RunningServer } from './server.js';
import { envelopeOk, runAsScript, runScenario, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { COMPANY, explainPlans, PASSWORD, ROLE_HOLDER, seedTenant, TENANT, TENANT_ADMIN, USERS } from './tenant-seed.js';

const IMPORT_ROWS = Number(process.env.BENCH_TENANT_IMPORT ?? 10_000);

export interface TenantBenchReport {
  users: number;
  organisations: number;
  roles: number;
  scenarios: ScenarioResult[];
  /** Per scenario: its p50 and p99 over the baseline's (1 ms floor), and the baseline's req/s over its. */
  ratios: Record<string, { p50: number; p99: number; throughput: number }>;
  import?: { rows: number; seconds: number; state: string; created?: number };
  plans: Record<string, string>;
  notes: string[];
}

async function signedClient(baseUrl: string, username: string): Promise<GatewayClient> {
  const c = await new GatewayClient(baseUrl).init();
  c.sign = nativeSignature;
  await c.signIn(username, PASSWORD);
  c.tenantId = TENANT;
  return c;
}

/** The import file: IMPORT_ROWS new users in fields of company 5, one password (hashed once). */
async function importWorkbook(): Promise<Buffer> {
  const head = ['username', 'employeeName', 'orgCode', 'effectiveDate', 'expiryDate', 'password'].map((value) => ({ value }));
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) =>
    [
      `imported${String(i).padStart(5, '0')}`,
      `导入${i}`,
      `c5d${i % 10}s${Math.floor(i / 10) % 10}f${Math.floor(i / 100) % 9}`,
      '2026-01-01',
      '2030-12-31',
      'Bench@2026user',
    ].map((value) => ({ value })),
  );
  return writeExcelFile([head, ...rows]).toBuffer() as Promise<Buffer>;
}

/** Uploads the workbook and polls the job until it ends. */
async function runImport(baseUrl: string, admin: GatewayClient): Promise<TenantBenchReport['import']> {
  const data = await importWorkbook();
  const boundary = `----mpbench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = Date.now();
  const res = await fetch(baseUrl + Paths.importtenantuser, {
    method: 'POST',
    headers: { ...admin.headersFor('POST', undefined), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const started$ = (await res.json()) as { result: string; scode: string; msg: string; data?: { jobId?: string; row?: { jobId?: string } } };
  const jobId = started$.data?.jobId ?? started$.data?.row?.jobId;
  if (started$.result !== '1' || !jobId) throw new Error(`import refused: ${res.status} ${started$.scode} ${started$.msg}`);
  for (;;) {
    // 200 ms: the poll adds at most that to the figure (the console polls every 500 ms).
    await new Promise((r) => setTimeout(r, 200));
    const j = await admin.get(`${Paths.getjob}?id=${encodeURIComponent(jobId)}`);
    const row = (j.body.data?.row ?? j.body.data) as { state?: string; report?: { created?: number; errors?: unknown[] } } | undefined;
    if (j.body.result !== '1') throw new Error(`getjob failed: ${j.body.scode} ${j.body.msg}`);
    if (row?.state && !['queued', 'validating', 'applying'].includes(row.state)) {
      if (row.state !== 'done') console.log(`import ended ${row.state}: ${JSON.stringify(row.report).slice(0, 500)}`);
      return { rows: IMPORT_ROWS, seconds: Math.round((Date.now() - started) / 100) / 10, state: row.state, created: row.report?.created };
    }
    if (Date.now() - started > 600_000) throw new Error('import did not end within 10 minutes');
  }
}

/** Runs the scenarios on their own server; the report is printed and returned. */
export async function runTenantBench(opts: { durationS: number; connections: number }): Promise<TenantBenchReport> {
  let organisations = 0;
  let plans: Record<string, string> = {};
  const notes: string[] = [];
  const seeded = Date.now();
  let server: RunningServer | undefined;
  try {
    server = await startServer([], async (dataDir) => {
      const database = await openDatabase({ ...loadConfig({ ...process.env, MP_DATA_DIR: dataDir, DATABASE_URL: '' }), dataDir });
      try {
        organisations = await seedTenant(database);
        plans = await explainPlans(database);
      } finally {
        await database.close();
      }
    });
    console.log(
      `\ntenant area: ${USERS} users, ${organisations} organisations, 1,000 roles seeded and server ready in ${((Date.now() - seeded) / 1000).toFixed(1)} s; plans (EXPLAIN ANALYZE, RLS on):`,
    );
    for (const [k, p] of Object.entries(plans)) console.log(`- ${k}\n    ${p}`);
    const { baseUrl } = server;
    const admin = await signedClient(baseUrl, TENANT_ADMIN);
    const holder = await signedClient(baseUrl, ROLE_HOLDER);
    // The tenant user list when it is registered; otherwise the platform list with an organisation filter.
    const probe = await admin.post(Paths.listtenantuser, { orgId: COMPANY, includeSub: true, page: 1, pageSize: 10 });
    const tenantList = probe.status !== 404;
    if (!tenantList) notes.push('listtenantuser is not registered: (t1)/(t2) measured the platform listuser with the same organisation filter');
    const listPath = tenantList ? Paths.listtenantuser : Paths.listuser;
    const listBody = JSON.stringify(
      tenantList ? { orgId: COMPANY, includeSub: true, page: 1, pageSize: 10 } : { tenantId: TENANT, orgId: COMPANY, page: 1, pageSize: 10 },
    );
    const levelBody = JSON.stringify({ parentId: COMPANY });
    const post = (key: string, label: string, path: string, body: string, c: GatewayClient): ScenarioSpec => ({
      key,
      label,
      method: 'POST',
      path,
      body,
      headers: () => c.headersFor('POST', body),
      isSuccess: envelopeOk,
    });
    const specs: ScenarioSpec[] = [
      {
        key: 't0',
        label: 'GET /healthz (baseline)',
        method: 'GET',
        path: '/healthz',
        headers: () => ({}),
        isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
      },
      post('t1', 'user page, org subtree (administrator)', listPath, listBody, admin),
      post('t2', 'user page, org subtree (role holder, scope)', listPath, listBody, tenantList ? holder : admin),
      post('t3', 'listorgchildren, one level', Paths.listorgchildren, levelBody, admin),
      {
        key: 't4',
        label: 'listmymenu (role holder)',
        method: 'GET',
        path: Paths.listmymenu,
        headers: () => holder.headersFor('GET', undefined),
        isSuccess: envelopeOk,
      },
    ];
    const results: ScenarioResult[] = [];
    // BENCH_TENANT_SCENARIOS=0: the baseline and the import only (issue 17's import figure).
    for (const spec of process.env.BENCH_TENANT_SCENARIOS === '0' ? specs.slice(0, 1) : specs) {
      const c = spec.key === 't2' || spec.key === 't4' ? holder : admin;
      if (spec.key !== 't0') {
        const once = spec.method === 'GET' ? await c.get(spec.path) : await c.post(spec.path, JSON.parse(spec.body!));
        if (once.body.result !== '1') throw new Error(`(${spec.key}) failed: ${once.status} ${once.body.scode} ${once.body.msg}`);
        const d = once.body.data as { records?: number; rows?: unknown[] };
        console.log(`(${spec.key}) ${spec.path} ${spec.body ?? ''} → ${d.records ?? d.rows?.length ?? '?'} ${d.records !== undefined ? 'records' : 'rows'}`);
      }
      await runScenario(spec, { baseUrl, durationS: 2, connections: opts.connections });
      results.push(await runScenario(spec, { baseUrl, durationS: opts.durationS, connections: opts.connections }));
    }
    const base = results[0]!;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const ratios = Object.fromEntries(
      results.slice(1).map((r) => [
        r.key,
        {
          p50: r2(Math.max(r.latencyMs.p50, 1) / Math.max(base.latencyMs.p50, 1)),
          p99: r2(Math.max(r.latencyMs.p99, 1) / Math.max(base.latencyMs.p99, 1)),
          throughput: r2(base.reqPerSec / Math.max(r.reqPerSec, 0.1)),
        },
      ]),
    );
    let imported: TenantBenchReport['import'];
    if (IMPORT_ROWS > 0) {
      try {
        imported = await runImport(baseUrl, admin);
      } catch (err) {
        notes.push(`(t5) import: ${(err as Error).message}${(err as Error).cause ? ` (${String((err as Error).cause)})` : ''}`);
      }
    }
    console.log(
      `\n${'scenario'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  p50 / p99 / throughput vs (t0)`,
    );
    for (const r of results) {
      const x = ratios[r.key];
      console.log(
        `${`(${r.key}) ${r.label}`.padEnd(46)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(7)} ${String(r.latencyMs.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${x ? `${x.p50} / ${x.p99} / ${x.throughput}` : '—'}`,
      );
      for (const s of r.errorSamples) console.log(`    failed: ${s}`);
    }
    if (imported)
      console.log(
        `(t5) import of ${imported.rows} users end to end: ${imported.seconds} s (${imported.state}${imported.created !== undefined ? `, ${imported.created} created` : ''})`,
      );
    for (const n of notes) console.log(`note: ${n}`);
    return { users: USERS, organisations, roles: 1_000, scenarios: results, ratios, import: imported, plans, notes };
  } catch (err) {
    if (server) console.error(`--- server output ---\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await server?.stop();
  }
}

await runAsScript(import.meta.url, runTenantBench);
