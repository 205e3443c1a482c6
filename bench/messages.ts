/**
 * Sending in-site messages at scale (issue 16 part M "Tests and figures"; docs/benchmarks.md "Messages"): a tenant
 * of 10,000 users in one organisation using one application. Against the real server (embedded PGlite), the
 * platform administrator sends one in-site message to that organisation through the gateway, and the time from
 * the request to the moment all 10,000 deliveries are written (`listmessage` counts, polled every 100 ms) is
 * measured end to end: the runner resolves the audience (`isAppUser`), renders each recipient's text and writes
 * the deliveries in batches of 500. Baseline of the same run: the same 10,000 rows written by one bare
 * `INSERT … SELECT` in-process on the same database before the server starts (the floor of the write itself).
 * Reports ms per 1,000 messages for both and their ratio. Run alone with `npx tsx bench/messages.ts`, or in
 * `npm run bench` (skip with BENCH_MESSAGES=0; BENCH_MESSAGES_COUNT changes the count).
 */
import { sql } from 'drizzle-orm';
import { MessagePaths } from '@mp/protocol';
import type { Database } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { ADMIN } from './server.js';
import { onSeededServer } from './scenario.js';

export const MESSAGE_RECIPIENTS = Number(process.env.BENCH_MESSAGES_COUNT ?? 10_000);
const APP = 'mb-app';
const TENANT = 'mb-tenant';
const ORG = 'mb-org';

export interface MessagesBenchReport {
  recipients: number;
  /** Baseline: one bare INSERT … SELECT of the same rows, ms per 1,000. */
  baselineMsPer1000: number;
  /** End to end through the gateway and the runner, ms per 1,000, and the whole run in ms. */
  endToEndMsPer1000: number;
  endToEndMs: number;
  ratio: number;
  /** Deliveries the message's delivery list counts afterwards (equals `recipients`). */
  listed: number;
}

/** The tenant, its organisation and users, the application (used by the tenant, no root organisation). */
async function seed(database: Database): Promise<number> {
  const n = MESSAGE_RECIPIENTS;
  return inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`insert into tenants (id, code, name, abbreviation, address) values (${TENANT}, 'mbtenant', 'Message bench', 'MB', 'Bench street 1')`);
    await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner, status)
      values (${APP}, ${APP}, 'Message bench', 'MB', '1.0', 'https://mb.example.com/login', 'IT', 'Bench', 'bench@example.com', '13800000000', 'Bench', 1)`);
    await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version, status) values (${TENANT}, ${APP}, '1.0', 1)`);
    await tx.execute(sql`insert into organisations (id, tenant_id, code, name) values (${ORG}, ${TENANT}, 'all', 'Everyone')`);
    await tx.execute(sql`insert into users (id, tenant_id, username, employee_name, password_hash, org_id)
      select 'mbu' || i, ${TENANT}, 'mbuser' || lpad(i::text, 6, '0'), 'User ' || i, 'x', ${ORG} from generate_series(1, ${n}) i`);
    // The baseline: the same rows by one bare statement, timed, then removed.
    const t = performance.now();
    await tx.execute(sql`insert into message_deliveries (id, product_id, tenant_id, user_id, channel, language, subject, body, source_kind, source_id, status, sent_at)
      select gen_random_uuid()::text, ${APP}, u.tenant_id, u.id, 'insite', 'ZH_CN', 'Bench for ' || u.employee_name, 'Hello ' || u.employee_name, 'bench', 'baseline', 'sent', now()
      from users u where u.tenant_id = ${TENANT}`);
    const ms = performance.now() - t;
    await tx.execute(sql`delete from message_deliveries where source_id = 'baseline'`);
    return ms;
  });
}

/** Runs the benchmark (see the file's comment). */
export async function runMessagesBench(): Promise<MessagesBenchReport> {
  let baselineMs = 0;
  const started = Date.now();
  return onSeededServer(
    async (database) => {
      baselineMs = await seed(database);
    },
    async (baseUrl) => {
      console.log(`\nmessages: ${MESSAGE_RECIPIENTS} users in one organisation; ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const admin = await new GatewayClient(baseUrl).init();
      admin.sign = nativeSignature;
      await admin.signIn(ADMIN.username, ADMIN.password);
      const inApp = { headers: { appid: APP } };
      const t0 = performance.now();
      const sent = await admin.post(
        MessagePaths.sendmessage,
        { channel: 'insite', subject: 'Bench for {{user.name}}', body: 'Hello {{user.name}} of {{tenant.name}}', orgs: [{ id: ORG, sub: false }] },
        inApp,
      );
      if (sent.body.result !== '1') throw new Error(`sendmessage: ${sent.body.scode} ${sent.body.msg}`);
      const id = sent.body.data.row.id as string;
      for (;;) {
        const r = await admin.post(MessagePaths.getmessage, { id }, inApp);
        const c = r.body.data?.row?.counts as { sent: number } | undefined;
        if (c && c.sent >= MESSAGE_RECIPIENTS) break;
        if (performance.now() - t0 > 600_000) throw new Error(`not all sent after 600 s: ${JSON.stringify(c)}`);
        await new Promise((res) => setTimeout(res, 100));
      }
      const endToEndMs = performance.now() - t0;
      const per = (ms: number) => Math.round((ms / MESSAGE_RECIPIENTS) * 1000 * 10) / 10;
      const report: MessagesBenchReport = {
        recipients: MESSAGE_RECIPIENTS,
        baselineMsPer1000: per(baselineMs),
        endToEndMsPer1000: per(endToEndMs),
        endToEndMs: Math.round(endToEndMs),
        ratio: Math.round((endToEndMs / baselineMs) * 10) / 10,
        listed: 0,
      };
      const check = await admin.post(MessagePaths.listmessagedelivery, { messageId: id, page: 1, pageSize: 1 }, inApp);
      report.listed = check.body.data.records as number;
      console.log(`  (m0) bare INSERT … SELECT of ${MESSAGE_RECIPIENTS} rows (baseline): ${report.baselineMsPer1000} ms per 1,000`);
      console.log(
        `  (m1) sendmessage → all ${MESSAGE_RECIPIENTS} delivered (end to end): ${report.endToEndMsPer1000} ms per 1,000 (${(endToEndMs / 1000).toFixed(1)} s in all), ${report.ratio} × the baseline`,
      );
      return report;
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runMessagesBench();
