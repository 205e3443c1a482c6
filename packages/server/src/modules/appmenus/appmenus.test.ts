import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppMenuCodes, AppMenuPaths, Codes, type AppMenuNode } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appMenus, auditLog, roleGrants, roles } from '../../db/schema/index.js';
import { addMenu, inApp, insertPage, menuBody, menusWorld, shape, treeOf, type MenusWorld } from './appmenus.fixtures.js';

let w: MenusWorld;
let crm: string;
const sortsOf = async () =>
  (
    await w.t.app.database.db
      .select({ code: appMenus.code, parentId: appMenus.parentId, sort: appMenus.sort })
      .from(appMenus)
      .where(eq(appMenus.productId, w.appA.id))
  ).sort((x, y) => x.code.localeCompare(y.code));
const find = (n: AppMenuNode, code: string): AppMenuNode | undefined => (n.code === code ? n : n.children.map((c) => find(c, code)).find(Boolean));

beforeAll(async () => {
  w = await menusWorld();
  crm = w.appA.code;
});
afterAll(async () => {
  await w.t.close();
});

describe('building a menu tree', () => {
  it('adds a module and two pages; the tree is one call under the root 0 named after the application', async () => {
    const pageId = await insertPage(w, w.appA.id, 'Customers', '/crm/customers');
    const sales = await addMenu(w.a, crm, menuBody('sales', { name: '销售（Sales）_1-a', icon: 'AppstoreOutlined', platformType: 1, openType: 2, refresh: 1 }));
    const list = await addMenu(w.a, crm, menuBody('customers', { parentId: sales, menuType: 'page', pageId }));
    await addMenu(w.a, crm, menuBody('orders', { parentId: sales, menuType: 'page', target: '/crm/orders', enabled: 0, description: 'Orders' }));
    const root = await treeOf(w.a, crm);
    expect(root).toMatchObject({ id: '0', name: 'CRM', menuType: 'root', level: 0 });
    expect(shape(root)).toEqual([{ 'sales#0': ['customers#0', 'orders#1'] }]);
    expect(find(root, 'sales')).toMatchObject({
      parentId: '0',
      level: 1,
      name: '销售（Sales）_1-a',
      platformType: 1,
      openType: 2,
      refresh: 1,
      icon: 'AppstoreOutlined',
    });
    // The chosen page stands for the target address.
    expect(find(root, 'customers')).toMatchObject({
      id: list,
      parentId: sales,
      level: 2,
      pageId,
      target: '/crm/customers',
      enabled: 1,
      platformType: 3,
      openType: 1,
      refresh: 0,
    });
    expect(find(root, 'orders')).toMatchObject({ enabled: 0, description: 'Orders', pageId: null });
    const got = await w.a.post(AppMenuPaths.getappmenu, { id: list }, inApp(crm));
    expect(got.body.data.row).toMatchObject({ code: 'customers', menuType: 'page' });
    const pages = await w.a.post(AppMenuPaths.pagesappmenu, {}, inApp(crm));
    expect(pages.body.data.rows).toEqual([{ id: pageId, formId: 'FCustomers', name: 'Customers', path: '/crm/customers', platformType: 3 }]);
    const audit = await w.t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appmenu.add'), eq(auditLog.entityId, sales)));
    expect(audit).toHaveLength(1);
  });

  it('checks every §5 rule with its localised message, storing nothing', async () => {
    const before = await sortsOf();
    w.a.language = 'EN_US';
    const pageMenu = (await treeOf(w.a, crm)).children[0]!.children[0]!.id;
    const otherPage = await insertPage(w, w.appB.id, 'Ledger', '/erp/ledger');
    const cases: [Record<string, unknown>, string, string?][] = [
      [menuBody(''), AppMenuCodes.CODE_REQUIRED, 'Please enter the menu code'],
      [menuBody('bad_code'), AppMenuCodes.CODE_PATTERN],
      [menuBody('c'.repeat(51)), AppMenuCodes.CODE_TOO_LONG],
      [menuBody('SALES'), AppMenuCodes.CODE_IN_USE, 'The menu code "SALES" is already in use in this application'],
      [menuBody('n1', { name: '  ' }), AppMenuCodes.NAME_REQUIRED],
      [menuBody('n2', { name: 'a<b' }), AppMenuCodes.NAME_PATTERN],
      [menuBody('n3', { name: 'a b' }), AppMenuCodes.NAME_PATTERN],
      [menuBody('n4', { name: 'x'.repeat(51) }), AppMenuCodes.NAME_TOO_LONG],
      [menuBody('p1', { menuType: 'page' }), AppMenuCodes.TARGET_REQUIRED, 'Target page can not be a empty value'],
      [menuBody('p2', { menuType: 'page', pageId: otherPage }), AppMenuCodes.PAGE_NOT_FOUND],
      [menuBody('p3', { parentId: pageMenu }), AppMenuCodes.UNDER_PAGE, 'You can not add a menu to the web page'],
      [menuBody('p4', { parentId: 'no-such-menu' }), AppMenuCodes.PARENT_NOT_FOUND],
      [menuBody('d1', { description: 'd'.repeat(201) }), AppMenuCodes.DESCRIPTION_INVALID],
      [menuBody('d2', { description: '<script>x</script>' }), Codes.SCRIPT_TAG],
      [menuBody('i1', { icon: 'not an icon' }), AppMenuCodes.ICON_INVALID],
      [menuBody('i2', { icon: 'file:00000000-0000-0000-0000-000000000000' }), AppMenuCodes.ICON_INVALID],
    ];
    for (const [body, code, msg] of cases) {
      const r = await w.a.post(AppMenuPaths.addappmenu, body, inApp(crm));
      expect(r.body.scode, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    // Shapes JSON Schema refuses: HTTP 400, never a 500.
    for (const patch of [{ menuType: 'at' }, { platformType: 4 }, { openType: 0 }, { refresh: 2 }, { sequence: -1 }, { sequence: 1.5 }, { enabled: '1' }]) {
      expect((await w.a.post(AppMenuPaths.addappmenu, menuBody('s1', patch), inApp(crm))).status, JSON.stringify(patch)).toBe(400);
    }
    w.a.language = 'ZH_CN';
    expect((await w.a.post(AppMenuPaths.addappmenu, menuBody('p1', { menuType: 'page' }), inApp(crm))).body.msg).toBe('目标页面不能为空');
    expect(await sortsOf()).toEqual(before);
  });

  it('edits a menu; a module with sub-menus cannot become a page; the root cannot be edited', async () => {
    const root = await treeOf(w.a, crm);
    const sales = find(root, 'sales')!;
    const edit = (patch: Record<string, unknown>) => w.a.post(AppMenuPaths.editappmenu, { ...menuBody('sales'), id: sales.id, ...patch }, inApp(crm));
    const ok = await edit({ code: 'Sales', name: 'Sales', description: 'All sales', sequence: 7, enabled: 0 });
    expect(ok.body.data.row).toMatchObject({ code: 'Sales', name: 'Sales', description: 'All sales', sequence: 7, enabled: 0, parentId: '0' });
    expect((await edit({ menuType: 'page', target: '/x' })).body.scode).toBe(AppMenuCodes.UNDER_PAGE);
    expect((await edit({ code: 'ORDERS' })).body.scode).toBe(AppMenuCodes.CODE_IN_USE);
    expect((await w.a.post(AppMenuPaths.editappmenu, { ...menuBody('root'), id: '0' }, inApp(crm))).body.scode).toBe(AppMenuCodes.ROOT_READONLY);
    expect((await w.a.post(AppMenuPaths.editappmenu, { ...menuBody('zz'), id: 'nope' }, inApp(crm))).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await edit({ sequence: 0, enabled: 1 })).body.data.row).toMatchObject({ sequence: 0, enabled: 1, code: 'sales' });
  });

  it('adds a second top-level menu after the last sibling', async () => {
    await addMenu(w.a, crm, menuBody('raced'));
    expect(shape(await treeOf(w.a, crm))).toEqual([{ 'sales#0': ['customers#0', 'orders#1'] }, 'raced#1']);
  });
});

describe('moving (drag and drop)', () => {
  it('reorders siblings and moves between modules, renumbering sequences in one transaction', async () => {
    const hr = await addMenu(w.a, crm, menuBody('hr'));
    let root = await treeOf(w.a, crm);
    const orders = find(root, 'orders')!;
    const move = (id: string, parentId: string, index: number) => w.a.post(AppMenuPaths.moveappmenu, { id, parentId, index }, inApp(crm));
    // orders first among its siblings
    expect((await move(orders.id, orders.parentId, 0)).body.data.row).toMatchObject({ sequence: 0, parentId: orders.parentId });
    root = await treeOf(w.a, crm);
    expect(shape(root)).toEqual([{ 'sales#0': ['orders#0', 'customers#1'] }, 'raced#1', 'hr#2']);
    // into another module (past the end = last), the old siblings close the gap
    expect((await move(orders.id, hr, 99)).body.data.row).toMatchObject({ parentId: hr, sequence: 0 });
    root = await treeOf(w.a, crm);
    expect(shape(root)).toEqual([{ 'sales#0': ['customers#0'] }, 'raced#1', { 'hr#2': ['orders#0'] }]);
    // a module to the root's top
    await move(hr, '0', 0);
    expect(shape(await treeOf(w.a, crm))).toEqual([{ 'hr#0': ['orders#0'] }, { 'sales#1': ['customers#0'] }, 'raced#2']);
  });

  it('refuses a drop under a page, under itself or a descendant, and the root; a refused move changes nothing', async () => {
    const root = await treeOf(w.a, crm);
    const hr = find(root, 'hr')!;
    const sales = find(root, 'sales')!;
    const sub = await addMenu(w.a, crm, menuBody('hrsub', { parentId: hr.id }));
    const before = await sortsOf();
    const move = (id: string, parentId: string, index = 0) => w.a.post(AppMenuPaths.moveappmenu, { id, parentId, index }, inApp(crm));
    expect((await move(sales.id, find(root, 'orders')!.id)).body.scode).toBe(AppMenuCodes.UNDER_PAGE);
    expect((await move(hr.id, hr.id)).body.scode).toBe(AppMenuCodes.MOVE_CYCLE);
    expect((await move(hr.id, sub)).body.scode).toBe(AppMenuCodes.MOVE_CYCLE);
    expect((await move('0', hr.id)).body.scode).toBe(AppMenuCodes.ROOT_READONLY);
    expect((await move(hr.id, 'missing')).body.scode).toBe(AppMenuCodes.PARENT_NOT_FOUND);
    expect((await move('missing', '0')).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await w.a.post(AppMenuPaths.moveappmenu, { id: hr.id, parentId: '0', index: -1 }, inApp(crm))).status).toBe(400);
    expect(await sortsOf()).toEqual(before);
  });
});

