import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppGrantCodes, AppGrantPaths as P, Codes, Identity, RoleCodes, type AppPermissionNode } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appMenus, auditLog, productAdmins, roleGrants, roles } from '../../db/schema/index.js';
import { BIG, long, sendBad, tableDigest } from '../../testing/bad-input.js';
import { testApp } from '../../testing/test-app.js';
import { createMember } from '../roles/roles.fixtures.js';
import { as, q, snapshot, type TestApp } from '../roles/roles.tenant.testing.js';
import { appWorld, ID, item } from './apppermissions.fixtures.js';

// Tenant roles granted an application's permission tree (docs/applications.md "Permission tree",
// "Grants reach the tenants"): the trees, saving, the viewer, every refusal writing nothing, and a
// deleted menu leaving every tenant's roles.
let t: TestApp;
let f: Awaited<ReturnType<typeof appWorld>>;

/** Flattens a tree to `key → node`. */
function flat(nodes: AppPermissionNode[], into = new Map<string, AppPermissionNode>()): Map<string, AppPermissionNode> {
  for (const n of nodes) {
    into.set(n.key, n);
    flat(n.children, into);
  }
  return into;
}
/** A tree as nested "showName" strings (grantable marked with *), to compare shapes. */
const shape = (nodes: AppPermissionNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [`${n.showName}${n.grantable ? '*' : ''}`]: shape(n.children) } : `${n.showName}${n.grantable ? '*' : ''}`));
const appGrants = (roleId: string) =>
  inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx
      .select({ kind: roleGrants.kind, id: roleGrants.dataId, p: roleGrants.purview })
      .from(roleGrants)
      .where(and(eq(roleGrants.roleId, roleId)))
      .orderBy(roleGrants.kind, roleGrants.dataId),
  );

beforeAll(async () => {
  t = await testApp();
  f = await appWorld(t);
  f.admin.language = 'EN_US';
});
afterAll(async () => {
  await t.close();
});

describe('applications and permission trees', () => {
  it("lists the applications the tenant uses, with the tenant's own name", async () => {
    const rows = (await f.admin.get(P.listtenantapp)).body.data.rows;
    expect(rows).toEqual([
      { productId: ID.crm, productCode: 'crm', name: 'Acme CRM', status: 1 },
      { productId: ID.erp, productCode: 'erp', name: 'ERP', status: 1 },
    ]);
  });

  it('answers menus → linked pages → forms → controls, columns left out, forms not grantable, disabled menus flagged', async () => {
    const data = (await f.admin.get(q(P.listtenantapppurview, { roleId: 'r-west', productId: ID.crm }))).body.data;
    expect(data.name).toBe('Acme CRM');
    expect(shape(data.rows)).toEqual([
      {
        'Sales (module)*': [
          { 'Orders (page)*': [{ 'orderForm (form)': ['save · Save (button)*', { 'box (composite)*': ['note (input field)*'] }, 'lines (grid)*'] }] },
          { 'Quotes (page)*': [{ 'quoteForm (form)': ['send (button)*'] }] },
        ],
      },
      'Old (module)*',
    ]);
    const nodes = [...flat(data.rows).values()];
    const save = nodes.find((n) => n.uniqueId === `control:${ID.bSave}`)!;
    expect(save).toMatchObject({
      nodeType: 'control',
      controlType: 'button',
      pageId: ID.ord,
      menuId: ID.orders,
      menuName: 'Orders',
      purview: 0,
      maxPurview: 3,
      enabled: true,
    });
    expect(nodes.find((n) => n.uniqueId === `menu:${ID.old}`)).toMatchObject({ enabled: false, grantable: true });
    expect(new Set(nodes.map((n) => n.key)).size).toBe(nodes.length);
  });

  it('answers the API-permission tree: menus → pages → attached APIs, then the APIs of no page (SPEC §3 node fields)', async () => {
    f.admin.language = 'ZH_CN';
    const rows = (await f.admin.get(q(P.listtenantappapipurview, { roleId: 'r-west', productId: ID.crm }))).body.data.rows;
    f.admin.language = 'EN_US';
    expect(shape(rows)).toEqual([
      { 'Sales（模块）': [{ 'Orders（页面）': ['List orders（接口）*'] }, { 'Quotes（页面）': ['Save quote（接口）*'] }] },
      { 未挂接到页面的接口: ['Ping（接口）*'] },
    ]);
    const api = [...flat(rows).values()].find((n) => n.apiId === ID.aList)!;
    expect(api).toMatchObject({ uniqueId: `api:${ID.aList}`, pageId: ID.ord, menuId: ID.orders, menuName: 'Orders', apiName: 'List orders', purview: 0 });
  });
});

