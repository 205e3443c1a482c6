/**
 * Two gateways on one PostgreSQL database (issue 13, "A real PostgreSQL in the test run";
 * docs/operations.md "Several instances"): instance A and instance B are two apps built on the same
 * database, each reached by its own clients. Everything an instance keeps must live in the database,
 * so a session, a used nonce, a failure count, a rate-limit window and a background job look the same
 * from both; and cutting A's database connections (pg_terminate_backend of the backends whose
 * application_name is A's) must leave A answering 503 or succeeding, never crashing, and B untouched.
 * Runs where the unit project's global setup started PostgreSQL (MP_TEST_DATABASE_URL set), on a
 * database of its own that it drops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { Codes, isJobFinished, Paths, type JobRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import type { GatewayClient } from '../testing/gateway-client.js';
import { createTestDatabase } from '../testing/postgres-admin.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../testing/test-app.js';
import { insertRootOrganisation } from './organisations/organisations.repository.js';
import { uploadTo } from './users/users.testing.js';

const serverUrl = process.env.MP_TEST_DATABASE_URL;
const PASSWORD = 'Passw0rd!x';
const APP_A = 'mp_two_instances_a';
const APP_B = 'mp_two_instances_b';
type TestApp = Awaited<ReturnType<typeof testApp>>;

/** The connection string `url` with the pool's application_name set, so one instance's backends can be found. */
function named(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

/** A client of `t` carrying the session of `from` (same token, user and tenant). */
async function sameSessionOn(t: TestApp, from: GatewayClient): Promise<GatewayClient> {
  const c = await t.client();
  Object.assign(c, { token: from.token, userId: from.userId, tenantId: from.tenantId, language: from.language });
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)('two instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => {
    uncaught.push(err);
  };

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    db = await createTestDatabase(serverUrl!, 'mp_two');
    a = await testApp({ databaseUrl: named(db.url, APP_A) });
    b = await testApp({ databaseUrl: named(db.url, APP_B) });
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await db?.drop();
  });

  it('accepts on B a session signed in on A, and a sign-out on B ends it on A', async () => {
    const onA = await a.client();
    await onA.signIn('admin', ADMIN_PASSWORD);
    const onB = await sameSessionOn(b, onA);
    const seen = await onB.get(Paths.listmymenu);
    expect(seen.status).toBe(200);
    expect(seen.body.result).toBe('1');

    const out = await onB.post(Paths.tokenlogout, { token: onB.token });
    expect(out.body.result).toBe('1');
    const after = await onA.get(Paths.listmymenu);
    expect(after.body).toMatchObject({ result: '0', scode: Codes.TOKEN_INVALID });
  }, 30_000);

  it('refuses on B a request replayed byte-for-byte after A took it', async () => {
    const c = await a.client();
    await c.signIn('admin', ADMIN_PASSWORD);
    const headers = c.headersFor('GET', undefined);
    const first = await a.app.inject({ method: 'GET', url: Paths.listmymenu, headers });
    expect(first.statusCode).toBe(200);
    const replay = await b.app.inject({ method: 'GET', url: Paths.listmymenu, headers });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().scode).toBe(Codes.NONCE_REPLAYED);
  }, 30_000);

  it('locks an account after the threshold of wrong passwords spread over A and B', async () => {
    await createUserRow(a.app, { username: 'two-lock', password: PASSWORD });
    const threshold = a.app.config.lockoutThreshold;
    expect(b.app.config.lockoutThreshold).toBe(threshold);
    const clients = [await a.client(), await b.client()];
    const codes: string[] = [];
    for (let i = 0; i < threshold; i++) {
      const c = clients[i % 2]!;
      const r = await c.post(Paths.signin, { username: 'two-lock', password: c.encrypt('Wrong-passw0rd'), agree: true });
      codes.push(r.body.scode);
    }
    expect(codes).toEqual([...Array(threshold - 1).fill(Codes.BAD_CREDENTIALS), Codes.ACCOUNT_LOCKED]);
    for (const c of clients) {
      const right = await c.post(Paths.signin, { username: 'two-lock', password: c.encrypt(PASSWORD), agree: true });
      expect(right.body).toMatchObject({ result: '0', scode: Codes.ACCOUNT_LOCKED });
    }
  }, 30_000);

  it('counts sign-in attempts on A and B in one rate-limit window', async () => {
    const before = process.env.MP_SIGNIN_RATE_ACCOUNT;
    process.env.MP_SIGNIN_RATE_ACCOUNT = '4';
    try {
      const clients = [await a.client(), await b.client()];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const c = clients[i % 2]!;
        const r = await c.post(Paths.signin, { username: 'two-rate-nobody', password: c.encrypt('Wrong-passw0rd'), agree: true });
        statuses.push(r.status);
        if (r.status === 429) expect(r.body.scode).toBe(Codes.RATE_LIMITED);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      if (before === undefined) delete process.env.MP_SIGNIN_RATE_ACCOUNT;
      else process.env.MP_SIGNIN_RATE_ACCOUNT = before;
    }
  }, 30_000);

  it('shows on B, through getjob, the job started on A, in the state A recorded', async () => {
    const admin = await a.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    const T = await createTenantRow(a.app, 'twoco');
    const noraId = await createUserRow(a.app, { username: 'two-nora', password: PASSWORD });
    expect((await admin.post(Paths.savetenantadmin, { tenantId: T, userIds: [noraId] })).body.result).toBe('1');
    await inScope(a.app.database.db, PLATFORM_SCOPE, (tx) => insertRootOrganisation(tx, { id: T, code: 'twoco', name: 'Two Co' }));

    const noraA = await a.client();
    await noraA.signIn('two-nora', PASSWORD);
    noraA.tenantId = T;
    noraA.language = 'EN_US';
    const noraB = await sameSessionOn(b, noraA);
    const sheet = [
      ['Code', 'Name', 'Parent organisation code', 'Type', 'Sort order', 'Status', 'Description'],
      ['TN', 'North', 'twoco', 'Company', '1', 'Enabled', ''],
    ];
    const file = (await writeExcelFile(sheet.map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer;
    const started = await uploadTo(a.app, noraA, Paths.importorg, 'orgs.xlsx', file);
    expect(started.result, JSON.stringify(started)).toBe('1');
    const id = started.data.jobId as string;

    const onB = await noraB.get(`${Paths.getjob}?id=${id}`);
    expect(onB.body.result).toBe('1');
    expect(onB.body.data.row).toBeTruthy();

    let rowA: JobRow;
    const t0 = Date.now();
    for (;;) {
      rowA = (await noraA.get(`${Paths.getjob}?id=${id}`)).body.data.row;
      if (isJobFinished(rowA.state)) break;
      expect(Date.now() - t0).toBeLessThan(15_000);
      await sleep(50);
    }
    expect(rowA.state).toBe('done');
    const rowB = (await noraB.get(`${Paths.getjob}?id=${id}`)).body.data.row;
    expect(rowB).toEqual(rowA);
  }, 30_000);

  it("survives A's database connections being cut: A answers 503 or succeeds, B is untouched, both answer afterwards", async () => {
    const onA = await a.client();
    await onA.signIn('admin', ADMIN_PASSWORD);
    const onB = await sameSessionOn(b, onA); // a second sign-in of the same account would end the first session
    expect((await onA.get(Paths.listmymenu)).body.result).toBe('1');
    expect((await onB.get(Paths.listmymenu)).body.result).toBe('1');

    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    let cut = 0;
    try {
      const r = await admin.query('select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()', [
        APP_A,
      ]);
      cut = r.rows.filter((x: { ok: boolean }) => x.ok).length;
      const left = await admin.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [APP_B]);
      expect(left.rows[0].n).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    expect(cut).toBeGreaterThan(0);

    const statuses: number[] = [];
    const t0 = Date.now();
    let recovered = false;
    while (Date.now() - t0 < 10_000) {
      const r = await onA.get(Paths.listmymenu);
      statuses.push(r.status);
      expect([200, 503]).toContain(r.status);
      if (r.status === 503) expect(r.body.scode).toBe(Codes.DATABASE_UNAVAILABLE);
      if (r.status === 200) {
        expect(r.body.result, JSON.stringify(r.body)).toBe('1');
        recovered = true;
        break;
      }
      await sleep(100);
    }
    console.info(`[two-instances] ${cut} connections of A cut; A answered ${statuses.join(',')} and recovered in ${Date.now() - t0} ms`);
    expect(recovered).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect((await onA.get(Paths.listmymenu)).body.result).toBe('1');
      expect((await onB.get(Paths.listmymenu)).body.result).toBe('1');
    }
    expect(uncaught).toEqual([]);
  }, 30_000);
});
