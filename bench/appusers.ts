/**
 * The application user grid at scale on PostgreSQL (issue 15 "Benchmark: the app user grid at 100,000 users on
 * PostgreSQL"; docs/benchmarks.md "Application user grid"): a throw-away PostgreSQL server (the tests' helper,
 * testing/postgres-server.ts), the tenant of bench/tenant-seed.ts (100,000 users, 10,111 organisations) inserted
 * by SQL, an application `benchapp` used by that tenant whose root organisations are companies 3 and 5 (≈ 20,000
 * of the 100,000 users are its users) plus 100 users of company 1 given it individually (`app_user_grants`), and
 * its administrator. The real server runs on that database (DATABASE_URL) as a child process; autocannon sends
 * signed calls with APPID, each printed beside the bare route of the same run:
 *   (u0) GET /healthz — the baseline;
 *   (u1) `listappuser` page 1 (the whole application, newest first);
 *   (u2) `listappuser` by a user-name prefix (keyword);
 *   (u3) `listappuser` of a department's subtree (orgId + includeSub);
 *   (u4) `listappuser` sorted by user name;
 *   (u5) `listappuser` sorted by user name, page 1,500 (a deep page: offset 14,990).
 * Before the server starts, the grid's service call alone is timed in-process for (u1), (u4), (u5) and the
 * plans of its page-key statements printed (EXPLAIN ANALYZE). Run with `npx tsx bench/appusers.ts`
 * (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_TENANT_USERS shrink it). A report: exits non-zero only when the
 * benchmark broke.
 */
