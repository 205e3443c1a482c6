import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { isJobFinished, Paths, type JobRow } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { auditLog, orgUserCounts, signInNames, userIdentities, users } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { uploadTo } from './users.testing.js';
import { buildWorld, type TenantUserWorld } from './users.tenant.testing.js';

// Issue 17: the import writes all new users, their identities and audit entries in one statement each
// (users.repository insertUsers / insertIdentities, audit insertAuditEntries). A file of the largest size
// allowed (10,000 rows) must give exactly 10,000 users with their identity, sign-in name, audit entry and
// per-organisation count; and a failure after the users' statement must leave nothing of it.
const failIdentities = { on: false };
vi.mock('./users.repository.js', async (load) => {
  const m = await load<typeof import('./users.repository.js')>();
  return {
    ...m,
    insertIdentities: async (...args: Parameters<typeof m.insertIdentities>) => {
      if (failIdentities.on) throw new Error('simulated failure after the users were inserted');
      return m.insertIdentities(...args);
    },
  };
});

const ROWS = 10_000;
let t: Awaited<ReturnType<typeof testApp>>;
let w: TenantUserWorld;
let nora: GatewayClient;
let a: string;

async function workbook(prefix: string): Promise<Buffer> {
  const head = ['username', 'employeeName', 'orgCode', 'effectiveDate', 'expiryDate', 'password'];
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `${prefix}${String(i).padStart(5, '0')}`,
    `Imported${i}`,
    'east',
    '2026-01-01',
    '2030-12-31',
    'Passw0rd!x',
  ]);
  return writeExcelFile([head, ...rows].map((r) => r.map((value) => ({ value })))).toBuffer() as Promise<Buffer>;
}

async function runJob(data: Buffer): Promise<JobRow> {
  const r = await uploadTo(t.app, nora, Paths.importtenantuser, 'users.xlsx', data);
  expect(r.result).toBe('1');
  for (const until = Date.now() + 170_000; Date.now() < until; ) {
    const j = await nora.get(`${Paths.getjob}?id=${r.data.row.jobId}`);
    if (isJobFinished(j.body.data.row.state)) return j.body.data.row as JobRow;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('job did not finish');
}

/** What an import writes, counted in the tenant. */
async function tally() {
  return inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, async (tx) => {
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
    const count = sql<number>`count(*)::int`;
    return {
      users: await n(tx.select({ n: count }).from(users).where(eq(users.tenantId, a))),
      identities: await n(tx.select({ n: count }).from(userIdentities).where(eq(userIdentities.tenantId, a))),
      names: await n(tx.select({ n: count }).from(signInNames).where(eq(signInNames.tenantId, a))),
      audit: await n(
        tx
          .select({ n: count })
          .from(auditLog)
          .where(and(eq(auditLog.tenantId, a), eq(auditLog.action, 'user.import.add'))),
      ),
      eastEnabled: await n(
        tx
          .select({ n: sql<number>`coalesce(sum(${orgUserCounts.users}), 0)::int` })
          .from(orgUserCounts)
          .where(and(eq(orgUserCounts.tenantId, a), eq(orgUserCounts.orgId, `${a}-east`), eq(orgUserCounts.status, 1))),
      ),
    };
  });
}

beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t, 'tx');
  a = w.acme.tenantId;
  nora = await w.as('txnora', a);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('an import of 10,000 users', () => {
  it("a failure after the users' statement leaves nothing written", async () => {
    const before = await tally();
    failIdentities.on = true;
    try {
      const job = await runJob(await workbook('gone'));
      expect(job.state).toBe('error');
    } finally {
      failIdentities.on = false;
    }
    expect(await tally()).toEqual(before);
  }, 180_000);

  it('creates exactly 10,000 users with their identities, sign-in names, audit entries and counts', async () => {
    const before = await tally();
    const job = await runJob(await workbook('bulk'));
    expect(job).toMatchObject({ state: 'done', total: ROWS, report: { created: ROWS, updated: 0, errors: [] } });
    expect(await tally()).toEqual({
      users: before.users + ROWS,
      identities: before.identities + ROWS,
      names: before.names + ROWS,
      audit: before.audit + ROWS,
      eastEnabled: before.eastEnabled + ROWS,
    });
    const [one] = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx
        .select({ org: users.orgId, from: users.effectiveDate, status: users.status, creator: users.creator })
        .from(users)
        .where(eq(users.usernameLc, 'bulk09999')),
    );
    expect(one).toEqual({ org: `${a}-east`, from: '2026-01-01', status: 1, creator: 'txnora' });
    const u = await t.client();
    await u.signIn('bulk00042', 'Passw0rd!x');
  }, 180_000);
});