describe('enable, disable and delete', () => {
  it('enables and disables menus, all or none', async () => {
    const root = await treeOf(w.a, crm);
    const ids = [find(root, 'hr')!.id, find(root, 'orders')!.id];
    // orders was added disabled: only the changed row counts
    expect((await w.a.post(AppMenuPaths.statusappmenu, { ids, enabled: 1 }, inApp(crm))).body.data.count).toBe(1);
    expect((await w.a.post(AppMenuPaths.statusappmenu, { ids, enabled: 0 }, inApp(crm))).body.data.count).toBe(2);
    expect((await w.a.post(AppMenuPaths.statusappmenu, { ids: [...ids, 'nope'], enabled: 1 }, inApp(crm))).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await w.a.post(AppMenuPaths.statusappmenu, { ids: ['0'], enabled: 0 }, inApp(crm))).body.scode).toBe(AppMenuCodes.ROOT_READONLY);
    const after = await treeOf(w.a, crm);
    expect([find(after, 'hr')!.enabled, find(after, 'orders')!.enabled]).toEqual([0, 0]);
    expect((await w.a.post(AppMenuPaths.statusappmenu, { ids, enabled: 1 }, inApp(crm))).body.data.count).toBe(2);
    const audit = await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'appmenu.disable'));
    expect(audit.map((a) => a.entityId).sort()).toEqual([...ids].sort());
  });

  it('never deletes the root; a module with sub-menus only when confirmed, with its whole subtree', async () => {
    w.a.language = 'EN_US';
    const root0 = await w.a.post(AppMenuPaths.deleteappmenu, { id: '0' }, inApp(crm));
    expect([root0.body.scode, root0.body.msg]).toEqual([AppMenuCodes.ROOT_DELETE, 'Root node can not be deleted']);
    w.a.language = 'ZH_CN';
    const root = await treeOf(w.a, crm);
    const hr = find(root, 'hr')!;
    const before = await sortsOf();
    // Grants of a tenant's role on the subtree and on a menu outside it (the subtree's go by trigger).
    const sales = find(root, 'sales')!;
    const grantedIds = [hr.id, find(root, 'orders')!.id, find(root, 'hrsub')!.id, sales.id];
    await inScope(w.t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(roles).values({ id: 'r-menus', tenantId: 'sys', code: 'menus', name: 'Menus' });
      await tx.insert(roleGrants).values(grantedIds.map((dataId) => ({ tenantId: 'sys', roleId: 'r-menus', kind: 'appmenu', dataId, purview: 1 })));
    });
    const grantsLeft = async () =>
      (await w.t.app.database.db.select({ dataId: roleGrants.dataId }).from(roleGrants).where(eq(roleGrants.roleId, 'r-menus'))).map((g) => g.dataId).sort();
    const refused = await w.a.post(AppMenuPaths.deleteappmenu, { id: hr.id }, inApp(crm));
    expect(refused.body.scode).toBe(AppMenuCodes.HAS_CHILDREN);
    expect(await sortsOf()).toEqual(before);
    expect(await grantsLeft()).toEqual([...grantedIds].sort());
    expect((await w.a.post(AppMenuPaths.deleteappmenu, { id: hr.id, withChildren: true }, inApp(crm))).body.data.count).toBe(3);
    expect(await grantsLeft()).toEqual([sales.id]);
    expect(shape(await treeOf(w.a, crm))).toEqual([{ 'sales#0': ['customers#0'] }, 'raced#1']);
    expect((await w.a.post(AppMenuPaths.deleteappmenu, { id: find(root, 'raced')!.id }, inApp(crm))).body.data.count).toBe(1);
    expect((await w.a.post(AppMenuPaths.deleteappmenu, { id: hr.id }, inApp(crm))).body.scode).toBe(AppMenuCodes.NOT_FOUND);
  });
});
