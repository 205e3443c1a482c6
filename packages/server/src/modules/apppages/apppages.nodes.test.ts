import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPageCodes, AppPagePaths, childTypesOf, Codes, nestingProblem, type AppPageNode } from '@mp/protocol';
import { addNode, addPage, auditActions, call, grantControl, grantsOn, pagesWorld, snapshot, type PagesWorld } from './apppages.fixtures.js';

let w: PagesWorld;
let pageId: string;
let form: string;
let composite: string;
let grid: string;
let button: string;
beforeAll(async () => {
  w = await pagesWorld();
  pageId = await addPage(w.a, w.appA.code, { name: 'Orders', path: '/orders', formId: 'orders' });
  form = await addNode(w.a, w.appA.code, { pageId, nodeType: 'form', name: 'Main' });
  composite = await addNode(w.a, w.appA.code, { pageId, parentId: form, nodeType: 'composite', name: 'Toolbar' });
  grid = await addNode(w.a, w.appA.code, { pageId, parentId: form, nodeType: 'grid', name: 'OrderGrid' });
  button = await addNode(w.a, w.appA.code, { pageId, parentId: composite, nodeType: 'button', name: 'Save', selector: '#save', selectorIndex: 2 });
});
afterAll(async () => {
  await w.t.close();
});

const crm = () => w.appA.code;
const add = (body: Record<string, unknown>) => call(w.a, AppPagePaths.addappnode, { pageId, ...body }, crm());

describe('the nesting rule as data (SPEC §4)', () => {
  it('allows forms at the top, controls in forms, leaf controls in composites, columns in grids, nothing else', () => {
    expect(childTypesOf(null)).toEqual(['form']);
    expect(childTypesOf('form')).toEqual(['composite', 'button', 'grid', 'input', 'display']);
    expect(childTypesOf('composite')).toEqual(['button', 'input', 'display']);
    expect(childTypesOf('grid')).toEqual(['column']);
    for (const leaf of ['button', 'input', 'display', 'column'] as const) expect(childTypesOf(leaf)).toEqual([]);
    expect(nestingProblem(null, 'button')).toBe(AppPageCodes.SELECT_NODE);
  });
});

