import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths, RoleCodes, TenantRoleCodes } from '@mp/protocol';
import { testApp } from '../../testing/test-app.js';
import { q, setUp, snapshot, type TestApp } from './roles.tenant.testing.js';

// Role management of the tenant area as the tenant's administrator (docs/tenant-roles.md): every call,
// its rules, and what another tenant's administrator or a platform administrator gets.
let t: TestApp;
let f: Awaited<ReturnType<typeof setUp>>;
const role = (extra: Record<string, unknown> = {}) => ({ roleNo: 'auditors', roleName: '审计员_1', orgId: f.esales, ...extra });
const nos = (body: { data: { rows: { roleNo: string }[] } }) => body.data.rows.map((r) => r.roleNo).sort();

beforeAll(async () => {
  t = await testApp();
  f = await setUp(t);
});
afterAll(async () => {
  await t.close();
});

describe('tenant roles: list, add, edit, delete', () => {
  it('adds a role in an organisation of the tenant, audited, and lists it with its organisation name', async () => {
    const before = (await snapshot(t)).audit;
    const r = await f.admin.post(Paths.addtenantrole, role({ description: 'reads the audit log' }));
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({
      roleNo: 'auditors',
      roleName: '审计员_1',
      orgId: f.esales,
      orgName: 'Org esales',
      tenantId: f.tenantId,
      roleStatus: 1,
    });
    expect((await snapshot(t)).audit).toBe(before + 1);
  });

  it('lists by organisation, with or without sub-organisations, and searches number, name, member user name and employee name', async () => {
    expect(nos((await f.admin.post(Paths.listtenantrole, { orgId: f.east })).body)).toEqual(['east_admin']);
    expect(nos((await f.admin.post(Paths.listtenantrole, { orgId: f.east, includeSub: true })).body)).toEqual(['auditors', 'east_admin']);
    expect(nos((await f.admin.post(Paths.listtenantrole, { orgId: f.tenantId, includeSub: true })).body)).toEqual([
      'auditors',
      'east_admin',
      'everyone',
      'west_staff',
    ]);
    expect(nos((await f.admin.post(Paths.listtenantrole, { roleNo: 'west' })).body)).toEqual(['west_staff']);
    expect(nos((await f.admin.post(Paths.listtenantrole, { roleName: '审计' })).body)).toEqual(['auditors']);
    expect(nos((await f.admin.post(Paths.listtenantrole, { username: 'hal' })).body)).toEqual(['east_admin']);
    expect(nos((await f.admin.post(Paths.listtenantrole, { employeeName: 'Wes' })).body)).toEqual(['west_staff']);
    const page = (await f.admin.post(Paths.listtenantrole, { page: 2, pageSize: 3, sortField: 'roleNo', sortOrder: 'ascend' })).body.data;
    expect(page).toMatchObject({ page: 2, total: 2, records: 4, lastPage: true });
    expect(page.rows.map((r: { roleNo: string }) => r.roleNo)).toEqual(['west_staff']);
  });

  it('checks every rule of SPEC §5 Role and writes nothing on a refusal', async () => {
    const before = await snapshot(t);
    const cases: [Record<string, unknown>, string][] = [
      [role({ roleNo: ' ' }), Codes.REQUIRED],
      [role({ roleNo: 'a'.repeat(31) }), Codes.TOO_LONG],
      [role({ roleNo: 'a-b' }), RoleCodes.NO_PATTERN],
      [role({ roleNo: 'Auditors' }), RoleCodes.NO_IN_USE],
      [role({ roleNo: 'x1', roleName: '' }), Codes.REQUIRED],
      [role({ roleNo: 'x1', roleName: 'n'.repeat(31) }), Codes.TOO_LONG],
      [role({ roleNo: 'x1', roleName: 'a b' }), RoleCodes.NAME_PATTERN],
      [role({ roleNo: 'x1', orgId: '' }), RoleCodes.ORG_REQUIRED],
      [role({ roleNo: 'x1', orgId: 'nowhere' }), RoleCodes.ORG_NOT_FOUND],
      [role({ roleNo: 'x1', orgId: f.rnorth }), RoleCodes.ORG_NOT_FOUND],
      [role({ roleNo: 'x1', description: '<script>x</script>' }), Codes.SCRIPT_TAG],
    ];
    for (const [body, code] of cases) expect((await f.admin.post(Paths.addtenantrole, body)).body.scode, JSON.stringify(body)).toBe(code);
    expect((await f.admin.post(Paths.edittenantrole, { roleId: 'r-west', ...role({ roleNo: 'east_admin' }) })).body.scode).toBe(RoleCodes.NO_IN_USE);
    expect((await f.admin.post(Paths.deletetenantrole, { roleIds: [] })).body.scode).toBe(Codes.CHOOSE_AT_LEAST_ONE);
    expect((await f.admin.post(Paths.deletetenantrole, { roleIds: ['r-west', 'r-builtin'] })).body.scode).toBe(RoleCodes.BUILT_IN);
    expect((await f.admin.post(Paths.deletetenantrole, { roleIds: ['r-west', 'nope'] })).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect(await snapshot(t)).toEqual(before);
  });

  it('edits exactly one role and deletes roles with their members and grants', async () => {
    const added = (await f.admin.post(Paths.addtenantrole, role({ roleNo: 'temp', roleName: 'Temp' }))).body.data.row;
    const edited = await f.admin.post(Paths.edittenantrole, {
      roleId: added.roleId,
      ...role({ roleNo: 'temp2', roleName: 'Temp2', orgId: f.west, roleStatus: 0 }),
    });
    expect(edited.body.data.row).toMatchObject({ roleNo: 'temp2', orgName: 'Org west', roleStatus: 0 });
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: added.roleId, userIds: [f.u.wes] })).body.data.count).toBe(1);
    expect((await f.admin.post(Paths.deletetenantrole, { roleIds: [added.roleId] })).body.data.count).toBe(1);
    expect((await f.admin.post(Paths.listtenantrole, { roleNo: 'temp' })).body.data.records).toBe(0);
  });
});

