/**
 * My apps end to end (issue 15 "Enterprise user"; docs/users.md): the platform registers an application
 * whose callback address is the demo application's login initiation URI (examples/demo-app `/login`), with
 * a confidential client, a module and a page menu (open type 3, a new window); Northwind's administrator
 * grants a role read on them and puts a user in it. In Chromium that user signs in to the console, sees the
 * application's tile on My apps, opens it with the keyboard and lands signed in at the demo application with
 * the role's menu — no password typed a second time, and the console's bearer token in no address on the
 * way. Screenshots of My apps and bbcapp in three languages: e2e/artifacts/my-apps-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppMenuPaths, AppPagePaths, AppGrantPaths, Paths, type RoleMemberRow } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { DemoApp } from '@mp/demo-app';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, freePort, launchBrowser, shot } from './support.js';
import { demoTenantId, NORTHWIND, signInThroughConsole, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';
import { addAppWithCallback, authoriseApp, openTileWithKeyboard, startDemoAppOf, storedToken } from './app-area.js';

const APP = 'Service Desk';
const MEMBER = NORTHWIND.member;

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let demo: DemoApp;
let platform: GatewayClient;

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
  server = await startDemoServer('myapps');
  const tenantId = await demoTenantId(server.url);
  platform = await adminClient(server.url);
  const port = await freePort();
  // the application: its callback address is the demo app's login initiation URI
  const product = { id: await addAppWithCallback(platform, 'servicedesk', APP, `http://127.0.0.1:${port}/login`) };
  await authoriseApp(platform, tenantId, product.id);
  demo = await startDemoAppOf(platform, server.url, product.id, 'Service Desk web', port);
  // its menu: a module (open type 3: a new window of the application alone) with one page
  const inApp = { headers: { appid: product.id } };
  const ticketsPage = (
    await ok<{ row: { id: string } }>(
      platform.post(AppPagePaths.addapppage, { formId: 'tickets', name: 'Tickets', path: '/tickets', platformType: 1 }, inApp),
      'addapppage',
    )
  ).row;
  const module = (
    await ok<{ row: { id: string } }>(
      platform.post(AppMenuPaths.addappmenu, { parentId: '0', code: 'support', name: 'Support', menuType: 'module', openType: 3, platformType: 3 }, inApp),
      'addappmenu module',
    )
  ).row;
  const pageMenu = (
    await ok<{ row: { id: string } }>(
      platform.post(
        AppMenuPaths.addappmenu,
        { parentId: module.id, code: 'tickets', name: 'Tickets', menuType: 'page', pageId: ticketsPage.id, openType: 3, platformType: 3 },
        inApp,
      ),
      'addappmenu page',
    )
  ).row;
  // Northwind's administrator: a role with read on both, and the member in it
  const tenantAdmin = await tenantClient(server.url, tenantId);
  await ok(tenantAdmin.post(Paths.addtenantrole, { roleNo: 'desk_user', roleName: 'Desk_users', orgId: tenantId }), 'addtenantrole');
  const roleId = ((await tenantAdmin.post(Paths.listtenantrole, { roleNo: 'desk_user' })).body.data.rows[0] as { roleId: string }).roleId;
  const member = ((await tenantAdmin.post(Paths.listusernotintenantrole, { roleId, keyword: MEMBER, pageSize: 10 })).body.data.rows as RoleMemberRow[]).find(
    (u) => u.username === MEMBER,
  )!;
  await ok(tenantAdmin.post(Paths.addtenantroleuser, { roleId, userIds: [member.userId] }), 'addtenantroleuser');
  await ok(
    tenantAdmin.post(AppGrantPaths.savetenantapppurview, {
      roleId,
      productId: product.id,
      dataPurview: [
        { dpDataid: `menu:${module.id}`, dpPurview: 1 },
        { dpDataid: `menu:${pageMenu.id}`, dpPurview: 1 },
      ],
    }),
    'savetenantapppurview',
  );
  await tenantClient(server.url, tenantId, MEMBER); // agrees to the privacy agreement (no dialog in the browser)
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) await shot(page, 'my-apps-failed').catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await server?.stop();
});

describe('My apps', () => {
  it("the user signs in, sees the tile, opens it with the keyboard and lands signed in at the demo application with the role's menu", async () => {
    await signInThroughConsole(page, server.url, MEMBER, DEMO_PASSWORD, /\/userAdmin\//);
    await page.goto(`${server.url}/userAdmin/app`);
    const zh = resources['zh-CN'].myapps;
    const tiles = page.getByRole('list', { name: zh.title });
    const tile = tiles.getByRole('button', { name: new RegExp(APP) });
    await tile.waitFor({ timeout: 20_000 });
    await shot(page, 'my-apps-zh-CN');
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    // every address the new window goes through, in every frame
    const { appWindow, addresses } = await openTileWithKeyboard(context, page, tile);
    await appWindow.waitForURL(`${demo.url}/`, { timeout: 30_000 });
    await appWindow.getByTestId('who').waitFor();
    expect(await appWindow.getByTestId('who').textContent()).toContain(MEMBER);
    await appWindow.getByTestId('menu-support').waitFor();
    expect(await appWindow.getByTestId('menu-tickets').count()).toBe(1);
    await shot(appWindow, 'my-apps-demo-app');

    expect(addresses.some((a) => a.startsWith(`${demo.url}/login?iss=`))).toBe(true);
    expect(addresses.some((a) => a.includes('/oidc/auth'))).toBe(true);
    expect(addresses.some((a) => a.startsWith(`${demo.url}/callback?code=`))).toBe(true);
    for (const a of addresses) expect(decodeURIComponent(a)).not.toContain(token);
    await appWindow.close();
  });

  it('searches, shows the empty state, and shows My apps and bbcapp in English and Japanese', async () => {
    await page.bringToFront();
    await page.goto(`${server.url}/userAdmin/app`);
    await chooseLanguage(page, 'English');
    const en = resources['en-US'].myapps;
    const search = page.getByPlaceholder(en.search);
    await search.fill('no such application');
    await search.press('Enter');
    await page.getByText(en.empty).waitFor();
    await search.fill('service');
    await search.press('Enter');
    await page
      .getByRole('list', { name: en.title })
      .getByRole('button', { name: new RegExp(APP) })
      .waitFor();
    await shot(page, 'my-apps-en-US');
    await page.goto(`${server.url}/userAdmin/bbcapp`);
    await page
      .getByRole('list', { name: en.title })
      .getByRole('button', { name: new RegExp(APP) })
      .waitFor();
    await page.getByText(en.home.intro).waitFor();
    await shot(page, 'my-apps-bbcapp-en-US');
    await chooseLanguage(page, '日本語');
    const ja = resources['ja-JP'].myapps;
    await page.getByText(ja.home.intro).waitFor();
    await page.mouse.move(400, 600); // the language menu closes
    await page
      .getByRole('menu')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    await shot(page, 'my-apps-bbcapp-ja-JP');
    await page.goto(`${server.url}/userAdmin/app`);
    await page
      .getByRole('list', { name: ja.title })
      .getByRole('button', { name: new RegExp(APP) })
      .waitFor();
    await shot(page, 'my-apps-ja-JP');
  });

  it("the framed view (open types 1 and 2) shows the application's initiation address in a frame inside the layout, and only for the user's own applications", async () => {
    await page.goto(`${server.url}/userAdmin/app?open=servicedesk`);
    const ja = resources['ja-JP'].myapps;
    const frame = page.locator(`iframe[title="${APP}"]`);
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src'))!);
    expect(`${src.origin}${src.pathname}`).toBe(`${demo.url}/login`);
    expect(src.searchParams.get('iss')).toBe(`${server.url}/oidc`);
    await page.getByRole('link', { name: ja.frame.back }).waitFor();
    await page.getByRole('button', { name: ja.frame.newWindow }).waitFor();
    await page.goto(`${server.url}/userAdmin/app?open=nosuchapp`);
    await page.getByText(ja.frame.notFound).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
  });
});
