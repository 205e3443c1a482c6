/**
 * My apps opening an application that uses the console's SSO query (issue 15; docs/users.md "Opening an
 * application"). The platform administrator registers an application whose callback address is the demo
 * application's `/sso`, then in Chromium sets its **Single sign-on** to *SSO query* on the product form
 * (screenshots in three languages). An ordinary Northwind employee signs in, opens the tile (a new window):
 * the window goes to `/sso?ssotoken=<ticket>&username=…`, the demo application exchanges the ticket with its
 * own client (`sso/exchange`) and shows the user signed in. The console's bearer token is in no address, and
 * the same ticket address opened again is refused (single use).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Paths, SsoMode } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { DemoApp } from '@mp/demo-app';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { ADMIN_PASSWORD, chooseLanguage, freePort, launchBrowser, shot, signInOnPage } from './support.js';
import { demoTenantId, NORTHWIND, signInThroughConsole, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';
import { addAppWithCallback, authoriseApp, openTileWithKeyboard, startDemoAppOf, storedToken } from './app-area.js';

const APP = 'Legacy Desk';
const MEMBER = NORTHWIND.member;

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let demo: DemoApp;
let platform: GatewayClient;
let productId: string;

beforeAll(async () => {
  server = await startDemoServer('myappssso');
  const tenantId = await demoTenantId(server.url);
  platform = await adminClient(server.url);
  const port = await freePort();
  productId = await addAppWithCallback(platform, 'legacydesk', APP, `http://127.0.0.1:${port}/sso`);
  await authoriseApp(platform, tenantId, productId);
  demo = await startDemoAppOf(platform, server.url, productId, 'Legacy Desk server', port);
  await tenantClient(server.url, tenantId, MEMBER); // agrees to the privacy agreement (no dialog in the browser)
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) await shot(page, 'my-apps-sso-query-failed').catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await server?.stop();
});

describe('an application using the SSO query', () => {
  it('the platform administrator sets Single sign-on to SSO query on the product form (three languages)', async () => {
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'zh-CN');
    await page.waitForURL(/\/platformAdmin\//, { timeout: 20_000 });
    await page.goto(`${server.url}/platformAdmin/product`);
    const row = page.getByRole('row', { name: new RegExp(APP) });
    for (const [lang, label, locale] of [
      ['简体中文', 'zh', 'zh-CN'],
      ['日本語', 'ja', 'ja-JP'],
      ['English', 'en', 'en-US'],
    ] as const) {
      await chooseLanguage(page, lang);
      const L = resources[locale].product;
      await row.getByRole('button', { name: resources[locale].common.edit }).click();
      const d = page.getByRole('dialog');
      await d.getByRole('radio', { name: L.ssoModes.oidc }).waitFor();
      expect(await d.getByRole('radio', { name: L.ssoModes.oidc }).isChecked()).toBe(true);
      await d.getByRole('radio', { name: L.ssoModes.ssoQuery }).scrollIntoViewIfNeeded();
      await shot(page, `my-apps-sso-query-product-form-${label}`);
      if (locale !== 'en-US') {
        await d.getByRole('button', { name: new RegExp(resources[locale].common.cancel.split('').join('\\s*')) }).click();
        await d.waitFor({ state: 'hidden' });
      }
    }
    const d = page.getByRole('dialog');
    await d.getByRole('radio', { name: resources['en-US'].product.ssoModes.ssoQuery }).check();
    await d.getByRole('button', { name: resources['en-US'].common.save }).click();
    await d.waitFor({ state: 'hidden' });
    // the browser's sign-in replaced the API client's session (one session per user): sign that in again
    platform = await adminClient(server.url);
    const saved = await platform.post(Paths.getproduct, { id: productId });
    expect((saved.body.data as { row: { ssoMode: number } }).row.ssoMode).toBe(SsoMode.SSO_QUERY);
  });

  it('the user opens the tile and lands signed in at the demo application by a single-use ticket, never the token', async () => {
    const member = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const p = await member.newPage();
    try {
      await signInThroughConsole(p, server.url, MEMBER, DEMO_PASSWORD, /\/userAdmin\//);
      await p.goto(`${server.url}/userAdmin/app`);
      const zh = resources['zh-CN'].myapps;
      const tile = p.getByRole('list', { name: zh.title }).getByRole('button', { name: new RegExp(APP) });
      await tile.waitFor({ timeout: 20_000 });
      const token = await storedToken(p);
      expect(token).toBeTruthy();
      const { appWindow, addresses } = await openTileWithKeyboard(member, p, tile);
      await appWindow.waitForURL(`${demo.url}/`, { timeout: 30_000 });
      await appWindow.getByTestId('who').waitFor();
      expect(await appWindow.getByTestId('who').textContent()).toContain(MEMBER);
      await shot(appWindow, 'my-apps-sso-query-demo-app');

      const arrival = addresses.find((a) => a.startsWith(`${demo.url}/sso?`));
      expect(arrival, addresses.join('\n')).toBeTruthy();
      const q = new URL(arrival!).searchParams;
      expect(q.get('username')).toBe(MEMBER);
      expect(q.get('ssotoken')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const a of addresses) expect(decodeURIComponent(a)).not.toContain(token);

      // the ticket worked once: the same address again is refused by the demo application
      const replay = await member.newPage();
      const res = await replay.goto(arrival!);
      expect(res?.status()).toBe(400);
      await appWindow.close();
      await replay.close();
    } finally {
      await member.close();
    }
  });
});
