import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import {
  AccountCodes,
  AppTenantCodes,
  MappingCodes,
  OrganisationCodes,
  Paths,
  ProductCodes,
  RoleCodes,
  StationCodes,
  SysconfigCodes,
  UserCodes,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import {
  auditLog,
  codeTable,
  organisations,
  orgMappings,
  products,
  roles,
  stations,
  tenantProducts,
  userAccounts,
  userMappings,
  users,
} from '../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../testing/test-app.js';
import type { GatewayClient } from '../testing/gateway-client.js';
import { authoriseProduct, createProductRow } from './apptenants/apptenants.fixtures.js';
import { uploadTo } from './users/users.testing.js';
import { pollJob, tenantUser } from './users/users.tenant.testing.js';

// Uniqueness races (lib/unique-violation.ts): two simultaneous writes on PostgreSQL can both pass a
// write path's "already in use" check, and the second then hits the unique index. PGlite has one
// connection, so the race is staged instead: while `race.on`, each pre-check's lookup answers "free"
// (as it did for the loser of a race), the conflicting row being already written. Every write path must
// then answer the pre-check's localised message and write nothing — not a 500.
const { race, free } = vi.hoisted(() => {
  /** `on`: every pre-check blind; `hideCode`/`hideReads`: an import's plan misses that code for so many reads. */
  const state = { on: false, hideCode: '', hideReads: 0 };
  /** `real`, except that it answers `none` while the race is staged. */
  const blind =
    <A extends unknown[], R>(real: (...a: A) => Promise<R>, none: R) =>
    (...a: A) =>
      state.on ? Promise.resolve(none) : real(...a);
  return { race: state, free: blind };
});
vi.mock('./roles/roles.repository.js', async (load) => {
  const m = await load<typeof import('./roles/roles.repository.js')>();
  return { ...m, findRoleByCode: free(m.findRoleByCode, undefined) };
});
vi.mock('./stations/stations.repository.js', async (load) => {
  const m = await load<typeof import('./stations/stations.repository.js')>();
  return { ...m, findStationByCode: free(m.findStationByCode, undefined) };
});
vi.mock('./organisations/organisations.manage.repository.js', async (load) => {
  const m = await load<typeof import('./organisations/organisations.manage.repository.js')>();
  const listOrgSkeleton: typeof m.listOrgSkeleton = async (...a) => {
    const rows = await m.listOrgSkeleton(...a);
    if (race.hideReads <= 0) return rows;
    race.hideReads--;
    return rows.filter((r) => r.code !== race.hideCode);
  };
  return { ...m, findOrgByCode: free(m.findOrgByCode, undefined), listOrgSkeleton };
});
vi.mock('./apptenants/apptenants.repository.js', async (load) => {
  const m = await load<typeof import('./apptenants/apptenants.repository.js')>();
  return { ...m, findAppTenantByCode: free(m.findAppTenantByCode, undefined) };
});
vi.mock('./mappings/mappings.repository.js', async (load) => {
  const m = await load<typeof import('./mappings/mappings.repository.js')>();
  return { ...m, findOrgMappingClash: free(m.findOrgMappingClash, undefined), findUserMappingClash: free(m.findUserMappingClash, undefined) };
});
vi.mock('./accounts/accounts.repository.js', async (load) => {
  const m = await load<typeof import('./accounts/accounts.repository.js')>();
  return { ...m, findAccountByKey: free(m.findAccountByKey, undefined) };
});
vi.mock('./users/users.repository.js', async (load) => {
  const m = await load<typeof import('./users/users.repository.js')>();
  return { ...m, findUsersByKeys: free(m.findUsersByKeys, []) };
});
vi.mock('./users/sign-in-names.js', async (load) => {
  const m = await load<typeof import('./users/sign-in-names.js')>();
  return { ...m, findSignInNameHolders: free(m.findSignInNameHolders, new Map<string, string[]>()) };
});
vi.mock('./sysconfig/sysconfig.repository.js', async (load) => {
  const m = await load<typeof import('./sysconfig/sysconfig.repository.js')>();
  return { ...m, listOrgCategories: free(m.listOrgCategories, []) };
});
vi.mock('./products/products.repository.js', async (load) => {
  const m = await load<typeof import('./products/products.repository.js')>();
  return { ...m, findProductByCode: free(m.findProductByCode, undefined) };
});

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
let nina: GatewayClient;
let admin: GatewayClient;
let tenantId = '';

/** Every row of the tables the write paths touch, and the audit entries (to prove a refused write wrote nothing). */
const snapshot = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) =>
    JSON.stringify({
      roles: await tx.select().from(roles).orderBy(roles.id),
      stations: await tx.select().from(stations).orderBy(stations.id),
      orgs: await tx.select().from(organisations).orderBy(organisations.id),
      apps: await tx.select().from(tenantProducts).orderBy(tenantProducts.productId),
      orgMappings: await tx.select().from(orgMappings).orderBy(orgMappings.id),
      userMappings: await tx.select().from(userMappings).orderBy(userMappings.id),
      accounts: await tx.select().from(userAccounts).orderBy(userAccounts.id),
      users: await tx.select({ id: users.id, username: users.username, mobile: users.mobile, email: users.email }).from(users).orderBy(users.id),
      products: await tx.select({ id: products.id, code: products.code }).from(products).orderBy(products.id),
      categories: await tx.select().from(codeTable).where(eq(codeTable.codeType, 11)).orderBy(codeTable.codeKey),
      audit: (await tx.select({ id: auditLog.id }).from(auditLog)).length,
    }),
  );

