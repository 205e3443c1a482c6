import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPageCodes, AppPagePaths, Codes, type AppPageNode, type AppPageShareRow } from '@mp/protocol';
import { addNode, addPage, auditActions, call, grantControl, grantsOn, pagesWorld, snapshot, type PagesWorld } from './apppages.fixtures.js';

let w: PagesWorld;
let pageA: string;
let formA: string;
let buttonA: string;
let pageB: string;
let formB: string;
beforeAll(async () => {
  w = await pagesWorld();
  pageA = await addPage(w.a, w.appA.code, { name: 'Orders', path: '/orders', formId: 'orders' });
  formA = await addNode(w.a, w.appA.code, { pageId: pageA, nodeType: 'form', name: 'Main', loadApiIds: [w.apis.crmList] });
  buttonA = await addNode(w.a, w.appA.code, { pageId: pageA, parentId: formA, nodeType: 'button', name: 'Save' });
  pageB = await addPage(w.b, w.appB.code, { name: 'Stock', path: '/stock', formId: 'stock' });
  formB = await addNode(w.b, w.appB.code, { pageId: pageB, nodeType: 'form', name: 'Main' });
});
afterAll(async () => {
  await w.t.close();
});

const everyCall = () =>
  [
    [AppPagePaths.listapppage, {}],
    [AppPagePaths.getapppage, { id: pageA }],
    [AppPagePaths.addapppage, { name: 'Intruder', path: '/intruder', platformType: 1 }],
    [AppPagePaths.editapppage, { id: pageA, name: 'Hijacked', path: '/orders', platformType: 1 }],
    [AppPagePaths.deleteapppage, { ids: [pageA], confirm: true }],
    [AppPagePaths.addappnode, { pageId: pageA, parentId: formA, nodeType: 'input', name: 'X' }],
    [AppPagePaths.editappnode, { id: buttonA, name: 'Hijacked' }],
    [AppPagePaths.deleteappnode, { id: buttonA, confirm: true }],
    [AppPagePaths.moveappnode, { id: buttonA, parentId: formA, index: 0 }],
    [AppPagePaths.listapioption, {}],
    [AppPagePaths.exportapppage, { id: pageA }],
    [AppPagePaths.importapppage, { id: pageA, settingFile: { fileName: 'x.json', content: '{}' }, confirm: true }],
    [AppPagePaths.listpageshare, { id: pageA }],
    [AppPagePaths.shareapppage, { id: pageA, appIds: [w.hr.id], confirm: true }],
    [AppPagePaths.unshareapppage, { id: pageA, appIds: [w.hr.id], confirm: true }],
  ] as const;

describe("who may use the page designer ({ app: 'admin' })", () => {
  it("refuses an ordinary user, an application administrator of no app and another app's administrator with 10009029001, changing nothing", async () => {
    const before = await snapshot(w, w.appA.id);
    for (const caller of [w.plain, w.loner, w.b]) {
      for (const [path, body] of everyCall()) {
        expect((await call(caller, path, body, w.appA.code)).scode, path).toBe(Codes.NO_PERMISSION);
        expect((await call(caller, path, body, w.appA.id)).scode, path).toBe(Codes.NO_PERMISSION);
      }
    }
    expect((await w.a.post(AppPagePaths.listapppage, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(w, w.appA.id)).toEqual(before);
  });

  it('within their own application, another application\'s page, node and API are "not found"', async () => {
    const before = await snapshot(w, w.appA.id);
    const erp = w.appB.code;
    expect((await call(w.b, AppPagePaths.getapppage, { id: pageA }, erp)).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.editapppage, { id: pageA, name: 'X', path: '/x', platformType: 1 }, erp)).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.deleteapppage, { ids: [pageB, pageA], confirm: true }, erp)).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.exportapppage, { id: pageA }, erp)).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.importapppage, { id: pageA, settingFile: { fileName: 'x', content: '{}' } }, erp)).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.addappnode, { pageId: pageA, nodeType: 'form', name: 'X' }, erp)).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.addappnode, { pageId: pageB, parentId: formA, nodeType: 'input', name: 'X' }, erp)).scode).toBe(
      AppPageCodes.NODE_NOT_FOUND,
    );
    expect((await call(w.b, AppPagePaths.editappnode, { id: buttonA, name: 'X' }, erp)).scode).toBe(AppPageCodes.NODE_NOT_FOUND);
    expect((await call(w.b, AppPagePaths.deleteappnode, { id: buttonA, confirm: true }, erp)).scode).toBe(AppPageCodes.NODE_NOT_FOUND);
    expect((await call(w.b, AppPagePaths.moveappnode, { id: buttonA, parentId: formB, index: 0 }, erp)).scode).toBe(AppPageCodes.NODE_NOT_FOUND);
    // A node of another page of one's own application cannot be a parent either.
    expect(
      (
        await call(
          w.a,
          AppPagePaths.addappnode,
          { pageId: await addPage(w.a, w.appA.code, { name: 'Other', path: '/other' }), parentId: formA, nodeType: 'input', name: 'X' },
          w.appA.code,
        )
      ).scode,
    ).toBe(AppPageCodes.NODE_NOT_FOUND);
    expect(
      (await call(w.b, AppPagePaths.addappnode, { pageId: pageB, parentId: formB, nodeType: 'input', name: 'X', loadApiIds: [w.apis.crmList] }, erp)).scode,
    ).toBe(AppPageCodes.API_UNKNOWN);
    const after = await snapshot(w, w.appA.id);
    expect(after.nodes).toEqual(before.nodes);
  });

  it('lets the platform administrator work in any application named by APPID', async () => {
    const got = await call(w.admin, AppPagePaths.getapppage, { id: pageB }, w.appB.id);
    expect(got.data.row.formId).toBe('stock');
    expect((await call(w.admin, AppPagePaths.getapppage, { id: pageB }, w.appA.code)).scode).toBe(AppPageCodes.NOT_FOUND);
  });
});

