import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Codes, LicenceCodes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

const DAY = 86_400_000;
let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let tenantA: string;
const now = Date.now();
const range = (days = 7) => ({ startTime: new Date(now - days * DAY).toISOString(), endTime: new Date(now + 60_000).toISOString() });

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  tenantA = await createTenantRow(t.app, 'auditA');
  // A known history: entries of two tenants, several actions and users, spread over 40 days.
  const rows = [
    { tenantId: tenantA, username: 'alice', userId: 'u-alice', action: 'user.add', entity: 'user', entityId: 'e1', at: new Date(now - 1 * DAY) },
    {
      tenantId: tenantA,
      username: 'Alice',
      userId: 'u-alice',
      action: 'user.edit',
      entity: 'user',
      entityId: 'e1',
      at: new Date(now - 2 * DAY),
      before: { name: 'a' },
      after: { name: 'b' },
    },
    { tenantId: tenantA, username: 'bob', userId: 'u-bob', action: 'role.add', entity: 'role', entityId: 'r1', at: new Date(now - 3 * DAY) },
    { tenantId: 'sys', username: 'carol', userId: 'u-carol', action: 'tenant.add', entity: 'tenant', entityId: 't9', at: new Date(now - 4 * DAY) },
    { tenantId: tenantA, username: 'alice', userId: 'u-alice', action: 'user.add', entity: 'user', entityId: 'e2', at: new Date(now - 35 * DAY) },
  ];
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(auditLog).values(rows.map((r) => ({ id: randomUUID(), ...r }))));
});
afterAll(async () => {
  await t.close();
});

const list = (body: Record<string, unknown>) => c.post(Paths.listauditlog, { page: 1, pageSize: 50, ...body });

describe('audit log read API', () => {
  it('answers the entries inside the date range, newest first, with the tenant name and before/after', async () => {
    const r = await list({ ...range(), tenantId: tenantA });
    expect(r.body.result).toBe('1');
    expect(r.body.data.records).toBe(3);
    expect(r.body.data.rows.map((x: { action: string }) => x.action)).toEqual(['user.add', 'user.edit', 'role.add']);
    expect(r.body.data.rows[1]).toMatchObject({
      tenantId: tenantA,
      tenantName: 'Tenant auditA',
      username: 'Alice',
      before: { name: 'a' },
      after: { name: 'b' },
    });
    // The entry 35 days back is outside a 30-day range ending now.
    expect((await list({ startTime: new Date(now - 30 * DAY).toISOString(), endTime: new Date(now).toISOString(), tenantId: tenantA })).body.data.records).toBe(
      3,
    );
  });

  it('filters by tenant, user id, user name (any case), action, entity and entity id', async () => {
    const n = async (f: Record<string, unknown>) => (await list({ ...range(), ...f })).body.data.records;
    expect(await n({ userId: 'u-alice' })).toBe(2);
    expect(await n({ username: 'ALICE' })).toBe(2);
    expect(await n({ action: 'user.add' })).toBe(1);
    expect(await n({ entity: 'role' })).toBe(1);
    expect(await n({ entity: 'user', entityId: 'e1' })).toBe(2);
    expect(await n({ tenantId: 'sys', action: 'tenant.add' })).toBe(1);
    expect(await n({ tenantId: tenantA, entity: 'tenant' })).toBe(0);
  });

  it('pages and sorts in SQL', async () => {
    const p1 = await list({ ...range(), tenantId: tenantA, pageSize: 2, sortField: 'action', sortOrder: 'ascend' });
    expect(p1.body.data).toMatchObject({ page: 1, total: 2, records: 3, lastPage: false });
    expect(p1.body.data.rows.map((x: { action: string }) => x.action)).toEqual(['role.add', 'user.add']);
    const p2 = await list({ ...range(), tenantId: tenantA, pageSize: 2, page: 2, sortField: 'action', sortOrder: 'ascend' });
    expect(p2.body.data.rows.map((x: { action: string }) => x.action)).toEqual(['user.edit']);
    expect(p2.body.data.lastPage).toBe(true);
  });

  it('records the sign-ins and tenant changes made through the gateway', async () => {
    const r = await list({ ...range(1), username: 'admin', action: 'signin' });
    expect(r.body.data.records).toBeGreaterThanOrEqual(1);
  });

  it('requires a date range of at most 30 days with the start not after the end', async () => {
    c.language = 'EN_US';
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, LicenceCodes.AUDIT_RANGE_REQUIRED, 'Please choose the date range of the log query'],
      [{ startTime: new Date(now - DAY).toISOString() }, LicenceCodes.AUDIT_RANGE_REQUIRED, 'Please choose the date range of the log query'],
      [{ startTime: 'yesterday', endTime: 'today' }, LicenceCodes.AUDIT_RANGE_INVALID, 'The date is not valid'],
      [
        { startTime: new Date(now).toISOString(), endTime: new Date(now - DAY).toISOString() },
        LicenceCodes.AUDIT_RANGE_ORDER,
        'The start time cannot be later than the end time',
      ],
      [
        { startTime: new Date(now - 30 * DAY - 1).toISOString(), endTime: new Date(now).toISOString() },
        LicenceCodes.AUDIT_RANGE_TOO_LONG,
        'The date range of a log query cannot exceed 30 days',
      ],
    ];
    for (const [body, scode, msg] of cases) {
      const r = await list(body);
      expect(r.body).toMatchObject({ result: '0', scode, msg });
    }
    c.language = 'ZH_CN';
    expect((await list({ startTime: new Date(now - 30 * DAY).toISOString(), endTime: new Date(now).toISOString() })).body.result).toBe('1');
  });

  it('refuses a caller who is not a platform administrator', async () => {
    await createUserRow(t.app, { username: 'plainaudit', password: 'Passw0rd!' });
    const plain = await t.client();
    await plain.signIn('plainaudit', 'Passw0rd!');
    expect((await plain.post(Paths.listauditlog, range())).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
