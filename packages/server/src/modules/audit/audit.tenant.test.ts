import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import readXlsxFile from 'read-excel-file/node';
import { AUDIT_LOG_EXPORT_MAX, AuditLogCodes, Codes, LicenceCodes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

const PASSWORD = 'Passw0rd!x';
const DAY = 86_400_000;
const now = Date.now();
const range = (days = 7) => ({ startTime: new Date(now - days * DAY).toISOString(), endTime: new Date(now + 60_000).toISOString() });
let t: Awaited<ReturnType<typeof testApp>>;
let admin: GatewayClient;
let nora: GatewayClient;
const ids: Record<string, string> = {};

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  ids.north = await createTenantRow(t.app, 'anorth');
  ids.south = await createTenantRow(t.app, 'asouth');
  const noraId = await createUserRow(t.app, { username: 'nora', password: PASSWORD });
  const samId = await createUserRow(t.app, { tenantId: ids.south, username: 'sam', password: PASSWORD });
  ids.otto = await createUserRow(t.app, { tenantId: ids.north, username: 'otto', password: PASSWORD });
  // Real writes through the gateway: each records who, from where (the client address) and before/after.
  expect((await admin.post(Paths.savetenantadmin, { tenantId: ids.north, userIds: [noraId] })).body.result).toBe('1');
  expect((await admin.post(Paths.savetenantadmin, { tenantId: ids.south, userIds: [samId] })).body.result).toBe('1');
  // A known history of both tenants, and one entry 35 days back.
  const rows = [
    {
      tenantId: ids.north!,
      username: 'alice',
      userId: 'u-alice',
      action: 'user.add',
      entity: 'user',
      entityId: 'e1',
      at: new Date(now - 1 * DAY),
      after: { username: 'e1', passwordHash: '$argon2id$leak' },
    },
    {
      tenantId: ids.north!,
      username: 'Alice',
      userId: 'u-alice',
      action: 'user.edit',
      entity: 'user',
      entityId: 'e1',
      at: new Date(now - 2 * DAY),
      before: { name: 'a' },
      after: { name: 'b' },
      ip: '10.1.2.3',
    },
    { tenantId: ids.north!, username: 'bob', userId: 'u-bob', action: 'role.add', entity: 'role', entityId: 'r1', at: new Date(now - 3 * DAY) },
    { tenantId: ids.north!, username: 'alice', userId: 'u-alice', action: 'user.add', entity: 'user', entityId: 'e2', at: new Date(now - 35 * DAY) },
    { tenantId: ids.south!, username: 'sam', userId: 'u-sam', action: 'user.add', entity: 'user', entityId: 's1', at: new Date(now - 1 * DAY) },
    { tenantId: ids.south!, username: 'sam', userId: 'u-sam', action: 'role.add', entity: 'role', entityId: 's-r1', at: new Date(now - 1 * DAY) },
  ];
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(auditLog).values(rows.map((r) => ({ id: randomUUID(), ...r }))));
  nora = await as('nora', ids.north!);
});
afterAll(async () => {
  await t.close();
});

const list = (c: GatewayClient, body: Record<string, unknown>) => c.post(Paths.listtenantauditlog, { page: 1, pageSize: 50, ...body });
const records = async (c: GatewayClient, body: Record<string, unknown>) => (await list(c, { ...range(), ...body })).body.data.records as number;