describe('sharing a page between the administrator\'s applications (SPEC §4 "Sharing can be cancelled after confirmation")', () => {
  it("lists the administrator's other applications, copies the page (APIs matched by url), refreshes the copy, and cancels it", async () => {
    const list = await call(w.a, AppPagePaths.listpageshare, { id: pageA }, w.appA.code);
    expect((list.data.rows as AppPageShareRow[]).map((r) => [r.appCode, r.shared])).toEqual([['hr', false]]);
    expect((await call(w.a, AppPagePaths.shareapppage, { id: pageA, appIds: [w.appB.id] }, w.appA.code)).scode).toBe(AppPageCodes.SHARE_APP_INVALID);
    expect((await call(w.a, AppPagePaths.shareapppage, { id: pageA, appIds: [w.appA.id] }, w.appA.code)).scode).toBe(AppPageCodes.SHARE_APP_INVALID);
    const shared = await call(w.a, AppPagePaths.shareapppage, { id: pageA, appIds: [w.hr.id] }, w.appA.code);
    expect(shared.data).toEqual({ confirmRequired: false, roles: 0, count: 1 });
    const rows = (await call(w.a, AppPagePaths.listpageshare, { id: pageA }, w.appA.code)).data.rows as AppPageShareRow[];
    expect(rows[0]).toMatchObject({ appCode: 'hr', shared: true });
    const copies = await call(w.a, AppPagePaths.listapppage, { keyword: 'orders' }, 'hr');
    expect(copies.data.rows).toHaveLength(1);
    const copyId = copies.data.rows[0].id as string;
    const copy = await call(w.a, AppPagePaths.getapppage, { id: copyId }, 'hr');
    expect(copy.data.row).toMatchObject({ formId: 'orders', name: 'Orders', path: '/orders' });
    const copyTree = copy.data.tree as AppPageNode[];
    expect(copyTree[0]!.loadApis.map((a) => a.id)).toEqual([w.apis.hrList]);
    // Sharing again refreshes the copy; controls roles hold in the target need confirmation when dropped.
    const copyButton = copyTree[0]!.children[0]!.id;
    await grantControl(w, copyButton, 1);
    await call(w.a, AppPagePaths.deleteappnode, { id: buttonA }, w.appA.code);
    const before = await snapshot(w, w.hr.id);
    expect((await call(w.a, AppPagePaths.shareapppage, { id: pageA, appIds: [w.hr.id] }, w.appA.code)).data).toEqual({
      confirmRequired: true,
      roles: 1,
      count: 0,
    });
    expect(await snapshot(w, w.hr.id)).toEqual(before);
    expect((await call(w.a, AppPagePaths.shareapppage, { id: pageA, appIds: [w.hr.id], confirm: true }, w.appA.code)).data.count).toBe(1);
    expect(await grantsOn(w, [copyButton])).toEqual([]);
    expect((await call(w.a, AppPagePaths.getapppage, { id: copyId }, 'hr')).data.tree[0].children).toEqual([]);
    // Cancelling requires confirm: true, then the copy goes; the original stays.
    expect((await w.a.post(AppPagePaths.unshareapppage, { id: pageA, appIds: [w.hr.id] }, { headers: { appid: w.appA.code } })).status).toBe(400);
    expect((await call(w.a, AppPagePaths.unshareapppage, { id: pageA, appIds: [w.hr.id], confirm: true }, w.appA.code)).data.count).toBe(1);
    expect((await call(w.a, AppPagePaths.getapppage, { id: copyId }, 'hr')).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.a, AppPagePaths.getapppage, { id: pageA }, w.appA.code)).result).toBe('1');
    expect(await auditActions(w, copyId)).toEqual(expect.arrayContaining(['apppage.share', 'apppage.unshare']));
  });

  it('refuses to share when the target lacks an API url or another page holds the path, writing nothing', async () => {
    const p = await addPage(w.a, w.appA.code, { name: 'Saver', path: '/saver', formId: 'saver' });
    await addNode(w.a, w.appA.code, { pageId: p, nodeType: 'form', name: 'F', saveApiIds: [w.apis.crmSave] });
    const before = await snapshot(w, w.hr.id);
    const r = await w.a.post(AppPagePaths.shareapppage, { id: p, appIds: [w.hr.id] }, { headers: { appid: w.appA.code, 'x-language': 'EN_US' } });
    expect(r.body).toMatchObject({ scode: AppPageCodes.SHARE_API_MISSING, msg: 'The API registry of the application "hr" has no API "/crm/save.do"' });
    await addPage(w.a, 'hr', { name: 'Blocker', path: '/path2', formId: 'blocker' });
    const p2 = await addPage(w.a, w.appA.code, { name: 'Pathy', path: '/PATH2', formId: 'pathy' });
    const snap = await snapshot(w, w.hr.id);
    expect((await call(w.a, AppPagePaths.shareapppage, { id: p2, appIds: [w.hr.id] }, w.appA.code)).scode).toBe(AppPageCodes.SHARE_PATH_IN_USE);
    expect(await snapshot(w, w.hr.id)).toEqual(snap);
    expect(snap.pages.length).toBe(before.pages.length + 1);
  });
});
