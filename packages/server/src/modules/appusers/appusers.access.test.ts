import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppUserCodes, AppUserPaths as P, Codes, OrgMemberCodes } from '@mp/protocol';
import { orgUsers, users } from '../../db/schema/index.js';
import { appUserBody, inApp, peopleWorld, type PeopleWorld } from './appusers.fixtures.js';

let w: PeopleWorld;
const crm = () => inApp(w.appA.code);
const membersOf = async (orgId: string) =>
  (await w.t.app.database.db.select({ u: orgUsers.userId }).from(orgUsers).where(eq(orgUsers.orgId, orgId))).map((r) => r.u).sort();

beforeAll(async () => {
  w = await peopleWorld();
  expect((await w.a.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, crm())).body.result).toBe('1');
});
afterAll(async () => {
  await w.t.close();
});

describe('who may call the application people calls', () => {
  const everyCall = () =>
    [
      [P.listapprootorg, {}],
      [P.listapporgtree, { tenantId: w.t1 }],
      [P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.west] }],
      [P.deleteapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }],
      [P.listappuser, {}],
      [P.getappuser, { id: w.u.east }],
      [P.addappuser, appUserBody(w, w.t1, w.org.east, 'intruder')],
      [P.editappuser, { ...appUserBody(w, w.t1, w.org.east, 'u_east'), id: w.u.east }],
      [P.statusappuser, { ids: [w.u.east], status: 0 }],
      [P.lockappuser, { ids: [w.u.east], locked: true }],
      [P.exportappuser, {}],
      [P.templateappuser, {}],
      [P.listapporguser, { tenantId: w.t1, orgId: w.org.east }],
      [P.listappusernotinorg, { tenantId: w.t1, orgId: w.org.east }],
      [P.addapporguser, { tenantId: w.t1, orgId: w.org.eastSub, userIds: [w.u.east] }],
      [P.deleteapporguser, { tenantId: w.t1, orgId: w.org.eastSub, userIds: [w.u.east] }],
    ] as const;

  it("refuses an ordinary user, an application administrator of no app, and app B's administrator naming app A (10009029001), changing nothing", async () => {
    const before = await w.t.app.database.db.select().from(users).where(eq(users.tenantId, w.t1));
    for (const [caller, app] of [
      [w.plain, w.appA.code],
      [w.loner, w.appA.code],
      [w.b, w.appA.code],
      [w.b, w.appA.id],
      [w.a, 'sys'],
    ] as const) {
      for (const [path, body] of everyCall()) expect((await caller.post(path, body, inApp(app))).body.scode, path).toBe(Codes.NO_PERMISSION);
    }
    expect(await w.t.app.database.db.select().from(users).where(eq(users.tenantId, w.t1))).toEqual(before);
  });

  it("app B's administrator in their own app finds none of app A's users", async () => {
    const erp = inApp(w.appB.code);
    const list = await w.b.post(P.listappuser, {}, erp);
    expect((list.body.data.rows as { id: string }[]).map((r) => r.id)).toEqual([w.u.t3]);
    expect((await w.b.post(P.getappuser, { id: w.u.east }, erp)).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    expect((await w.b.post(P.lockappuser, { ids: [w.u.east], locked: true }, erp)).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    expect((await w.b.post(P.editappuser, { ...appUserBody(w, w.t1, w.org.east, 'u_east'), id: w.u.east }, erp)).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    expect((await w.b.post(P.addappuser, appUserBody(w, w.t1, w.org.east, 'via_erp'), erp)).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await w.b.post(P.listapporguser, { tenantId: w.t1, orgId: w.org.east }, erp)).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
  });

  it('the platform administrator may work in any application', async () => {
    expect((await w.admin.post(P.listappuser, {}, crm())).body.data.records).toBe(5);
  });
});

describe('organisation–user relations inside the application', () => {
  it('adds and lists members of an organisation inside the roots; audited; removes them', async () => {
    const add = await w.a.post(P.addapporguser, { tenantId: w.t1, orgId: w.org.eastSub, userIds: [w.u.east, w.u.east] }, crm());
    expect(add.body.data).toEqual({ count: 1 });
    expect(await membersOf(w.org.eastSub)).toEqual([w.u.east]);
    const list = await w.a.post(P.listapporguser, { tenantId: w.t1, orgId: w.org.eastSub }, crm());
    expect((list.body.data.rows as { userId: string; affiliated: boolean }[]).map((r) => [r.userId, r.affiliated]).sort()).toEqual(
      [
        [w.u.east, false],
        [w.u.eastSub, true],
      ].sort(),
    );
    const cands = await w.a.post(P.listappusernotinorg, { tenantId: w.t1, orgId: w.org.eastSub }, crm());
    const ids = (cands.body.data.rows as { userId: string }[]).map((r) => r.userId);
    expect(ids).not.toContain(w.u.west);
    expect(ids).not.toContain(w.u.east);
    expect((await w.a.post(P.deleteapporguser, { tenantId: w.t1, orgId: w.org.eastSub, userIds: [w.u.east] }, crm())).body.data).toEqual({ count: 1 });
    expect(await membersOf(w.org.eastSub)).toEqual([]);
  });

  it('refuses organisations outside the roots, users outside the app or of another tenant, administrators, an affiliation — writing nothing', async () => {
    const call = (path: string, orgId: string, userIds: string[], tenantId = w.t1) => w.a.post(path, { tenantId, orgId, userIds }, crm());
    expect((await call(P.addapporguser, w.org.west, [w.u.east])).body.scode).toBe(AppUserCodes.ORG_OUTSIDE_ROOTS);
    expect((await call(P.listapporguser, w.org.west, [])).body.scode).toBe(AppUserCodes.ORG_OUTSIDE_ROOTS);
    expect((await call(P.addapporguser, w.org.eastSub, [w.u.east, w.u.west])).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    expect((await call(P.addapporguser, w.org.eastSub, [w.u.t2])).body.scode).toBe(AppUserCodes.USER_NOT_FOUND);
    expect((await call(P.addapporguser, w.org.eastSub, [w.u.east, w.u.ta])).body.scode).toBe(AppUserCodes.ADMIN_UNTOUCHABLE);
    expect((await call(P.addapporguser, w.org.eastSub, [])).body.scode).toBe(AppUserCodes.SELECTION_REQUIRED);
    expect((await call(P.addapporguser, w.t3dept, [w.u.t3], w.t3)).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await call(P.deleteapporguser, w.org.eastSub, [w.u.eastSub])).body.scode).toBe(OrgMemberCodes.AFFILIATED);
    expect(await membersOf(w.org.eastSub)).toEqual([]);
    expect(
      await w.t.app.database.db
        .select()
        .from(orgUsers)
        .where(and(eq(orgUsers.tenantId, w.t1), eq(orgUsers.userId, w.u.ta))),
    ).toEqual([]);
  });
});
