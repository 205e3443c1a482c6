/**
 * Approval workflow at scale (issue 16; docs/workflow.md, docs/benchmarks.md "Workflow"): the bench tenant of
 * 100,000 users (bench/tenant-seed.ts) uses one application whose process is "holders of the tenant role
 * `holder` covering the requester's organisation, then the administrators". 10,000 pending requests from
 * 10,000 users spread over the tenant (1,000 of them in company 3, which `tholder`'s role covers) and 10,000
 * finished ones. autocannon against the real server, signed in as `tholder`:
 *   (w0) GET /healthz — the bare-route baseline of the same run;
 *   (w1) `getwftaskcount` — the header badge;
 *   (w2) `listwftask` first page — "my task".
 * Before the server starts the count alone (with the approver context it needs) is timed in-process (100 runs)
 * and its plan printed.
 * Run alone with `npx tsx bench/workflow.ts`, or in `npm run bench` (skip with BENCH_WORKFLOW=0).
 */
import { sql } from 'drizzle-orm';
import { WorkflowPaths } from '@mp/protocol';
import { rowsOf, type Database } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { countTasks, countTasksQuery, loadApprover } from '../packages/server/src/modules/workflow/workflow.repository.js';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { envelopeOk, onSeededServer, printScenarioTable, runAsScript, runScenarios, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { PASSWORD, ROLE_HOLDER, seedTenant, TENANT, USERS } from './tenant-seed.js';

export const PENDING = Number(process.env.BENCH_WORKFLOW_PENDING ?? 10_000);
const APP = 'wf-bench-app';
/** The role holder's user id (bench/tenant-seed.ts). */
const ROLE_HOLDER_ID = 'tholder';

export interface WorkflowBenchReport {
  users: number;
  pending: number;
  tasks: number;
  /** The task count alone, in-process (ms per call, mean of 100). */
  statementMs: number;
  plan: string;
  scenarios: ScenarioResult[];
  ratios: Record<string, { p50: number; p99: number; throughput: number }>;
}

/** The application, its process, and the requests (pending and finished) with their submit rows. */
async function seedRequests(database: Database): Promise<void> {
  const T = TENANT;
  const steps = JSON.stringify([{ kind: 'manager', roleCode: 'holder' }, { kind: 'appAdmin' }]);
  await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner, status)
      values (${APP}, ${APP}, 'Workflow bench', 'WB', '1.0', 'https://wb.example.com/login', 'IT', 'Bench', 'bench@example.com', '13800000000', 'Bench', 1)`);
    await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version, status) values (${T}, ${APP}, '1.0', 1)`);
    await tx.execute(sql`insert into wf_processes (product_id, steps) values (${APP}, ${steps}::jsonb)`);
    // user g = 10 i + 1 + i % 9 (never a disabled one, g % 10 = 0); g % 10 = 3 sits in company 3
    await tx.execute(sql`insert into wf_requests (id, tenant_id, product_id, requester_id, org_id, kind, target_id, target_name, reason, status, steps, current_step, created_at, updated_at, finished_at)
      select 'wr' || i, ${T}, ${APP}, u.id, u.org_id, 'app', ${APP}, 'Workflow bench', 'reason ' || i,
        case when i < ${PENDING} then 'pending' else 'approved' end, ${steps}::jsonb, case when i < ${PENDING} then 0 else 1 end,
        now() - i * interval '1 second', now() - i * interval '1 second', case when i < ${PENDING} then null else now() end
      from generate_series(0, ${2 * PENDING - 1}) i join users u on u.id = 'tu' || (10 * (i % ${PENDING}) + 1 + i % 9)`);
    await tx.execute(
      sql`update wf_requests set step_kind = coalesce(steps -> current_step ->> 'kind', ''), step_role = lower(coalesce(steps -> current_step ->> 'roleCode', ''))`,
    );
    await tx.execute(sql`insert into wf_actions (id, request_id, tenant_id, step, action, actor_id, actor_name, comment)
      select 'wa' || i, 'wr' || i, ${T}, 0, 'submit', 'tu1', 'tuser000001', '' from generate_series(0, ${2 * PENDING - 1}) i`);
  });
  // vacuum as PostgreSQL's autovacuum would: the visibility map lets the count's index-only scans skip the heap
  for (const t of ['wf_requests', 'wf_actions', 'wf_processes', 'products', 'tenant_products']) await database.db.execute(sql.raw(`vacuum analyze ${t}`));
}

/** Seeds, times the count, starts the server, runs the scenarios; the report is printed and returned. */
export async function runWorkflowBench(opts: { durationS: number; connections: number }): Promise<WorkflowBenchReport> {
  let statementMs = 0;
  let plan = '';
  let tasks = 0;
  const started = Date.now();
  return onSeededServer(
    async (database) => {
      await seedTenant(database);
      await seedRequests(database);
      const approver = await inScope(database.db, PLATFORM_SCOPE, (tx) => loadApprover(tx, ROLE_HOLDER_ID, TENANT));
      tasks = await inScope(database.db, PLATFORM_SCOPE, (tx) => countTasks(tx, approver));
      const t = performance.now();
      for (let i = 0; i < 100; i++) await inScope(database.db, PLATFORM_SCOPE, async (tx) => countTasks(tx, await loadApprover(tx, ROLE_HOLDER_ID, TENANT)));
      statementMs = Math.round(((performance.now() - t) / 100) * 100) / 100;
      const rows = rowsOf<Record<string, string>>(
        await inScope(database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`explain analyze ${countTasksQuery(approver)}`)),
      );
      plan = rows.map((r) => Object.values(r)[0]).join('\n');
    },
    async (baseUrl) => {
      console.log(
        `\nworkflow: tenant of ${USERS} users, ${PENDING} pending requests (${tasks} wait for ${ROLE_HOLDER}) and ${PENDING} finished; ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      console.log(`task count alone (in-process, with the approver context): ${statementMs} ms; plan:\n${plan}`);
      const user = await new GatewayClient(baseUrl).init();
      user.sign = nativeSignature;
      await user.signIn(ROLE_HOLDER, PASSWORD);
      const post = (key: string, label: string, path: string, body: unknown): ScenarioSpec => {
        const text = JSON.stringify(body);
        return { key, label, method: 'POST', path, body: text, headers: () => user.headersFor('POST', text), isSuccess: envelopeOk };
      };
      const specs: ScenarioSpec[] = [
        {
          key: 'w0',
          label: 'GET /healthz (baseline)',
          method: 'GET',
          path: '/healthz',
          headers: () => ({}),
          isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
        },
        post('w1', 'getwftaskcount (badge)', WorkflowPaths.getwftaskcount, {}),
        post('w2', 'listwftask first page', WorkflowPaths.listwftask, { page: 1, pageSize: 10 }),
      ];
      const results = await runScenarios(specs, { baseUrl, durationS: opts.durationS, connections: opts.connections });
      const ratios = printScenarioTable(results, 'w0');
      return { users: USERS, pending: PENDING, tasks, statementMs, plan, scenarios: results, ratios };
    },
  );
}

await runAsScript(import.meta.url, runWorkflowBench);