describe('tenant roles: members', () => {
  it("adds, lists and removes members; candidates are the tenant's users not in the role", async () => {
    const candidates = (await f.admin.post(Paths.listusernotintenantrole, { roleId: 'r-west', pageSize: 50 })).body.data.rows
      .map((r: { username: string }) => r.username)
      .sort();
    expect(candidates).toEqual(['ada', 'eve', 'hal', 'sam']);
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: 'r-west', userIds: [f.u.eve, f.u.sam] })).body.data.count).toBe(2);
    const members = (await f.admin.post(Paths.listtenantroleuser, { roleId: 'r-west', keyword: 'Sam' })).body.data.rows;
    expect(members).toMatchObject([{ username: 'sam', employeeName: 'Sam Sales', orgName: 'Org esales' }]);
    expect((await f.admin.post(Paths.deletetenantroleuser, { roleId: 'r-west', userIds: [f.u.eve, f.u.sam] })).body.data.count).toBe(2);
  });

  it("refuses no user, another tenant's user or an unknown role, writing nothing", async () => {
    const before = await snapshot(t);
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: 'r-west', userIds: [] })).body.scode).toBe(RoleCodes.USER_REQUIRED);
    expect((await f.admin.post(Paths.deletetenantroleuser, { roleId: 'r-west', userIds: [] })).body.scode).toBe(RoleCodes.MEMBER_REQUIRED);
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: 'r-west', userIds: [f.u.eve, f.u.rob] })).body.scode).toBe(RoleCodes.USER_NOT_IN_TENANT);
    expect((await f.admin.post(Paths.addtenantroleuser, { roleId: 'nope', userIds: [f.u.eve] })).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('tenant roles: grants', () => {
  it('saves menus with read/write (write keeps read), organisation types, and answers them', async () => {
    const saved = await f.admin.post(Paths.savetenantmenupurview, {
      roleId: 'r-west',
      dataPurview: [
        { dpDataid: 'auditlog', dpPurview: 2 },
        { dpDataid: 'stationManagement', dpPurview: 1 },
      ],
    });
    expect(saved.body.data.count).toBe(2);
    const tree = (await f.admin.get(q(Paths.listtenantmenupurview, { roleId: 'r-west' }))).body.data.rows;
    const bits = Object.fromEntries(tree[0].children.map((n: { id: string; purview: number }) => [n.id, n.purview]));
    expect(bits).toMatchObject({ auditlog: 3, stationManagement: 1, roleManagement: 0 });
    expect((await f.admin.post(Paths.savetenantorgtypepurview, { roleId: 'r-west', dataPurview: [{ dpDataid: '3', dpPurview: 1 }] })).body.result).toBe('1');
    const types = (await f.admin.get(q(Paths.listtenantorgtypepurview, { roleId: 'r-west' }))).body.data.rows;
    expect(types.filter((r: { dpPurview: number }) => r.dpPurview).map((r: { type: number }) => r.type)).toEqual([3]);
  });

  it('answers the organisation grant tree one level at a time and saves organisations of the tenant', async () => {
    const top = (await f.admin.get(q(Paths.listtenantorgpurview, { roleId: 'r-west' }))).body.data;
    expect(top.rows).toMatchObject([{ id: f.tenantId, hasChildren: true, purview: 0 }]);
    expect(top.categories[0]).toMatchObject({ codeKey: 0 });
    const level = (await f.admin.get(q(Paths.listtenantorgpurview, { roleId: 'r-west', parentId: f.tenantId }))).body.data.rows;
    expect(level.map((r: { id: string; hasChildren: boolean }) => [r.id, r.hasChildren])).toEqual([
      [f.east, true],
      [f.west, false],
    ]);
    expect(
      (await f.admin.post(Paths.savetenantorgpurview, { roleId: 'r-west', orgCategory: 0, dataPurview: [{ dpDataid: f.west, dpPurview: 1 }] })).body.result,
    ).toBe('1');
    const after = (await f.admin.get(q(Paths.listtenantorgpurview, { roleId: 'r-west', parentId: f.tenantId }))).body.data;
    expect(after.granted).toMatchObject([{ id: f.west, name: 'Org west' }]);
    expect(after.rows.find((r: { id: string }) => r.id === f.west).purview).toBe(1);
  });

  it('answers the tenant API catalogue by menu and saves API grants', async () => {
    const groups = (await f.admin.get(q(Paths.listtenantapipurview, { roleId: 'r-west' }))).body.data.rows;
    const roleGroup = groups.find((g: { menu: string }) => g.menu === 'roleManagement');
    expect(roleGroup.menuName).toBeTruthy();
    expect(roleGroup.apis).toContainEqual({ method: 'POST', url: Paths.listtenantrole, granted: false });
    // an API two screens call is listed under both menus (organisation management's grid is the library's list)
    const urlsOf = (menu: string) => groups.find((g: { menu: string }) => g.menu === menu).apis.map((a: { url: string }) => a.url);
    expect(urlsOf('orgManagement')).toEqual(expect.arrayContaining([Paths.listorg, Paths.addorg, Paths.moveorg]));
    expect(urlsOf('baseOrgManagement')).toEqual(expect.arrayContaining([Paths.listorg, Paths.importorg]));
    expect(urlsOf('orgManagement')).not.toContain(Paths.importorg);
    expect(groups.find((g: { menu: string }) => g.menu === 'auditlog').menuPurview).toBe(3);
    const body = {
      roleId: 'r-west',
      dataPurview: [
        { dpDataid: Paths.listtenantauditlog, dpPurview: 1 },
        { dpDataid: Paths.listtenantrole, dpPurview: 1 },
      ],
    };
    expect((await f.admin.post(Paths.savetenantapipurview, body)).body.data.count).toBe(2);
    const again = (await f.admin.get(q(Paths.listtenantapipurview, { roleId: 'r-west' }))).body.data.rows;
    expect(again.find((g: { menu: string }) => g.menu === 'roleManagement').apis.find((a: { url: string }) => a.url === Paths.listtenantrole).granted).toBe(
      true,
    );
  });

  it('refuses unknown menus, types, organisations and APIs, the root menu and duplicates, writing nothing', async () => {
    const before = await snapshot(t);
    const item = (dpDataid: string, dpPurview = 1) => ({ dpDataid, dpPurview });
    expect((await f.admin.post(Paths.savetenantmenupurview, { roleId: 'r-west', dataPurview: [item('nomenu')] })).body.scode).toBe(
      RoleCodes.GRANT_MENU_UNKNOWN,
    );
    expect((await f.admin.post(Paths.savetenantmenupurview, { roleId: 'r-west', dataPurview: [item('0')] })).body.scode).toBe(RoleCodes.GRANT_ROOT);
    expect((await f.admin.post(Paths.savetenantmenupurview, { roleId: 'r-west', dataPurview: [item('auditlog', 4)] })).body.scode).toBe(
      RoleCodes.GRANT_PURVIEW,
    );
    expect((await f.admin.post(Paths.savetenantorgtypepurview, { roleId: 'r-west', dataPurview: [item('7')] })).body.scode).toBe(
      RoleCodes.GRANT_ORGTYPE_UNKNOWN,
    );
    expect((await f.admin.post(Paths.savetenantorgpurview, { roleId: 'r-west', orgCategory: 0, dataPurview: [item(f.east), item(f.rnorth)] })).body.scode).toBe(
      RoleCodes.GRANT_ORG_UNKNOWN,
    );
    expect((await f.admin.post(Paths.savetenantorgpurview, { roleId: 'r-west', orgCategory: 42, dataPurview: [] })).body.scode).toBe(
      RoleCodes.CATEGORY_UNKNOWN,
    );
    expect(
      (await f.admin.post(Paths.savetenantapipurview, { roleId: 'r-west', dataPurview: [item(Paths.listtenantrole), item(Paths.listrole)] })).body.scode,
    ).toBe(TenantRoleCodes.GRANT_API_UNKNOWN);
    expect(
      (await f.admin.post(Paths.savetenantapipurview, { roleId: 'r-west', dataPurview: [item(Paths.listtenantrole), item(Paths.listtenantrole)] })).body.scode,
    ).toBe(RoleCodes.GRANT_DUPLICATE);
    expect(await snapshot(t)).toEqual(before);
  });

  it('shows everything a role is granted, with names', async () => {
    const view = (await f.admin.get(q(Paths.listtenantgrantview, { roleId: 'r-west' }))).body.data.row;
    expect(view.menus.map((m: { id: string; purview: number }) => [m.id, m.purview])).toEqual([
      ['stationManagement', 1],
      ['auditlog', 3],
    ]);
    expect(view.apis.map((a: { url: string }) => a.url).sort()).toEqual([Paths.listtenantauditlog, Paths.listtenantrole].sort());
    expect(view.orgTypes).toEqual([3]);
    expect(view.orgs).toMatchObject([{ id: f.west, name: 'Org west', orgCategory: 0 }]);
  });
});

describe('tenant roles: who may call', () => {
  it('another tenant\'s administrator gets "not found" for every id of this tenant, and nothing changes', async () => {
    const before = await snapshot(t);
    const item = [{ dpDataid: 'auditlog', dpPurview: 1 }];
    const notFound: [string, Record<string, unknown>][] = [
      [Paths.edittenantrole, { roleId: 'r-west', ...role({ orgId: f.rnorth }) }],
      [Paths.deletetenantrole, { roleIds: ['r-west'] }],
      [Paths.listtenantroleuser, { roleId: 'r-west' }],
      [Paths.listusernotintenantrole, { roleId: 'r-west' }],
      [Paths.addtenantroleuser, { roleId: 'r-west', userIds: [f.u.rob] }],
      [Paths.deletetenantroleuser, { roleId: 'r-west', userIds: [f.u.wes] }],
      [Paths.savetenantmenupurview, { roleId: 'r-west', dataPurview: item }],
      [Paths.savetenantorgtypepurview, { roleId: 'r-west', dataPurview: [] }],
      [Paths.savetenantorgpurview, { roleId: 'r-west', orgCategory: 0, dataPurview: [] }],
      [Paths.savetenantapipurview, { roleId: 'r-west', dataPurview: [] }],
    ];
    for (const [path, body] of notFound) expect((await f.rival.post(path, body)).body.scode, path).toBe(RoleCodes.NOT_FOUND);
    for (const path of [
      Paths.listtenantmenupurview,
      Paths.listtenantorgtypepurview,
      Paths.listtenantorgpurview,
      Paths.listtenantapipurview,
      Paths.listtenantgrantview,
    ]) {
      expect((await f.rival.get(q(path, { roleId: 'r-west' }))).body.scode, path).toBe(RoleCodes.NOT_FOUND);
    }
    expect((await f.rival.post(Paths.addtenantrole, role({ orgId: f.east }))).body.scode).toBe(RoleCodes.ORG_NOT_FOUND);
    expect((await f.rival.post(Paths.listtenantrole, {})).body.data.records).toBe(0);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a platform administrator and a user without a role in the tenant (10009029001)', async () => {
    f.platform.tenantId = f.tenantId;
    expect((await f.platform.post(Paths.listtenantrole, {})).body.scode).toBe(Codes.NO_PERMISSION);
    f.rival.tenantId = f.tenantId;
    expect((await f.rival.post(Paths.listtenantrole, {})).body.scode).toBe(Codes.NO_PERMISSION);
    f.rival.tenantId = f.rivalId;
  });
});
