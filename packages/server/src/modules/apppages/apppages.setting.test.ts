import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppPageCodes, AppPagePaths, SETTING_FILE_MAX_BYTES, type AppPageNode } from '@mp/protocol';
import { addNode, addPage, auditActions, call, grantControl, grantsOn, pagesWorld, snapshot, type PagesWorld } from './apppages.fixtures.js';

let w: PagesWorld;
let pageId: string;
let content: string;
const crm = () => w.appA.code;

/** The tree without ids, sort and dates: what a setting file describes. */
const shape = (tree: AppPageNode[]): unknown =>
  tree.map((n) => ({
    nodeType: n.nodeType,
    name: n.name,
    alias: n.alias,
    selector: n.selector,
    selectorIndex: n.selectorIndex,
    fieldName: n.fieldName,
    dataSource: n.dataSource,
    custom: n.custom,
    loadApis: n.loadApis.map((a) => a.url),
    saveApis: n.saveApis.map((a) => a.url),
    children: shape(n.children),
  }));
const getTree = async (id: string) => (await call(w.a, AppPagePaths.getapppage, { id }, crm())).data.tree as AppPageNode[];
const file = (doc: unknown, fileName = 'orders.json') => ({ fileName, content: typeof doc === 'string' ? doc : JSON.stringify(doc) });

beforeAll(async () => {
  w = await pagesWorld();
  pageId = await addPage(w.a, crm(), { name: 'Orders', path: '/orders', formId: 'orders', platformType: 1 });
  const form = await addNode(w.a, crm(), { pageId, nodeType: 'form', name: 'Main', selector: '#main', loadApiIds: [w.apis.crmList] });
  const bar = await addNode(w.a, crm(), { pageId, parentId: form, nodeType: 'composite', name: 'Toolbar' });
  await addNode(w.a, crm(), { pageId, parentId: bar, nodeType: 'button', name: 'Save', selectorIndex: 3, saveApiIds: [w.apis.crmSave], custom: true });
  const grid = await addNode(w.a, crm(), { pageId, parentId: form, nodeType: 'grid', name: 'Lines', dataSource: 'lines' });
  await addNode(w.a, crm(), { pageId, parentId: grid, nodeType: 'column', name: 'Amount', fieldName: 'amount', alias: 'Sum' });
  await addNode(w.a, crm(), { pageId, parentId: grid, nodeType: 'column', name: 'Item', fieldName: 'item' });
  await addNode(w.a, crm(), { pageId, nodeType: 'form', name: 'Side' });
  const exported = await call(w.a, AppPagePaths.exportapppage, { id: pageId }, crm());
  expect(exported.data.fileName).toBe('orders.json');
  content = exported.data.content;
});
afterAll(async () => {
  await w.t.close();
});

