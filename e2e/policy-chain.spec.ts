/**
 * The whole chain of issue 14 end to end ("Proved end to end"): an application administrator designs the
 * application (a module with two pages, a page definition with a button control, an API); Northwind's
 * administrator creates a role, puts a user in it and grants it read on one page and write on the button
 * (and the API); the outside demo application (examples/demo-app: its own HTTP server, only OIDC and
 * @mp/policy-client) signs that user in through the platform's OpenID provider in Chromium and renders
 * the menu and the button from the policy service; the administrator removes the write grant, the demo
 * app still answers from its cache, and after its sync the button is gone.
 *
 * Which door each step takes (each test's name says it too): in Chromium — the application
 * administrator's API registry, page designer and menu designer, the tenant administrator's role
 * authorisation and API authorisation dialogs (grant and removal), the sign-in and the demo application;
 * through the gateway — the application itself, its client and the tenant's authorisation (platform
 * administrator), the role and its member (tenant administrator). Screenshots: e2e/artifacts/policy-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AppMenuPaths, AppPagePaths, Paths, type AppMenuNode, type AppPageNode, type RoleMemberRow } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { DemoApp } from '@mp/demo-app';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, freePort, launchBrowser, shot, signInOnPage } from './support.js';
import { demoTenantId, enterTenant, NORTHWIND, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';
import { authoriseApp, startDemoAppOf } from './app-area.js';

const en = resources['en-US'];
const APP = 'Order Desk';
const ROLE = 'Order_clerks';

let server: DemoServer;
let browser: Browser;
/** One browser context per person: the application administrator, the tenant administrator, the demo app's user. */
let appPage: Page;
let tenantPage: Page;
let page: Page;
let demo: DemoApp;
let platform: GatewayClient;
let tenantAdmin: GatewayClient;
let tenantId: string;
let product: { id: string; code: string };
/** The ids the design step made. */
const ids = { ordersPage: '', reportsPage: '', role: '' };
/** The user the demo application signs in: Northwind's department manager (no grant of this app before the test). */
const MEMBER = NORTHWIND.manager;

const fill = (t: string, name: string) => t.replace('{{name}}', name);
/** A permission tree node's label: the name with the localised suffix (page / module / API, control type). */
const show = (name: string, suffix: keyof typeof en.appgrant.suffix) =>
  en.appgrant.showName.replace('{{name}}', name).replace('{{suffix}}', en.appgrant.suffix[suffix]);

/** Opens the Authorise menu of the role's row in the tenant administrator's console and picks `item`. */
async function authorise(item: string): Promise<void> {
  await tenantPage
    .getByRole('row', { name: /order_clerk/ })
    .getByRole('button', { name: en.role.action.authorise })
    .click();
  await tenantPage.getByRole('menuitem', { name: item }).click();
}

/** Throws with the envelope's code unless the call succeeded; answers `data`. */
async function ok<D = Record<string, unknown>>(
  p: Promise<{ status: number; body: { result: string; scode?: string; msg?: string; data: D } }>,
  what: string,
): Promise<D> {
  const r = await p;
  if (r.body.result !== '1') throw new Error(`${what}: HTTP ${r.status} ${r.body.scode} ${r.body.msg}`);
  return r.body.data;
}

