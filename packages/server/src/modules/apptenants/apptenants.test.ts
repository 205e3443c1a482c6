import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppTenantCodes, Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, tenantProducts } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { mayUseApp } from '../oidc/accounts.js';
import { authoriseProduct, createProductRow, createRoleHolder } from './apptenants.fixtures.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
const ids: Record<string, string> = {};

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const x = await t.client();
  await x.signIn(username, PASSWORD);
  x.tenantId = tenant;
  x.language = 'EN_US';
  return x;
}
const rowsOf = (tenantId: string) =>
  inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(tenantProducts).where(eq(tenantProducts.tenantId, tenantId)));
const audits = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => (await tx.select().from(auditLog).where(eq(auditLog.entity, 'apptenant'))).length);
const names = (body: { data: { rows: { name: string }[] } }) => body.data.rows.map((r) => r.name);

beforeAll(async () => {
  t = await testApp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const code of ['east', 'west']) ids[code] = await createTenantRow(t.app, code);
  ids.nina = await createUserRow(t.app, { tenantId: ids.east, username: 'nina', password: PASSWORD });
  ids.walt = await createUserRow(t.app, { tenantId: ids.west, username: 'walt', password: PASSWORD });
  ids.reader = await createUserRow(t.app, { tenantId: ids.east, username: 'reader', password: PASSWORD });
  ids.nogrant = await createUserRow(t.app, { tenantId: ids.east, username: 'nogrant', password: PASSWORD });
  for (const [tenantId, userId] of [
    [ids.east, ids.nina],
    [ids.west, ids.walt],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds: [userId] })).body.result).toBe('1');
  }
  await createProductRow(t.app, 'p-crm', 'crm', 'Customer care');
  await createProductRow(t.app, 'p-erp', 'erp-x', 'Books');
  await createProductRow(t.app, 'p-hr', 'hr', 'People');
  await authoriseProduct(t.app, ids.east!, 'p-crm', { name: 'CRM', code: 'CRM' });
  await authoriseProduct(t.app, ids.east!, 'p-erp');
  await authoriseProduct(t.app, ids.east!, 'p-hr', { name: 'HR', code: 'HR1', status: 0 });
  await authoriseProduct(t.app, ids.west!, 'p-crm', { name: 'West CRM', code: 'WCRM' });
  await createRoleHolder(t.app, ids.east!, ids.reader!, 'r-reader', [], [Paths.listapptenant]);
  await createRoleHolder(t.app, ids.east!, ids.nogrant!, 'r-nogrant', [], [Paths.listorgmapping]);
  c = await as('nina', ids.east!);
});
afterAll(async () => {
  await t.close();
});

