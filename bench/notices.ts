/**
 * Notices at scale (issue 16 "Tests and figures"; docs/benchmarks.md "Notices"): the bench tenant of 100,000
 * users (bench/tenant-seed.ts) using one application with 10,000 published notices whose audiences mix every
 * kind — 2,000 to the whole tenant, 2,000 to a company's subtree, 2,000 to a single field, 2,000 to a tenant
 * role, 2,000 to single users — and 10 of the tenant's roles holding the notices' role targets. The user
 * `tuser000001` (company 1) has read every other notice it can see. autocannon against the real server:
 *   (n0) GET /healthz — the bare-route baseline of the same run;
 *   (n1) `getmynoticeunread` — the bell: unread count and latest five;
 *   (n2) `listmynotice` first page.
 * Before the server starts the count statement alone is timed in-process (200 runs) and its plan printed.
 * Run alone with `npx tsx bench/notices.ts`, or in `npm run bench` (skip with BENCH_NOTICES=0).
 */
import { sql } from 'drizzle-orm';
import { NoticePaths } from '@mp/protocol';
import { rowsOf, type Database } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { myUnread } from '../packages/server/src/modules/notices/notices.mine.js';
import { liveNoticesCte, unreadBy } from '../packages/server/src/modules/notices/notices.audience.js';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { envelopeOk, onSeededServer, printScenarioTable, runAsScript, runScenarios, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { PASSWORD, seedTenant, TENANT, USERS } from './tenant-seed.js';

export const NOTICES = Number(process.env.BENCH_NOTICES_COUNT ?? 10_000);
const USER = 'tu1';
const USERNAME = 'tuser000001';
const APP = 'nb-app';

export interface NoticesBenchReport {
  users: number;
  notices: number;
  visible: number;
  unread: number;
  /** The unread count statement alone, in-process (ms per call, mean of 200). */
  statementMs: number;
  plan: string;
  scenarios: ScenarioResult[];
  ratios: Record<string, { p50: number; p99: number; throughput: number }>;
}

/** Inserts the application, its notices and their audiences, the role members and the user's reads. */
async function seedNotices(database: Database): Promise<void> {
  const T = TENANT;
  await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner, status)
      values (${APP}, ${APP}, 'Notice bench', 'NB', '1.0', 'https://nb.example.com/login', 'IT', 'Bench', 'bench@example.com', '13800000000', 'Bench', 1)`);
    await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version, status) values (${T}, ${APP}, '1.0', 1)`);
    await tx.execute(sql`insert into notices (id, product_id, title, body, status, publish_at, pinned, author_name, published_at)
      select 'nb' || i, ${APP}, 'Notice ' || i, '<p>Body of notice ' || i || '</p>', 1, now() - i * interval '1 minute', i % 500 = 0, 'bench', now()
      from generate_series(0, ${NOTICES - 1}) i`);
    // kinds by i % 5: tenant; company subtree (company i % 10); field of user g = i; tenant role (one of tr0..tr9); user tu<i>
    await tx.execute(sql`insert into notice_targets (notice_id, product_id, kind, target_id, tenant_id, pinned, live_from)
      select 'nb' || i, ${APP},
        (array['tenant', 'orgtree', 'org', 'role', 'user'])[i % 5 + 1],
        case i % 5 when 0 then ${T}
          when 1 then ${T} || '-c' || (i / 5 % 10)
          when 2 then ${T} || '-c' || (i % 10) || '-d' || (i / 10 % 10) || '-s' || (i / 100 % 10) || '-f' || (i / 1000 % 9)
          when 3 then 'tr' || (i / 5 % 10)
          else 'tu' || (i / 5 + 1) end,
        case i % 5 when 0 then null else ${T} end,
        i % 500 = 0, now() - i * interval '1 minute'
      from generate_series(0, ${NOTICES - 1}) i`);
    await tx.execute(sql`insert into role_users (tenant_id, role_id, user_id) values (${T}, 'tr3', ${USER}) on conflict do nothing`);
    await tx.execute(sql`${liveNoticesCte(USER)} insert into notice_reads (notice_id, user_id, tenant_id)
      select l.id, ${USER}, ${T} from live l where right(l.id, 1) in ('0', '2', '4', '6', '8')`);
  });
  for (const t of ['notices', 'notice_targets', 'notice_reads', 'role_users', 'products', 'tenant_products'])
    await database.db.execute(sql.raw(`vacuum analyze ${t}`));
}

/** Seeds, times the statement, starts the server, runs the scenarios; the report is printed and returned. */
export async function runNoticesBench(opts: { durationS: number; connections: number }): Promise<NoticesBenchReport> {
  let statementMs = 0;
  let plan = '';
  let visible = 0;
  let unread = 0;
  const started = Date.now();
  return onSeededServer(
    async (database) => {
      await seedTenant(database);
      await seedNotices(database);
      visible = rowsOf<{ n: number }>(
        await inScope(database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`${liveNoticesCte(USER)} select count(*)::int as n from live`)),
      )[0]!.n;
      unread = (await inScope(database.db, PLATFORM_SCOPE, (tx) => myUnread(tx, USER))).unread;
      const t = performance.now();
      for (let i = 0; i < 200; i++) await inScope(database.db, PLATFORM_SCOPE, (tx) => myUnread(tx, USER));
      statementMs = Math.round(((performance.now() - t) / 200) * 100) / 100;
      const rows = rowsOf<Record<string, string>>(
        await inScope(database.db, PLATFORM_SCOPE, (tx) =>
          tx.execute(sql`explain analyze ${liveNoticesCte(USER)}
      select count(*) from live l where ${unreadBy(USER)}`),
        ),
      );
      plan = rows.map((r) => Object.values(r)[0]).join('\n');
    },
    async (baseUrl) => {
      console.log(
        `\nnotices: tenant of ${USERS} users, ${NOTICES} notices (${visible} reach ${USERNAME}, ${unread} unread); ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      console.log(`bell statements alone (in-process, count + latest five): ${statementMs} ms; plan of the count:\n${plan}`);
      const user = await new GatewayClient(baseUrl).init();
      user.sign = nativeSignature;
      await user.signIn(USERNAME, PASSWORD);
      const post = (key: string, label: string, path: string, body: unknown): ScenarioSpec => {
        const text = JSON.stringify(body);
        return { key, label, method: 'POST', path, body: text, headers: () => user.headersFor('POST', text), isSuccess: envelopeOk };
      };
      const specs: ScenarioSpec[] = [
        {
          key: 'n0',
          label: 'GET /healthz (baseline)',
          method: 'GET',
          path: '/healthz',
          headers: () => ({}),
          isSuccess: (st, b) => st === 200 && b.includes('"ok"'),
        },
        post('n1', 'getmynoticeunread (bell)', NoticePaths.getmynoticeunread, {}),
        post('n2', 'listmynotice first page', NoticePaths.listmynotice, { page: 1, pageSize: 10 }),
      ];
      const results = await runScenarios(specs, { baseUrl, durationS: opts.durationS, connections: opts.connections });
      const ratios = printScenarioTable(results, 'n0');
      return { users: USERS, notices: NOTICES, visible, unread, statementMs, plan, scenarios: results, ratios };
    },
  );
}

await runAsScript(import.meta.url, runNoticesBench);
