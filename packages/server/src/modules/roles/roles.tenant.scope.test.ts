import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { stations } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import { as, q, setUp, snapshot, type TestApp } from './roles.tenant.testing.js';

// Role management by a role holder (docs/tenant-roles.md "Data scope" and "No privilege escalation"):
// 'hal' holds a role granting the east subtree, the roleManagement menu (read/write), stationManagement
// (read) and some APIs. He sees and changes only roles and users inside east and passes on only what he
// holds. Then the journey: a role he could not see, granted by the administrator, limits its member.
let t: TestApp;
let f: Awaited<ReturnType<typeof setUp>>;
const nos = (body: { data: { rows: { roleNo: string }[] } }) => body.data.rows.map((r) => r.roleNo).sort();
const users = (body: { data: { rows: { username: string }[] } }) => body.data.rows.map((r) => r.username).sort();
const item = (dpDataid: string, dpPurview = 1) => ({ dpDataid, dpPurview });
let sub = '';

beforeAll(async () => {
  t = await testApp();
  f = await setUp(t);
  await inScope(t.app.database.db, { scope: 'tenant', tenantId: f.tenantId }, (tx) =>
    tx.insert(stations).values([
      { id: 'st-e', tenantId: f.tenantId, name: 'East clerk', level: 'P1', orgId: f.east },
      { id: 'st-s', tenantId: f.tenantId, name: 'Sales clerk', level: 'P1', orgId: f.esales },
      { id: 'st-w', tenantId: f.tenantId, name: 'West clerk', level: 'P1', orgId: f.west },
    ]),
  );
});
afterAll(async () => {
  await t.close();
});

