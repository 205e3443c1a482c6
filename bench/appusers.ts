/**
 * The application user grid at scale on PostgreSQL (issue 15 "Benchmark: the app user grid at 100,000 users on
 * PostgreSQL"; docs/benchmarks.md "Application user grid"): a throw-away PostgreSQL server (the tests' helper,
 * testing/postgres-server.ts), the tenant of bench/tenant-seed.ts (100,000 users, 10,111 organisations) inserted
 * by SQL, an application `benchapp` used by that tenant whose root organisations are companies 3 and 5 (≈ 20,000
 * of the 100,000 users are its users), and its administrator. The real server runs on that database
 * (DATABASE_URL) as a child process; autocannon sends signed calls with APPID, each printed beside the bare route
 * of the same run:
 *   (u0) GET /healthz — the baseline;
 *   (u1) `listappuser` page 1 (the whole application, newest first);
 *   (u2) `listappuser` by a user-name prefix (keyword);
 *   (u3) `listappuser` of a department's subtree (orgId + includeSub);
 *   (u4) `listappuser` sorted by user name.
 * Also prints EXPLAIN ANALYZE of (u1)'s page and count. Run with `npx tsx bench/appusers.ts` (BENCH_DURATION,
 * BENCH_CONNECTIONS, BENCH_TENANT_USERS shrink it). A report: exits non-zero only when the benchmark broke.
 */
import { sql } from 'drizzle-orm';
import { AppUserPaths, Identity } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { startPostgres } from '../packages/server/src/testing/postgres-server.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { openDatabase, rowsOf } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { isAppUser } from '../packages/server/src/modules/appusers/app-users.scope.js';
import { startServer, type RunningServer } from './server.js';
import { envelopeOk, runAsScript, runScenario, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { PASSWORD, seedTenant, TENANT, USERS } from './tenant-seed.js';

const APP = 'benchapp';
const APP_ADMIN = 'bench.appadmin';

/** Adds the application, its administrator, the tenant's use of it and two root organisations. */
async function seedApp(url: string, dataDir: string): Promise<{ organisations: number; appUsers: number; plans: string[] }> {
  const database = await openDatabase({ databaseUrl: url, dataDir });
  try {
    const organisations = await seedTenant(database);
    const hash = await hashPassword(PASSWORD);
    return await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner)
        values (${APP}, ${APP}, 'Bench app', 'BA', '1.0', 'https://bench.example/cb', 'IT', 'Owner', 'o@example.com', '13800000000', 'Ops')`);
      await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version, status) values (${TENANT}, ${APP}, '1.0', 1)`);
      await tx.execute(sql`insert into app_root_orgs (product_id, tenant_id, org_id) values (${APP}, ${TENANT}, ${`${TENANT}-c3`}), (${APP}, ${TENANT}, ${`${TENANT}-c5`})`);
      await tx.execute(sql`insert into users (id, tenant_id, username, employee_name, password_hash, agreed_at) values ('bench-appadmin', ${TENANT}, ${APP_ADMIN}, 'App admin', ${hash}, now())`);
      await tx.execute(sql`insert into user_identities (tenant_id, user_id, identity) values (${TENANT}, 'bench-appadmin', ${Identity.APP_ADMIN})`);
      await tx.execute(sql`insert into product_admins (product_id, user_id) values (${APP}, 'bench-appadmin')`);
      await tx.execute(sql`analyze`);
      const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users where ${isAppUser(APP)}`));
      const plans: string[] = [];
      for (const q of [
        sql`explain (analyze, costs off) select id from users where ${isAppUser(APP)} order by created_at desc, id limit 10`,
        sql`explain (analyze, costs off) select count(*) from users where ${isAppUser(APP)}`,
      ]) plans.push(rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(q)).map((r) => r['QUERY PLAN']).join('\n    '));
      return { organisations, appUsers: n?.n ?? 0, plans };
    });
  } finally {
    await database.close();
  }
}

/** Runs the scenarios; the report is printed and returned. */
export async function runAppUsersBench(opts: { durationS: number; connections: number }): Promise<{ scenarios: ScenarioResult[] }> {
  const pg = await startPostgres();
  let server: RunningServer | undefined;
  try {
    let seeded = { organisations: 0, appUsers: 0, plans: [] as string[] };
    const t0 = Date.now();
    server = await startServer([], async (dataDir) => { seeded = await seedApp(pg.url, dataDir); }, { DATABASE_URL: pg.url });
    console.log(`\napp user grid on PostgreSQL: ${USERS} users, ${seeded.organisations} organisations, ${seeded.appUsers} users of the application; ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    for (const p of seeded.plans) console.log(`- ${p}`);
    const c = await new GatewayClient(server.baseUrl).init();
    c.sign = nativeSignature;
    await c.signIn(APP_ADMIN, PASSWORD);
    c.appId = APP;
    const post = (key: string, label: string, body: unknown): ScenarioSpec => {
      const text = JSON.stringify(body);
      return { key, label, method: 'POST', path: AppUserPaths.listappuser, body: text, headers: () => c.headersFor('POST', text), isSuccess: envelopeOk };
    };
    const specs: ScenarioSpec[] = [
      { key: 'u0', label: 'GET /healthz (baseline)', method: 'GET', path: '/healthz', headers: () => ({}), isSuccess: (s, b) => s === 200 && b.includes('"ok"') },
      post('u1', 'listappuser page 1 (whole app)', { page: 1, pageSize: 10 }),
      post('u2', 'listappuser keyword prefix', { page: 1, pageSize: 10, keyword: 'tuser0030' }),
      post('u3', 'listappuser department subtree', { page: 1, pageSize: 10, orgId: `${TENANT}-c3-d4`, includeSub: true }),
      post('u4', 'listappuser sorted by user name', { page: 1, pageSize: 10, sortField: 'username', sortOrder: 'ascend' }),
    ];
    const results: ScenarioResult[] = [];
    for (const spec of specs) {
      if (spec.key !== 'u0') {
        const once = await c.post(spec.path, JSON.parse(spec.body!));
        if (once.body.result !== '1') throw new Error(`(${spec.key}) failed: ${once.status} ${once.body.scode} ${once.body.msg}`);
        console.log(`(${spec.key}) ${spec.body} → ${once.body.data.records} records`);
      }
      await runScenario(spec, { baseUrl: server.baseUrl, durationS: 2, connections: opts.connections });
      results.push(await runScenario(spec, { baseUrl: server.baseUrl, durationS: opts.durationS, connections: opts.connections }));
    }
    const base = results[0]!;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    console.log(`\n${'scenario'.padEnd(42)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  p50 / p99 / throughput vs (u0)`);
    for (const r of results) {
      const ratio = r === base ? '—' : `${r2(Math.max(r.latencyMs.p50, 1) / Math.max(base.latencyMs.p50, 1))} / ${r2(Math.max(r.latencyMs.p99, 1) / Math.max(base.latencyMs.p99, 1))} / ${r2(base.reqPerSec / Math.max(r.reqPerSec, 0.1))}`;
      console.log(`${`(${r.key}) ${r.label}`.padEnd(42)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(7)} ${String(r.latencyMs.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${ratio}`);
      for (const s of r.errorSamples) console.log(`    failed: ${s}`);
    }
    return { scenarios: results };
  } catch (err) {
    if (server) console.error(`--- server output ---\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await server?.stop();
    pg.stop();
  }
}

await runAsScript(import.meta.url, runAppUsersBench);