import { sql } from 'drizzle-orm';
import { AppUserPaths, Identity, type AppUserListBody } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { startPostgres } from '../packages/server/src/testing/postgres-server.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { openDatabase, rowsOf, type Tx } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { isAppUser } from '../packages/server/src/modules/appusers/app-users.scope.js';
import { countAppUsers, pageKeys } from '../packages/server/src/modules/appusers/appusers.repository.js';
import { appUserQuery, listAppUserPage } from '../packages/server/src/modules/appusers/appusers.service.js';
import { startServer, type RunningServer } from './server.js';
import { envelopeOk, ratiosToBaseline, runAsScript, runScenarios, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { PASSWORD, seedTenant, TENANT, USERS } from './tenant-seed.js';

/** The grid calls of the scenarios (u1)…(u5). */
const CALLS: Record<string, AppUserListBody & { page: number; pageSize: number }> = {
  u1: { page: 1, pageSize: 10 },
  u2: { page: 1, pageSize: 10, keyword: 'tuser0030' },
  u3: { page: 1, pageSize: 10, orgId: `${TENANT}-c3-d4`, includeSub: true },
  u4: { page: 1, pageSize: 10, sortField: 'username', sortOrder: 'ascend' },
  u5: { page: 1500, pageSize: 10, sortField: 'username', sortOrder: 'ascend' },
};

/** EXPLAIN ANALYZE of the page-key statement of `q` (the repository's own query), one line per plan line. */
async function explainKeys(tx: Tx, productId: string, q: AppUserListBody & { page: number; pageSize: number }): Promise<string> {
  const { body, filter } = await appUserQuery(tx, productId, q);
  const records = await countAppUsers(tx, body, filter);
  const plan = rowsOf<{ 'QUERY PLAN': string }>(
    await tx.execute(sql`explain (analyze, costs off) ${pageKeys(tx, { ...body, page: q.page, pageSize: q.pageSize }, filter, records).getSQL()}`),
  );
  return plan.map((r) => r['QUERY PLAN']).join('\n    ');
}

const APP = 'benchapp';
const APP_ADMIN = 'bench.appadmin';

/** Adds the application, its administrator, the tenant's use of it and two root organisations. */
async function seedApp(url: string, dataDir: string): Promise<{ organisations: number; appUsers: number; plans: string[]; serviceMs: Record<string, number> }> {
  const database = await openDatabase({ databaseUrl: url, dataDir });
  try {
    const organisations = await seedTenant(database);
    const hash = await hashPassword(PASSWORD);
    const seeded = await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner)
        values (${APP}, ${APP}, 'Bench app', 'BA', '1.0', 'https://bench.example/cb', 'IT', 'Owner', 'o@example.com', '13800000000', 'Ops')`);
      await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version, status) values (${TENANT}, ${APP}, '1.0', 1)`);
      await tx.execute(
        sql`insert into app_root_orgs (product_id, tenant_id, org_id) values (${APP}, ${TENANT}, ${`${TENANT}-c3`}), (${APP}, ${TENANT}, ${`${TENANT}-c5`})`,
      );
      await tx.execute(
        sql`insert into users (id, tenant_id, username, employee_name, password_hash, agreed_at) values ('bench-appadmin', ${TENANT}, ${APP_ADMIN}, 'App admin', ${hash}, now())`,
      );
      await tx.execute(sql`insert into user_identities (tenant_id, user_id, identity) values (${TENANT}, 'bench-appadmin', ${Identity.APP_ADMIN})`);
      await tx.execute(sql`insert into product_admins (product_id, user_id) values (${APP}, 'bench-appadmin')`);
      // 100 users of company 1 (outside the roots) given the application individually
      await tx.execute(
        sql`insert into app_user_grants (product_id, tenant_id, user_id) select ${APP}, ${TENANT}, 'tu' || g from generate_series(1, ${Math.min(991, USERS - 9)}, 10) g`,
      );
      await tx.execute(sql`analyze`);
      const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users where ${isAppUser(APP)}`));
      const plans: string[] = [];
      for (const key of ['u1', 'u4', 'u5']) plans.push(`(${key}) page keys: ${await explainKeys(tx, APP, CALLS[key]!)}`);
      return { organisations, appUsers: n?.n ?? 0, plans };
    });
    const serviceMs: Record<string, number> = {};
    for (const key of ['u1', 'u4', 'u5']) {
      const call = () => inScope(database.db, PLATFORM_SCOPE, (tx) => listAppUserPage(tx, APP, CALLS[key]!));
      for (let i = 0; i < 5; i++) await call();
      const t = performance.now();
      for (let i = 0; i < 50; i++) await call();
      serviceMs[key] = Math.round(((performance.now() - t) / 50) * 100) / 100;
    }
    return { ...seeded, serviceMs };
  } finally {
    await database.close();
  }
}

/** Runs the scenarios; the report is printed and returned. */
export async function runAppUsersBench(opts: { durationS: number; connections: number }): Promise<{ scenarios: ScenarioResult[] }> {
  const pg = await startPostgres();
  let server: RunningServer | undefined;
  try {
    let seeded = { organisations: 0, appUsers: 0, plans: [] as string[], serviceMs: {} as Record<string, number> };
    const t0 = Date.now();
    server = await startServer(
      [],
      async (dataDir) => {
        seeded = await seedApp(pg.url, dataDir);
      },
      { DATABASE_URL: pg.url },
    );
    console.log(
      `\napp user grid on PostgreSQL: ${USERS} users, ${seeded.organisations} organisations, ${seeded.appUsers} users of the application; ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.log(`service call alone (in-process, ms per call, mean of 50): ${JSON.stringify(seeded.serviceMs)}`);
    for (const p of seeded.plans) console.log(`- ${p}`);
    const c = await new GatewayClient(server.baseUrl).init();
    c.sign = nativeSignature;
    await c.signIn(APP_ADMIN, PASSWORD);
    c.appId = APP;
    const post = (key: string, label: string): ScenarioSpec => {
      const text = JSON.stringify(CALLS[key]);
      return { key, label, method: 'POST', path: AppUserPaths.listappuser, body: text, headers: () => c.headersFor('POST', text), isSuccess: envelopeOk };
    };
    const specs: ScenarioSpec[] = [
      {
        key: 'u0',
        label: 'GET /healthz (baseline)',
        method: 'GET',
        path: '/healthz',
        headers: () => ({}),
        isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
      },
      post('u1', 'listappuser page 1 (whole app)'),
      post('u2', 'listappuser keyword prefix'),
      post('u3', 'listappuser department subtree'),
      post('u4', 'listappuser sorted by user name'),
      post('u5', 'listappuser by user name, page 1500'),
    ];
    const results = await runScenarios(specs, { baseUrl: server.baseUrl, durationS: opts.durationS, connections: opts.connections }, async (spec) => {
      if (spec.key === 'u0') return;
      const once = await c.post(spec.path, JSON.parse(spec.body!));
      if (once.body.result !== '1') throw new Error(`(${spec.key}) failed: ${once.status} ${once.body.scode} ${once.body.msg}`);
      console.log(`(${spec.key}) ${spec.body} → ${once.body.data.records} records`);
      // The grid's total (per-organisation counts plus granted users) must be isAppUser's count on PostgreSQL too.
      if (spec.key === 'u1' && once.body.data.records !== seeded.appUsers)
        throw new Error(`(u1) answered ${once.body.data.records} users, isAppUser counts ${seeded.appUsers}`);
    });
    const ratios = ratiosToBaseline(results);
    console.log(
      `\n${'scenario'.padEnd(42)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  p50 / p99 as multiples of (u0)'s, req/s as a fraction of its`,
    );
    for (const r of results) {
      const x = ratios[r.key];
      console.log(
        `${`(${r.key}) ${r.label}`.padEnd(42)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(7)} ${String(r.latencyMs.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${x ? `${x.p50} / ${x.p99} / 1/${Math.round(results[0]!.reqPerSec / Math.max(r.reqPerSec, 0.1))}` : '—'}`,
      );
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