describe("app management: the tenant's application tenants (SPEC §3 Application tenant)", () => {
  it("lists the tenant's authorised products with its own names and codes, searched, filtered, sorted and paged in SQL", async () => {
    const list = await c.post(Paths.listapptenant, { page: 1, pageSize: 10 });
    expect(list.body.result).toBe('1');
    expect(names(list.body)).toEqual(['Books', 'CRM', 'HR']); // an empty own name falls back to the product's
    expect(list.body.data.rows[1]).toMatchObject({
      productId: 'p-crm',
      tenantId: ids.east,
      code: 'CRM',
      productName: 'Customer care',
      productCode: 'crm',
      version: '1.0',
      status: 1,
    });
    expect(list.body.data.rows[0]).toMatchObject({ code: '', productCode: 'erp-x' });
    expect(names((await c.post(Paths.listapptenant, { keyword: 'cr' })).body)).toEqual(['CRM']);
    expect(names((await c.post(Paths.listapptenant, { code: 'hr' })).body)).toEqual(['HR']);
    expect(names((await c.post(Paths.listapptenant, { status: 0 })).body)).toEqual(['HR']);
    const p2 = await c.post(Paths.listapptenant, { page: 2, pageSize: 2, sortField: 'name', sortOrder: 'descend' });
    expect(p2.body.data).toMatchObject({ page: 2, records: 3, total: 2, lastPage: true });
    expect(names(p2.body)).toEqual(['Books']);
    // the other tenant's own name of the same product never shows here
    expect(names((await c.post(Paths.listapptenant, { keyword: 'west' })).body)).toEqual([]);
  });

  it('renames and recodes an application tenant, audited with before and after', async () => {
    const r = await c.post(Paths.editapptenant, { productId: 'p-erp', name: ' Finance ', code: 'FIN2' });
    expect(r.body).toMatchObject({ result: '1', data: { productId: 'p-erp' } });
    const row = (await rowsOf(ids.east!)).find((x) => x.productId === 'p-erp');
    expect(row).toMatchObject({ name: 'Finance', code: 'FIN2' });
    const [entry] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'apptenant.edit'), eq(auditLog.entityId, 'p-erp'))),
    );
    expect(entry).toMatchObject({ tenantId: ids.east, username: 'nina', before: { name: 'Books', code: '' }, after: { name: 'Finance', code: 'FIN2' } });
    // the same code in another tenant is fine; the tenant's own code may stay
    expect((await c.post(Paths.editapptenant, { productId: 'p-crm', name: 'CRM', code: 'wcrm' })).body.result).toBe('1');
    expect((await c.post(Paths.editapptenant, { productId: 'p-crm', name: 'CRM', code: 'CRM' })).body.result).toBe('1');
  });

  it('refuses each rule with a localised message, changing nothing', async () => {
    const before = JSON.stringify(await rowsOf(ids.east!));
    const auditsBefore = await audits();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: ' ' }, Codes.REQUIRED, 'Please enter name'],
      [{ name: 'x'.repeat(51) }, Codes.TOO_LONG],
      [{ name: '<script>alert(1)</script>' }, Codes.SCRIPT_TAG],
      [{ code: '' }, Codes.REQUIRED],
      [{ code: 'CR-M' }, AppTenantCodes.CODE_PATTERN, 'The application tenant code must consist of letters and numbers'],
      [{ code: 'crm 2' }, AppTenantCodes.CODE_PATTERN],
      [{ code: 'x'.repeat(21) }, Codes.TOO_LONG],
      [{ code: 'hr1' }, AppTenantCodes.CODE_IN_USE, 'The application tenant code "hr1" is already used in this tenant'],
      [{ productId: 'p-unknown' }, AppTenantCodes.NOT_FOUND],
    ];
    for (const [patch, scode, msg] of cases) {
      const r = await c.post(Paths.editapptenant, { productId: 'p-crm', name: 'CRM', code: 'CRM', ...patch });
      expect(r.body.scode, JSON.stringify(patch)).toBe(scode);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect(JSON.stringify(await rowsOf(ids.east!))).toBe(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it("disables and enables application tenants: a disabled one keeps its row but the tenant's users cannot sign in to the app", async () => {
    const user = { id: ids.nina!, tenantId: ids.east! };
    const may = () => inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => mayUseApp(tx, user, 'p-crm'));
    expect(await may()).toBe(true);
    expect((await c.post(Paths.statusapptenant, { productIds: ['p-crm'], status: 0 })).body).toMatchObject({ result: '1', data: { count: 1 } });
    expect(await may()).toBe(false);
    expect((await c.post(Paths.listapptenant, { keyword: 'crm' })).body.data.rows[0].status).toBe(0);
    // all or nothing: an unknown id (or another tenant's) changes none
    const r = await c.post(Paths.statusapptenant, { productIds: ['p-crm', 'p-nowhere'], status: 1 });
    expect(r.body.scode).toBe(AppTenantCodes.NOT_FOUND);
    expect(await may()).toBe(false);
    expect((await c.post(Paths.statusapptenant, { productIds: ['p-crm', 'p-hr'], status: 1 })).body.data.count).toBe(2);
    expect(await may()).toBe(true);
  });

  it("refuses callers without the API grant, other tenants' administrators and the platform administrator", async () => {
    const reader = await as('reader', ids.east!);
    expect((await reader.post(Paths.listapptenant, {})).body.data.records).toBe(3);
    expect((await reader.post(Paths.editapptenant, { productId: 'p-crm', name: 'X', code: 'X1' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await reader.post(Paths.statusapptenant, { productIds: ['p-crm'], status: 0 })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await as('nogrant', ids.east!)).post(Paths.listapptenant, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await as('walt', ids.east!)).post(Paths.listapptenant, {})).body.scode).toBe(Codes.NO_PERMISSION);
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    admin.tenantId = ids.east!;
    expect((await admin.post(Paths.listapptenant, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rowsOf(ids.east!)).find((x) => x.productId === 'p-crm')).toMatchObject({ name: 'CRM', code: 'CRM', status: 1 });
  });

  it("treats another tenant's application tenants as not found, changing nothing", async () => {
    const walt = await as('walt', ids.west!);
    expect((await walt.post(Paths.listapptenant, {})).body.data.rows.map((r: { name: string }) => r.name)).toEqual(['West CRM']);
    // p-erp is authorised for east only
    expect((await walt.post(Paths.editapptenant, { productId: 'p-erp', name: 'Mine', code: 'MINE' })).body.scode).toBe(AppTenantCodes.NOT_FOUND);
    expect((await walt.post(Paths.statusapptenant, { productIds: ['p-erp'], status: 0 })).body.scode).toBe(AppTenantCodes.NOT_FOUND);
    expect((await rowsOf(ids.east!)).find((x) => x.productId === 'p-erp')).toMatchObject({ name: 'Finance', code: 'FIN2', status: 1 });
    // editing its own p-crm leaves east's p-crm alone
    expect((await walt.post(Paths.editapptenant, { productId: 'p-crm', name: 'W', code: 'CRM' })).body.result).toBe('1');
    expect((await rowsOf(ids.east!)).find((x) => x.productId === 'p-crm')).toMatchObject({ name: 'CRM', code: 'CRM' });
  });
});
