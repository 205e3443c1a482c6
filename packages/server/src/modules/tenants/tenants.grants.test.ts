import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, Paths, ProductCodes, TenantGrantCodes } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { auditLog, tenantProducts, userIdentities, users } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let seq = 0;

const product = (patch: Record<string, unknown> = {}) => ({
  code: `tp_${++seq}`,
  name: `Product ${String(seq).padStart(2, '0')}`,
  abbreviation: 'P',
  version: `V${seq}.0`,
  status: 1 as const,
  callbackUrl: 'https://app.example.com/cb',
  department: 'R&D',
  ownerName: 'Li',
  ownerEmail: 'li@example.com',
  ownerPhone: '13800138000',
  opsOwner: 'Wang',
  ...patch,
});
async function addProduct(patch: Record<string, unknown> = {}) {
  const r = await c.post(Paths.addproduct, product(patch));
  expect(r.body.result).toBe('1');
  return r.body.data.row as { id: string; code: string; version: string; name: string };
}
const authorisedOf = async (tenantId: string) =>
  (await t.app.database.db.select().from(tenantProducts).where(eq(tenantProducts.tenantId, tenantId))).map((r) => `${r.productId}@${r.version}`).sort();
const adminIdsOf = async (tenantId: string) =>
  (
    await t.app.database.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.tenantId, tenantId), eq(userIdentities.identity, 3)))
  )
    .map((r) => r.userId)
    .sort();

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('product authorisation of a tenant', () => {
  it("lists enabled products with the tenant's authorisation, saves the whole set and lists it ticked", async () => {
    const tenant = await createTenantRow(t.app, 'auth1');
    const a = await addProduct();
    const b = await addProduct();
    await addProduct({ status: 0 }); // disabled, never authorised: not offered
    const empty = await c.post(Paths.listtenantproduct, { tenantId: tenant, page: 1, pageSize: 50 });
    expect(empty.body.data.authorised).toEqual([]);
    expect(empty.body.data.records).toBe(2);
    expect(empty.body.data.rows[0]).toMatchObject({ productId: a.id, authorised: false, authorisedVersion: '', version: a.version, status: 1 });

    const save = await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: b.id, version: 'V9.1' }] });
    expect(save.body).toMatchObject({ result: '1', data: { count: 1 } });
    const after = await c.post(Paths.listtenantproduct, { tenantId: tenant, page: 1, pageSize: 1 });
    expect(after.body.data).toMatchObject({ records: 2, total: 2, authorised: [{ productId: b.id, version: 'V9.1' }] });
    expect(after.body.data.rows[0]).toMatchObject({ productId: b.id, authorised: true, authorisedVersion: 'V9.1' });
    // the application tenant it creates records who authorised it (the tenant's app management shows it)
    const [row] = await t.app.database.db
      .select()
      .from(tenantProducts)
      .where(and(eq(tenantProducts.tenantId, tenant), eq(tenantProducts.productId, b.id)));
    expect(row!.creator).toBe('admin');

    // Replacing: a in, b out.
    await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: a.id, version: a.version }] });
    expect(await authorisedOf(tenant)).toEqual([`${a.id}@${a.version}`]);
    const search = await c.post(Paths.listtenantproduct, { tenantId: tenant, keyword: b.code });
    expect(search.body.data.rows.map((r: { productId: string }) => r.productId)).toEqual([b.id]);
    await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [] });
    expect(await authorisedOf(tenant)).toEqual([]);
  });

  it('authorises only enabled products, but keeps one disabled after its authorisation', async () => {
    const tenant = await createTenantRow(t.app, 'auth2');
    const p = await addProduct();
    await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: p.id, version: p.version }] });
    await c.post(Paths.statusproduct, { ids: [p.id], status: 0 });
    const listed = await c.post(Paths.listtenantproduct, { tenantId: tenant });
    expect(listed.body.data.rows.find((r: { productId: string }) => r.productId === p.id)).toMatchObject({ status: 0, authorised: true });
    expect((await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: p.id, version: p.version }] })).body.result).toBe('1');
    c.language = 'EN_US';
    const changed = await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: p.id, version: 'V7' }] });
    expect(changed.body).toMatchObject({ scode: ProductCodes.NOT_ENABLED, msg: `The product "${p.name}" is disabled and cannot be authorised` });
    const other = await createTenantRow(t.app, 'auth2b');
    expect((await c.post(Paths.savetenantproduct, { tenantId: other, products: [{ productId: p.id, version: p.version }] })).body.scode).toBe(
      ProductCodes.NOT_ENABLED,
    );
    c.language = 'ZH_CN';
    expect(await authorisedOf(tenant)).toEqual([`${p.id}@${p.version}`]);
    expect(await authorisedOf(other)).toEqual([]);
  });

  it('changes nothing when one item fails: unknown product, bad or missing version, duplicate, unknown tenant', async () => {
    const tenant = await createTenantRow(t.app, 'auth3');
    const a = await addProduct();
    const b = await addProduct();
    await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: a.id, version: 'V1' }] });
    const cases: [unknown[], string][] = [
      [
        [
          { productId: b.id, version: 'V2' },
          { productId: 'no-such-product', version: 'V1' },
        ],
        ProductCodes.NOT_FOUND,
      ],
      [[{ productId: b.id, version: 'V 2' }], ProductCodes.VERSION_PATTERN],
      [[{ productId: b.id, version: ' ' }], Codes.REQUIRED],
      [
        [
          { productId: b.id, version: 'V2' },
          { productId: b.id, version: 'V3' },
        ],
        TenantGrantCodes.PRODUCT_DUPLICATE,
      ],
    ];
    for (const [products, scode] of cases) {
      expect((await c.post(Paths.savetenantproduct, { tenantId: tenant, products })).body.scode).toBe(scode);
      expect(await authorisedOf(tenant)).toEqual([`${a.id}@V1`]);
    }
    expect((await c.post(Paths.savetenantproduct, { tenantId: 'nope', products: [] })).body.scode).toBe(Codes.TENANT_NOT_FOUND);
    expect((await c.post(Paths.listtenantproduct, { tenantId: 'nope' })).body.scode).toBe(Codes.TENANT_NOT_FOUND);
  });

  it('configures a disabled tenant and audits the change with before and after', async () => {
    const tenant = await createTenantRow(t.app, 'auth4');
    await c.post(Paths.statustenant, { ids: [tenant], status: 0 });
    const p = await addProduct();
    expect((await c.post(Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: p.id, version: 'V5' }] })).body.result).toBe('1');
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tenant.products.save'), eq(auditLog.entityId, tenant)));
    expect(entry).toMatchObject({ username: 'admin', tenantId: tenant, before: [], after: [{ productId: p.id, version: 'V5', code: p.code }] });
  });
});

