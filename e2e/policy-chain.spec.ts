/**
 * The whole chain of issue 14 end to end ("Proved end to end"): an application administrator designs the
 * application (a module with two pages, a page definition with a button control, an API); Northwind's
 * administrator creates a role, puts a user in it and grants it read on one page and write on the button
 * (and the API); the outside demo application (examples/demo-app: its own HTTP server, only OIDC and
 * @mp/policy-client) signs that user in through the platform's OpenID provider in Chromium and renders
 * the menu and the button from the policy service; the administrator removes the write grant, the demo
 * app still answers from its cache, and after its sync the button is gone.
 *
 * Which steps go through which door is said in each test's name: the design and the grants go through
 * the gateway calls the designer screens and the role dialogs make (setupDesign / grant below), the
 * sign-in and the demo application through Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { AppApiPaths, AppGrantPaths, AppMenuPaths, AppPagePaths, Paths, type RoleMemberRow } from '@mp/protocol';
import { DemoApp } from '@mp/demo-app';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { launchBrowser, shot, signInOnPage } from './support.js';
import { demoTenantId, NORTHWIND, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';

let server: DemoServer;
let browser: Browser;
let page: Page;
let demo: DemoApp;
let platform: GatewayClient;
let tenantAdmin: GatewayClient;
let tenantId: string;
let product: { id: string; code: string };
/** The ids the design step made. */
const ids = { module: '', orders: '', reports: '', ordersPage: '', reportsPage: '', form: '', approve: '', api: '', role: '' };
/** The user the demo application signs in: Northwind's department manager (no grant of this app before the test). */
const MEMBER = NORTHWIND.manager;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

/** Throws with the envelope's code unless the call succeeded; answers `data`. */
async function ok<D = Record<string, unknown>>(p: Promise<{ status: number; body: { result: string; scode?: string; msg?: string; data: D } }>, what: string): Promise<D> {
  const r = await p;
  if (r.body.result !== '1') throw new Error(`${what}: HTTP ${r.status} ${r.body.scode} ${r.body.msg}`);
  return r.body.data;
}

beforeAll(async () => {
  server = await startDemoServer('policy');
  tenantId = await demoTenantId(server.url); // signs the platform administrator in: before our own session
  platform = await adminClient(server.url);
  // The application, administered by Northwind's application administrator, used by Northwind.
  const appAdminUser = (await ok<{ rows: { id: string }[] }>(platform.post(Paths.listproductadmincandidate, { keyword: NORTHWIND.appAdmin, pageSize: 5 }), 'listproductadmincandidate')).rows[0]!;
  product = (await ok<{ row: { id: string; code: string } }>(platform.post(Paths.addproduct, {
    code: 'orderdesk', name: 'Order Desk', abbreviation: 'OD', version: 'V1.0', status: 1, callbackUrl: 'http://127.0.0.1/cb', department: 'Sales',
    ownerName: 'Emily Chan', ownerEmail: 'emily@example.com', ownerPhone: '13800138000', opsOwner: 'Ryan Ng', adminIds: [appAdminUser.id],
  }), 'addproduct')).row;
  const authorised = (await platform.post(Paths.listtenantproduct, { tenantId, page: 1, pageSize: 100 })).body.data.rows as { productId: string; authorised: boolean; authorisedVersion: string }[];
  await ok(platform.post(Paths.savetenantproduct, {
    tenantId, products: [...authorised.filter((r) => r.authorised && r.productId !== product.id).map((r) => ({ productId: r.productId, version: r.authorisedVersion })), { productId: product.id, version: 'V1.0' }],
  }), 'savetenantproduct');
  tenantAdmin = await tenantClient(server.url, tenantId);
  // The member signs in once through the gateway, which agrees to the privacy agreement (no dialog in the browser later).
  await tenantClient(server.url, tenantId, MEMBER);
  // The demo application: its port first, so its redirect URI can be registered with its confidential client.
  const port = await freePort();
  const client = await ok<{ row: { clientId: string }; clientSecret: string }>(platform.post(Paths.addclient, {
    productId: product.id, name: 'Order Desk web', redirectUris: [`http://127.0.0.1:${port}/callback`], grantTypes: ['authorization_code', 'refresh_token'],
  }), 'addclient');
  demo = await new DemoApp({ platformUrl: server.url, clientId: client.row.clientId, clientSecret: client.clientSecret, port }).listen();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await server?.stop();
});