/** Posts `body` with the pre-checks blind, expecting `code` and no change at all. */
async function lostRace(c: GatewayClient, path: string, body: Record<string, unknown>, code: string): Promise<{ msg: string }> {
  const before = await snapshot();
  race.on = true;
  try {
    const r = await c.post(path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.scode, `${path} ${JSON.stringify(r.body)}`).toBe(code);
    expect(await snapshot()).toEqual(before);
    return r.body;
  } finally {
    race.on = false;
  }
}

/** Posts `body` normally, expecting success; answers `data`. */
async function ok(c: GatewayClient, path: string, body: Record<string, unknown>) {
  const r = await c.post(path, body);
  expect(r.body.result, `${path} ${JSON.stringify(r.body)}`).toBe('1');
  return r.body.data;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  tenantId = await createTenantRow(t.app, 'east');
  const ninaId = await createUserRow(t.app, { tenantId, username: 'nina', password: PASSWORD });
  expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds: [ninaId] })).body.result).toBe('1');
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(organisations).values([
      { id: tenantId, tenantId, parentId: null, code: 'EAST', name: 'East', type: 1 },
      { id: 'sales', tenantId, parentId: tenantId, code: 'S', name: 'Sales', type: 3 },
      { id: 'ops', tenantId, parentId: tenantId, code: 'O', name: 'Ops', type: 3 },
    ]),
  );
  for (const name of ['amy', 'bob']) {
    const id = await createUserRow(t.app, { tenantId, username: name, password: PASSWORD });
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId: 'sales' }).where(eq(users.id, id)));
  }
  await createProductRow(t.app, 'p-crm', 'crm', 'CRM');
  await createProductRow(t.app, 'p-hr', 'hr', 'HR');
  await authoriseProduct(t.app, tenantId, 'p-crm', { name: 'CRM', code: 'CRM' });
  await authoriseProduct(t.app, tenantId, 'p-hr', { name: 'HR', code: 'HR' });
  nina = await t.client();
  await nina.signIn('nina', PASSWORD);
  nina.tenantId = tenantId;
  nina.language = 'EN_US';
});
afterAll(async () => {
  await t.close();
});