describe('the setting file (docs/applications.md "Setting file format")', () => {
  it('exports the documented format: version, page, forms → controls → columns, APIs by url', () => {
    expect(JSON.parse(content)).toEqual({
      version: 1,
      page: { formId: 'orders', name: 'Orders', path: '/orders', platformType: 1 },
      forms: [
        {
          name: 'Main',
          selector: '#main',
          loadApis: ['/crm/list.do'],
          controls: [
            { type: 'composite', name: 'Toolbar', controls: [{ type: 'button', name: 'Save', selectorIndex: 3, custom: true, saveApis: ['/crm/save.do'] }] },
            {
              type: 'grid',
              name: 'Lines',
              dataSource: 'lines',
              columns: [
                { name: 'Amount', fieldName: 'amount', alias: 'Sum' },
                { name: 'Item', fieldName: 'item' },
              ],
            },
          ],
        },
        { name: 'Side', controls: [] },
      ],
    });
  });

  it('round trip: importing the export gives the same tree with the same ids; a new page from it has the same tree', async () => {
    const before = await getTree(pageId);
    const again = await call(w.a, AppPagePaths.importapppage, { id: pageId, settingFile: file(content) }, crm());
    expect(again.data).toMatchObject({ confirmRequired: false, roles: 0 });
    expect(again.data.row.settingFile).toBe('orders.json');
    expect(again.data.tree).toEqual(before);
    const copy = await call(
      w.a,
      AppPagePaths.addapppage,
      {
        formId: '',
        name: '',
        path: '',
        platformType: 3,
        settingFile: file(content.replace('"orders"', '"orders2"').replace('"/orders"', '"/orders2"'), 'C:\\files\\orders2.json'),
      },
      crm(),
    );
    expect(copy.data.row).toMatchObject({ formId: 'orders2', name: 'Orders', path: '/orders2', platformType: 3, settingFile: 'orders2.json' });
    expect(shape(copy.data.tree)).toEqual(shape(before));
    const second = await call(w.a, AppPagePaths.exportapppage, { id: copy.data.row.id }, crm());
    expect(JSON.parse(second.data.content).forms).toEqual(JSON.parse(content).forms);
    expect(await auditActions(w, pageId)).toContain('apppage.import');
  });

  it('import keeps the nodes (and grants) the file still has; dropping granted controls needs confirmation', async () => {
    const tree = await getTree(pageId);
    const save = tree[0]!.children[0]!.children[0]!;
    const lines = tree[0]!.children[1]!;
    await grantControl(w, save.id, 1);
    await grantControl(w, lines.id, 2);
    const doc = JSON.parse(content);
    doc.forms[0].controls[0].controls[0].alias = 'Store';
    doc.forms[0].controls.pop();
    const before = await snapshot(w, w.appA.id);
    const ask = await call(w.a, AppPagePaths.importapppage, { id: pageId, settingFile: file(doc) }, crm());
    expect(ask.data).toEqual({ confirmRequired: true, roles: 2, row: null, tree: [] });
    expect(await snapshot(w, w.appA.id)).toEqual(before);
    const done = await call(w.a, AppPagePaths.importapppage, { id: pageId, settingFile: file(doc), confirm: true }, crm());
    const after = done.data.tree as AppPageNode[];
    expect(after[0]!.children.map((n) => n.name)).toEqual(['Toolbar']);
    expect(after[0]!.children[0]!.children[0]).toMatchObject({ id: save.id, alias: 'Store' });
    expect((await grantsOn(w, [save.id])).length).toBe(1);
    expect(await grantsOn(w, [lines.id])).toEqual([]);
    // Back to the original for the next tests.
    await call(w.a, AppPagePaths.importapppage, { id: pageId, settingFile: file(content) }, crm());
  });

  it('refuses each kind of invalid file with "Invalid page information, please check the setting file" and changes nothing', async () => {
    const doc = () => JSON.parse(content);
    const mutate = (fn: (d: ReturnType<typeof doc>) => void) => {
      const d = doc();
      fn(d);
      return d;
    };
    const cases: [unknown, string][] = [
      ['{ not json', AppPageCodes.FILE_JSON],
      [
        mutate((d) => {
          d.version = 2;
        }),
        AppPageCodes.FILE_VERSION,
      ],
      [[], AppPageCodes.FILE_SHAPE],
      [
        mutate((d) => {
          delete d.page;
        }),
        AppPageCodes.FILE_SHAPE,
      ],
      [
        mutate((d) => {
          d.forms[0].extra = 1;
        }),
        AppPageCodes.FILE_SHAPE,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[0].type = 'table';
        }),
        AppPageCodes.FILE_TYPE,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[0].controls.push({ type: 'grid', name: 'Inner' });
        }),
        AppPageCodes.FILE_NESTING,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[0].controls[0].controls = [{ type: 'input', name: 'Deep' }];
        }),
        AppPageCodes.FILE_NESTING,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[0].columns = [{ name: 'C' }];
        }),
        AppPageCodes.FILE_NESTING,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[1].controls = [{ type: 'button', name: 'B' }];
        }),
        AppPageCodes.FILE_NESTING,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[0].controls.push({ type: 'input', name: 'save' });
        }),
        AppPageCodes.FILE_DUPLICATE,
      ],
      [
        mutate((d) => {
          d.forms[0].controls[1].columns.push({ name: 'Other', fieldName: 'AMOUNT' });
        }),
        AppPageCodes.FILE_DUPLICATE,
      ],
      [
        mutate((d) => {
          d.forms[1].name = 'main';
        }),
        AppPageCodes.FILE_DUPLICATE,
      ],
      [
        mutate((d) => {
          d.forms[0].loadApis = ['/erp/list.do'];
        }),
        AppPageCodes.FILE_API,
      ],
      [
        mutate((d) => {
          d.forms[0].name = 'a<b';
        }),
        AppPageCodes.FILE_FIELD,
      ],
      [
        mutate((d) => {
          d.page.name = 'Has space';
        }),
        AppPageCodes.FILE_FIELD,
      ],
      [
        mutate((d) => {
          d.forms[1].controls = Array.from({ length: 4995 }, (_, i) => ({ type: 'input', name: `I${i}` }));
        }),
        AppPageCodes.FILE_TOO_MANY,
      ],
      [`${content}${' '.repeat(SETTING_FILE_MAX_BYTES)}`, AppPageCodes.FILE_TOO_LARGE],
    ];
    const before = await snapshot(w, w.appA.id);
    for (const [d, code] of cases) {
      const r = await w.a.post(
        AppPagePaths.importapppage,
        { id: pageId, settingFile: file(d), confirm: true },
        { headers: { appid: crm(), 'x-language': 'EN_US' } },
      );
      expect(r.body.scode, code).toBe(code);
      expect(r.body.msg).toMatch(/^Invalid page information, please check the setting file: /);
    }
    const add = await call(w.a, AppPagePaths.addapppage, { name: 'Fresh', path: '/fresh', platformType: 3, settingFile: file('{') }, crm());
    expect(add.scode).toBe(AppPageCodes.FILE_JSON);
    expect(await snapshot(w, w.appA.id)).toEqual(before);
  });

  it('property: any edit of a valid file is either imported as a whole or refused with a file code, changing nothing', { timeout: 120_000 }, async () => {
    const base = JSON.parse(content);
    const paths: (string | number)[][] = [];
    const collect = (v: unknown, at: (string | number)[]) => {
      paths.push(at);
      if (Array.isArray(v))
        v.forEach((x, i) => {
          collect(x, [...at, i]);
        });
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, [...at, k]);
    };
    collect(base, []);
    const junk = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.constantFrom('grid', 'composite', 'column', 'form', '/erp/list.do', 'Main'),
      fc.constant([]),
      fc.constant({}),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths.filter((p) => p.length > 0)), junk, async (at, value) => {
        const d = JSON.parse(content);
        let target = d;
        for (const k of at.slice(0, -1)) target = target[k];
        target[at[at.length - 1]!] = value;
        const before = await snapshot(w, w.appA.id);
        const r = await call(w.a, AppPagePaths.importapppage, { id: pageId, settingFile: file(d), confirm: true }, crm());
        if (r.result === '1') {
          // Accepted: the page now holds exactly the file's tree; put the original back.
          const exported = await call(w.a, AppPagePaths.exportapppage, { id: pageId }, crm());
          expect(JSON.parse(exported.data.content).forms.length).toBe(d.forms.length);
          await call(w.a, AppPagePaths.importapppage, { id: pageId, settingFile: file(content), confirm: true }, crm());
          return;
        }
        expect(r.scode).toMatch(/^apppage\.file_/);
        expect(await snapshot(w, w.appA.id)).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});