describe('tenant audit log (listtenantauditlog)', () => {
  it("answers the tenant's own entries in the range, newest first, with who, when, from where and before/after", async () => {
    const r = await list(nora, range());
    expect(r.body.result).toBe('1');
    const rows = r.body.data.rows as { action: string; tenantId: string; ip: string; username: string }[];
    expect(rows.map((x) => x.action)).toEqual(['tenant.admins.save', 'user.add', 'user.edit', 'role.add']);
    expect(rows.every((x) => x.tenantId === ids.north)).toBe(true);
    // The gateway write names the platform administrator and the client address it came from.
    expect(rows[0]).toMatchObject({ username: 'admin', entity: 'tenant', entityId: ids.north });
    expect(rows[0]!.ip).not.toBe('');
    expect((rows[0] as unknown as { userAgent: string }).userAgent).not.toBe('');
    expect(r.body.data.rows[2]).toMatchObject({ username: 'Alice', ip: '10.1.2.3', before: { name: 'a' }, after: { name: 'b' }, tenantName: 'Tenant anorth' });
    expect(await records(nora, { startTime: new Date(now - 30 * DAY + 60_000).toISOString(), endTime: new Date(now + 60_000).toISOString() })).toBe(4);
  });

  it('never answers secrets: a password hash in an entry is masked', async () => {
    const r = await list(nora, { ...range(), action: 'user.add' });
    expect(r.body.data.rows[0].after).toEqual({ username: 'e1', passwordHash: '******' });
    expect(JSON.stringify(r.body)).not.toContain('argon2');
  });

  it('filters by user id, user name (any case), action, entity and entity id', async () => {
    expect(await records(nora, { userId: 'u-alice' })).toBe(2);
    expect(await records(nora, { username: 'ALICE' })).toBe(2);
    expect(await records(nora, { action: 'user.add' })).toBe(1);
    expect(await records(nora, { entity: 'role' })).toBe(1);
    expect(await records(nora, { entity: 'user', entityId: 'e1' })).toBe(2);
  });

  it('pages and sorts in SQL', async () => {
    const p1 = await list(nora, { ...range(), pageSize: 3, sortField: 'action', sortOrder: 'ascend' });
    expect(p1.body.data).toMatchObject({ page: 1, total: 2, records: 4, lastPage: false });
    expect(p1.body.data.rows.map((x: { action: string }) => x.action)).toEqual(['role.add', 'tenant.admins.save', 'user.add']);
    const p2 = await list(nora, { ...range(), pageSize: 3, page: 2, sortField: 'action', sortOrder: 'ascend' });
    expect(p2.body.data).toMatchObject({ page: 2, lastPage: true });
    expect(p2.body.data.rows.map((x: { action: string }) => x.action)).toEqual(['user.edit']);
    const oldest = await list(nora, { ...range(), pageSize: 1, sortField: 'at', sortOrder: 'ascend' });
    expect(oldest.body.data.rows[0].action).toBe('role.add');
  });

  it("shows a tenant administrator only their tenant's entries, whatever ids they ask for", async () => {
    expect(await records(nora, { userId: 'u-sam' })).toBe(0);
    expect(await records(nora, { username: 'sam' })).toBe(0);
    expect(await records(nora, { entityId: 's-r1' })).toBe(0);
    expect(await records(nora, { entityId: ids.south })).toBe(0);
    // The platform call's tenantId is not part of this body: it changes nothing.
    const other = await list(nora, { ...range(), tenantId: ids.south });
    expect(other.body.data.rows.every((x: { tenantId: string }) => x.tenantId === ids.north)).toBe(true);
    const sam = await as('sam', ids.south!);
    const r = await list(sam, range());
    expect(
      r.body.data.rows
        .filter((x: { action: string }) => x.action !== 'signin')
        .map((x: { entityId: string }) => x.entityId)
        .sort(),
    ).toEqual([ids.south, 's-r1', 's1'].sort());
  });

  it('requires a date range of at most 30 days with the start not after the end', async () => {
    nora.language = 'EN_US';
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, LicenceCodes.AUDIT_RANGE_REQUIRED, 'Please choose the date range of the log query'],
      [{ endTime: new Date(now).toISOString() }, LicenceCodes.AUDIT_RANGE_REQUIRED, 'Please choose the date range of the log query'],
      [{ startTime: 'last week', endTime: 'now' }, LicenceCodes.AUDIT_RANGE_INVALID, 'The date is not valid'],
      [
        { startTime: new Date(now).toISOString(), endTime: new Date(now - DAY).toISOString() },
        LicenceCodes.AUDIT_RANGE_ORDER,
        'The start time cannot be later than the end time',
      ],
      [
        { startTime: new Date(now - 30 * DAY - 1000).toISOString(), endTime: new Date(now).toISOString() },
        LicenceCodes.AUDIT_RANGE_TOO_LONG,
        'The date range of a log query cannot exceed 30 days',
      ],
    ];
    for (const [body, scode, msg] of cases) {
      expect((await list(nora, body)).body).toMatchObject({ result: '0', scode, msg });
      expect((await nora.post(Paths.exporttenantauditlog, body)).body).toMatchObject({ result: '0', scode, msg });
    }
    nora.language = 'JA_JP';
    expect((await list(nora, {})).body.msg).toBe('ログ検索の日付範囲を選択してください');
    nora.language = 'ZH_CN';
    expect((await list(nora, {})).body.msg).toBe('请选择日志查询的日期范围');
  });

  it("refuses a caller who is not the tenant's administrator (10009029001)", async () => {
    const sam = await as('sam', ids.north!);
    const otto = await as('otto', ids.north!);
    admin.tenantId = ids.north!;
    for (const c of [sam, otto, admin]) {
      expect((await list(c, range())).body.scode).toBe(Codes.NO_PERMISSION);
      expect((await c.post(Paths.exporttenantauditlog, range())).body.scode).toBe(Codes.NO_PERMISSION);
    }
    admin.tenantId = 'sys';
  });
});