describe('set administrator of a tenant', () => {
  it('gives the chosen users the tenant-admin identity for that tenant, and takes it away from the others', async () => {
    const tenant = await createTenantRow(t.app, 'adm1');
    const u1 = await createUserRow(t.app, { tenantId: tenant, username: 'adm1.alice', password: 'Passw0rd!' });
    const u2 = await createUserRow(t.app, { tenantId: tenant, username: 'adm1.bob', password: 'Passw0rd!' });
    const staff = await createUserRow(t.app, { username: 'platform.staff', password: 'Passw0rd!' });
    const save = await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [u1, staff] });
    expect(save.body.data.rows.map((u: { username: string }) => u.username)).toEqual(['adm1.alice', 'platform.staff']);
    expect(await adminIdsOf(tenant)).toEqual([u1, staff].sort());
    const list = await c.post(Paths.listtenantadmin, { tenantId: tenant });
    expect(list.body.data.rows[0]).toEqual({ id: u1, username: 'adm1.alice', employeeName: '', tenantId: tenant, tenantName: 'Tenant adm1', status: 1 });

    await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [u2] });
    expect(await adminIdsOf(tenant)).toEqual([u2]);
    // Other identities of those users stay.
    const left = await t.app.database.db.select().from(userIdentities).where(eq(userIdentities.userId, u1));
    expect(left.map((r) => r.identity)).toEqual([1]);
  });

  it('a user made administrator signs in with the tenant-admin identity, and loses it at once when removed', async () => {
    const tenant = await createTenantRow(t.app, 'adm2');
    const uid = await createUserRow(t.app, { tenantId: tenant, username: 'adm2.carol', password: 'Passw0rd!' });
    await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [uid] });
    const u = await t.client();
    const info = await u.signIn('adm2.carol', 'Passw0rd!');
    expect(info.userType).toEqual([3, 1]);
    expect(info.userTypes).toEqual(['2', '3', '7']);
    expect(info.tenantList.map((x: { objID: string }) => x.objID)).toContain(tenant);

    await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [] });
    const again = await u.post(Paths.tokenlogin, { accountName: 'adm2.carol', token: u.token });
    expect(again.body.data.row.userType).toEqual([1]);
  });

  it('offers users of the tenant first, then of the platform tenant, never of other tenants', async () => {
    const tenant = await createTenantRow(t.app, 'adm3');
    const foreign = await createTenantRow(t.app, 'adm3x');
    await createUserRow(t.app, { tenantId: tenant, username: 'zz.adm3.own', password: 'Passw0rd!' });
    await createUserRow(t.app, { username: 'aa.adm3.platform', password: 'Passw0rd!' });
    const stranger = await createUserRow(t.app, { tenantId: foreign, username: 'adm3.stranger', password: 'Passw0rd!' });
    const r = await c.post(Paths.listtenantadmincandidate, { tenantId: tenant, keyword: 'adm3', page: 1, pageSize: 10 });
    expect(r.body.data.rows.map((u: { username: string }) => u.username)).toEqual(['zz.adm3.own', 'aa.adm3.platform']);
    expect(r.body.data.records).toBe(2);
    c.language = 'EN_US';
    const refused = await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [stranger] });
    expect(refused.body).toMatchObject({
      scode: TenantGrantCodes.ADMIN_USER_INVALID,
      msg: 'An administrator must be an enabled user of this tenant or of the platform tenant',
    });
    c.language = 'ZH_CN';
    expect((await c.post(Paths.listtenantadmincandidate, { keyword: 'x' })).body.scode).toBe(Codes.REQUIRED);
  });

  it('changes nothing when one chosen user is unknown or disabled; a disabled tenant can still be configured', async () => {
    const tenant = await createTenantRow(t.app, 'adm4');
    await c.post(Paths.statustenant, { ids: [tenant], status: 0 });
    const ok = await createUserRow(t.app, { tenantId: tenant, username: 'adm4.ok', password: 'Passw0rd!' });
    const off = await createUserRow(t.app, { tenantId: tenant, username: 'adm4.off', password: 'Passw0rd!' });
    await t.app.database.db.update(users).set({ status: 0 }).where(eq(users.id, off));
    expect((await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [ok] })).body.result).toBe('1');
    for (const userIds of [[ok, 'nobody'], [off]]) {
      expect((await c.post(Paths.savetenantadmin, { tenantId: tenant, userIds })).body.scode).toBe(TenantGrantCodes.ADMIN_USER_INVALID);
      expect(await adminIdsOf(tenant)).toEqual([ok]);
    }
    expect((await c.post(Paths.savetenantadmin, { tenantId: 'nope', userIds: [] })).body.scode).toBe(Codes.TENANT_NOT_FOUND);
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tenant.admins.save'), eq(auditLog.entityId, tenant)));
    expect(entry).toMatchObject({ username: 'admin', before: [], after: [{ id: ok, username: 'adm4.ok', tenantId: tenant }] });
  });

  it('refuses every call to a caller who is not a platform administrator, changing nothing', async () => {
    const tenant = await createTenantRow(t.app, 'adm5');
    const p = await addProduct();
    await createUserRow(t.app, { username: 'adm5.user', password: 'Passw0rd!', identities: [1, 3, 2] });
    const u = await t.client();
    await u.signIn('adm5.user', 'Passw0rd!');
    const calls: [string, unknown][] = [
      [Paths.listtenantproduct, { tenantId: tenant }],
      [Paths.savetenantproduct, { tenantId: tenant, products: [{ productId: p.id, version: 'V1' }] }],
      [Paths.listtenantadmin, { tenantId: tenant }],
      [Paths.savetenantadmin, { tenantId: tenant, userIds: [u.userId] }],
      [Paths.listtenantadmincandidate, { tenantId: tenant }],
    ];
    for (const [path, body] of calls) expect((await u.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
    expect(await authorisedOf(tenant)).toEqual([]);
    expect(await adminIdsOf(tenant)).toEqual([]);
  });
});