describe('nodes of a page (SPEC §4 Editing, §8 Menu messages)', () => {
  it('answers the tree in sibling order with the settings of each node', async () => {
    const got = await call(w.a, AppPagePaths.getapppage, { id: pageId }, crm());
    const tree = got.data.tree as AppPageNode[];
    expect(tree.map((n) => [n.name, n.nodeType])).toEqual([['Main', 'form']]);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['Toolbar', 'OrderGrid']);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({
      id: button,
      name: 'Save',
      nodeType: 'button',
      selector: '#save',
      selectorIndex: 2,
      parentId: composite,
      custom: false,
    });
  });

  it('refuses each nesting rule with its message, changing nothing', async () => {
    const before = await snapshot(w, w.appA.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ nodeType: 'button', name: 'Loose' }, AppPageCodes.SELECT_NODE],
      [{ nodeType: 'form', name: 'Inner', parentId: form }, AppPageCodes.FORM_TOP_LEVEL],
      [{ nodeType: 'composite', name: 'Nested', parentId: composite }, AppPageCodes.NO_NESTING],
      [{ nodeType: 'grid', name: 'NestedGrid', parentId: composite }, AppPageCodes.NO_NESTING],
      [{ nodeType: 'button', name: 'InGrid', parentId: grid }, AppPageCodes.GRID_COLUMNS_ONLY],
      [{ nodeType: 'column', name: 'Col', parentId: form }, AppPageCodes.COLUMN_IN_GRID],
      [{ nodeType: 'input', name: 'UnderButton', parentId: button }, AppPageCodes.NO_CHILDREN],
      [{ nodeType: 'input', name: 'Other', parentId: 'no-such-node' }, AppPageCodes.NODE_NOT_FOUND],
    ];
    for (const [body, code] of cases) expect((await add(body)).scode, JSON.stringify(body)).toBe(code);
    const en = await w.a.post(AppPagePaths.addappnode, { pageId, nodeType: 'button', name: 'Loose' }, { headers: { appid: crm(), 'x-language': 'EN_US' } });
    expect(en.body.msg).toBe('please select a form or control node');
    expect(await snapshot(w, w.appA.id)).toEqual(before);
  });

  it('refuses duplicates: a control name in one form or composite, a column or field in one grid, a form name in the page', async () => {
    await addNode(w.a, crm(), { pageId, parentId: grid, nodeType: 'column', name: 'Amount', fieldName: 'amount' });
    const en = { headers: { appid: crm(), 'x-language': 'EN_US' } };
    const dupControl = await w.a.post(AppPagePaths.addappnode, { pageId, parentId: composite, nodeType: 'input', name: 'SAVE' }, en);
    expect(dupControl.body).toMatchObject({ scode: AppPageCodes.CONTROL_EXISTS, msg: 'Control already exists in the list: SAVE' });
    expect((await add({ parentId: form, nodeType: 'display', name: 'toolbar' })).scode).toBe(AppPageCodes.CONTROL_EXISTS);
    const dupColumn = await w.a.post(AppPagePaths.addappnode, { pageId, parentId: grid, nodeType: 'column', name: 'Total', fieldName: 'AMOUNT' }, en);
    expect(dupColumn.body).toMatchObject({ scode: AppPageCodes.FIELD_EXISTS, msg: 'The field already exists in the list: AMOUNT' });
    expect((await add({ parentId: grid, nodeType: 'column', name: 'amount' })).scode).toBe(AppPageCodes.FIELD_EXISTS);
    expect((await add({ nodeType: 'form', name: 'MAIN' })).scode).toBe(AppPageCodes.FORM_EXISTS);
    // The same name elsewhere is fine: a Save button directly in the form.
    expect((await add({ parentId: form, nodeType: 'button', name: 'Save' })).result).toBe('1');
  });

  it('checks the fields of a node (required name, patterns, lengths)', async () => {
    expect((await add({ parentId: form, nodeType: 'input', name: ' ' })).scode).toBe(Codes.REQUIRED);
    expect((await add({ parentId: form, nodeType: 'input', name: 'a<b' })).scode).toBe(AppPageCodes.NODE_NAME_PATTERN);
    expect((await add({ parentId: form, nodeType: 'input', name: 'Ok', fieldName: 'bad field' })).scode).toBe(AppPageCodes.NODE_NAME_PATTERN);
    expect((await add({ parentId: form, nodeType: 'input', name: 'Ok', selector: '<script>x</script>' })).scode).toBe(Codes.SCRIPT_TAG);
    expect(
      (await w.a.post(AppPagePaths.addappnode, { pageId, parentId: form, nodeType: 'input', name: 'Ok', selectorIndex: -1 }, { headers: { appid: crm() } }))
        .status,
    ).toBe(400);
    expect((await w.a.post(AppPagePaths.addappnode, { pageId, parentId: form, nodeType: 'table', name: 'Ok' }, { headers: { appid: crm() } })).status).toBe(
      400,
    );
  });

  it('stores function definitions (load and save APIs) of the application only, answering them by name and url', async () => {
    const id = await addNode(w.a, crm(), {
      pageId,
      parentId: form,
      nodeType: 'input',
      name: 'Customer',
      fieldName: 'customer',
      dataSource: 'customers',
      custom: true,
      loadApiIds: [w.apis.crmList, w.apis.crmList],
      saveApiIds: [w.apis.crmSave],
    });
    const tree = (await call(w.a, AppPagePaths.getapppage, { id: pageId }, crm())).data.tree as AppPageNode[];
    const node = tree[0]!.children.find((n) => n.id === id)!;
    expect(node).toMatchObject({ custom: true, dataSource: 'customers', fieldName: 'customer' });
    expect(node.loadApis.map((a) => a.url)).toEqual(['/crm/list.do']);
    expect(node.saveApis.map((a) => a.name)).toEqual(['Save customer']);
    const foreign = await call(w.a, AppPagePaths.editappnode, { id, name: 'Customer', loadApiIds: [w.apis.erpList] }, crm());
    expect(foreign).toMatchObject({ scode: AppPageCodes.API_UNKNOWN });
    expect((await add({ parentId: form, nodeType: 'input', name: 'Other', saveApiIds: [w.apis.hrList] })).scode).toBe(AppPageCodes.API_UNKNOWN);
  });

  it("edits a control's settings and type while the rules hold", async () => {
    const input = await addNode(w.a, crm(), { pageId, parentId: composite, nodeType: 'input', name: 'Qty' });
    const ok = await call(
      w.a,
      AppPagePaths.editappnode,
      { id: input, nodeType: 'display', name: 'Quantity', alias: 'Qty shown', selector: '.qty', selectorIndex: 1 },
      crm(),
    );
    expect(ok.result).toBe('1');
    const edited = (ok.data.tree as AppPageNode[])[0]!.children[0]!.children.find((n) => n.id === input);
    expect(edited).toMatchObject({ nodeType: 'display', name: 'Quantity', alias: 'Qty shown', selector: '.qty', selectorIndex: 1 });
    expect((await call(w.a, AppPagePaths.editappnode, { id: input, nodeType: 'grid', name: 'Quantity' }, crm())).scode).toBe(AppPageCodes.NO_NESTING);
    expect((await call(w.a, AppPagePaths.editappnode, { id: composite, nodeType: 'button', name: 'Toolbar' }, crm())).scode).toBe(AppPageCodes.TYPE_FIXED);
    expect((await call(w.a, AppPagePaths.editappnode, { id: input, name: 'save' }, crm())).scode).toBe(AppPageCodes.CONTROL_EXISTS);
    expect(await auditActions(w, pageId)).toEqual(expect.arrayContaining(['apppage.node_add', 'apppage.node_edit']));
  });

  it('moves a node within the rules and renumbers the siblings', async () => {
    const a = await addNode(w.a, crm(), { pageId, parentId: form, nodeType: 'display', name: 'MoveMe' });
    const moved = await call(w.a, AppPagePaths.moveappnode, { id: a, parentId: composite, index: 0 }, crm());
    expect(moved.result).toBe('1');
    const comp = (moved.data.tree as AppPageNode[])[0]!.children.find((n) => n.id === composite)!;
    expect(comp.children[0]!.name).toBe('MoveMe');
    expect(comp.children.map((n) => n.sort)).toEqual(comp.children.map((_, i) => i));
    expect((await call(w.a, AppPagePaths.moveappnode, { id: grid, parentId: composite, index: 0 }, crm())).scode).toBe(AppPageCodes.NO_NESTING);
    expect((await call(w.a, AppPagePaths.moveappnode, { id: composite, parentId: button, index: 0 }, crm())).scode).toBe(AppPageCodes.MOVE_INVALID);
    expect((await call(w.a, AppPagePaths.moveappnode, { id: button, parentId: '', index: 0 }, crm())).scode).toBe(AppPageCodes.SELECT_NODE);
    expect((await call(w.a, AppPagePaths.moveappnode, { id: button, parentId: form, index: 0 }, crm())).scode).toBe(AppPageCodes.CONTROL_EXISTS);
  });

  it('deleting a control roles hold asks for confirmation; confirmed, it goes with its descendants and grants', async () => {
    const tb = await addNode(w.a, crm(), { pageId, parentId: form, nodeType: 'composite', name: 'Bar2' });
    const b1 = await addNode(w.a, crm(), { pageId, parentId: tb, nodeType: 'button', name: 'Go' });
    await grantControl(w, b1, 3);
    const before = await snapshot(w, w.appA.id);
    expect((await call(w.a, AppPagePaths.deleteappnode, { id: tb }, crm())).data).toEqual({ confirmRequired: true, roles: 3, count: 0 });
    expect(await snapshot(w, w.appA.id)).toEqual(before);
    expect((await call(w.a, AppPagePaths.deleteappnode, { id: tb, confirm: true }, crm())).data).toEqual({ confirmRequired: false, roles: 3, count: 2 });
    expect(await grantsOn(w, [b1])).toEqual([]);
    // Without grants no confirmation is needed.
    const plain = await addNode(w.a, crm(), { pageId, parentId: form, nodeType: 'input', name: 'Tmp' });
    expect((await call(w.a, AppPagePaths.deleteappnode, { id: plain }, crm())).data).toEqual({ confirmRequired: false, roles: 0, count: 1 });
    expect(await auditActions(w, pageId)).toContain('apppage.node_delete');
  });
});