describe('design → grant → an outside application shows exactly what the user may use', () => {
  it('the application administrator designs a module with two pages, a button control and an API (gateway calls of the designers)', async () => {
    const appAdmin = await tenantClient(server.url, tenantId, NORTHWIND.appAdmin);
    const inApp = { headers: { appid: product.id } };
    const post = <D = Record<string, unknown>>(path: string, body: unknown, what: string) => ok<D>(appAdmin.post(path, body, inApp), what);
    ids.api = (await post<{ row: { id: string } }>(AppApiPaths.addappapi, { name: 'Approve order', serviceName: 'sales', moduleName: 'orders', url: '/sales/orders/approve.do' }, 'addappapi')).row.id;
    ids.ordersPage = (await post<{ row: { id: string } }>(AppPagePaths.addapppage, { formId: 'orders', name: 'Orders', path: '/orders', platformType: 3 }, 'addapppage orders')).row.id;
    ids.reportsPage = (await post<{ row: { id: string } }>(AppPagePaths.addapppage, { formId: 'reports', name: 'Reports', path: '/reports', platformType: 3 }, 'addapppage reports')).row.id;
    ids.form = (await post<{ id: string }>(AppPagePaths.addappnode, { pageId: ids.ordersPage, nodeType: 'form', name: 'Order form', alias: 'orderForm' }, 'addappnode form')).id;
    ids.approve = (await post<{ id: string }>(AppPagePaths.addappnode, {
      pageId: ids.ordersPage, parentId: ids.form, nodeType: 'button', name: 'Approve', alias: 'approve', saveApiIds: [ids.api],
    }, 'addappnode button')).id;
    ids.module = (await post<{ row: { id: string } }>(AppMenuPaths.addappmenu, { parentId: '0', code: 'sales', name: 'Sales', menuType: 'module' }, 'addappmenu module')).row.id;
    ids.orders = (await post<{ row: { id: string } }>(AppMenuPaths.addappmenu, { parentId: ids.module, code: 'orders', name: 'Orders', menuType: 'page', pageId: ids.ordersPage, target: '/orders' }, 'addappmenu orders')).row.id;
    ids.reports = (await post<{ row: { id: string } }>(AppMenuPaths.addappmenu, { parentId: ids.module, code: 'reports', name: 'Reports', menuType: 'page', pageId: ids.reportsPage, target: '/reports' }, 'addappmenu reports')).row.id;
    for (const [k, v] of Object.entries(ids)) if (k !== 'role') expect(v, k).toBeTruthy();
  });

  it("Northwind's administrator grants a role read on one page, write on the button and the API (gateway calls of the role dialogs)", async () => {
    await ok(tenantAdmin.post(Paths.addtenantrole, { roleNo: 'order_clerk', roleName: 'Order_clerks', orgId: tenantId }), 'addtenantrole');
    ids.role = ((await tenantAdmin.post(Paths.listtenantrole, { roleNo: 'order_clerk' })).body.data.rows[0] as { roleId: string }).roleId;
    const member = ((await tenantAdmin.post(Paths.listusernotintenantrole, { roleId: ids.role, keyword: MEMBER, pageSize: 10 })).body.data.rows as RoleMemberRow[])
      .find((u) => u.username === MEMBER)!;
    await ok(tenantAdmin.post(Paths.addtenantroleuser, { roleId: ids.role, userIds: [member.userId] }), 'addtenantroleuser');
    await ok(tenantAdmin.post(AppGrantPaths.savetenantapppurview, {
      roleId: ids.role, productId: product.id, dataPurview: [{ dpDataid: `menu:${ids.orders}`, dpPurview: 1 }, { dpDataid: `control:${ids.approve}`, dpPurview: 3 }],
    }), 'savetenantapppurview');
    await ok(tenantAdmin.post(AppGrantPaths.savetenantappapipurview, { roleId: ids.role, productId: product.id, dataPurview: [{ dpDataid: `api:${ids.api}`, dpPurview: 1 }] }), 'savetenantappapipurview');
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

  it('the write grant is removed: the cached answer still shows the button; after the sync it is gone', async () => {
    await ok(tenantAdmin.post(AppGrantPaths.savetenantapppurview, {
      roleId: ids.role, productId: product.id, dataPurview: [{ dpDataid: `menu:${ids.orders}`, dpPurview: 1 }, { dpDataid: `control:${ids.approve}`, dpPurview: 1 }],
    }), 'savetenantapppurview (read only)');
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