describe('a write that loses a uniqueness race answers the localised message and writes nothing', () => {
  it('organisation categories: a name taken meanwhile (any case) by another category of the tenant', async () => {
    await ok(nina, Paths.savetenantorgcate, { codeKey: 1, codeVal: 'Projects' });
    const body = await lostRace(nina, Paths.savetenantorgcate, { codeKey: 2, codeVal: 'PROJECTS' }, SysconfigCodes.ORG_CATEGORY_NAME_IN_USE);
    expect(body.msg).toContain('PROJECTS');
    await ok(nina, Paths.savetenantorgcate, { codeKey: 1, codeVal: 'projects' }); // renaming itself is no clash
  });

  it('roles: add and edit with a role number taken meanwhile', async () => {
    await ok(nina, Paths.addtenantrole, { roleNo: 'auditors', roleName: 'Auditors', orgId: 'sales' });
    const body = await lostRace(nina, Paths.addtenantrole, { roleNo: 'AUDITORS', roleName: 'Auditors', orgId: 'sales' }, RoleCodes.NO_IN_USE);
    expect(body.msg).toContain('AUDITORS');
    const other = (await ok(nina, Paths.addtenantrole, { roleNo: 'clerks', roleName: 'Clerks', orgId: 'sales' })).row.roleId;
    await lostRace(nina, Paths.edittenantrole, { roleId: other, roleNo: 'auditors', roleName: 'Clerks', orgId: 'sales' }, RoleCodes.NO_IN_USE);
  });

  it('stations: add and edit with a code taken meanwhile', async () => {
    await ok(nina, Paths.addstation, { name: 'Lead', level: 'P1', type: 'Staff', code: 'LEAD' });
    await lostRace(nina, Paths.addstation, { name: 'Lead 2', level: 'P1', type: 'Staff', code: 'lead' }, StationCodes.CODE_IN_USE);
    const other = (await ok(nina, Paths.addstation, { name: 'Clerk', level: 'P2', type: 'Staff', code: 'CLERK' })).id;
    await lostRace(nina, Paths.editstation, { id: other, name: 'Clerk', level: 'P2', type: 'Staff', code: 'LEAD' }, StationCodes.CODE_IN_USE);
  });

  it('organisations: add and edit with a code taken meanwhile', async () => {
    const org = (code: string) => ({ parentId: tenantId, code, name: `Org ${code}`, type: 3, sort: 1, status: 1, description: '' });
    await lostRace(nina, Paths.addorg, org('s'), OrganisationCodes.CODE_IN_USE);
    const other = (await ok(nina, Paths.addorg, org('north'))).id;
    await lostRace(nina, Paths.editorg, { id: other, ...org('S') }, OrganisationCodes.CODE_IN_USE);
  });

  it('application tenants: a code taken meanwhile', async () => {
    await lostRace(nina, Paths.editapptenant, { productId: 'p-hr', name: 'HR', code: 'crm' }, AppTenantCodes.CODE_IN_USE);
  });

  it('organisation mappings: the organisation mapped, or the external code taken, meanwhile', async () => {
    const id = (await ok(nina, Paths.addorgmapping, { productId: 'p-crm', orgId: 'sales', externalCode: 'C-1' })).id;
    const body = await lostRace(nina, Paths.addorgmapping, { productId: 'p-crm', orgId: 'sales', externalCode: 'C-2' }, MappingCodes.ORG_MAPPED);
    expect(body.msg).toContain('Sales');
    await lostRace(nina, Paths.addorgmapping, { productId: 'p-crm', orgId: 'ops', externalCode: 'c-1' }, MappingCodes.CODE_IN_USE);
    const other = (await ok(nina, Paths.addorgmapping, { productId: 'p-crm', orgId: 'ops', externalCode: 'C-3' })).id;
    expect(other).not.toBe(id);
    await lostRace(nina, Paths.editorgmapping, { id: other, productId: 'p-crm', orgId: 'ops', externalCode: 'C-1' }, MappingCodes.CODE_IN_USE);
  });

  it('user mappings: the user mapped, or the external account taken, meanwhile', async () => {
    const [amy, bob] = await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) =>
      Promise.all(['amy', 'bob'].map(async (u) => (await tx.select().from(users).where(eq(users.username, u)))[0]!.id)),
    );
    await ok(nina, Paths.addusermapping, { productId: 'p-crm', userId: amy, externalAccount: 'amy@crm' });
    await lostRace(nina, Paths.addusermapping, { productId: 'p-crm', userId: amy, externalAccount: 'amy2@crm' }, MappingCodes.USER_MAPPED);
    await lostRace(nina, Paths.addusermapping, { productId: 'p-crm', userId: bob, externalAccount: 'AMY@crm' }, MappingCodes.ACCOUNT_IN_USE);
    const other = (await ok(nina, Paths.addusermapping, { productId: 'p-crm', userId: bob, externalAccount: 'bob@crm' })).id;
    await lostRace(nina, Paths.editusermapping, { id: other, productId: 'p-crm', userId: bob, externalAccount: 'amy@crm' }, MappingCodes.ACCOUNT_IN_USE);
  });

  it('accounts: add and edit with an account taken meanwhile', async () => {
    await ok(nina, Paths.addaccount, { accountType: 1, account: 'wx_amy' });
    await lostRace(nina, Paths.addaccount, { accountType: 1, account: 'WX_AMY' }, AccountCodes.ACCOUNT_IN_USE);
    const other = (await ok(nina, Paths.addaccount, { accountType: 1, account: 'wx_bob' })).id;
    await lostRace(nina, Paths.editaccount, { id: other, accountType: 1, account: 'wx_amy' }, AccountCodes.ACCOUNT_IN_USE);
  });

  it('users: user name, mobile and e-mail taken meanwhile, on add and on edit, naming the field', async () => {
    await ok(nina, Paths.addtenantuser, tenantUser(nina, 'carl', 'sales', { mobile: '13800000001', email: 'carl@example.com' }));
    const body = await lostRace(nina, Paths.addtenantuser, tenantUser(nina, 'CARL', 'sales'), UserCodes.USERNAME_IN_USE);
    expect(body.msg).toContain('CARL');
    await lostRace(nina, Paths.addtenantuser, tenantUser(nina, 'dora', 'sales', { mobile: '13800000001' }), UserCodes.MOBILE_IN_USE);
    await lostRace(nina, Paths.addtenantuser, tenantUser(nina, 'dora', 'sales', { email: 'CARL@example.com' }), UserCodes.EMAIL_IN_USE);
    const dora = (await ok(nina, Paths.addtenantuser, tenantUser(nina, 'dora', 'sales'))).row.id;
    await lostRace(
      nina,
      Paths.edittenantuser,
      { id: dora, ...tenantUser(nina, 'dora', 'sales', { mobile: '13800000001', password: '' }) },
      UserCodes.MOBILE_IN_USE,
    );
  });

  it('users: a sign-in name taken in another tenant meanwhile (the sign-in name triggers, migration 0016), naming the field', async () => {
    const other = await createTenantRow(t.app, 'racer');
    await createUserRow(t.app, { tenantId: other, username: 'ravi', password: PASSWORD, mobile: '13800000077', email: 'ravi@racer.example' });
    await lostRace(nina, Paths.addtenantuser, tenantUser(nina, 'RAVI', 'sales'), UserCodes.USERNAME_IN_USE);
    await lostRace(nina, Paths.addtenantuser, tenantUser(nina, 'erin', 'sales', { mobile: '13800000077' }), UserCodes.MOBILE_IN_USE);
    const erin = (await ok(nina, Paths.addtenantuser, tenantUser(nina, 'erin', 'sales'))).row.id;
    await lostRace(
      nina,
      Paths.edittenantuser,
      { id: erin, ...tenantUser(nina, 'erin', 'sales', { email: 'Ravi@racer.example', password: '' }) },
      UserCodes.EMAIL_IN_USE,
    );
  });

  it('products: a code taken meanwhile', async () => {
    const product = (code: string) => ({
      code,
      name: `Portal ${code}`,
      abbreviation: 'Portal',
      version: 'V1.0.0',
      status: 1,
      callbackUrl: 'https://portal.example.com/callback',
      department: 'R&D',
      ownerName: 'Li Lei',
      ownerEmail: 'lilei@example.com',
      ownerPhone: '13800138000',
      opsOwner: 'Han Meimei',
    });
    await ok(admin, Paths.addproduct, product('Portal1'));
    await lostRace(admin, Paths.addproduct, product('portal1'), ProductCodes.CODE_IN_USE);
  });

  it('an organisation import whose new code is added meanwhile checks and applies again, updating that organisation', async () => {
    // the job's two checks (before hashing and inside the write) miss the code 'S'; the insert then meets the index
    race.hideCode = 'S';
    race.hideReads = 2;
    const rows = [
      ['Code', 'Name', 'Parent organisation code', 'Type', 'Sort order', 'Status', 'Description'],
      ['S', 'Sales team', 'EAST', 'Department', '1', 'Enabled', ''],
    ];
    const data = (await writeExcelFile(rows.map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer;
    const r = await uploadTo(t.app, nina, Paths.importorg, 'orgs.xlsx', data);
    expect(r.result, JSON.stringify(r)).toBe('1');
    const job = await pollJob(nina, r.data.jobId);
    expect(race.hideReads).toBe(0);
    expect(job.state, JSON.stringify(job.report)).toBe('done');
    expect(job.report).toMatchObject({ created: 0, updated: 1 });
    const sales = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(organisations).where(eq(organisations.id, 'sales')));
    expect(sales[0]!.name).toBe('Sales team');
  });
});