beforeAll(async () => {
  server = await startDemoServer('policy');
  tenantId = await demoTenantId(server.url); // signs the platform administrator in: before our own session
  platform = await adminClient(server.url);
  // The application, administered by Northwind's application administrator, used by Northwind.
  const appAdminUser = (
    await ok<{ rows: { id: string }[] }>(
      platform.post(Paths.listproductadmincandidate, { keyword: NORTHWIND.appAdmin, pageSize: 5 }),
      'listproductadmincandidate',
    )
  ).rows[0]!;
  product = (
    await ok<{ row: { id: string; code: string } }>(
      platform.post(Paths.addproduct, {
        code: 'orderdesk',
        name: 'Order Desk',
        abbreviation: 'OD',
        version: 'V1.0',
        status: 1,
        callbackUrl: 'http://127.0.0.1/cb',
        department: 'Sales',
        ownerName: 'Emily Chan',
        ownerEmail: 'emily@example.com',
        ownerPhone: '13800138000',
        opsOwner: 'Ryan Ng',
        adminIds: [appAdminUser.id],
      }),
      'addproduct',
    )
  ).row;
  await authoriseApp(platform, tenantId, product.id);
  tenantAdmin = await tenantClient(server.url, tenantId);
  // The member signs in once through the gateway, which agrees to the privacy agreement (no dialog in the browser later).
  await tenantClient(server.url, tenantId, MEMBER);
  // The demo application: its port first, so its redirect URI can be registered with its confidential client.
  const port = await freePort();
  demo = await startDemoAppOf(platform, server.url, product.id, 'Order Desk web', port);
  browser = await launchBrowser();
  appPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  tenantPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })).newPage();
});
// a failed step leaves the three screens in e2e/artifacts/ (policy-failed-*.png)
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [name, p] of [
    ['app', appPage],
    ['tenant', tenantPage],
    ['demo', page],
  ] as const)
    await shot(p, `policy-failed-${name}`).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await server?.stop();
});

