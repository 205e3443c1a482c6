/**
 * The page designer end to end (issue 14 "Page designer"; SPEC §2 Page manager, §4 nesting rules, §5
 * Page, §8 'Control already exists in the list', 'The field already exists in the list'): an
 * application administrator enters an application from the workbench, creates a page, designs a form
 * with a composite holding a button, and a grid with columns, chooses load and save APIs from the
 * application's registry, exports the setting file and imports an edited one, and sees the page grid.
 * Screenshots in English, Chinese and Japanese (e2e/artifacts/app-pages-*.png).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AppApiPaths, AppPagePaths, type AppPageNode } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, launchBrowser, savedDownload, shot } from './support.js';
import { startDemoServer, type DemoServer } from './tenant-session.js';
import { addAppOfAppAdmin, addCrmApp, enterCrmAsAppAdmin } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const T = en.apppage;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };

const inCrm = () => ({ headers: { appid: crm.id } });
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
const treeNode = (name: string) => page.getByTestId(`node-${name}`);
const pageOfCrm = async () => {
  const list = (await api.post(AppPagePaths.listapppage, { keyword: 'orders' }, inCrm())).body.data.rows as { id: string }[];
  return (await api.post(AppPagePaths.getapppage, { id: list[0]!.id }, inCrm())).body.data as { row: { id: string; settingFile: string }; tree: AppPageNode[] };
};

/** Adds a node in the designer: opens the form through `open`, names it, saves, waits for it in the tree. */
async function addThroughDesigner(open: () => Promise<void>, name: string, field?: string) {
  await open();
  await page.getByTestId('node-name').fill(name);
  if (field) await page.getByTestId('node-field').fill(field);
  await page.getByTestId('node-save').click();
  await treeNode(name).waitFor();
}

