import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Codes, DEFAULTS, LicenceCodes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, licences, tenants } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { encodeLicence, generateLicenceKeys, parsePrivateKey, type LicencePayload } from './licence-code.js';
import { assertLicenceAllows } from './licence.limits.js';

const DAY = 86_400_000;
// The server verifies with this test pair (MP_LICENCE_PUBLIC_KEY replaces the shipped key).
const keys = generateLicenceKeys();
process.env.MP_LICENCE_PUBLIC_KEY = keys.publicLine;
const priv = parsePrivateKey(keys.privatePem);
const issue = (over: Partial<LicencePayload> = {}, key = priv) =>
  encodeLicence(
    {
      v: 1,
      id: `L-${randomUUID().slice(0, 8)}`,
      customer: 'Acme Corp',
      issued: new Date(Date.now() - DAY).toISOString(),
      expires: new Date(Date.now() + 90 * DAY - 60_000).toISOString(),
      limits: { maxTenants: 50, maxUsers: 1000 },
      ...over,
    },
    key,
  );

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let logo: string;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(client: GatewayClient): Promise<string> {
  const boundary = `----mp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { ...client.headersFor('POST', undefined), 'content-type': `multipart/form-data; boundary=${boundary}` };
  return (await t.app.inject({ method: 'POST', url: Paths.uploadfile, headers, payload })).json().data.row.fileId;
}
const tenantBody = () => ({ code: `T${randomUUID().slice(0, 8)}`, name: 'Licensed Co', abbreviation: 'LC', logo, address: '1 Main St', status: 1 as const });
const history = async () => (await c.post(Paths.listlicence, { page: 1, pageSize: 50 })).body.data;
const db = () => t.app.database.db;

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  logo = await upload(c);
});
afterAll(async () => {
  await t.close();
});

describe('licence management and system activation', () => {
  it('runs an unactivated system as a 30-day trial without count limits', async () => {
    const r = await c.post(Paths.getlicence, {});
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({
      state: 'trial',
      customer: '',
      daysLeft: 30,
      limits: { maxTenants: null, maxUsers: null },
      usage: { tenants: 0, users: 0 },
    });
    expect((await history()).records).toBe(0);
  });

  it('refuses a missing, expired, forged, tampered, wrong-key or malformed code with a clear message and stores nothing', async () => {
    c.language = 'EN_US';
    const good = issue();
    const [body, sig] = good.split('.') as [string, string];
    const forgedSig = Buffer.from(sig, 'base64url');
    forgedSig[10] = forgedSig[10]! ^ 0x01;
    const tamperedBody = Buffer.from(Buffer.from(body, 'base64url').toString('utf8').replace('"maxTenants":50', '"maxTenants":5000')).toString('base64url');
    const cases: [string, string, RegExp][] = [
      ['   ', LicenceCodes.LICENCE_CODE_REQUIRED, /Please enter the activation code/],
      [
        issue({ issued: new Date(Date.now() - 30 * DAY).toISOString(), expires: new Date(Date.now() - DAY).toISOString() }),
        LicenceCodes.LICENCE_CODE_EXPIRED,
        /expired on \d{4}-\d{2}-\d{2}/,
      ],
      [`${body}.${forgedSig.toString('base64url')}`, LicenceCodes.LICENCE_SIGNATURE_INVALID, /not issued for this system, or it has been altered/],
      [`${tamperedBody}.${sig}`, LicenceCodes.LICENCE_SIGNATURE_INVALID, /altered/],
      [issue({}, parsePrivateKey(generateLicenceKeys().privatePem)), LicenceCodes.LICENCE_SIGNATURE_INVALID, /altered/],
      ['not-a-licence', LicenceCodes.LICENCE_MALFORMED, /copied whole/],
    ];
    for (const [code, scode, message] of cases) {
      const r = await c.post(Paths.activatelicence, { code });
      expect(r.body.result, scode).toBe('0');
      expect(r.body.scode).toBe(scode);
      expect(r.body.msg).toMatch(message);
    }
    c.language = 'JA_JP';
    expect((await c.post(Paths.activatelicence, { code: `${tamperedBody}.${sig}` })).body.msg).toContain('改ざん');
    c.language = 'ZH_CN';
    expect((await history()).records).toBe(0);
    expect((await c.post(Paths.getlicence, {})).body.data.row.state).toBe('trial');
  });

  it('activates a valid code: stored, in force, days left shown, audited; the code itself is not answered', async () => {
    const code = issue({ customer: 'Northwind Trading', limits: { maxTenants: 50, maxUsers: 1000 } });
    // Pasted with line breaks.
    const r = await c.post(Paths.activatelicence, { code: `${code.slice(0, 40)}\n${code.slice(40)}` });
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({
      state: 'active',
      customer: 'Northwind Trading',
      daysLeft: 90,
      warn: false,
      limits: { maxTenants: 50, maxUsers: 1000 },
      activatedBy: 'admin',
    });
    expect((await c.post(Paths.getlicence, {})).body.data.row.daysLeft).toBe(90);
    const h = await history();
    expect(h.records).toBe(1);
    expect(h.rows[0]).toMatchObject({ customer: 'Northwind Trading', active: true, activatedBy: 'admin' });
    expect(h.rows[0].fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(h)).not.toContain(code.slice(0, 30));
    const audit = await inScope(db(), PLATFORM_SCOPE, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'licence.activate')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'admin', entity: 'licence', before: null });
    // The same code again is refused.
    expect((await c.post(Paths.activatelicence, { code })).body.scode).toBe(LicenceCodes.LICENCE_ALREADY_ACTIVE);
  });

  it('warns when fewer than 30 days are left, and a newer activation replaces the one in force', async () => {
    const r = await c.post(Paths.activatelicence, {
      code: issue({ customer: 'Short Term Ltd', expires: new Date(Date.now() + 10 * DAY - 60_000).toISOString(), limits: {} }),
    });
    expect(r.body.data.row).toMatchObject({
      state: 'active',
      customer: 'Short Term Ltd',
      daysLeft: 10,
      warn: true,
      limits: { maxTenants: null, maxUsers: null },
    });
    const h = await history();
    expect(h.records).toBe(2);
    expect(h.rows.map((x: { customer: string; active: boolean }) => [x.customer, x.active])).toEqual([
      ['Short Term Ltd', true],
      ['Northwind Trading', false],
    ]);
    const sorted = await c.post(Paths.listlicence, { page: 1, pageSize: 1, sortField: 'customer', sortOrder: 'ascend' });
    expect(sorted.body.data).toMatchObject({ records: 2, total: 2, lastPage: false });
    expect(sorted.body.data.rows[0].customer).toBe('Northwind Trading');
  });

  it('enforces the tenant limit when adding a tenant, leaving nothing behind', async () => {
    const before = (await c.post(Paths.getlicence, {})).body.data.row.usage.tenants;
    await c.post(Paths.activatelicence, { code: issue({ limits: { maxTenants: before + 1 } }) });
    expect((await c.post(Paths.addtenant, tenantBody())).body.result).toBe('1');
    const refused = tenantBody();
    c.language = 'EN_US';
    const r = await c.post(Paths.addtenant, refused);
    c.language = 'ZH_CN';
    expect(r.body.scode).toBe(LicenceCodes.LICENCE_TENANT_LIMIT);
    expect(r.body.msg).toBe(`The licence allows at most ${before + 1} tenants and ${before + 1} exist`);
    expect((await c.post(Paths.listtenant, { code: refused.code })).body.data.records).toBe(0);
    expect((await c.post(Paths.getlicence, {})).body.data.row.usage.tenants).toBe(before + 1);
  });

  it('enforces the user limit for additions, counting every tenant even from a tenant-scoped transaction', async () => {
    const tenantId = await createTenantRow(t.app, `U${randomUUID().slice(0, 6)}`);
    await createUserRow(t.app, { tenantId, username: 'counted1', password: 'Passw0rd!' });
    await createUserRow(t.app, { username: 'counted2', password: 'Passw0rd!' });
    const users = (await c.post(Paths.getlicence, {})).body.data.row.usage.users;
    expect(users).toBeGreaterThanOrEqual(2);
    await c.post(Paths.activatelicence, { code: issue({ limits: { maxUsers: users + 2 } }) });
    await inScope(db(), PLATFORM_SCOPE, (tx) => assertLicenceAllows(tx, 'users', 2));
    const tenantScope = { scope: 'tenant' as const, tenantId };
    const err = await inScope(db(), tenantScope, (tx) => assertLicenceAllows(tx, 'users', 3)).catch((e) => e);
    expect(err).toMatchObject({ code: LicenceCodes.LICENCE_USER_LIMIT, params: { limit: users + 2, count: users, adding: 3 } });
    // The scope is restored afterwards: the tenant-scoped transaction still sees only its own users.
    const seen = await inScope(db(), tenantScope, async (tx) => {
      await assertLicenceAllows(tx, 'users', 1);
      return tx.execute(sql`select current_setting('mp.scope', true) as scope`);
    });
    expect(JSON.stringify(seen)).toContain('"scope":"tenant"');
  });

  it('refuses additions once the licence in force has expired, until a new code is activated', async () => {
    // Time passes: the licence in force reaches its expiry.
    await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx
        .update(licences)
        .set({ expiresAt: new Date(Date.now() - DAY) })
        .where(eq(licences.active, true)),
    );
    const status = (await c.post(Paths.getlicence, {})).body.data.row;
    expect(status).toMatchObject({ state: 'expired', daysLeft: 0, warn: true });
    expect((await c.post(Paths.addtenant, tenantBody())).body.scode).toBe(LicenceCodes.LICENCE_EXPIRED);
    // Everything else keeps working: lists, and signing in.
    expect((await c.post(Paths.listtenant, {})).body.result).toBe('1');
    await c.post(Paths.activatelicence, { code: issue({ limits: {} }) });
    expect((await c.post(Paths.addtenant, tenantBody())).body.result).toBe('1');
  });

  it('refuses every licence call to a caller who is not a platform administrator', async () => {
    await createUserRow(t.app, { username: 'plainlic', password: 'Passw0rd!' });
    const plain = await t.client();
    await plain.signIn('plainlic', 'Passw0rd!');
    const before = (await history()).records;
    for (const [path, body] of [
      [Paths.getlicence, {}],
      [Paths.listlicence, {}],
      [Paths.activatelicence, { code: issue() }],
    ] as const) {
      expect((await plain.post(path, body)).body.scode).toBe(Codes.NO_PERMISSION);
    }
    expect((await history()).records).toBe(before);
  });
});

describe('trial end', () => {
  it('refuses additions after the 30-day trial of an unactivated system, and activation lifts it', async () => {
    const t2 = await testApp();
    try {
      const c2 = await t2.client();
      await c2.signIn('admin', ADMIN_PASSWORD);
      // Installed 31 days ago.
      await inScope(t2.app.database.db, PLATFORM_SCOPE, (tx) =>
        tx
          .update(tenants)
          .set({ createdAt: new Date(Date.now() - 31 * DAY) })
          .where(eq(tenants.id, DEFAULTS.tenantId)),
      );
      expect((await c2.post(Paths.getlicence, {})).body.data.row).toMatchObject({ state: 'trial_ended', daysLeft: 0, warn: true });
      const err = await inScope(t2.app.database.db, PLATFORM_SCOPE, (tx) => assertLicenceAllows(tx, 'tenants')).catch((e) => e);
      expect(err.code).toBe(LicenceCodes.LICENCE_TRIAL_ENDED);
      expect((await c2.post(Paths.activatelicence, { code: issue() })).body.data.row.state).toBe('active');
      await inScope(t2.app.database.db, PLATFORM_SCOPE, (tx) => assertLicenceAllows(tx, 'tenants'));
    } finally {
      await t2.close();
    }
  });
});