describe('design → grant → an outside application shows exactly what the user may use', () => {
  it('the application administrator registers an API (API registry), describes two pages with a form and a button saving with that API (page designer) and builds a module with the two pages (menu designer), all in Chromium', async () => {
    const inApp = { headers: { appid: product.id } };
    const p = appPage;
    await p.goto(`${server.url}/login`);
    await chooseLanguage(p, 'English');
    await signInOnPage(p, NORTHWIND.appAdmin, DEMO_PASSWORD, 'en-US', true);
    await p.waitForURL(/\/appAdmin\/appList/, { timeout: 20_000 });
    await p.getByRole('button', { name: APP }).click();
    await p.waitForURL(/\/app\/menu/);
    // API management: a new API
    await p.getByRole('menuitem', { name: en.layout.route.api }).click();
    await p.waitForURL(/\/app\/api/);
    await p.getByRole('button', { name: en.appapi.newApi }).click();
    const d = p.getByRole('dialog');
    await d.getByLabel(en.appapi.field.serviceName, { exact: true }).fill('sales');
    await d.getByLabel(en.appapi.field.moduleName, { exact: true }).fill('orders');
    await d.getByLabel(en.appapi.field.name, { exact: true }).fill('Approve order');
    await d.getByLabel(en.appapi.field.url, { exact: true }).fill('/sales/orders/approve.do');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await p.getByRole('row', { name: /\/sales\/orders\/approve\.do/ }).waitFor();
    // Page management: pages Orders (a form with the button Approve, saving with the API) and Reports
    const P = en.apppage;
    await p.getByRole('menuitem', { name: en.layout.route.page }).click();
    await p.waitForURL(/\/app\/page/);
    const newPage = async (name: string, formId: string) => {
      await p.getByRole('button', { name: P.newPage }).click();
      await d.getByLabel(P.field.name, { exact: true }).fill(name);
      await d.getByLabel(P.field.path, { exact: true }).fill(`/${formId}`);
      await d.getByLabel(P.field.formId, { exact: true }).fill(formId);
      await d.getByRole('button', { name: en.common.save }).click();
      await d.waitFor({ state: 'hidden' });
      await p.getByRole('row', { name: new RegExp(`/${formId}`) }).waitFor();
    };
    await newPage('Orders', 'orders');
    await p
      .getByRole('row', { name: /\/orders/ })
      .getByRole('button', { name: P.design })
      .click();
    await p.getByTestId('designer-title').getByText(P.designerTitle.replace('{{name}}', 'Orders')).waitFor();
    await p.getByTestId('add-form').click();
    await p.getByTestId('node-name').fill('Order form');
    await p.getByTestId('node-save').click();
    await p.getByTestId('node-Order form').waitFor();
    await p.getByTestId('add-control').hover();
    await p.getByRole('menuitem', { name: P.nodeType.button, exact: true }).click();
    await p.getByTestId('node-name').fill('Approve');
    await p.getByLabel(P.node.alias, { exact: true }).fill('approve');
    await p.getByRole('tab', { name: P.tabs.functions }).click();
    await p.getByTestId('save-apis').locator('.ant-select').click();
    await p.locator('.ant-select-item-option[title="Approve order (/sales/orders/approve.do)"]').click();
    await p.keyboard.press('Escape');
    await p.getByTestId('save-apis-chosen').getByText('Approve order').waitFor();
    await p.getByTestId('node-save').click();
    await p.getByTestId('node-Approve').waitFor();
    await shot(p, 'policy-page-designer');
    await p.getByRole('button', { name: P.back }).click();
    await newPage('Reports', 'reports');
    const pages = (await platform.post(AppPagePaths.listapppage, { pageSize: 10 }, inApp)).body.data.rows as { id: string; formId: string }[];
    ids.ordersPage = pages.find((x) => x.formId === 'orders')!.id;
    ids.reportsPage = pages.find((x) => x.formId === 'reports')!.id;
    const orders = (await platform.post(AppPagePaths.getapppage, { id: ids.ordersPage }, inApp)).body.data as { tree: AppPageNode[] };
    const button = orders.tree[0]!.children[0]!;
    expect(button).toMatchObject({ nodeType: 'button', name: 'Approve', alias: 'approve' });
    expect(button.saveApis.map((a) => a.url)).toEqual(['/sales/orders/approve.do']);
    // Menu management: module Sales, pages Orders and Reports targeting the page definitions
    const T = en.appmenu;
    const form = () => p.getByRole('form', { name: T.title });
    const toast = (text: string) => p.locator('.ant-message').getByText(text, { exact: true }).last();
    const treeNode = (code: string) => p.locator(`.ant-tree-treenode:has([data-menu-code="${code}"])`);
    await p.getByRole('menuitem', { name: en.layout.route.menu }).click();
    await p.waitForURL(/\/app\/menu/);
    await p.getByRole('tree', { name: T.treeTitle }).getByText(APP).waitFor();
    await p.getByRole('button', { name: T.addChild }).click();
    await form().getByLabel(T.field.code).fill('sales');
    await form().getByLabel(T.field.name).fill('Sales');
    await form().getByRole('button', { name: T.save }).click();
    await toast(T.saved).waitFor();
    await treeNode('sales').waitFor();
    for (const [i, [code, name]] of [
      ['orders', 'Orders'],
      ['reports', 'Reports'],
    ].entries()) {
      await p.getByRole('button', { name: i === 0 ? T.addChild : T.addSibling }).click();
      await form().getByLabel(T.field.code).fill(code!);
      await form().getByLabel(T.field.name).fill(name!);
      await form().getByText(T.typePage, { exact: true }).click(); // a radio button: its label takes the click
      expect(await form().getByRole('radio', { name: T.typePage }).isChecked()).toBe(true);
      await form().getByLabel(T.field.target).fill(code!.slice(0, 3));
      await p.locator('.ant-select-dropdown').getByText(`${name} · /${code}`).click();
      await form().getByRole('button', { name: T.save }).click();
      await toast(T.saved).waitFor();
      await treeNode(code!).waitFor();
    }
    await shot(p, 'policy-menu-designer');
    const root = (await platform.post(AppMenuPaths.treeappmenu, {}, inApp)).body.data.root as AppMenuNode;
    const sales = root.children.find((c) => c.code === 'sales')!;
    expect(sales.children.map((c) => [c.code, c.pageId])).toEqual([
      ['orders', ids.ordersPage],
      ['reports', ids.reportsPage],
    ]);
  });

  it("Northwind's administrator grants a role read on one page and write on the button, and the API, in the role dialogs (Chromium; the role and its member through the gateway)", async () => {
    await ok(tenantAdmin.post(Paths.addtenantrole, { roleNo: 'order_clerk', roleName: ROLE, orgId: tenantId }), 'addtenantrole');
    ids.role = ((await tenantAdmin.post(Paths.listtenantrole, { roleNo: 'order_clerk' })).body.data.rows[0] as { roleId: string }).roleId;
    const member = (
      (await tenantAdmin.post(Paths.listusernotintenantrole, { roleId: ids.role, keyword: MEMBER, pageSize: 10 })).body.data.rows as RoleMemberRow[]
    ).find((u) => u.username === MEMBER)!;
    await ok(tenantAdmin.post(Paths.addtenantroleuser, { roleId: ids.role, userIds: [member.userId] }), 'addtenantroleuser');

    await enterTenant(tenantPage, server.url, { menu: 'roleManagement' }); // a console sign-in: the gateway session above ends
    await authorise(en.role.action.menuGrant);
    const d = tenantPage.getByRole('dialog', { name: fill(en.role.grant.menuTitle, ROLE) });
    await d.getByRole('tab', { name: APP }).click();
    await d.getByRole('checkbox', { name: `${show('Orders', 'page')} ${en.role.grant.read}` }).check();
    await d.getByRole('checkbox', { name: `${show('Approve', 'button')} ${en.role.grant.write}` }).check();
    expect(await d.getByRole('checkbox', { name: `${show('Approve', 'button')} ${en.role.grant.read}` }).isChecked()).toBe(true);
    await shot(tenantPage, 'policy-role-grant');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await authorise(en.tenantrole.apiGrant);
    const a = tenantPage.getByRole('dialog', { name: fill(en.tenantrole.api.title, ROLE) });
    await a.getByRole('tab', { name: APP }).click();
    await a
      .getByRole('checkbox', { name: show('Approve order', 'api') })
      .first()
      .check();
    await a.getByRole('button', { name: en.common.save }).click();
    await a.waitFor({ state: 'hidden' });
  });

  it('the demo application signs the user in through OIDC (Chromium) and renders the granted page and the button', async () => {
    await page.goto(demo.url);
    await page.getByTestId('signin').click();
    await page.waitForURL(/\/login#/, { timeout: 20_000 });
    await signInOnPage(page, MEMBER, DEMO_PASSWORD, 'zh-CN');
    await page.waitForURL(`${demo.url}/`, { timeout: 20_000 });
    await page.getByTestId('menu').waitFor();
    expect(await page.getByTestId('who').textContent()).toContain(MEMBER);
    expect(await page.getByTestId('roles').textContent()).toBe('order_clerk');
    // the module (as the ancestor of a granted page), the granted page, not the other page
    await page.getByTestId('menu-sales').waitFor();
    expect(await page.getByTestId('menu-orders').getAttribute('data-menu-type')).toBe('page');
    expect(await page.getByTestId('menu-reports').count()).toBe(0);
    expect(await page.getByTestId('buttons-orders').getByTestId('control-approve').textContent()).toBe('Approve');
    expect(await page.getByTestId('apis').textContent()).toContain('/sales/orders/approve.do');
    await shot(page, 'policy-demo-app-button');
  });

  it('the write grant is removed in the role dialog (Chromium): the cached answer still shows the button; after the sync it is gone', async () => {
    await authorise(en.role.action.menuGrant);
    const d = tenantPage.getByRole('dialog', { name: fill(en.role.grant.menuTitle, ROLE) });
    await d.getByRole('tab', { name: APP }).click();
    const write = d.getByRole('checkbox', { name: `${show('Approve', 'button')} ${en.role.grant.write}` });
    expect(await write.isChecked()).toBe(true);
    await write.uncheck();
    expect(await d.getByRole('checkbox', { name: `${show('Approve', 'button')} ${en.role.grant.read}` }).isChecked()).toBe(true);
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('control-approve').waitFor(); // decided locally, from the cache
    await page.getByTestId('sync').click();
    await page.getByTestId('menu-orders').waitFor();
    expect(await page.getByTestId('last-sync').textContent()).not.toBe('never');
    expect(await page.getByTestId('control-approve').count()).toBe(0);
    // read stays: the page is still in the menu
    expect(await page.getByTestId('menu-orders').count()).toBe(1);
    await shot(page, 'policy-demo-app-after-sync');
  });
});
