import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { AppUserCodes, AppUserPaths as P, Codes, UserCodes } from '@mp/protocol';
import { userMappings, users } from '../../db/schema/index.js';
import { appUserBody, inApp, peopleWorld, type PeopleWorld } from './appusers.fixtures.js';
import { isAppUser } from './app-users.scope.js';

let w: PeopleWorld;
const crm = () => inApp(w.appA.code);
const db = () => w.t.app.database.db;
const stateOf = async (ids: string[]) =>
  (
    await db()
      .select({ id: users.id, status: users.status, locked: users.locked, orgId: users.orgId, name: users.employeeName })
      .from(users)
      .where(inArray(users.id, ids))
  ).sort((a, b) => a.id.localeCompare(b.id));

beforeAll(async () => {
  w = await peopleWorld();
  // t1 serves crm from East only: West's user is outside the application.
  expect((await w.a.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, crm())).body.result).toBe('1');
});
afterAll(async () => {
  await w.t.close();
});

describe('the application user grid', () => {
  it('pages, filters by tenant, organisation subtree and keyword, sorts by a closed field', async () => {
    const list = (body: Record<string, unknown>) => w.a.post(P.listappuser, { page: 1, pageSize: 10, ...body }, crm());
    const all = await list({});
    expect(all.body.data.records).toBe(5);
    const page = await list({ page: 2, pageSize: 2, sortField: 'username', sortOrder: 'ascend' });
    expect((page.body.data.rows as { username: string }[]).map((r) => r.username)).toEqual(['u_east', 'u_eastsub']);
    expect((await list({ tenantId: w.t2 })).body.data.rows).toMatchObject([{ id: w.u.t2, tenantName: 'Tenant pt2', externalAccount: '' }]);
    expect((await list({ orgId: w.org.east, includeSub: true })).body.data.records).toBe(4);
    expect((await list({ orgId: w.org.east })).body.data.records).toBe(3);
    expect((await list({ keyword: 'u_eastS' })).body.data.rows).toMatchObject([{ id: w.u.eastSub }]);
    // A user of West (outside the root), of a tenant not using crm, or of a disabled authorisation is never listed.
    expect((await list({ keyword: 'u_west' })).body.data.records).toBe(0);
    expect((await list({ tenantId: w.t3 })).body.data.records).toBe(0);
    expect((await list({ tenantId: w.t4 })).body.data.records).toBe(0);
    expect((await list({ sortField: 'passwordHash' })).status).toBe(400);
  });

  it("the grid's reach (appReach) says exactly what isAppUser says", async () => {
    const viaScope = (await db().select({ id: users.id }).from(users).where(isAppUser(w.appA.id))).map((r) => r.id).sort();
    const listed = ((await w.a.post(P.listappuser, { page: 1, pageSize: 100 }, crm())).body.data.rows as { id: string }[]).map((r) => r.id).sort();
    expect(listed).toEqual(viaScope);
    expect(listed.length).toBe(5);
    const rows = (await w.a.post(P.listappuser, { page: 1, pageSize: 100 }, crm())).body.data.rows as { id: string; administrator: boolean }[];
    expect(
      rows
        .filter((r) => r.administrator)
        .map((r) => r.id)
        .sort(),
    ).toEqual([w.u.ta, w.u.sm].sort());
  });

  it('a user outside the application is not found for every call', async () => {
    for (const id of [w.u.west, w.u.t3, w.u.t4, 'nope']) {
      expect((await w.a.post(P.getappuser, { id }, crm())).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
      expect((await w.a.post(P.lockappuser, { ids: [id], locked: true }, crm())).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
      expect((await w.a.post(P.statusappuser, { ids: [id], status: 0 }, crm())).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    }
    // All or nothing: a batch naming one outsider changes nobody.
    expect((await w.a.post(P.lockappuser, { ids: [w.u.east, w.u.west], locked: true }, crm())).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    expect((await stateOf([w.u.east, w.u.west])).every((u) => !u.locked)).toBe(true);
  });
});

describe('locking, enabling, and who is untouchable', () => {
  it('locks and unlocks, disables and enables application users', async () => {
    expect((await w.a.post(P.lockappuser, { ids: [w.u.east, w.u.t2], locked: true }, crm())).body.data).toEqual({ count: 2 });
    expect((await stateOf([w.u.east, w.u.t2])).every((u) => u.locked)).toBe(true);
    expect((await w.a.post(P.lockappuser, { ids: [w.u.east, w.u.t2], locked: false }, crm())).body.data).toEqual({ count: 2 });
    expect((await w.a.post(P.statusappuser, { ids: [w.u.eastSub], status: 0 }, crm())).body.data).toEqual({ count: 1 });
    expect((await stateOf([w.u.eastSub]))[0]!.status).toBe(0);
    expect((await w.a.post(P.statusappuser, { ids: [w.u.eastSub], status: 1 }, crm())).body.data).toEqual({ count: 1 });
  });

  it('never acts on a tenant administrator or the super manager (nothing of the batch changes), even as platform administrator', async () => {
    for (const caller of [w.a, w.admin]) {
      const r = await caller.post(P.lockappuser, { ids: [w.u.east, w.u.ta], locked: true }, crm());
      expect(r.body.scode).toBe(AppUserCodes.ADMIN_UNTOUCHABLE);
      expect(r.body.message).toContain('ta_t1');
      expect((await caller.post(P.statusappuser, { ids: [w.u.sm], status: 0 }, crm())).body.scode).toBe(AppUserCodes.ADMIN_UNTOUCHABLE);
      expect((await caller.post(P.editappuser, { ...appUserBody(w, w.t1, w.org.east, 'ta_t1'), id: w.u.ta, password: undefined }, crm())).body.scode).toBe(
        AppUserCodes.ADMIN_UNTOUCHABLE,
      );
    }
    expect((await stateOf([w.u.east, w.u.ta, w.u.sm])).every((u) => !u.locked && u.status === 1)).toBe(true);
  });
});

describe('adding and editing application users', () => {
  it('adds a user into a using tenant inside the roots, with an account in the application; audited by the user service', async () => {
    const r = await w.a.post(P.addappuser, appUserBody(w, w.t1, w.org.eastSub, 'new_one', { externalAccount: 'crm.new' }), crm());
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({ username: 'new_one', orgId: w.org.eastSub, tenantId: w.t1, externalAccount: 'crm.new' });
    const [m] = await db().select().from(userMappings).where(eq(userMappings.userId, r.body.data.row.id));
    expect(m).toMatchObject({ productId: w.appA.id, tenantId: w.t1, externalAccount: 'crm.new' });
  });

  it('refuses an organisation outside the roots, a tenant not using the app, §5 rule breaks, a taken account — writing nothing', async () => {
    const add = (b: Record<string, unknown>) => w.a.post(P.addappuser, b, crm());
    expect((await add(appUserBody(w, w.t1, w.org.west, 'out_west'))).body.scode).toBe(AppUserCodes.ORG_OUTSIDE_ROOTS);
    expect((await add(appUserBody(w, w.t1, w.org.east, 'bad_default', { defaultOrgId: w.org.west }))).body.scode).toBe(AppUserCodes.ORG_OUTSIDE_ROOTS);
    expect((await add(appUserBody(w, w.t3, w.t3dept, 'in_t3'))).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await add(appUserBody(w, w.t4, `${w.t4}-dept`, 'in_t4'))).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await add(appUserBody(w, w.t1, w.t2dept, 'foreign_org'))).body.scode).toBe(AppUserCodes.ORG_NOT_FOUND);
    expect((await add(appUserBody(w, w.t1, w.org.east, 'u_east'))).body.scode).toBe(UserCodes.USERNAME_IN_USE);
    expect((await add(appUserBody(w, w.t1, w.org.east, 'bad name!'))).body.scode).toBe(UserCodes.USERNAME_PATTERN);
    expect((await add(appUserBody(w, w.t1, w.org.east, 'bad_mail', { email: 'not-an-email' }))).body.result).toBe('0');
    expect((await add(appUserBody(w, w.t1, w.org.east, 'no_pass', { password: '' }))).body.scode).toBe(Codes.REQUIRED);
    // The account is taken (any case): the user itself is not created either (one transaction).
    expect((await add(appUserBody(w, w.t1, w.org.east, 'second_one', { externalAccount: 'CRM.NEW' }))).body.scode).toBe(AppUserCodes.ACCOUNT_IN_USE);
    const names = (await db().select({ u: users.username }).from(users)).map((x) => x.u);
    for (const n of ['out_west', 'bad_default', 'in_t3', 'in_t4', 'foreign_org', 'bad name!', 'bad_mail', 'no_pass', 'second_one'])
      expect(names).not.toContain(n);
  });

  it('edits an application user: fields, account (the user name itself clears it); moving outside the roots is refused', async () => {
    const body = { ...appUserBody(w, w.t1, w.org.east, 'u_east', { employeeName: '李四', externalAccount: 'east.crm' }), id: w.u.east, password: undefined };
    const r = await w.a.post(P.editappuser, body, crm());
    expect(r.body.data.row).toMatchObject({ employeeName: '李四', externalAccount: 'east.crm' });
    expect((await w.a.post(P.editappuser, { ...body, externalAccount: 'U_EAST' }, crm())).body.data.row.externalAccount).toBe('');
    expect((await w.a.post(P.editappuser, { ...body, orgId: w.org.west }, crm())).body.scode).toBe(AppUserCodes.ORG_OUTSIDE_ROOTS);
    expect((await stateOf([w.u.east]))[0]).toMatchObject({ orgId: w.org.east, name: '李四' });
    expect((await w.a.post(P.editappuser, { ...body, id: w.u.west, username: 'u_west' }, crm())).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
  });

  it('bad input is a 400 with the envelope, never a 500', async () => {
    const r = await w.a.post(P.addappuser, { tenantId: w.t1 }, crm());
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('0');
  });

  it('exports the grid and serves the template (.xlsx)', async () => {
    for (const [path, body] of [
      [P.exportappuser, {}],
      [P.templateappuser, {}],
    ] as const) {
      const r = await w.a.post(path, body, crm());
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toContain('spreadsheetml');
    }
  });
});