describe('tenant audit log export (exporttenantauditlog)', () => {
  it("exports the filtered entries as .xlsx with headings and names in the request's language", async () => {
    nora.language = 'EN_US';
    const r = await nora.post(Paths.exporttenantauditlog, { ...range(), entity: 'user', sortField: 'at', sortOrder: 'ascend' });
    nora.language = 'ZH_CN';
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.xlsx"/);
    const [sheet] = await readXlsxFile(r.raw);
    const rows = sheet!.data;
    expect(rows[0]).toEqual(['Time', 'User name', 'Action', 'Object type', 'Object ID', 'Address', 'Request ID', 'Before', 'After']);
    expect(rows.slice(1).map((x) => [x[1], x[2], x[3], x[4]])).toEqual([
      ['Alice', 'Edit user', 'User', 'e1'],
      ['alice', 'Add user', 'User', 'e1'],
    ]);
    expect(rows[1]![5]).toBe('10.1.2.3');
    expect(JSON.parse(String(rows[1]![7]))).toEqual({ name: 'a' });
    expect(JSON.parse(String(rows[2]![8]))).toEqual({ username: 'e1', passwordHash: '******' });
    const zh = await nora.post(Paths.exporttenantauditlog, range());
    const [zhSheet] = await readXlsxFile(zh.raw);
    expect(zhSheet!.data[0]!.slice(0, 3)).toEqual(['时间', '用户名', '操作类型']);
    expect(zhSheet!.data.length).toBe(1 + (await records(nora, {})));
  });

  it(`refuses an export of more than ${AUDIT_LOG_EXPORT_MAX} entries with a clear message`, async () => {
    const at = new Date(now - 10 * DAY);
    await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      for (let i = 0; i <= AUDIT_LOG_EXPORT_MAX; i += 2000) {
        const n = Math.min(2000, AUDIT_LOG_EXPORT_MAX + 1 - i);
        await tx
          .insert(auditLog)
          .values(Array.from({ length: n }, () => ({ id: randomUUID(), tenantId: ids.north!, action: 'bulk.test', entity: 'user', at })));
      }
    });
    nora.language = 'EN_US';
    const r = await nora.post(Paths.exporttenantauditlog, { ...range(12), action: 'bulk.test' });
    nora.language = 'ZH_CN';
    expect(r.body).toMatchObject({ result: '0', scode: AuditLogCodes.EXPORT_TOO_MANY });
    expect(r.body.msg).toBe(
      `${AUDIT_LOG_EXPORT_MAX + 1} log entries match, but one export holds at most ${AUDIT_LOG_EXPORT_MAX}; narrow the date range or add filters`,
    );
    // Paging still answers them, and a narrower filter exports.
    expect(await records(nora, { ...range(12), action: 'bulk.test' })).toBe(AUDIT_LOG_EXPORT_MAX + 1);
    expect((await nora.post(Paths.exporttenantauditlog, { ...range(12), action: 'role.add' })).headers['content-type']).toContain('spreadsheetml');
  }, 60_000);
});
