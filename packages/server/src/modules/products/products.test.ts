import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import { eq } from 'drizzle-orm';
import { Codes, Paths, ProductCodes } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { auditLog, products, tenantProducts, userIdentities } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let seq = 0;

const valid = () => ({
  code: `prod_${++seq}_${Math.random().toString(36).slice(2, 6)}`,
  name: `Portal ${seq}`,
  abbreviation: 'Portal',
  version: 'V1.0.0',
  status: 1 as const,
  callbackUrl: 'https://portal.example.com/callback',
  department: 'R&D',
  ownerName: 'Li Lei',
  ownerEmail: 'lilei@example.com',
  ownerPhone: '13800138000',
  opsOwner: 'Han Meimei',
});

/** Valid values of exactly the maximum length, for fields with a format. */
const AT_MAX: Record<string, string> = {
  callbackUrl: `https://x.example.com/${'p'.repeat(200 - 22)}`,
  ownerEmail: `${'m'.repeat(100 - 12)}@example.com`,
  ownerPhone: '+86 (010) 6234-56789',
};

const count = async () => (await t.app.database.db.select().from(products)).length;

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('product management API', () => {
  it('creates, reads, edits, disables and deletes a product, with its administrators', async () => {
    const tenant = await createTenantRow(t.app, 'prodadm');
    const u1 = await createUserRow(t.app, { tenantId: tenant, username: 'zoe', password: 'Passw0rd!' });
    const u2 = await createUserRow(t.app, { username: 'adam', password: 'Passw0rd!' });
    const body = { ...valid(), description: 'The portal', adminIds: [u1, u2] };
    const add = await c.post(Paths.addproduct, body);
    expect(add.body.result).toBe('1');
    const row = add.body.data.row;
    expect(row).toMatchObject({ code: body.code, name: body.name, version: 'V1.0.0', status: 1, builtIn: false, creator: 'admin', logoUrl: '' });
    expect(row.admins.map((a: { username: string }) => a.username)).toEqual(['adam', 'zoe']);
    expect(row.admins[1]).toEqual({ id: u1, username: 'zoe', employeeName: '', tenantId: tenant, tenantName: 'Tenant prodadm', status: 1 });
    const got = (await c.post(Paths.getproduct, { id: row.id })).body.data.row;
    expect(got).toEqual(row);
    const edit = await c.post(Paths.editproduct, { ...body, id: row.id, name: 'Portal renamed', code: 'ignored', builtIn: true, adminIds: [u2] });
    expect(edit.body.data.row).toMatchObject({ name: 'Portal renamed', code: body.code, builtIn: false });
    expect(edit.body.data.row.admins.map((a: { id: string }) => a.id)).toEqual([u2]);
    expect((await c.post(Paths.statusproduct, { ids: [row.id], status: 0 })).body.data.count).toBe(1);
    expect((await c.post(Paths.getproduct, { id: row.id })).body.data.row.status).toBe(0);
    expect((await c.post(Paths.deleteproduct, { ids: [row.id] })).body.data.count).toBe(1);
    expect((await c.post(Paths.getproduct, { id: row.id })).body.scode).toBe(ProductCodes.NOT_FOUND);
  });

  it('gives a product administrator the application-administrator identity, live, and takes it back with the last product', async () => {
    const tenant = await createTenantRow(t.app, 'appadm');
    const uid = await createUserRow(t.app, { tenantId: tenant, username: 'ada', password: 'Passw0rd!x', identities: [1] });
    const ada = await t.client();
    await ada.signIn('ada', 'Passw0rd!x');
    const identitiesOf = async () =>
      (await t.app.database.db.select().from(userIdentities).where(eq(userIdentities.userId, uid))).map((r) => r.identity).sort();
    const mine = async () => ada.post(Paths.listmyapp, {});
    expect((await mine()).body.scode).toBe(Codes.NO_PERMISSION);
    const one = (await c.post(Paths.addproduct, { ...valid(), code: 'AppOne', name: 'App one', adminIds: [uid] })).body.data.row;
    const two = (await c.post(Paths.addproduct, { ...valid(), code: 'AppTwo', name: 'App two', adminIds: [uid] })).body.data.row;
    expect(await identitiesOf()).toEqual([1, 2]);
    // the signed-in session has the new identity at once: the workbench lists both apps
    expect((await mine()).body.data.rows.map((r: { code: string }) => r.code).sort()).toEqual(['AppOne', 'AppTwo']);
    await c.post(Paths.editproduct, { ...valid(), id: one.id, code: 'AppOne', name: 'App one', adminIds: [] });
    expect(await identitiesOf()).toEqual([1, 2]);
    await c.post(Paths.deleteproduct, { ids: [two.id] });
    expect(await identitiesOf()).toEqual([1]);
    expect((await mine()).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('pages, searches, filters and sorts in SQL', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await c.post(Paths.addproduct, {
        ...valid(),
        code: `Paged_${String(i).padStart(2, '0')}`,
        name: `Paging ${String(i).padStart(2, '0')}`,
        status: i < 3 ? 0 : 1,
      });
      expect(r.body.result).toBe('1');
    }
    const p1 = await c.post(Paths.listproduct, { page: 1, pageSize: 5, keyword: 'paging', sortField: 'name', sortOrder: 'ascend' });
    expect(p1.body.data).toMatchObject({ page: 1, total: 3, records: 12, lastPage: false });
    expect(p1.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paging 00', 'Paging 01', 'Paging 02', 'Paging 03', 'Paging 04']);
    const p3 = await c.post(Paths.listproduct, { page: 3, pageSize: 5, keyword: 'paging', sortField: 'code', sortOrder: 'descend' });
    expect(p3.body.data).toMatchObject({ page: 3, records: 12, lastPage: true });
    expect(p3.body.data.rows.map((r: { code: string }) => r.code)).toEqual(['Paged_01', 'Paged_00']);
    expect((await c.post(Paths.listproduct, { page: 1, pageSize: 50, code: 'paged_1' })).body.data.records).toBe(2);
    expect((await c.post(Paths.listproduct, { page: 1, pageSize: 50, name: 'paging', status: 0 })).body.data.records).toBe(3);
    expect((await c.post(Paths.listproduct, { page: 1, pageSize: 50, keyword: '%' })).body.data.records).toBe(0);
  });

  it('requires every field SPEC §5 names, with a localised message, and writes nothing', async () => {
    const before = await count();
    c.language = 'EN_US';
    const labels: Record<string, string> = {
      name: 'name',
      code: 'code',
      abbreviation: 'abbreviation',
      version: 'version',
      callbackUrl: 'callback address',
      department: 'production department',
      ownerName: 'person in charge',
      ownerEmail: 'e-mail of the person in charge',
      ownerPhone: 'telephone of the person in charge',
      opsOwner: 'operations person in charge',
    };
    for (const [field, label] of Object.entries(labels)) {
      const r = await c.post(Paths.addproduct, { ...valid(), [field]: '  ' });
      expect(r.body, field).toMatchObject({ result: '0', scode: Codes.REQUIRED, msg: `Please enter ${label}` });
    }
    const { status: _s, ...noStatus } = valid();
    expect((await c.post(Paths.addproduct, noStatus)).status).toBe(400);
    c.language = 'ZH_CN';
    expect(await count()).toBe(before);
  });

  it('checks the code pattern, the e-mail, telephone, callback address, version and lengths', async () => {
    const before = await count();
    c.language = 'EN_US';
    const cases: [Record<string, string>, string, string?][] = [
      [{ code: 'bad-code!' }, ProductCodes.CODE_PATTERN, 'The product code must consist of letters, numbers and underscores'],
      [{ code: '产品' }, ProductCodes.CODE_PATTERN],
      [{ ownerEmail: 'not-an-email' }, ProductCodes.EMAIL_INVALID, 'Please enter a valid e-mail address of the person in charge'],
      [{ ownerEmail: 'a@b' }, ProductCodes.EMAIL_INVALID],
      [{ ownerPhone: '12ab' }, ProductCodes.PHONE_INVALID, 'Please enter a valid telephone number of the person in charge'],
      [{ ownerPhone: '123' }, ProductCodes.PHONE_INVALID],
      [{ callbackUrl: 'ftp://x.example.com' }, ProductCodes.URL_INVALID],
      [{ callbackUrl: 'javascript:alert(1)' }, ProductCodes.URL_INVALID],
      [{ version: '1.0 beta' }, ProductCodes.VERSION_PATTERN],
      [{ description: '<script>alert(1)</script>' }, Codes.SCRIPT_TAG],
      [{ logo: 'no-such-file' }, Codes.FILE_NOT_FOUND],
    ];
    for (const [patch, scode, msg] of cases) {
      const r = await c.post(Paths.addproduct, { ...valid(), ...patch });
      expect(r.body.scode, JSON.stringify(patch)).toBe(scode);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    // Lengths are part of the wire schema (PRODUCT_RULES): over the limit answers 400 naming the field.
    for (const [field, max] of [
      ['name', 50],
      ['code', 50],
      ['abbreviation', 20],
      ['version', 20],
      ['callbackUrl', 200],
      ['department', 50],
      ['ownerName', 50],
      ['ownerEmail', 100],
      ['ownerPhone', 20],
      ['opsOwner', 50],
      ['description', 200],
    ] as const) {
      const r = await c.post(Paths.addproduct, { ...valid(), [field]: 'x'.repeat(max + 1) });
      expect(r.status, field).toBe(400);
      expect(r.body.data.errors[0].field, field).toBe(field);
      const atMax = await c.post(Paths.addproduct, { ...valid(), [field]: AT_MAX[field] ?? 'x'.repeat(max) });
      expect(atMax.body.result, field).toBe('1');
    }
    for (const phone of ['010-62345678', '+86 138 0013 8000', '(0571) 8888-6666', '0755-12345678-123']) {
      const r = await c.post(Paths.addproduct, { ...valid(), ownerPhone: phone });
      expect(r.body.result, phone).toBe('1');
    }
    c.language = 'ZH_CN';
    expect(await count()).toBe(before + 4 + 11);
  });

  it('keeps the product code unique, case-insensitively', async () => {
    const first = valid();
    expect((await c.post(Paths.addproduct, first)).body.result).toBe('1');
    c.language = 'JA_JP';
    const again = await c.post(Paths.addproduct, { ...valid(), code: first.code.toUpperCase() });
    expect(again.body.scode).toBe(ProductCodes.CODE_IN_USE);
    expect(again.body.msg).toContain(first.code.toUpperCase());
    c.language = 'ZH_CN';
  });

  it('refuses unknown or disabled administrators, changing nothing', async () => {
    const off = await createUserRow(t.app, { username: 'offuser', password: 'Passw0rd!' });
    const { users } = await import('../../db/schema/index.js');
    await t.app.database.db.update(users).set({ status: 0 }).where(eq(users.id, off));
    const before = await count();
    expect((await c.post(Paths.addproduct, { ...valid(), adminIds: ['nobody'] })).body.scode).toBe(ProductCodes.ADMIN_NOT_FOUND);
    expect((await c.post(Paths.addproduct, { ...valid(), adminIds: [off] })).body.scode).toBe(ProductCodes.ADMIN_NOT_FOUND);
    expect(await count()).toBe(before);
  });

  it('never deletes a built-in product, nor one authorised to a tenant, and deletes none of such a batch', async () => {
    c.language = 'EN_US';
    const builtIn = (await c.post(Paths.addproduct, { ...valid(), name: 'Core console', builtIn: true })).body.data.row;
    expect(builtIn.builtIn).toBe(true);
    const plain = (await c.post(Paths.addproduct, valid())).body.data.row;
    const r = await c.post(Paths.deleteproduct, { ids: [plain.id, builtIn.id] });
    expect(r.body).toMatchObject({ scode: ProductCodes.BUILT_IN, msg: 'The built-in product "Core console" cannot be deleted' });
    expect((await c.post(Paths.getproduct, { id: plain.id })).body.result).toBe('1');
    // Editing cannot switch the flag off.
    await c.post(Paths.editproduct, { ...valid(), id: builtIn.id, builtIn: false });
    expect((await c.post(Paths.getproduct, { id: builtIn.id })).body.data.row.builtIn).toBe(true);

    const tenant = await createTenantRow(t.app, 'usesprod');
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(tenantProducts).values({ tenantId: tenant, productId: plain.id, version: 'V1.0.0' }));
    const used = await c.post(Paths.deleteproduct, { ids: [plain.id] });
    expect(used.body.scode).toBe(ProductCodes.IN_USE);
    expect(used.body.msg).toContain('1 tenant');
    c.language = 'ZH_CN';
    expect((await c.post(Paths.deleteproduct, { ids: ['nope'] })).body.scode).toBe(ProductCodes.NOT_FOUND);
  });

  it('searches administrator candidates across tenants by user name or employee name, without secrets', async () => {
    const tenant = await createTenantRow(t.app, 'candid');
    await createUserRow(t.app, { tenantId: tenant, username: 'cand.alpha', password: 'Passw0rd!' });
    await createUserRow(t.app, { username: 'cand.beta', password: 'Passw0rd!' });
    const { users } = await import('../../db/schema/index.js');
    await t.app.database.db.update(users).set({ employeeName: '候选人甲' }).where(eq(users.username, 'cand.alpha'));
    const r = await c.post(Paths.listproductadmincandidate, { keyword: 'CAND.', page: 1, pageSize: 1 });
    expect(r.body.data).toMatchObject({ records: 2, total: 2, page: 1 });
    expect(Object.keys(r.body.data.rows[0]).sort()).toEqual(['employeeName', 'id', 'status', 'tenantId', 'tenantName', 'username']);
    expect(r.body.data.rows[0]).toMatchObject({ username: 'cand.alpha', tenantName: 'Tenant candid' });
    const byName = await c.post(Paths.listproductadmincandidate, { keyword: '候选人' });
    expect(byName.body.data.rows.map((u: { username: string }) => u.username)).toEqual(['cand.alpha']);
    expect(JSON.stringify(byName.body)).not.toMatch(/argon|hash/i);
  });

  it('exports the filtered products to an Excel file with localised headings', async () => {
    c.language = 'EN_US';
    const r = await c.post(Paths.exportproduct, { keyword: 'paging', sortField: 'name', sortOrder: 'ascend' });
    c.language = 'ZH_CN';
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="products-.*\.xlsx"/);
    const sheet = await readXlsxFile(r.raw);
    const rows = (Array.isArray(sheet[0]) ? sheet : (sheet as unknown as { data: unknown[][] }[])[0]!.data) as unknown[][];
    expect(rows[0]!.slice(0, 4)).toEqual(['Product code', 'Product name', 'Abbreviation', 'Version']);
    expect(rows.length).toBe(13);
    expect(rows[1]!.slice(0, 2)).toEqual(['Paged_00', 'Paging 00']);
    expect(rows[1]![4]).toBe('Disabled');
  });

  it('refuses every call to a caller who is not a platform administrator', async () => {
    await createUserRow(t.app, { username: 'plainuser', password: 'Passw0rd!', identities: [1, 3] });
    const u = await t.client();
    await u.signIn('plainuser', 'Passw0rd!');
    const before = await count();
    const calls: [string, unknown][] = [
      [Paths.listproduct, {}],
      [Paths.getproduct, { id: 'x' }],
      [Paths.addproduct, valid()],
      [Paths.editproduct, { ...valid(), id: 'x' }],
      [Paths.deleteproduct, { ids: ['x'] }],
      [Paths.statusproduct, { ids: ['x'], status: 0 }],
      [Paths.exportproduct, {}],
      [Paths.listproductadmincandidate, {}],
    ];
    for (const [path, body] of calls) expect((await u.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
    expect(await count()).toBe(before);
  });

  it('writes an audit entry for each change, with before and after', async () => {
    const rows = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'product.edit'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ username: 'admin', entity: 'product', tenantId: 'sys' });
    expect((rows[0]!.before as { name: string }).name).toMatch(/^Portal/);
    expect((rows[0]!.after as { name: string }).name).toBe('Portal renamed');
    for (const action of ['product.add', 'product.delete', 'product.disable']) {
      expect((await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, action))).length, action).toBeGreaterThan(0);
    }
  });
});