describe("saving a role's application grants", () => {
  it('grants read on a page and write on a button (write keeps read), audited per kind, and answers the bits', async () => {
    const audit = async () =>
      inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) =>
        (await tx.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, 'r-west'))).map((r) => r.a),
      );
    const before = (await audit()).length;
    const r = await f.admin.post(P.savetenantapppurview, {
      roleId: 'r-west',
      productId: ID.crm,
      dataPurview: [item(`menu:${ID.orders}`, 1), item(`control:${ID.bSave}`, 2), item(`control:${ID.bSend}`, 0)],
    });
    expect(r.body).toMatchObject({ result: '1', data: { count: 2 } });
    expect(await appGrants('r-west')).toEqual([
      { kind: 'appcontrol', id: ID.bSave, p: 3 },
      { kind: 'appmenu', id: ID.orders, p: 1 },
      { kind: 'menu', id: 'auditlog', p: 1 },
    ]);
    expect((await audit()).slice(before)).toEqual(['role.grant.appmenu', 'role.grant.appcontrol']);
    const nodes = [...flat((await f.admin.get(q(P.listtenantapppurview, { roleId: 'r-west', productId: ID.crm }))).body.data.rows).values()];
    expect(nodes.find((n) => n.uniqueId === `menu:${ID.orders}`)!.purview).toBe(1);
    expect(nodes.find((n) => n.uniqueId === `control:${ID.bSave}`)!.purview).toBe(3);
  });

  it("grants APIs (any bit is granted, stored as read) and replaces only that application's set", async () => {
    await f.admin.post(P.savetenantappapipurview, { roleId: 'r-west', productId: ID.erp, dataPurview: [item(`api:${ID.eApi}`, 3)] });
    const r = await f.admin.post(P.savetenantappapipurview, {
      roleId: 'r-west',
      productId: ID.crm,
      dataPurview: [item(`api:${ID.aList}`, 2), item(`api:${ID.aLoose}`)],
    });
    expect(r.body.data.count).toBe(2);
    const apis = (await appGrants('r-west')).filter((g) => g.kind === 'appapi');
    expect(apis).toEqual(
      [
        { kind: 'appapi', id: ID.aList, p: 1 },
        { kind: 'appapi', id: ID.eApi, p: 1 },
        { kind: 'appapi', id: ID.aLoose, p: 1 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    await f.admin.post(P.savetenantappapipurview, { roleId: 'r-west', productId: ID.crm, dataPurview: [item(`api:${ID.aLoose}`)] });
    expect(
      (await appGrants('r-west'))
        .filter((g) => g.kind === 'appapi')
        .map((g) => g.id)
        .sort(),
    ).toEqual([ID.aLoose, ID.eApi].sort());
    const tree = [...flat((await f.admin.get(q(P.listtenantappapipurview, { roleId: 'r-west', productId: ID.crm }))).body.data.rows).values()];
    expect(tree.filter((n) => n.purview).map((n) => n.uniqueId)).toEqual([`api:${ID.aLoose}`]);
  });

  it('shows the grants in the viewer per application, with names', async () => {
    const apps = (await f.admin.get(q('/gateway/tenant/plat/rolepurview/listtenantgrantview', { roleId: 'r-west' }))).body.data.row.apps;
    expect(apps).toEqual([
      {
        productId: ID.crm,
        name: 'Acme CRM',
        menus: [{ id: ID.orders, name: 'Orders', showName: 'Orders (page)', menuType: 'page', enabled: true, purview: 1 }],
        controls: [{ id: ID.bSave, name: 'save · Save', showName: 'save · Save (button)', pageName: 'Orders', purview: 3 }],
        apis: [{ id: ID.aLoose, name: 'Ping', url: '/crm/ping.do', showName: 'Ping (API)' }],
      },
      {
        productId: ID.erp,
        name: 'ERP',
        menus: [],
        controls: [],
        apis: [{ id: ID.eApi, name: 'Post entry', url: '/erp/post.do', showName: 'Post entry (API)' }],
      },
    ]);
  });
});

describe('refusals write nothing', () => {
  it("refuses unknown items, another application's items, forms, columns, duplicates and bad bits", async () => {
    const before = await snapshot(t);
    const save = (path: string, dataPurview: unknown[], productId: string = ID.crm) => f.admin.post(path, { roleId: 'r-west', productId, dataPurview });
    const cases: [string, unknown[], string][] = [
      [P.savetenantapppurview, [item(`menu:${ID.orders}`), item('menu:nope')], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantapppurview, [item(`menu:${ID.orders}`), item(`menu:${ID.ledger}`)], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantapppurview, [item(`control:${ID.fOrd}`)], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantapppurview, [item(`control:${ID.col}`)], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantapppurview, [item(`api:${ID.aList}`)], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantapppurview, [item(ID.orders)], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantapppurview, [item(`menu:${ID.orders}`), item(`menu:${ID.orders}`, 2)], RoleCodes.GRANT_DUPLICATE],
      [P.savetenantappapipurview, [item(`api:${ID.eApi}`)], AppGrantCodes.ITEM_UNKNOWN],
      [P.savetenantappapipurview, [item(`menu:${ID.orders}`)], AppGrantCodes.ITEM_UNKNOWN],
    ];
    for (const [path, items, code] of cases) expect((await save(path, items)).body.scode, JSON.stringify(items)).toBe(code);
    const bad = await save(P.savetenantapppurview, [item(`menu:${ID.orders}`, 4)]);
    expect([bad.status, bad.body.result]).toEqual([400, '0']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an application the tenant does not use and unknown ones', async () => {
    const before = await snapshot(t);
    for (const productId of [ID.hr, 'nope']) {
      expect((await f.admin.get(q(P.listtenantapppurview, { roleId: 'r-west', productId }))).body.scode).toBe(AppGrantCodes.APP_NOT_USED);
      expect((await f.admin.get(q(P.listtenantappapipurview, { roleId: 'r-west', productId }))).body.scode).toBe(AppGrantCodes.APP_NOT_USED);
      expect((await f.admin.post(P.savetenantapppurview, { roleId: 'r-west', productId, dataPurview: [item(`menu:${ID.people}`)] })).body.scode).toBe(
        AppGrantCodes.APP_NOT_USED,
      );
      expect((await f.admin.post(P.savetenantappapipurview, { roleId: 'r-west', productId, dataPurview: [] })).body.scode).toBe(AppGrantCodes.APP_NOT_USED);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses another tenant's role (not found), by user type (ordinary user, platform and application administrators) and a role holder without the API grants", async () => {
    const before = await snapshot(t);
    const body = { roleId: 'r-west', productId: ID.crm, dataPurview: [item(`menu:${ID.orders}`)] };
    expect((await f.rival.post(P.savetenantapppurview, body)).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect((await f.rival.get(q(P.listtenantapppurview, { roleId: 'r-west', productId: ID.crm }))).body.scode).toBe(RoleCodes.NOT_FOUND);
    const sam = await as(t, 'sam', f.tenantId);
    expect((await sam.post(P.savetenantapppurview, body)).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await sam.get(P.listtenantapp)).body.scode).toBe(Codes.NO_PERMISSION);
    // hal holds roleManagement's menu and some of its APIs, not these
    for (const path of [P.savetenantapppurview, P.savetenantappapipurview]) expect((await f.hal.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.get(P.listtenantapp)).body.scode).toBe(Codes.NO_PERMISSION);
    // by user type: a platform administrator and the application's own administrator are not the tenant's
    f.platform.tenantId = f.tenantId;
    expect((await f.platform.post(P.savetenantapppurview, body)).body.scode).toBe(Codes.NO_PERMISSION);
    const crmAdmin = await createMember(t.app, f.tenantId, 'crm_admin', 'CRM Admin', f.east, [Identity.APP_ADMIN]);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(productAdmins).values({ productId: ID.crm, userId: crmAdmin }));
    const appAdmin = await as(t, 'crm_admin', f.tenantId);
    expect((await appAdmin.post(P.savetenantapppurview, body)).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await appAdmin.get(q(P.listtenantapppurview, { roleId: 'r-west', productId: ID.crm }))).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers HTTP 400 with the envelope for out-of-range, over-long and wrongly typed input, writing nothing', async () => {
    const digest = () => tableDigest(t.app, ['role_grants', 'audit_log', 'policy_changes']);
    const before = await digest();
    const ok = { roleId: 'r-west', productId: ID.crm };
    const cases: [string, unknown][] = [
      [P.savetenantapppurview, { ...ok, dataPurview: [{ dpDataid: `menu:${ID.orders}`, dpPurview: BIG }] }],
      [P.savetenantapppurview, { ...ok, dataPurview: [{ dpDataid: `menu:${ID.orders}`, dpPurview: -1 }] }],
      [P.savetenantapppurview, { ...ok, dataPurview: [{ dpDataid: long(81), dpPurview: 1 }] }],
      [P.savetenantapppurview, { ...ok, dataPurview: [{ dpDataid: `menu:${ID.orders}`, dpPurview: '1' }] }],
      [P.savetenantapppurview, { ...ok, dataPurview: Array.from({ length: 5001 }, (_, i) => ({ dpDataid: `menu:${i}`, dpPurview: 1 })) }],
      [P.savetenantapppurview, { roleId: long(65), productId: ID.crm, dataPurview: [] }],
      [P.savetenantappapipurview, { ...ok, productId: { id: ID.crm }, dataPurview: [] }],
      [P.savetenantappapipurview, { ...ok, dataPurview: 'api:a-list' }],
      [`${P.listtenantapppurview}?roleId=r-west&productId=${long(65)}`, {}],
      [`${P.listtenantappapipurview}?roleId=r-west`, {}],
    ];
    for (const [path, body] of cases) {
      const r = await sendBad(f.admin, path, body);
      expect([r.status, r.body.result], path).toEqual([400, '0']);
      expect(r.body.msg, path).toBeTruthy();
    }
    expect(await digest()).toEqual(before);
  });
});

describe('deleting an application item', () => {
  it("removes its grants from every tenant's roles and from every answer", async () => {
    const rivalRole = 'r-rival';
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.insert(roles).values({ id: rivalRole, tenantId: f.rivalId, orgId: f.rnorth, code: 'rival_crm', name: 'Rival CRM' }),
    );
    expect(
      (
        await f.rival.post(P.savetenantapppurview, {
          roleId: rivalRole,
          productId: ID.crm,
          dataPurview: [item(`menu:${ID.quotes}`), item(`control:${ID.bSend}`, 3)],
        })
      ).body.result,
    ).toBe('1');
    expect(
      (
        await f.admin.post(P.savetenantapppurview, {
          roleId: 'r-west',
          productId: ID.crm,
          dataPurview: [item(`menu:${ID.quotes}`, 3), item(`menu:${ID.orders}`)],
        })
      ).body.result,
    ).toBe('1');
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.delete(appMenus).where(eq(appMenus.id, ID.quotes)));
    expect((await appGrants(rivalRole)).map((g) => g.id)).toEqual([ID.bSend]);
    expect((await appGrants('r-west')).filter((g) => g.kind === 'appmenu').map((g) => g.id)).toEqual([ID.orders]);
    const tree = [...flat((await f.rival.get(q(P.listtenantapppurview, { roleId: rivalRole, productId: ID.crm }))).body.data.rows).values()];
    expect(tree.map((n) => n.uniqueId)).not.toContain(`menu:${ID.quotes}`);
    const view = (await f.rival.get(q('/gateway/tenant/plat/rolepurview/listtenantgrantview', { roleId: rivalRole }))).body.data.row.apps;
    expect(view[0].menus).toEqual([]);
  });
});