beforeAll(async () => {
  server = await startDemoServer('apppages');
  api = await adminClient(server.url);
  crm = await addCrmApp(api);
  const hr = await addAppOfAppAdmin(api, 'hr', 'HR Portal');
  // The HR registry has the urls the page uses, so the page can be shared there.
  for (const url of ['/order/list.do', '/order/save.do', '/order/approve.do']) {
    expect(
      (
        await api.post(
          AppApiPaths.addappapi,
          { serviceName: 'order-service', moduleName: 'orders', name: `HR ${url.split('/')[2]!.replace('.do', '')}`, url },
          { headers: { appid: hr.id } },
        )
      ).body.result,
    ).toBe('1');
  }
  for (const [name, url] of [
    ['List orders', '/order/list.do'],
    ['Save order', '/order/save.do'],
    ['Approve order', '/order/approve.do'],
  ] as const) {
    expect((await api.post(AppApiPaths.addappapi, { serviceName: 'order-service', moduleName: 'orders', name, url }, inCrm())).body.result).toBe('1');
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the page designer', () => {
  it('creates a page from the page grid', async () => {
    await enterCrmAsAppAdmin(page, server.url);
    await page.getByRole('menuitem', { name: en.layout.route.page }).click();
    await page.waitForURL(/\/app\/page/);
    await page.getByText(T.intro).waitFor();
    await page.getByRole('button', { name: T.newPage }).click();
    const d = page.getByRole('dialog');
    await d.getByLabel(T.field.name, { exact: true }).fill('Order list');
    await d.getByLabel(T.field.path, { exact: true }).fill('/orders');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(T.namePattern).waitFor();
    await shot(page, 'app-pages-form-en');
    await d.getByLabel(T.field.name, { exact: true }).fill('Orders');
    await d.getByLabel(T.field.formId, { exact: true }).fill('orders');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByText(total(1)).waitFor();
    await rowOf('/orders').waitFor();
  });

  it('designs a form with a composite holding a button and a grid with columns, choosing APIs', async () => {
    await rowOf('/orders').getByRole('button', { name: T.design }).click();
    await page.getByTestId('designer-title').getByText(T.designerTitle.replace('{{name}}', 'Orders')).waitFor();
    await page.getByText(T.emptyTree).waitFor();
    // A control needs a form or composite first (SPEC §8 'please select a form or control node').
    await page.getByTestId('add-control').click();
    await page.locator('.ant-message').getByText(en.errors.apppage.select_node).waitFor();
    await addThroughDesigner(() => page.getByTestId('add-form').click(), 'Main');
    const pickControl = async (type: string) => {
      await page.getByTestId('add-control').hover();
      await page.getByRole('menuitem', { name: type, exact: true }).click();
    };
    await addThroughDesigner(() => pickControl(T.nodeType.composite), 'Toolbar');
    // A composite offers no composite or grid (SPEC §4): those entries are disabled.
    await page.getByTestId('add-control').hover();
    await expect.poll(() => page.getByRole('menuitem', { name: T.nodeType.grid, exact: true }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menuitem', { name: T.nodeType.button, exact: true }).click();
    await page.getByTestId('node-name').fill('Save');
    await page.getByRole('tab', { name: T.tabs.functions }).click();
    await page.getByTestId('save-apis').locator('.ant-select').click();
    await page.keyboard.type('save');
    await page.locator('.ant-select-item-option[title="Save order (/order/save.do)"]').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('save-apis-chosen').getByText('Save order').waitFor();
    await page.getByTestId('node-save').click();
    await treeNode('Save').waitFor();
    // A repeated control name in the same composite is refused with the §8 message.
    await treeNode('Toolbar').click();
    await pickControl(T.nodeType.input);
    await page.getByTestId('node-name').fill('save');
    await page.getByTestId('node-save').click();
    await page.getByText(en.errors.apppage.control_exists.replace('{{name}}', 'save')).waitFor();
    await page.getByRole('button', { name: en.common.cancel }).click();
    // The form loads its data from two APIs.
    await treeNode('Main').click();
    await page.getByRole('tab', { name: T.tabs.functions }).click();
    await page.getByTestId('load-apis').locator('.ant-select').click();
    await page.locator('.ant-select-item-option[title="List orders (/order/list.do)"]').click();
    await page.locator('.ant-select-item-option[title="Approve order (/order/approve.do)"]').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('load-apis-chosen').getByText('List orders, Approve order').waitFor();
    await page.getByTestId('node-save').click();
    await page.getByText(en.common.saveSucceeded).first().waitFor();
    // A grid with two columns; a repeated field is refused.
    await addThroughDesigner(() => pickControl(T.nodeType.grid), 'Lines');
    const columns = page.getByTestId('grid-columns');
    await columns.getByText(T.noData).waitFor();
    for (const [name, field] of [
      ['Amount', 'amount'],
      ['Item', 'item'],
    ] as const) {
      await page.getByTestId('column-name').fill(name);
      await page.getByTestId('column-field').fill(field);
      await page.getByTestId('column-add').click();
      await columns.locator('td', { hasText: new RegExp(`^${name}$`) }).waitFor();
    }
    await page.getByTestId('column-name').fill('Total');
    await page.getByTestId('column-field').fill('AMOUNT');
    await page.getByTestId('column-add').click();
    await page.getByText(en.errors.apppage.field_exists.replace('{{name}}', 'AMOUNT')).waitFor();
    await shot(page, 'app-pages-designer-en');
    const { tree } = await pageOfCrm();
    const main = tree[0]!;
    expect(main.loadApis.map((a) => a.url).sort()).toEqual(['/order/approve.do', '/order/list.do']);
    expect(main.children.map((n) => [n.nodeType, n.name])).toEqual([
      ['composite', 'Toolbar'],
      ['grid', 'Lines'],
    ]);
    expect(main.children[0]!.children[0]).toMatchObject({ nodeType: 'button', name: 'Save' });
    expect(main.children[0]!.children[0]!.saveApis.map((a) => a.url)).toEqual(['/order/save.do']);
    expect(main.children[1]!.children.map((c) => [c.name, c.fieldName])).toEqual([
      ['Amount', 'amount'],
      ['Item', 'item'],
    ]);
  });

  it('exports the setting file and imports an edited one', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('designer-export').click()]);
    expect(download.suggestedFilename()).toBe('orders.json');
    const doc = JSON.parse(readFileSync(await savedDownload(download), 'utf8'));
    expect(doc).toMatchObject({ version: 1, page: { formId: 'orders', name: 'Orders', path: '/orders', platformType: 3 } });
    expect(doc.forms[0].controls[0].controls[0]).toEqual({ type: 'button', name: 'Save', saveApis: ['/order/save.do'] });
    const before = await pageOfCrm();
    doc.forms[0].controls[0].controls.push({ type: 'button', name: 'Approve', saveApis: ['/order/approve.do'] });
    const edited = join(server.dataDir, 'orders-edited.json');
    writeFileSync(edited, JSON.stringify(doc, null, 2));
    await page.locator('input[type=file][accept=".json,application/json"]').setInputFiles(edited);
    await page.getByText(T.importDone).waitFor();
    await treeNode('Approve').waitFor();
    const after = await pageOfCrm();
    expect(after.row.settingFile).toBe('orders-edited.json');
    // Nodes the file still describes keep their ids (and so the grants roles hold on them).
    expect(after.tree[0]!.children[0]!.children[0]!.id).toBe(before.tree[0]!.children[0]!.children[0]!.id);
    // An invalid file changes nothing and says why.
    const bad = join(server.dataDir, 'orders-bad.json');
    writeFileSync(bad, JSON.stringify({ ...doc, version: 9 }));
    await page.locator('input[type=file][accept=".json,application/json"]').setInputFiles(bad);
    await page.getByText(en.errors.apppage.file_version.replace('{{version}}', '9')).waitFor();
    expect((await pageOfCrm()).tree).toEqual(after.tree);
  });

  it('shows the designer and the grid in Chinese and Japanese; shares the page with another application and cancels it', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByTestId('designer-title').getByText(texts.apppage.designerTitle.replace('{{name}}', 'Orders')).waitFor();
      await page.getByRole('menu').filter({ hasText: 'English' }).waitFor({ state: 'hidden' });
      await treeNode('Save').click();
      await page.getByRole('tab', { name: texts.apppage.tabs.settings }).waitFor();
      await shot(page, `app-pages-designer-${tag}`);
    }
    await page.getByRole('button', { name: ja.apppage.back }).click();
    await rowOf('/orders').getByRole('button', { name: ja.apppage.share }).click();
    const d = page.getByRole('dialog');
    await d.getByText('HR Portal').waitFor();
    await d.getByText(ja.apppage.notShared).waitFor();
    await d.getByRole('button', { name: ja.apppage.shareTo }).click();
    await d.getByText(ja.apppage.shared, { exact: true }).waitFor();
    await shot(page, 'app-pages-share-ja');
    const copies = (await api.post(AppPagePaths.listapppage, { keyword: 'orders' }, { headers: { appid: 'hr' } })).body.data.rows as { formId: string }[];
    expect(copies.map((c) => c.formId)).toEqual(['orders']);
    await d.getByRole('button', { name: ja.apppage.cancelShare }).click();
    await page.getByRole('button', { name: ja.common.ok }).last().click();
    await d.getByText(ja.apppage.notShared).waitFor();
    expect((await api.post(AppPagePaths.listapppage, { keyword: 'orders' }, { headers: { appid: 'hr' } })).body.data.records).toBe(0);
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'hidden' });
    await rowOf('/orders').waitFor();
    await shot(page, 'app-pages-grid-ja');
    await chooseLanguage(page, 'English');
    await page.getByRole('button', { name: T.newPage }).waitFor();
    await shot(page, 'app-pages-grid-en');
  });
});