describe("tenant roles inside the caller's data scope", () => {
  it('lists only roles whose organisation is in the granted subtree', async () => {
    expect(nos((await f.hal.post(Paths.listtenantrole, {})).body)).toEqual(['east_admin']);
    expect(nos((await f.hal.post(Paths.listtenantrole, { orgId: f.tenantId, includeSub: true })).body)).toEqual(['east_admin']);
    expect(nos((await f.admin.post(Paths.listtenantrole, {})).body)).toEqual(['east_admin', 'everyone', 'west_staff']);
  });

  it('adds and edits inside the subtree; refuses other organisations and roles outside, writing nothing', async () => {
    const added = await f.hal.post(Paths.addtenantrole, { roleNo: 'sales_team', roleName: 'Sales', orgId: f.esales });
    expect(added.body.result).toBe('1');
    sub = added.body.data.row.roleId;
    const before = await snapshot(t);
    expect((await f.hal.post(Paths.addtenantrole, { roleNo: 'x1', roleName: 'X', orgId: f.west })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.post(Paths.addtenantrole, { roleNo: 'x1', roleName: 'X', orgId: f.tenantId })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.post(Paths.edittenantrole, { roleId: sub, roleNo: 'sales_team', roleName: 'Sales', orgId: f.west })).body.scode).toBe(
      Codes.NO_PERMISSION,
    );
    expect((await f.hal.post(Paths.edittenantrole, { roleId: 'r-west', roleNo: 'west_staff', roleName: 'Mine', orgId: f.east })).body.scode).toBe(
      Codes.NO_PERMISSION,
    );
    for (const path of [Paths.listtenantroleuser, Paths.listusernotintenantrole])
      expect((await f.hal.post(path, { roleId: 'r-west' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.get(q(Paths.listtenantgrantview, { roleId: 'r-builtin' }))).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a call without its API grant, and every call to a role holder without API grants', async () => {
    const before = await snapshot(t);
    expect((await f.hal.post(Paths.deletetenantrole, { roleIds: [sub] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.get(q(Paths.listtenantorgtypepurview, { roleId: sub }))).body.scode).toBe(Codes.NO_PERMISSION);
    const wes = await as(t, 'wes', f.tenantId);
    expect((await wes.post(Paths.listtenantrole, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await wes.post(Paths.addtenantrole, { roleNo: 'w2', roleName: 'W', orgId: f.west })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
  });

  it('offers and adds only users in scope as members', async () => {
    expect(users((await f.hal.post(Paths.listusernotintenantrole, { roleId: sub })).body)).toEqual(['eve', 'hal', 'sam']);
    const before = await snapshot(t);
    expect((await f.hal.post(Paths.addtenantroleuser, { roleId: sub, userIds: [f.u.sam, f.u.wes] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.post(Paths.addtenantroleuser, { roleId: sub, userIds: [f.u.ada] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
    expect((await f.hal.post(Paths.addtenantroleuser, { roleId: sub, userIds: [f.u.sam] })).body.data.count).toBe(1);
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: sub, userIds: [f.u.wes] })).body.data.count).toBe(1);
    expect(users((await f.hal.post(Paths.listtenantroleuser, { roleId: sub })).body)).toEqual(['sam']);
    expect((await f.hal.post(Paths.deletetenantroleuser, { roleId: sub, userIds: [f.u.wes] })).body.scode).toBe(Codes.NO_PERMISSION);
  });
});

describe('no privilege escalation', () => {
  it('grants only menus, APIs, organisations and types the caller holds, writing nothing otherwise', async () => {
    const before = await snapshot(t);
    const refused: [string, Record<string, unknown>][] = [
      [Paths.savetenantmenupurview, { roleId: sub, dataPurview: [item('stationManagement', 3)] }],
      [Paths.savetenantmenupurview, { roleId: sub, dataPurview: [item('roleManagement', 3), item('auditlog')] }],
      [Paths.savetenantapipurview, { roleId: sub, dataPurview: [item(Paths.listtenantrole), item(Paths.deletetenantrole)] }],
      [Paths.savetenantorgpurview, { roleId: sub, orgCategory: 0, dataPurview: [item(f.esales), item(f.west)] }],
      [Paths.savetenantorgpurview, { roleId: sub, orgCategory: 0, dataPurview: [item(f.tenantId)] }],
      // organisation types alone would reach them anywhere in the tenant
      [Paths.savetenantorgtypepurview, { roleId: sub, dataPurview: [item('3')] }],
    ];
    for (const [path, body] of refused) expect((await f.hal.post(path, body)).body.scode, JSON.stringify(body)).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
    expect(
      (await f.hal.post(Paths.savetenantmenupurview, { roleId: sub, dataPurview: [item('roleManagement', 3), item('stationManagement', 1)] })).body.data.count,
    ).toBe(2);
    expect(
      (await f.hal.post(Paths.savetenantapipurview, { roleId: sub, dataPurview: [item(Paths.listtenantrole), item(Paths.listtenantstation)] })).body.data.count,
    ).toBe(2);
    expect((await f.hal.post(Paths.savetenantorgpurview, { roleId: sub, orgCategory: 0, dataPurview: [item(f.esales)] })).body.data.count).toBe(1);
    expect((await f.hal.post(Paths.savetenantorgtypepurview, { roleId: sub, dataPurview: [item('3')] })).body.data.count).toBe(1);
  });

  it('keeps grants the caller does not hold when unchanged, and adds no members to a role granting more than the caller holds', async () => {
    expect(
      (
        await f.admin.post(Paths.savetenantmenupurview, {
          roleId: sub,
          dataPurview: [item('roleManagement', 3), item('stationManagement', 1), item('auditlog')],
        })
      ).body.result,
    ).toBe('1');
    expect((await f.hal.post(Paths.savetenantmenupurview, { roleId: sub, dataPurview: [item('roleManagement', 1), item('auditlog')] })).body.data.count).toBe(
      2,
    );
    const before = await snapshot(t);
    expect((await f.hal.post(Paths.addtenantroleuser, { roleId: sub, userIds: [f.u.eve] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
    const tree = (await f.hal.get(q(Paths.listtenantorgpurview, { roleId: sub }))).body.data;
    expect(tree.rows.map((r: { id: string }) => r.id)).toEqual([f.east]);
    expect(tree.granted.map((r: { id: string }) => r.id)).toEqual([f.esales]);
  });
});

describe("journey: grants take effect on the member's next call", () => {
  it('a role with a subtree grant and the list API grant limits its member to that subtree, and listmymenu follows', async () => {
    const role = (await f.admin.post(Paths.addtenantrole, { roleNo: 'sales_view', roleName: 'Sales_viewers', orgId: f.east })).body.data.row;
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: role.roleId, userIds: [f.u.eve] })).body.data.count).toBe(1);
    const eve = await as(t, 'eve', f.tenantId);
    expect((await eve.post(Paths.listtenantstation, {})).body.scode).toBe(Codes.NO_PERMISSION);
    await f.admin.post(Paths.savetenantmenupurview, { roleId: role.roleId, dataPurview: [item('stationManagement')] });
    await f.admin.post(Paths.savetenantapipurview, { roleId: role.roleId, dataPurview: [item(Paths.listtenantstation)] });
    await f.admin.post(Paths.savetenantorgpurview, { roleId: role.roleId, orgCategory: 0, dataPurview: [item(f.esales)] });
    const names = async () => (await eve.post(Paths.listtenantstation, {})).body.data.rows.map((r: { name: string }) => r.name).sort();
    expect(await names()).toEqual(['Sales clerk']);
    expect((await eve.get(Paths.listmymenu)).body.data.rows.map((r: { menuId: string }) => r.menuId)).toEqual(['stationManagement']);
    await f.admin.post(Paths.savetenantorgpurview, { roleId: role.roleId, orgCategory: 0, dataPurview: [item(f.east)] });
    expect(await names()).toEqual(['East clerk', 'Sales clerk']);
    await f.admin.post(Paths.savetenantapipurview, { roleId: role.roleId, dataPurview: [] });
    expect((await eve.post(Paths.listtenantstation, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it("a role with a subtree grant and the users-list API grant lists only that subtree's users to its member", async () => {
    const role = (await f.admin.post(Paths.addtenantrole, { roleNo: 'user_view', roleName: 'User_viewers', orgId: f.east })).body.data.row;
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: role.roleId, userIds: [f.u.sam] })).body.data.count).toBe(1);
    await f.admin.post(Paths.savetenantmenupurview, { roleId: role.roleId, dataPurview: [item('employeeManagement')] });
    await f.admin.post(Paths.savetenantapipurview, { roleId: role.roleId, dataPurview: [item(Paths.listtenantuser)] });
    await f.admin.post(Paths.savetenantorgpurview, { roleId: role.roleId, orgCategory: 0, dataPurview: [item(f.east)] });
    const sam = await as(t, 'sam', f.tenantId);
    const list = await sam.post(Paths.listtenantuser, { page: 1, pageSize: 50 });
    expect(list.body.result).toBe('1');
    expect(users(list.body)).toEqual(['eve', 'hal', 'sam']);
    expect(users((await f.admin.post(Paths.listtenantuser, { page: 1, pageSize: 50 })).body)).toEqual(['ada', 'eve', 'hal', 'sam', 'wes']);
    await f.admin.post(Paths.savetenantorgpurview, { roleId: role.roleId, orgCategory: 0, dataPurview: [item(f.esales)] });
    expect(users((await sam.post(Paths.listtenantuser, { page: 1, pageSize: 50 })).body)).toEqual(['sam']);
  });
});
