import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppRoleCodes, AppRolePaths as P } from '@mp/protocol';
import { appRoleUsers } from '../../db/schema/index.js';
import { inApp, rolesWorld, validRole, type RolesWorld } from './approles.fixtures.js';

let w: RolesWorld;
let roleId: string;
const membersOf = async (id: string) => (await w.t.app.database.db.select().from(appRoleUsers).where(eq(appRoleUsers.roleId, id))).map((m) => m.userId).sort();
const names = (r: { body: { data: { rows: { username: string }[] } } }) => r.body.data.rows.map((x) => x.username);

beforeAll(async () => {
  w = await rolesWorld();
  roleId = (await w.a.post(P.addapprole, validRole(), inApp(w.appA.code))).body.data.row.id;
});
afterAll(async () => {
  await w.t.close();
});

describe('application role members', () => {
  it("candidates are the application's users only (inside its root organisations; tenants using it)", async () => {
    const r = await w.a.post(P.listapprolecandidate, { roleId, sortField: 'username' }, inApp(w.appA.code));
    expect(names(r)).toEqual(['ann', 'cat']);
    expect(
      (await w.a.post(P.listapprolecandidate, { roleId, keyword: 'AN' }, inApp(w.appA.code))).body.data.rows.map((x: { username: string }) => x.username),
    ).toEqual(['ann']);
  });

  it('adds members (at least one, app users only, all or nothing), lists and removes them, audited', async () => {
    w.a.language = 'EN_US';
    const none = await w.a.post(P.addapproleuser, { roleId, userIds: [] }, inApp(w.appA.code));
    expect(none.body.scode).toBe(AppRoleCodes.USER_REQUIRED);
    for (const outsider of [w.people.bob, w.people.dan, w.ids.plain]) {
      const r = await w.a.post(P.addapproleuser, { roleId, userIds: [w.people.ann, outsider] }, inApp(w.appA.code));
      expect(r.body.scode).toBe(AppRoleCodes.NOT_APP_USER);
      expect(r.body.msg).toBe(`The user "${outsider}" is not a user of this application`);
    }
    expect(await membersOf(roleId)).toEqual([]);
    const ok = await w.a.post(P.addapproleuser, { roleId, userIds: [w.people.ann, w.people.cat, w.people.ann] }, inApp(w.appA.code));
    expect(ok.body.data.count).toBe(2);
    expect(await membersOf(roleId)).toEqual([w.people.ann, w.people.cat].sort());
    const members = await w.a.post(P.listapproleuser, { roleId, sortField: 'username', sortOrder: 'descend' }, inApp(w.appA.code));
    expect(members.body.data.rows).toMatchObject([
      { username: 'cat', tenantName: 'Tenant beta' },
      { username: 'ann', orgName: 'Sales', tenantName: 'Tenant acme' },
    ]);
    expect(names(await w.a.post(P.listapprolecandidate, { roleId }, inApp(w.appA.code)))).toEqual([]);
    expect((await w.a.post(P.listapprole, {}, inApp(w.appA.code))).body.data.rows[0].memberCount).toBe(2);
    expect((await w.a.post(P.deleteapproleuser, { roleId, userIds: [] }, inApp(w.appA.code))).body.scode).toBe(AppRoleCodes.MEMBER_REQUIRED);
    expect((await w.a.post(P.deleteapproleuser, { roleId, userIds: [w.people.cat] }, inApp(w.appA.code))).body.data.count).toBe(1);
    expect(await membersOf(roleId)).toEqual([w.people.ann]);
  });

  it("another application's administrator never reads or changes the members", async () => {
    for (const path of [P.listapproleuser, P.listapprolecandidate]) {
      expect((await w.b.post(path, { roleId }, inApp(w.appB.code))).body.scode).toBe(AppRoleCodes.NOT_FOUND);
    }
    expect((await w.b.post(P.addapproleuser, { roleId, userIds: [w.people.dan] }, inApp(w.appB.code))).body.scode).toBe(AppRoleCodes.NOT_FOUND);
    expect((await w.b.post(P.deleteapproleuser, { roleId, userIds: [w.people.ann] }, inApp(w.appB.code))).body.scode).toBe(AppRoleCodes.NOT_FOUND);
    expect(await membersOf(roleId)).toEqual([w.people.ann]);
  });
});
