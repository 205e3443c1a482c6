import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPageCodes, AppPagePaths, Codes } from '@mp/protocol';
import { addNode, addPage, auditActions, call, grantControl, grantsOn, pagesWorld, snapshot, type PagesWorld } from './apppages.fixtures.js';

let w: PagesWorld;
beforeAll(async () => {
  w = await pagesWorld();
});
afterAll(async () => {
  await w.t.close();
});

const crm = () => w.appA.code;

describe('page grid and page form (SPEC §2 Page manager, §5 Page)', () => {
  it('adds, reads and edits a page; a blank formID is generated; each write is audited', async () => {
    const add = await call(w.a, AppPagePaths.addapppage, { name: '客户列表A1', path: '/crm/list', platformType: 1 }, crm());
    expect(add.result).toBe('1');
    const row = add.data.row;
    expect(row).toMatchObject({ name: '客户列表A1', path: '/crm/list', platformType: 1, settingFile: '' });
    expect(row.formId).toMatch(/^page_[0-9a-f]{10}$/);
    expect(add.data).toMatchObject({ confirmRequired: false, tree: [] });
    const edit = await call(
      w.a,
      AppPagePaths.editapppage,
      { id: row.id, formId: 'cust_list-1', name: 'CustomerList', path: '/crm/list2', platformType: 2 },
      crm(),
    );
    expect(edit.data.row).toMatchObject({ formId: 'cust_list-1', name: 'CustomerList', path: '/crm/list2', platformType: 2 });
    const got = await call(w.a, AppPagePaths.getapppage, { id: row.id }, crm());
    expect(got.data.row.formId).toBe('cust_list-1');
    expect(await auditActions(w, row.id)).toEqual(expect.arrayContaining(['apppage.add', 'apppage.edit']));
  });

  it('refuses each invalid field with its message and changes nothing', async () => {
    const before = await snapshot(w, w.appA.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', path: '/x' }, Codes.REQUIRED],
      [{ name: 'Has space', path: '/x' }, AppPageCodes.NAME_PATTERN],
      [{ name: 'Bad_name', path: '/x' }, AppPageCodes.NAME_PATTERN],
      [{ name: 'N'.repeat(51), path: '/x' }, Codes.TOO_LONG],
      [{ name: 'Fine', path: '  ' }, Codes.REQUIRED],
      [{ name: 'Fine', path: `/${'p'.repeat(200)}` }, Codes.TOO_LONG],
      [{ name: 'Fine', path: '/x', formId: 'has space' }, AppPageCodes.FORM_ID_PATTERN],
      [{ name: 'Fine', path: '/x', formId: 'f'.repeat(51) }, Codes.TOO_LONG],
      [{ name: 'Fine', path: '/CRM/LIST2' }, AppPageCodes.PATH_IN_USE],
      [{ name: 'Fine', path: '/x', formId: 'CUST_LIST-1' }, AppPageCodes.FORM_ID_IN_USE],
    ];
    for (const [patch, code] of cases) {
      const b = await call(w.a, AppPagePaths.addapppage, { platformType: 3, ...patch }, crm());
      expect(b.scode, JSON.stringify(patch)).toBe(code);
    }
    const en = await w.a.post(
      AppPagePaths.addapppage,
      { name: 'Fine', path: '/crm/list2', platformType: 3 },
      { headers: { appid: crm(), 'x-language': 'EN_US' } },
    );
    expect(en.body.msg).toBe('The page path "/crm/list2" is already used by another page of this application');
    const ja = await w.a.post(AppPagePaths.addapppage, { name: 'A B', path: '/q', platformType: 3 }, { headers: { appid: crm(), 'x-language': 'JA_JP' } });
    expect(ja.body.msg).toBe('ページ名には英字、数字、漢字のみ使用できます');
    expect(await snapshot(w, w.appA.id)).toEqual(before);
  });

  it('refuses a bad body shape with HTTP 400 (platform type, unknown sort field, over-long strings)', async () => {
    for (const body of [
      { name: 'A', path: '/a', platformType: 4 },
      { name: 'A', path: '/a', platformType: '1' },
      { name: 'x'.repeat(101), path: '/a', platformType: 1 },
    ])
      expect((await w.a.post(AppPagePaths.addapppage, body, { headers: { appid: crm() } })).status).toBe(400);
    expect((await w.a.post(AppPagePaths.listapppage, { sortField: 'secret' }, { headers: { appid: crm() } })).status).toBe(400);
  });

  it("pages, searches (formID, name or path) and sorts in SQL, only the application's pages", async () => {
    for (let i = 0; i < 12; i++)
      await addPage(w.a, crm(), {
        name: `Grid${String(i).padStart(2, '0')}`,
        path: `/grid/${i}`,
        formId: `grid_${String(i).padStart(2, '0')}`,
        platformType: i < 5 ? 1 : 2,
      });
    await addPage(w.b, w.appB.code, { name: 'Grid99', path: '/grid/99', formId: 'grid_99' });
    const p1 = await call(w.a, AppPagePaths.listapppage, { page: 1, pageSize: 5, keyword: 'GRID', sortField: 'formId', sortOrder: 'ascend' }, crm());
    expect(p1.data).toMatchObject({ page: 1, records: 12, total: 3, lastPage: false });
    expect(p1.data.rows.map((r: { formId: string }) => r.formId)).toEqual(['grid_00', 'grid_01', 'grid_02', 'grid_03', 'grid_04']);
    const p3 = await call(w.a, AppPagePaths.listapppage, { page: 3, pageSize: 5, keyword: '/grid/', sortField: 'name', sortOrder: 'descend' }, crm());
    expect(p3.data.rows.map((r: { name: string }) => r.name)).toEqual(['Grid01', 'Grid00']);
    expect((await call(w.a, AppPagePaths.listapppage, { keyword: 'grid', platformType: 1 }, crm())).data.records).toBe(5);
    expect((await call(w.a, AppPagePaths.listapppage, { keyword: '%' }, crm())).data.records).toBe(0);
    expect((await call(w.a, AppPagePaths.listapppage, { keyword: 'grid_99' }, crm())).data.records).toBe(0);
    const latest = await call(w.a, AppPagePaths.listapppage, { pageSize: 1 }, crm());
    expect(latest.data.rows[0].formId).toBe('grid_11');
  });

  it('deletes pages in batch (all or none); with granted controls it asks first, then the grants go', async () => {
    const p1 = await addPage(w.a, crm(), { name: 'Del1', path: '/del/1' });
    const p2 = await addPage(w.a, crm(), { name: 'Del2', path: '/del/2' });
    const form = await addNode(w.a, crm(), { pageId: p2, nodeType: 'form', name: 'Main' });
    const button = await addNode(w.a, crm(), { pageId: p2, parentId: form, nodeType: 'button', name: 'Save' });
    await grantControl(w, button, 2);
    const foreign = await addPage(w.b, w.appB.code, { name: 'Del3', path: '/del/3' });
    expect((await call(w.a, AppPagePaths.deleteapppage, { ids: [p1, foreign] }, crm())).scode).toBe(AppPageCodes.NOT_FOUND);
    const ask = await call(w.a, AppPagePaths.deleteapppage, { ids: [p1, p2] }, crm());
    expect(ask.data).toEqual({ confirmRequired: true, roles: 2, count: 0 });
    expect((await call(w.a, AppPagePaths.getapppage, { id: p1 }, crm())).result).toBe('1');
    const done = await call(w.a, AppPagePaths.deleteapppage, { ids: [p1, p2], confirm: true }, crm());
    expect(done.data).toEqual({ confirmRequired: false, roles: 2, count: 2 });
    expect(await grantsOn(w, [button])).toEqual([]);
    expect((await call(w.a, AppPagePaths.getapppage, { id: p2 }, crm())).scode).toBe(AppPageCodes.NOT_FOUND);
    expect((await call(w.b, AppPagePaths.getapppage, { id: foreign }, w.appB.code)).result).toBe('1');
    expect(await auditActions(w, p2)).toContain('apppage.delete');
  });

  it("lists the application's APIs for the picker (search, paged), never another application's", async () => {
    const all = await call(w.a, AppPagePaths.listapioption, { page: 1, pageSize: 10 }, crm());
    expect(all.data.rows.map((r: { url: string }) => r.url).sort()).toEqual(['/crm/list.do', '/crm/save.do']);
    expect(all.data.rows[0]).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String), serviceName: 'svc', moduleName: 'mod' }));
    const found = await call(w.a, AppPagePaths.listapioption, { keyword: 'SAVE', sortField: 'url', sortOrder: 'descend' }, crm());
    expect(found.data.rows.map((r: { url: string }) => r.url)).toEqual(['/crm/save.do']);
    expect((await call(w.a, AppPagePaths.listapioption, { keyword: 'orders' }, crm())).data.records).toBe(0);
  });
});
