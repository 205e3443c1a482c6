import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, MappingCodes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, organisations, orgMappings, userMappings, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { authoriseProduct, createProductRow, createRoleHolder } from '../apptenants/apptenants.fixtures.js';

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
const snapshot = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) =>
    JSON.stringify({
      orgs: await tx.select().from(orgMappings).orderBy(orgMappings.id),
      users: await tx.select().from(userMappings).orderBy(userMappings.id),
      audit: (await tx.select().from(auditLog)).filter((a) => a.entity.endsWith('mapping')).length,
    }),
  );
type Row = { externalCode?: string; externalAccount?: string };
const codes = (body: { data: { rows: Row[] } }) => body.data.rows.map((r) => r.externalCode ?? r.externalAccount);
const ORG_APIS = [Paths.listorgmapping, Paths.listorgmappingapp, Paths.addorgmapping, Paths.editorgmapping, Paths.deleteorgmapping];
const USER_APIS = [
  Paths.listusermapping,
  Paths.listusermappingapp,
  Paths.listmappinguser,
  Paths.addusermapping,
  Paths.editusermapping,
  Paths.deleteusermapping,
];

beforeAll(async () => {
  t = await testApp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const code of ['east', 'west']) ids[code] = await createTenantRow(t.app, code);
  const east = ids.east!;
  ids.nina = await createUserRow(t.app, { tenantId: east, username: 'nina', password: PASSWORD });
  ids.walt = await createUserRow(t.app, { tenantId: ids.west, username: 'walt', password: PASSWORD });
  for (const [tenantId, userId] of [
    [east, ids.nina],
    [ids.west, ids.walt],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds: [userId] })).body.result).toBe('1');
  }
  // east: sales ─ sales-north; ops.  west: w-dept
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(organisations).values([
      { id: 'sales', tenantId: east, parentId: east, code: 'S', name: 'Sales', type: 3 },
      { id: 'sales-north', tenantId: east, parentId: 'sales', code: 'SN', name: 'Sales north', type: 4 },
      { id: 'ops', tenantId: east, parentId: east, code: 'O', name: 'Ops', type: 3 },
      { id: 'w-dept', tenantId: ids.west!, parentId: ids.west!, code: 'W', name: 'West dept', type: 3 },
    ]),
  );
  for (const [name, org, tenant] of [
    ['amy', 'sales-north', east],
    ['bob', 'ops', east],
    ['cat', null, east],
    ['will', 'w-dept', ids.west!],
  ] as const) {
    ids[name] = await createUserRow(t.app, { tenantId: tenant, username: name, password: PASSWORD });
    if (org)
      await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
        tx
          .update(users)
          .set({ orgId: org, employeeName: `${name} E` })
          .where(eq(users.id, ids[name]!)),
      );
  }
  ids.holder = await createUserRow(t.app, { tenantId: east, username: 'holder', password: PASSWORD });
  ids.reader = await createUserRow(t.app, { tenantId: east, username: 'reader', password: PASSWORD });
  await createRoleHolder(t.app, east, ids.holder!, 'r-sales', ['sales'], [...ORG_APIS, ...USER_APIS]);
  await createRoleHolder(t.app, east, ids.reader!, 'r-reader', ['sales'], [Paths.listorgmapping, Paths.listusermapping]);
  await createProductRow(t.app, 'p-crm', 'crm', 'CRM');
  await createProductRow(t.app, 'p-hr', 'hr', 'HR');
  await createProductRow(t.app, 'p-west', 'wonly', 'West only');
  await authoriseProduct(t.app, east, 'p-crm', { name: 'CRM', code: 'CRM' });
  await authoriseProduct(t.app, east, 'p-hr', { name: 'HR', code: 'HR' });
  await authoriseProduct(t.app, ids.west!, 'p-west');
  c = await as('nina', east);
});
afterAll(async () => {
  await t.close();
});

