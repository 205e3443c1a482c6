/**
 * The menu designer end to end (issue 14; SPEC §2 Menu manager, §4 Editing and menu search, §5 Menu,
 * §8 Menu messages): an application administrator enters an application from the workbench and lands on
 * `/app/menu`; builds a module with two pages (one targeting a page of the page designer, one a typed
 * address); is stopped by the rules (required fields, empty target, no menu under a page, a new node must
 * be saved first, the root cannot be deleted, unsaved edits ask to discard, a drop onto a page is
 * refused); drags a page above its sibling; searches (case-insensitive, 'No results were found', reset);
 * deletes a menu. Screenshots in Chinese, English and Japanese (e2e/artifacts/app-menus-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { AppMenuPaths, AppPagePaths, Paths, type AppMenuNode } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient, PNG } from './seed-api.js';
import { chooseLanguage, launchBrowser, shot, signInOnPage } from './support.js';
import { NORTHWIND, startDemoServer, type DemoServer } from './tenant-session.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const T = en.appmenu;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };

/** The end of a button's accessible name (after its icon's label); antd puts a space between two CJK characters ('保 存'). */
const label = (text: string) => new RegExp(`${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);
const tree = () => page.getByRole('tree', { name: T.treeTitle });
const treeNode = (code: string): Locator => page.locator(`.ant-tree-treenode:has([data-menu-code="${code}"])`);
const form = () => page.getByRole('form', { name: T.title });
const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true }).last();
/** Waits until no toast and no dropdown is showing, so a screenshot shows the screen itself. */
const calm = async () => {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
};
const menuTree = async (): Promise<AppMenuNode> => (await api.post(AppMenuPaths.treeappmenu, {}, { headers: { appid: crm.id } })).body.data.root;
const codes = (n: AppMenuNode): unknown => n.children.map((c) => (c.children.length ? { [c.code]: codes(c) } : c.code));

beforeAll(async () => {
  server = await startDemoServer('appmenus');
  api = await adminClient(server.url);
  const user = (await api.post(Paths.listproductadmincandidate, { keyword: NORTHWIND.appAdmin, pageSize: 5 })).body.data.rows[0];
  const r = await api.post(Paths.addproduct, {
    code: 'crm',
    name: 'CRM Portal',
    abbreviation: 'CRM',
    version: 'V1.0',
    status: 1,
    callbackUrl: 'https://crm.example.com/cb',
    department: 'IT',
    ownerName: 'Emily Chan',
    ownerEmail: 'emily@example.com',
    ownerPhone: '13800138000',
    opsOwner: 'Ryan Ng',
    adminIds: [user.id],
  });
  expect(r.body.result).toBe('1');
  crm = r.body.data.row;
  const p = await api.post(
    AppPagePaths.addapppage,
    { formId: 'customers', name: 'Customers', path: '/crm/customers', platformType: 3 },
    { headers: { appid: crm.id } },
  );
  expect(p.body.result).toBe('1');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the menu designer', () => {
  it("opens as the application area's default screen with the root named after the application", async () => {
    await page.goto(`${server.url}/login`);
    await chooseLanguage(page, 'English');
    await signInOnPage(page, NORTHWIND.appAdmin, DEMO_PASSWORD, 'en-US', true);
    await page.waitForURL(/\/appAdmin\/appList/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'CRM Portal' }).click();
    await page.waitForURL(/\/app\/menu/);
    await tree().getByText('CRM Portal').waitFor();
    await page.getByRole('tab', { name: T.tabPc }).waitFor();
    await page.getByRole('tab', { name: T.tabMobile }).waitFor();
    await page.getByText(T.rootHint).waitFor();
    // The second tab renders the mobile app menus screen (pages/app/MobileMenus, another part's).
    await page.getByRole('tab', { name: T.tabMobile }).click();
    await page.getByTestId('mobile-menus').waitFor();
    await page.getByRole('tab', { name: T.tabPc }).click();
    await tree().getByText('CRM Portal').waitFor();
  });

  it('builds a module with two pages, stopped by the required fields and the target page rule', async () => {
    await page.getByRole('button', { name: T.addChild }).click();
    await form().waitFor();
    // A second new node before saving the first is refused.
    await page.getByRole('button', { name: T.addChild }).click();
    await toast(T.saveFirst).waitFor();
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await toast(T.requiredFields).waitFor();
    await form().getByLabel(T.field.code).fill('sales');
    await form().getByLabel(T.field.name).fill('Sales(EU)');
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await toast(T.saved).waitFor();
    await treeNode('sales').waitFor();

    await page.getByRole('button', { name: T.addChild }).click();
    await form().getByLabel(T.field.code).fill('leads');
    await form().getByLabel(T.field.name).fill('Leads');
    await form().getByText(T.typePage, { exact: true }).click();
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await form().getByText(en.errors.appmenu.target_required).waitFor();
    await form().getByLabel(T.field.target).fill('cust');
    await page.locator('.ant-select-dropdown').getByText('Customers · /crm/customers').click();
    await shot(page, 'app-menus-form-en');
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await toast(T.saved).waitFor();
    await treeNode('leads').waitFor();

    await page.getByRole('button', { name: T.addSibling }).click();
    await form().getByLabel(T.field.code).fill('orders');
    await form().getByLabel(T.field.name).fill('Orders');
    await form().getByText(T.typePage, { exact: true }).click();
    await form().getByLabel(T.field.target).fill('/crm/orders');
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await toast(T.saved).waitFor();
    await treeNode('orders').waitFor();
    const saved = await menuTree();
    expect(codes(saved)).toEqual([{ sales: ['leads', 'orders'] }]);
    const leads = saved.children[0]!.children[0]!;
    expect(leads).toMatchObject({ menuType: 'page', target: '/crm/customers', pageId: expect.any(String) });
  });

  it('refuses a menu under a page, deleting the root, and asks before discarding unsaved edits', async () => {
    await treeNode('leads').getByText('Leads', { exact: true }).click();
    await page.getByRole('button', { name: T.addChild }).click();
    await toast(T.underPage).waitFor();
    await tree().getByText('CRM Portal').click();
    await page.getByRole('button', { name: T.delete }).click();
    await toast(T.rootDelete).waitFor();

    await treeNode('orders').getByText('Orders', { exact: true }).click();
    await form().getByLabel(T.field.name).fill('Orders changed');
    await treeNode('leads').getByText('Leads', { exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: T.unsavedTitle });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: T.keepEditing }).click();
    expect(await form().getByLabel(T.field.name).inputValue()).toBe('Orders changed');
    await treeNode('leads').getByText('Leads', { exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: T.unsavedTitle }).getByRole('button', { name: T.discard }).click();
    expect(await form().getByLabel(T.field.code).inputValue()).toBe('leads');
  });

  it('drags a page above its sibling and refuses a drop onto a page', async () => {
    const title = (code: string) => treeNode(code).locator('.ant-tree-node-content-wrapper');
    await title('orders').dragTo(title('leads'), { targetPosition: { x: 30, y: 2 } });
    await toast(T.moved).waitFor();
    await expect.poll(async () => codes(await menuTree())).toEqual([{ sales: ['orders', 'leads'] }]);
    // A menu dropped onto a page says why it cannot go there, and so does a module dropped into itself; nothing moves.
    // rc-tree drops inside a node when the pointer moves right of where the drag started (one and a half indents)
    await title('orders').dragTo(title('leads'), { sourcePosition: { x: 5, y: 10 }, targetPosition: { x: 120, y: 16 } });
    await toast(en.errors.appmenu.under_page).waitFor();
    await treeNode('orders').waitFor();
    expect(codes(await menuTree())).toEqual([{ sales: ['orders', 'leads'] }]);
  });

  it('searches case-insensitively, says when nothing matches, and resets on an empty keyword', async () => {
    const box = page.getByRole('searchbox', { name: T.searchPlaceholder }).or(page.getByLabel(T.searchPlaceholder));
    await box.fill('LEAD');
    await box.press('Enter');
    await page.locator('mark.mp-menu-hit', { hasText: 'Lead' }).first().waitFor();
    expect(await treeNode('orders').count()).toBe(0);
    await calm();
    await shot(page, 'app-menus-search-en');
    await box.fill('zzz');
    await box.press('Enter');
    await page.getByText(T.noResults).waitFor();
    await box.fill('');
    await treeNode('orders').waitFor();
    await treeNode('leads').waitFor();
  });

  it('chooses a system icon from the searchable set, then a custom image (refusing other types)', async () => {
    await treeNode('leads').getByText('Leads', { exact: true }).click();
    const I = en.iconchooser;
    await form()
      .getByRole('button', { name: `${I.choose} ${T.field.icon}` })
      .click();
    const d = page.getByRole('dialog', { name: I.title });
    await d.getByLabel(I.search).fill('home');
    await d.getByRole('option', { name: 'HomeOutlined' }).click();
    await calm();
    await shot(page, 'app-menus-icons-en');
    await d.getByRole('button', { name: I.ok }).click();
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await toast(T.saved).waitFor();
    await expect.poll(async () => (await menuTree()).children[0]!.children.find((c) => c.code === 'leads')?.icon).toBe('HomeOutlined');

    await form()
      .getByRole('button', { name: `${I.change} ${T.field.icon}` })
      .click();
    await d.getByRole('tab', { name: I.custom }).click();
    const input = d.locator('input[type=file]');
    await input.setInputFiles({ name: 'icon.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM') });
    await toast(I.imageType).waitFor();
    await input.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    await d.locator('.ant-upload img').waitFor();
    await d.getByRole('button', { name: I.ok }).click();
    await form()
      .getByRole('button', { name: label(T.save) })
      .click();
    await toast(T.saved).waitFor();
    await expect.poll(async () => (await menuTree()).children[0]!.children.find((c) => c.code === 'leads')?.icon).toMatch(/^file:/);
  });

  it('deletes a page after confirmation', async () => {
    await treeNode('orders').getByText('Orders', { exact: true }).click();
    await page.getByRole('button', { name: T.delete }).click();
    const d = page.getByRole('dialog').filter({ hasText: T.deleteTitle.replace('{{name}}', 'Orders') });
    await d.getByRole('button', { name: label(en.common.ok) }).click();
    await toast(T.deleted).waitFor();
    await expect.poll(async () => codes(await menuTree())).toEqual([{ sales: ['leads'] }]);
  });

  it('shows the designer in Chinese and Japanese', async () => {
    await treeNode('leads').getByText('Leads', { exact: true }).click();
    await calm();
    await shot(page, 'app-menus-tree-en');
    for (const [name, res, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByRole('tab', { name: res.appmenu.tabPc }).waitFor();
      await page.getByRole('form', { name: res.appmenu.title }).getByText(res.appmenu.field.target).first().waitFor();
      await calm();
      await shot(page, `app-menus-tree-${tag}`);
      const box = page.getByLabel(res.appmenu.searchPlaceholder);
      await box.fill('nothing-here');
      await box.press('Enter');
      await page.getByText(res.appmenu.noResults).waitFor();
      await calm();
      await shot(page, `app-menus-noresults-${tag}`);
      await box.fill('');
    }
  });
});
