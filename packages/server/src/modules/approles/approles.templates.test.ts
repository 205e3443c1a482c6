import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppGrantCodes, AppRolePaths as P, AppTemplateCodes, RoleCodes } from '@mp/protocol';
import { appMenus, appRoleGrants, appRoles, appTemplateGrants, auditLog } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { inApp, item, ITEM, rolesWorld, validRole, type RolesWorld } from './approles.fixtures.js';

let w: RolesWorld;
const db = () => w.t.app.database.db;
const post = (path: string, body: unknown) => w.a.post(path, body, inApp(w.appA.code));
const grantsOf = async (roleId: string) =>
  (await db().select().from(appRoleGrants).where(eq(appRoleGrants.roleId, roleId))).map((g) => `${g.kind}:${g.dataId}:${g.purview}`).sort();
const tplGrants = async (templateId: string) =>
  (await db().select().from(appTemplateGrants).where(eq(appTemplateGrants.templateId, templateId))).map((g) => `${g.kind}:${g.dataId}:${g.purview}`).sort();
const addTemplate = async (name: string, parentId = '0') => (await post(P.addapptemplate, { parentId, name })).body.data.id as string;

beforeAll(async () => {
  w = await rolesWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('permission templates', () => {
  it('builds a tree under the root (the application), with names unique among siblings', async () => {
    const sales = await addTemplate('Sales');
    const junior = await addTemplate('Junior', sales);
    await addTemplate('Junior');
    const tree = (await post(P.treeapptemplate, {})).body.data.root;
    expect(tree).toMatchObject({ id: '0', name: 'CRM', children: [{ name: 'Sales', children: [{ id: junior, name: 'Junior' }] }, { name: 'Junior' }] });
    w.a.language = 'EN_US';
    expect((await post(P.addapptemplate, { parentId: sales, name: 'JUNIOR' })).body.msg).toBe('A template named "JUNIOR" already exists at this level');
    expect((await post(P.addapptemplate, { parentId: sales, name: '' })).body.scode).toBe('validation.required');
    expect((await post(P.addapptemplate, { parentId: 'nope', name: 'X' })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    expect((await post(P.editapptemplate, { id: junior, name: 'Trainee', description: 'new staff' })).body.result).toBe('1');
    expect((await post(P.editapptemplate, { id: '0', name: 'Root' })).body.scode).toBe(AppTemplateCodes.ROOT);
    // moves: not under itself or below; not where the name is taken
    expect((await post(P.moveapptemplate, { id: sales, parentId: junior })).body.scode).toBe(AppTemplateCodes.MOVE_CYCLE);
    expect((await post(P.moveapptemplate, { id: '0', parentId: sales })).body.scode).toBe(AppTemplateCodes.ROOT);
    expect((await post(P.moveapptemplate, { id: junior, parentId: '0' })).body.result).toBe('1');
    const moved = (await post(P.treeapptemplate, {})).body.data.root;
    expect(moved.children.map((c: { name: string }) => c.name)).toEqual(['Sales', 'Junior', 'Trainee']);
    expect((await w.b.post(P.treeapptemplate, {}, inApp(w.appB.code))).body.data.root).toMatchObject({ name: 'ERP', children: [] });
  });

  it('root and nothing selected are refused for configuration with the §5 messages', async () => {
    w.a.language = 'EN_US';
    expect((await post(P.apptemplatepurview, { templateId: '0' })).body.msg).toBe('Root node does not support permission configuration');
    expect((await post(P.saveapptemplatepurview, { templateId: '0', tree: 'menu', dataPurview: [] })).body.scode).toBe(AppTemplateCodes.ROOT);
    expect((await post(P.apptemplatepurview, { templateId: '' })).body.msg).toBe('Template must be selected before permission configuration');
    const role = (await post(P.addapprole, validRole({ code: 'r_required' }))).body.data.row.id;
    w.a.language = 'ZH_CN';
    expect((await post(P.applyapptemplate, { roleId: role, templateId: '', mode: 'sync' })).body.msg).toBe('请先选择模板再进行权限配置');
    w.a.language = 'JA_JP';
    expect((await post(P.applyapptemplate, { roleId: role, templateId: '0', mode: 'copy' })).body.msg).toBe('ルートノードは権限設定に対応していません');
  });

  it("a template's grants over the permission tree: write keeps read, APIs stored as read, bad items refuse the whole save", async () => {
    const t = await addTemplate('Clerk');
    const save = (tree: string, dataPurview: unknown[]) => post(P.saveapptemplatepurview, { templateId: t, tree, dataPurview });
    expect((await save('menu', [item(`menu:${ITEM.orders}`, 2), item(`control:${ITEM.button}`, 1), item(`menu:${ITEM.sales}`, 0)])).body.data).toEqual({
      count: 2,
      roles: 0,
    });
    expect((await save('api', [item(`api:${ITEM.api1}`, 3)])).body.data.count).toBe(1);
    expect(await tplGrants(t)).toEqual([`appapi:${ITEM.api1}:1`, `appcontrol:${ITEM.button}:1`, `appmenu:${ITEM.orders}:3`]);
    const before = await tplGrants(t);
    for (const [items, code] of [
      [[item(`menu:${ITEM.erpMenu}`)], AppGrantCodes.ITEM_UNKNOWN],
      [[item(`control:${ITEM.form}`)], AppGrantCodes.ITEM_UNKNOWN],
      [[item(`api:${ITEM.api1}`)], AppGrantCodes.ITEM_UNKNOWN],
      [[item(`menu:${ITEM.sales}`), item(`menu:${ITEM.sales}`)], RoleCodes.GRANT_DUPLICATE],
      [[item(`menu:${ITEM.sales}`, 3), item('menu', 1)], AppGrantCodes.ITEM_UNKNOWN],
    ] as const)
      expect((await save('menu', [...items])).body.scode).toBe(code);
    expect(await tplGrants(t)).toEqual(before);
    const tree = (await post(P.apptemplatepurview, { templateId: t })).body.data.rows;
    expect(tree[0]).toMatchObject({ uniqueId: `menu:${ITEM.sales}`, purview: 0, children: [{ uniqueId: `menu:${ITEM.orders}`, purview: 3 }] });
    const apis = (await post(P.apptemplatepurview, { templateId: t, tree: 'api' })).body.data.rows;
    expect(JSON.stringify(apis)).toContain(`"uniqueId":"api:${ITEM.api1}"`);
  });

  it('a role made from a template in sync follows every change of it in the same transaction; a copy does not', async () => {
    const t = await addTemplate('Manager');
    await post(P.saveapptemplatepurview, { templateId: t, tree: 'menu', dataPurview: [item(`menu:${ITEM.sales}`)] });
    const synced = (await post(P.addapprole, validRole({ code: 'mgr_sync', templateId: t }))).body.data.row;
    expect(synced).toMatchObject({ templateId: t, templateName: 'Manager', templateMode: 'sync' });
    const copied = (await post(P.addapprole, validRole({ code: 'mgr_copy', templateId: t, templateMode: 'copy' }))).body.data.row;
    expect(await grantsOf(synced.id)).toEqual([`appmenu:${ITEM.sales}:1`]);
    expect(await grantsOf(copied.id)).toEqual([`appmenu:${ITEM.sales}:1`]);
    const r = await post(P.saveapptemplatepurview, { templateId: t, tree: 'menu', dataPurview: [item(`menu:${ITEM.orders}`, 3)] });
    expect(r.body.data).toEqual({ count: 1, roles: 1 });
    expect(await grantsOf(synced.id)).toEqual([`appmenu:${ITEM.orders}:3`]);
    expect(await grantsOf(copied.id)).toEqual([`appmenu:${ITEM.sales}:1`]);
    // a failing template save changes neither the template nor its roles
    expect(
      (await post(P.saveapptemplatepurview, { templateId: t, tree: 'menu', dataPurview: [item(`menu:${ITEM.sales}`), item('control:nope')] })).body.result,
    ).toBe('0');
    expect(await grantsOf(synced.id)).toEqual([`appmenu:${ITEM.orders}:3`]);
    // applying to an existing role in one step; the viewer lists what it holds
    const plain = (await post(P.addapprole, validRole({ code: 'later' }))).body.data.row.id;
    expect((await post(P.applyapptemplate, { roleId: plain, templateId: t, mode: 'sync' })).body.data.row).toMatchObject({
      templateMode: 'sync',
      templateName: 'Manager',
    });
    expect(await grantsOf(plain)).toEqual([`appmenu:${ITEM.orders}:3`]);
    const view = (await post(P.approlegrantview, { roleId: plain })).body.data.rows;
    expect(view).toEqual([{ uniqueId: `menu:${ITEM.orders}`, nodeType: 'page', showName: expect.stringContaining('Orders'), menuName: 'Orders', purview: 3 }]);
    // the role's own edit makes it a copy: later template changes leave it alone
    await post(P.saveapprolepurview, { roleId: plain, tree: 'api', dataPurview: [item(`api:${ITEM.api2}`)] });
    expect((await db().select().from(appRoles).where(eq(appRoles.id, plain)))[0]!.templateMode).toBe('copy');
    await post(P.saveapptemplatepurview, { templateId: t, tree: 'menu', dataPurview: [] });
    expect(await grantsOf(plain)).toEqual([`appapi:${ITEM.api2}:1`, `appmenu:${ITEM.orders}:3`]);
    expect(await grantsOf(synced.id)).toEqual([]);
    const audit = (await db().select().from(auditLog).where(eq(auditLog.entityId, t))).map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['apptemplate.add', 'apptemplate.grant.appmenu']));
  });

  it('deleting an item withdraws it from templates and roles (trigger); deleting a template leaves its roles their grants as a copy', async () => {
    const t = await addTemplate('Temp');
    await post(P.saveapptemplatepurview, { templateId: t, tree: 'menu', dataPurview: [item(`menu:${ITEM.sales}`), item(`control:${ITEM.button}`)] });
    const role = (await post(P.addapprole, validRole({ code: 'temp_sync', templateId: t }))).body.data.row.id;
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.delete(appMenus).where(and(eq(appMenus.id, ITEM.sales), eq(appMenus.productId, w.appA.id))));
    expect(await tplGrants(t)).toEqual([`appcontrol:${ITEM.button}:1`]);
    expect(await grantsOf(role)).toEqual([`appcontrol:${ITEM.button}:1`]);
    const child = await addTemplate('TempChild', t);
    expect((await post(P.deleteapptemplate, { id: t })).body.data.count).toBe(2);
    expect(await tplGrants(child)).toEqual([]);
    expect((await db().select().from(appRoles).where(eq(appRoles.id, role)))[0]).toMatchObject({ templateId: null, templateMode: 'copy' });
    expect(await grantsOf(role)).toEqual([`appcontrol:${ITEM.button}:1`]);
  });

  it("another application's administrator never reads or changes the templates", async () => {
    const t = await addTemplate('Private');
    const role = (await post(P.addapprole, validRole({ code: 'private_r' }))).body.data.row.id;
    const b = (path: string, body: unknown) => w.b.post(path, body, inApp(w.appB.code));
    expect((await b(P.apptemplatepurview, { templateId: t })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    expect((await b(P.editapptemplate, { id: t, name: 'Stolen' })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    expect((await b(P.deleteapptemplate, { id: t })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    expect((await b(P.addapptemplate, { parentId: t, name: 'X' })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    expect((await b(P.saveapptemplatepurview, { templateId: t, tree: 'menu', dataPurview: [] })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    const bRole = (await b(P.addapprole, validRole({ code: 'b_role' }))).body.data.row.id;
    expect((await b(P.applyapptemplate, { roleId: bRole, templateId: t, mode: 'sync' })).body.scode).toBe(AppTemplateCodes.NOT_FOUND);
    expect((await w.a.post(P.applyapptemplate, { roleId: bRole, templateId: t, mode: 'sync' }, inApp(w.appA.code))).body.scode).toBe('approle.not_found');
    expect((await b(P.approlepurview, { roleId: role })).body.scode).toBe('approle.not_found');
    expect((await b(P.saveapprolepurview, { roleId: role, tree: 'menu', dataPurview: [] })).body.scode).toBe('approle.not_found');
    expect((await b(P.approlegrantview, { roleId: role })).body.scode).toBe('approle.not_found');
    expect((await post(P.treeapptemplate, {})).body.data.root.children.map((c: { name: string }) => c.name)).toContain('Private');
  });
});
