/**
 * Policy-service call counting (plugins/policy-call-stats.ts; docs/applications.md "Dashboards"): real policy
 * calls through the gateway with a real client, counted per (application, day, call), flushed in upserts that
 * add, flushed on close before the database closes, kept when a flush fails; the application dashboard reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppDashboardPaths, Identity, Paths, PolicyPaths } from '@mp/protocol';
import { buildApp } from '../app.js';
import { openDatabase, type Db } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { policyCallStats as statsTable } from '../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow } from '../testing/test-app.js';
import { testAppTargets } from '../testing/postgres-admin.js';
import { GatewayClient } from '../testing/gateway-client.js';
import { PolicyCallStats, policyCallStats } from './policy-call-stats.js';

const CONFIG = {
  dataDir: 'memory://',
  adminUsername: 'admin',
  adminPassword: ADMIN_PASSWORD,
  loginCaptcha: '0',
  captchaPowWork: 6,
  consoleDir: '/nonexistent',
} as const;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const today = () => new Date().toISOString().slice(0, 10);

let database: Awaited<ReturnType<typeof openDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let admin: GatewayClient;
let appA: { id: string; code: string };
let appB: { id: string; code: string };
let authA = '';
let authB = '';
let tenantId = '';

const rows = (db: Db, productId: string) => inScope(db, PLATFORM_SCOPE, (tx) => tx.select().from(statsTable).where(eq(statsTable.productId, productId)));
const byCall = async (db: Db, productId: string) =>
  Object.fromEntries((await rows(db, productId)).map((r) => [r.call, { calls: r.calls, errors: r.errors, day: r.day }]));
const call = async (path: string, body: unknown, auth?: string) =>
  (
    await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      payload: JSON.stringify(body),
    })
  ).statusCode;

beforeAll(async () => {
  // The database outlives the app, so what the close flush wrote can be read after app.close().
  database = await openDatabase(CONFIG);
  ({ app } = await buildApp(CONFIG, { logger: false, database }));
  await app.ready();
  admin = await new GatewayClient(app).init();
  await admin.signIn('admin', ADMIN_PASSWORD);
  const adminA = await createUserRow(app, { username: 'stats_admin_a', password: 'Passw0rd!x', identities: [Identity.APP_ADMIN] });
  const product = async (code: string, adminIds: string[]) => {
    const r = await admin.post(Paths.addproduct, {
      code,
      name: code.toUpperCase(),
      abbreviation: code,
      version: 'V1',
      status: 1,
      callbackUrl: `https://${code}.example.com/cb`,
      department: 'IT',
      ownerName: 'Owner',
      ownerEmail: 'owner@example.com',
      ownerPhone: '13800138000',
      opsOwner: 'Ops',
      adminIds,
    });
    return r.body.data.row as { id: string; code: string };
  };
  appA = await product('statsa', [adminA]);
  appB = await product('statsb', []);
  const client = async (productId: string, clientId: string) => {
    const r = await admin.post(Paths.addclient, { productId, clientId, name: clientId, redirectUris: [], grantTypes: ['client_credentials'] });
    return basic(clientId, (r.body.data as { clientSecret: string }).clientSecret);
  };
  authA = await client(appA.id, 'statsa-backend');
  authB = await client(appB.id, 'statsb-backend');
  tenantId = await createTenantRow(app, 'statsco');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('policy call statistics', () => {
  it('counts authenticated calls per application, day and call (errors apart), and a flush adds them to the table', async () => {
    const statuses: Record<string, number[]> = { permissions: [], decision: [], sync: [] };
    for (let i = 0; i < 3; i++) statuses.permissions!.push(await call(PolicyPaths.permissions, { tenantId, username: 'nobody' }, authA));
    statuses.permissions!.push(await call(PolicyPaths.permissions, { tenantId, platformType: 9 }, authA)); // 400: schema
    statuses.decision!.push(await call(PolicyPaths.check, { tenantId, username: 'nobody', menu: 'x' }, authA));
    statuses.sync!.push(await call(PolicyPaths.syncbydate, { syncDate: new Date(Date.now() - 60_000).toISOString() }, authA));
    await call(PolicyPaths.permissions, { tenantId }, basic('statsa-backend', 'wrong')); // refused: no application, not counted
    await call(PolicyPaths.permissions, { tenantId }); // no credentials: not counted
    expect(await call(PolicyPaths.syncbydate, {}, authB)).toBeLessThan(500);
    expect(statuses.permissions!.filter((s) => s >= 400)).toEqual([400]);

    expect(await rows(app.database.db, appA.id)).toEqual([]); // nothing written before the flush
    await policyCallStats(app)!.flush();
    const expected = Object.fromEntries(
      Object.entries(statuses).map(([k, v]) => [k, { calls: v.length, errors: v.filter((s) => s >= 400).length, day: today() }]),
    );
    expect(await byCall(app.database.db, appA.id)).toEqual(expected);
    expect(Object.keys(await byCall(app.database.db, appB.id))).toEqual(['sync']);
    expect(policyCallStats(app)!.pending).toBe(0);

    // A second flush adds to the same rows (upsert), never replaces.
    await call(PolicyPaths.permissions, { tenantId, username: 'nobody' }, authA);
    await policyCallStats(app)!.flush();
    expect((await byCall(app.database.db, appA.id)).permissions!.calls).toBe(expected.permissions!.calls + 1);
  });

  it('the application dashboard shows the flushed calls of its application only, today last', async () => {
    const a = await new GatewayClient(app).init();
    await a.signIn('stats_admin_a', 'Passw0rd!x');
    const r = await a.post(AppDashboardPaths.appsummary, {}, { headers: { appid: appA.code } });
    expect(r.body.result).toBe('1');
    const days = (r.body.data as { row: { policyCalls: { date: string; permissions: number; decision: number; sync: number; errors: number }[] } }).row
      .policyCalls;
    const stored = await byCall(app.database.db, appA.id);
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toEqual({
      date: today(),
      permissions: stored.permissions!.calls,
      decision: stored.decision!.calls,
      sync: stored.sync!.calls,
      errors: Object.values(stored).reduce((s, x) => s + x.errors, 0),
    });
    expect(days.slice(0, 6).every((d) => d.permissions + d.decision + d.sync + d.errors === 0)).toBe(true);
  });

  it('a failed flush keeps its counts for the next one; the timer flushes on its own', async () => {
    const broken = new PolicyCallStats({ transaction: () => Promise.reject(new Error('database down')) } as unknown as Db, app.log);
    broken.add(appA.id, 'permissions', false);
    broken.add(appA.id, 'permissions', true);
    await broken.flush();
    expect(broken.pending).toBe(1);

    const timed = new PolicyCallStats(app.database.db, app.log);
    const before = (await byCall(app.database.db, appB.id)).decision?.calls ?? 0;
    timed.add(appB.id, 'decision', false);
    timed.start(20);
    await expect.poll(async () => (await byCall(app.database.db, appB.id)).decision?.calls ?? 0, { timeout: 3000, interval: 25 }).toBe(before + 1);
    await timed.stop();
  });

  it('closing the app writes the counts not yet flushed, before the database closes', async () => {
    const before = (await byCall(database.db, appA.id)).decision!.calls;
    await call(PolicyPaths.check, { tenantId, username: 'nobody', menu: 'x' }, authA);
    await call(PolicyPaths.check, { tenantId, username: 'nobody', menu: 'y' }, authA);
    expect(policyCallStats(app)!.pending).toBeGreaterThan(0);
    await app.close();
    expect((await byCall(database.db, appA.id)).decision!.calls).toBe(before + 2);
  });
});

// The flush statement and every dashboard statement on each database the project runs on (PostgreSQL when
// MP_TEST_DATABASE_URL names a server): upserts add, and both summaries answer without error.
describe.each(testAppTargets('pcstats'))('on $label', (target) => {
  it('flushes counts that add up and answers both dashboards', async () => {
    const { t, close } = await target.open();
    try {
      const c = await t.client();
      await c.signIn('admin', ADMIN_PASSWORD);
      const r = await c.post(Paths.addproduct, {
        code: 'pgapp',
        name: 'PG app',
        abbreviation: 'pg',
        version: 'V1',
        status: 1,
        callbackUrl: 'https://pg.example.com/cb',
        department: 'IT',
        ownerName: 'Owner',
        ownerEmail: 'owner@example.com',
        ownerPhone: '13800138000',
        opsOwner: 'Ops',
        adminIds: [],
      });
      const id = (r.body.data.row as { id: string }).id;
      const stats = policyCallStats(t.app)!;
      stats.add(id, 'permissions', false);
      stats.add(id, 'permissions', true);
      stats.add('no-such-app', 'sync', false); // an application deleted meanwhile: dropped, not an error
      await stats.flush();
      stats.add(id, 'permissions', false);
      await stats.flush();
      expect(stats.pending).toBe(0);
      expect(await byCall(t.app.database.db, id)).toEqual({ permissions: { calls: 3, errors: 1, day: today() } });
      const w = await c.post(AppDashboardPaths.workbenchsummary, { pageSize: 50 });
      expect(w.body.result, w.body.scode).toBe('1');
      const a = await c.post(AppDashboardPaths.appsummary, {}, { headers: { appid: id } });
      expect(a.body.result, a.body.scode).toBe('1');
      expect((a.body.data as { row: { policyCalls: { permissions: number; errors: number }[] } }).row.policyCalls.at(-1)).toMatchObject({
        permissions: 3,
        errors: 1,
      });
    } finally {
      await close();
    }
  });
});