describe('organisation mapping (SPEC §2 orgMappingManagement)', () => {
  const add = async (b: Record<string, unknown>, x = c) =>
    (await x.post(Paths.addorgmapping, { productId: 'p-crm', orgId: 'sales', externalCode: 'C-1', ...b })).body;

  it("offers the tenant's applications, adds mappings, lists them filtered by application, organisation subtree and keyword, sorted and paged", async () => {
    expect((await c.post(Paths.listorgmappingapp, {})).body.data.rows.map((r: { name: string }) => r.name)).toEqual(['CRM', 'HR']);
    const first = await add({ externalName: 'Sales team' });
    expect(first.result).toBe('1');
    ids.mSales = first.data.id;
    ids.mNorth = (await add({ orgId: 'sales-north', externalCode: 'c-2' })).data.id;
    ids.mOps = (await add({ orgId: 'ops', externalCode: 'C-3' })).data.id;
    ids.mHr = (await add({ productId: 'p-hr', externalCode: 'C-1' })).data.id; // the same code in another application
    const all = await c.post(Paths.listorgmapping, { page: 1, pageSize: 10, sortField: 'externalCode', sortOrder: 'ascend' });
    expect(all.body.data.records).toBe(4);
    expect(all.body.data.rows.find((r: { id: string }) => r.id === ids.mSales)).toMatchObject({
      appName: 'CRM',
      appCode: 'CRM',
      orgName: 'Sales',
      orgCode: 'S',
      externalCode: 'C-1',
      externalName: 'Sales team',
      creator: 'nina',
    });
    expect(codes((await c.post(Paths.listorgmapping, { productId: 'p-crm', orgId: 'sales', sortField: 'externalCode' })).body)).toEqual(['C-1', 'c-2']);
    expect(codes((await c.post(Paths.listorgmapping, { productId: 'p-crm', orgId: 'sales', subtree: false })).body)).toEqual(['C-1']);
    expect(codes((await c.post(Paths.listorgmapping, { keyword: 'sales t' })).body)).toEqual(['C-1']);
    const p2 = await c.post(Paths.listorgmapping, { page: 2, pageSize: 3, sortField: 'orgName', sortOrder: 'descend' });
    expect(p2.body.data).toMatchObject({ page: 2, records: 4, lastPage: true });
    expect(p2.body.data.rows.map((r: { orgName: string }) => r.orgName)).toEqual(['Ops']);
  });

  it('edits a mapping and deletes a batch, all audited', async () => {
    expect(
      (await c.post(Paths.editorgmapping, { id: ids.mOps, productId: 'p-crm', orgId: 'ops', externalCode: 'C-30', externalName: 'Ops' })).body.result,
    ).toBe('1');
    const tmp = (await add({ productId: 'p-hr', orgId: 'ops', externalCode: 'TMP' })).data.id;
    expect((await c.post(Paths.deleteorgmapping, { ids: [tmp] })).body.data.count).toBe(1);
    const actions = await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) =>
      (await tx.select().from(auditLog).where(eq(auditLog.entity, 'orgmapping'))).map((a) => a.action),
    );
    expect(actions.filter((a) => a === 'orgmapping.add').length).toBe(5);
    expect(actions).toContain('orgmapping.edit');
    expect(actions).toContain('orgmapping.delete');
  });

  it('refuses each rule with a localised message, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ externalCode: ' ' }, Codes.REQUIRED, 'Please enter application organisation code'],
      [{ externalCode: 'a b' }, MappingCodes.CODE_PATTERN],
      [{ externalCode: 'x'.repeat(101) }, Codes.TOO_LONG],
      [{ externalCode: 'NEW', externalName: 'y'.repeat(101) }, Codes.TOO_LONG],
      [{ externalCode: 'NEW', externalName: '<script>x</script>' }, Codes.SCRIPT_TAG],
      [{ externalCode: 'NEW', productId: 'p-west' }, MappingCodes.APP_NOT_FOUND],
      [{ externalCode: 'NEW', orgId: 'w-dept' }, MappingCodes.ORG_NOT_FOUND],
      [{ externalCode: 'NEW' }, MappingCodes.ORG_MAPPED, 'The organisation "Sales" is already mapped in this application'],
      [
        { externalCode: 'c-2', orgId: 'ops', productId: 'p-hr' },
        MappingCodes.CODE_IN_USE,
        'The application organisation code "c-2" is already mapped in this application',
      ],
    ];
    await add({ productId: 'p-hr', orgId: 'sales-north', externalCode: 'C-2' }); // p-hr now maps C-2 (case-insensitive clash below)
    const after = await snapshot();
    for (const [patch, scode, msg] of cases) {
      const r = await add(patch);
      expect(r.scode, JSON.stringify(patch)).toBe(scode);
      if (msg) expect(r.msg).toBe(msg);
    }
    expect((await c.post(Paths.editorgmapping, { id: ids.mOps, productId: 'p-crm', orgId: 'ops', externalCode: 'c-1' })).body.scode).toBe(
      MappingCodes.CODE_IN_USE,
    );
    expect((await c.post(Paths.editorgmapping, { id: 'nope', productId: 'p-crm', orgId: 'ops', externalCode: 'Z' })).body.scode).toBe(MappingCodes.NOT_FOUND);
    expect((await c.post(Paths.deleteorgmapping, { ids: [ids.mOps, 'nope'] })).body.scode).toBe(MappingCodes.NOT_FOUND);
    expect((await c.post(Paths.deleteorgmapping, { ids: [] })).status).toBe(400);
    expect(await snapshot()).toBe(after);
    expect(before).not.toBe(after);
  });

  it('limits a role holder to their data scope and their API grants', async () => {
    const holder = await as('holder', ids.east!);
    expect(codes((await holder.post(Paths.listorgmapping, { productId: 'p-crm', sortField: 'externalCode' })).body)).toEqual(['C-1', 'c-2']);
    expect((await add({ orgId: 'sales-north', productId: 'p-hr', externalCode: 'H-9' }, holder)).scode).toBe(MappingCodes.ORG_MAPPED);
    const before = await snapshot();
    expect((await add({ orgId: 'ops', productId: 'p-hr', externalCode: 'H-9' }, holder)).scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.editorgmapping, { id: ids.mOps, productId: 'p-crm', orgId: 'ops', externalCode: 'X' })).body.scode).toBe(
      Codes.NO_PERMISSION,
    );
    expect((await holder.post(Paths.editorgmapping, { id: ids.mSales, productId: 'p-crm', orgId: 'ops', externalCode: 'X' })).body.scode).toBe(
      Codes.NO_PERMISSION,
    );
    expect((await holder.post(Paths.deleteorgmapping, { ids: [ids.mSales, ids.mOps] })).body.scode).toBe(Codes.NO_PERMISSION);
    const reader = await as('reader', ids.east!);
    expect((await reader.post(Paths.listorgmapping, {})).body.data.records).toBe(4); // Sales and Sales north, in CRM and HR
    expect((await add({ orgId: 'sales', productId: 'p-hr', externalCode: 'R-1' }, reader)).scode).toBe(Codes.NO_PERMISSION);
    expect((await reader.post(Paths.deleteorgmapping, { ids: [ids.mSales] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toBe(before);
    expect(
      (await holder.post(Paths.editorgmapping, { id: ids.mNorth, productId: 'p-crm', orgId: 'sales-north', externalCode: 'c-2', externalName: 'North' })).body
        .result,
    ).toBe('1');
  });

  it("treats another tenant's ids as not found and shows nothing of it", async () => {
    const walt = await as('walt', ids.west!);
    expect((await walt.post(Paths.listorgmapping, {})).body.data.records).toBe(0);
    const before = await snapshot();
    expect((await walt.post(Paths.editorgmapping, { id: ids.mSales, productId: 'p-west', orgId: 'w-dept', externalCode: 'Z' })).body.scode).toBe(
      MappingCodes.NOT_FOUND,
    );
    expect((await walt.post(Paths.deleteorgmapping, { ids: [ids.mSales] })).body.scode).toBe(MappingCodes.NOT_FOUND);
    expect((await walt.post(Paths.addorgmapping, { productId: 'p-crm', orgId: 'w-dept', externalCode: 'Z' })).body.scode).toBe(MappingCodes.APP_NOT_FOUND);
    expect((await walt.post(Paths.addorgmapping, { productId: 'p-west', orgId: 'sales', externalCode: 'Z' })).body.scode).toBe(MappingCodes.ORG_NOT_FOUND);
    expect((await (await as('walt', ids.east!)).post(Paths.listorgmapping, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toBe(before);
  });
});

describe('user mapping (SPEC §2 employeeMappingManagement)', () => {
  const add = async (b: Record<string, unknown>, x = c) =>
    (await x.post(Paths.addusermapping, { productId: 'p-crm', userId: ids.amy, externalAccount: 'amy@crm', ...b })).body;

  it('chooses users of the tenant, adds mappings, lists them filtered and paged', async () => {
    const users = await c.post(Paths.listmappinguser, { keyword: 'a' });
    expect(users.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['amy']);
    expect(users.body.data.rows[0]).toMatchObject({ orgName: 'Sales north', employeeName: 'amy E' });
    expect((await c.post(Paths.listusermappingapp, {})).body.data.rows.length).toBe(2);
    const first = await add({ externalName: 'Amy' });
    expect(first.result).toBe('1');
    ids.uAmy = first.data.id;
    ids.uBob = (await add({ userId: ids.bob, externalAccount: 'bob' })).data.id;
    ids.uCat = (await add({ userId: ids.cat, externalAccount: 'cat', productId: 'p-hr' })).data.id;
    const list = await c.post(Paths.listusermapping, { sortField: 'username' });
    expect(list.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['amy', 'bob', 'cat']);
    expect(list.body.data.rows[0]).toMatchObject({
      appName: 'CRM',
      employeeName: 'amy E',
      orgName: 'Sales north',
      externalAccount: 'amy@crm',
      externalName: 'Amy',
    });
    expect(codes((await c.post(Paths.listusermapping, { orgId: 'sales' })).body)).toEqual(['amy@crm']);
    expect(codes((await c.post(Paths.listusermapping, { productId: 'p-hr' })).body)).toEqual(['cat']);
    expect(codes((await c.post(Paths.listusermapping, { keyword: 'BO' })).body)).toEqual(['bob']);
    expect((await c.post(Paths.listusermapping, { page: 2, pageSize: 2 })).body.data).toMatchObject({ records: 3, lastPage: true });
    expect((await c.post(Paths.editusermapping, { id: ids.uBob, productId: 'p-crm', userId: ids.bob, externalAccount: 'bob.b' })).body.result).toBe('1');
  });

  it('refuses each rule, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ externalAccount: '' }, Codes.REQUIRED, 'Please enter application account'],
      [{ externalAccount: 'a b' }, MappingCodes.CODE_PATTERN],
      [{ externalAccount: 'x'.repeat(101) }, Codes.TOO_LONG],
      [{ productId: 'p-west', externalAccount: 'n' }, MappingCodes.APP_NOT_FOUND],
      [{ userId: ids.will, externalAccount: 'n' }, MappingCodes.USER_NOT_FOUND],
      [{ externalAccount: 'n' }, MappingCodes.USER_MAPPED, 'The user "amy" is already mapped in this application'],
      [{ userId: ids.cat, externalAccount: 'AMY@crm' }, MappingCodes.ACCOUNT_IN_USE],
    ];
    for (const [patch, scode, msg] of cases) {
      const r = await add(patch);
      expect(r.scode, JSON.stringify(patch)).toBe(scode);
      if (msg) expect(r.msg).toBe(msg);
    }
    expect((await c.post(Paths.deleteusermapping, { ids: [ids.uAmy, 'nope'] })).body.scode).toBe(MappingCodes.NOT_FOUND);
    expect(await snapshot()).toBe(before);
  });

  it('limits a role holder to users of their data scope and their API grants', async () => {
    const holder = await as('holder', ids.east!);
    expect((await holder.post(Paths.listmappinguser, {})).body.data.rows.map((r: { username: string }) => r.username)).toEqual(['amy']);
    expect(codes((await holder.post(Paths.listusermapping, {})).body)).toEqual(['amy@crm']);
    const before = await snapshot();
    expect((await add({ userId: ids.bob, productId: 'p-hr', externalAccount: 'b2' }, holder)).scode).toBe(Codes.NO_PERMISSION);
    expect((await add({ userId: ids.cat, productId: 'p-crm', externalAccount: 'c2' }, holder)).scode).toBe(Codes.NO_PERMISSION); // no organisation: administrators only
    expect((await holder.post(Paths.editusermapping, { id: ids.uAmy, productId: 'p-crm', userId: ids.bob, externalAccount: 'x' })).body.scode).toBe(
      Codes.NO_PERMISSION,
    );
    expect((await holder.post(Paths.deleteusermapping, { ids: [ids.uAmy, ids.uBob] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await as('reader', ids.east!)).post(Paths.deleteusermapping, { ids: [ids.uAmy] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toBe(before);
    expect((await holder.post(Paths.deleteusermapping, { ids: [ids.uAmy] })).body.data.count).toBe(1);
  });

  it("treats another tenant's ids as not found and shows nothing of it", async () => {
    const walt = await as('walt', ids.west!);
    expect((await walt.post(Paths.listusermapping, {})).body.data.records).toBe(0);
    expect((await walt.post(Paths.listmappinguser, { keyword: 'amy' })).body.data.records).toBe(0);
    const before = await snapshot();
    expect((await walt.post(Paths.editusermapping, { id: ids.uBob, productId: 'p-west', userId: ids.will, externalAccount: 'z' })).body.scode).toBe(
      MappingCodes.NOT_FOUND,
    );
    expect((await walt.post(Paths.deleteusermapping, { ids: [ids.uBob] })).body.scode).toBe(MappingCodes.NOT_FOUND);
    expect((await walt.post(Paths.addusermapping, { productId: 'p-west', userId: ids.bob, externalAccount: 'z' })).body.scode).toBe(
      MappingCodes.USER_NOT_FOUND,
    );
    expect(await snapshot()).toBe(before);
  });
});
