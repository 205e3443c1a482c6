/**
 * The mobile app menus end to end (issue 14 "Mobile app menus"; SPEC §2 Mobile app menu list, §3 Mobile
 * app menu, §5 Icon): an application administrator enters an application, opens the menu designer's
 * "Mobile app menus" tab (where the list lives: docs/applications.md), adds an app with an uploaded list
 * icon (a webp refused before upload with the spec's message), is refused a name already used, edits it
 * in the 'Edit App' dialog, disables it and deletes it after confirmation. Screenshots in Chinese,
 * English and Japanese (e2e/artifacts/app-mobile-menus-*.png).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AppMobileMenuPaths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient, PNG } from './seed-api.js';
import { animationsDone, chooseLanguage, launchBrowser, shot } from './support.js';
import { startDemoServer, type DemoServer } from './tenant-session.js';
import { addCrmApp, enterCrmAsAppAdmin } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const T = en.appmobilemenu;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };
let pngPath = '';
let webpPath = '';

const dialog = () => page.getByRole('dialog');
const spaced = (text: string) => new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const menusOfCrm = async () =>
  (await api.post(AppMobileMenuPaths.listappmobilemenu, { pageSize: 100 }, { headers: { appid: crm.id } })).body.data.rows as {
    name: string;
    enabled: number;
    listIcon: string;
  }[];

beforeAll(async () => {
  server = await startDemoServer('appmobilemenus');
  api = await adminClient(server.url);
  crm = await addCrmApp(api);
  for (const [name, sort] of [
    ['Approvals', 1],
    ['Reports', 2],
  ] as const) {
    expect(
      (await api.post(AppMobileMenuPaths.addappmobilemenu, { name, sort, description: `${name} on the phone` }, { headers: { appid: crm.id } })).body.result,
    ).toBe('1');
  }
  pngPath = join(server.dataDir, 'orders.png');
  writeFileSync(pngPath, PNG);
  webpPath = join(server.dataDir, 'orders.webp');
  writeFileSync(webpPath, Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the mobile app menus', () => {
  it("opens the menu designer's Mobile app menus tab of the chosen application", async () => {
    await enterCrmAsAppAdmin(page, server.url);
    await page.waitForURL(/\/app\/menu/);
    await page.getByRole('tab', { name: en.appmenu.tabMobile }).click();
    const grid = page.getByTestId('mobile-menus');
    await grid.getByText(en.grid.total.replace('{{count}}', '2')).waitFor();
    await rowOf('Approvals').waitFor();
    for (const h of [T.field.id, T.field.name, T.field.listIcon, T.field.normalIcon, T.field.highlightIcon, T.field.enabled, T.field.description]) {
      await grid.getByRole('columnheader', { name: h }).first().waitFor();
    }
  });

  it('adds an app with an uploaded list icon; a webp is refused before upload', async () => {
    await page.getByRole('button', { name: T.newMenu }).click();
    const d = dialog();
    await d.getByLabel(T.field.name, { exact: true }).fill('Orders');
    const inputs = d.locator('input[type=file]');
    await inputs.nth(1).setInputFiles(webpPath);
    await page.getByText(en.common.upload.imageType.replace('{{types}}', '.png, .jpg, .jpeg, .gif')).waitFor();
    await inputs.nth(0).setInputFiles(pngPath);
    await d.getByRole('img', { name: T.field.listIcon }).waitFor();
    await d.getByLabel(T.field.description, { exact: true }).fill('Orders on the phone');
    await shot(page, 'app-mobile-menus-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await page.getByRole('dialog', { name: T.addTitle }).waitFor({ state: 'detached' });
    await rowOf('Orders')
      .getByRole('img', { name: `Orders ${T.field.listIcon}` })
      .waitFor();
    const orders = (await menusOfCrm()).find((m) => m.name === 'Orders');
    expect(orders).toMatchObject({ enabled: 1 });
    expect(orders!.listIcon).not.toBe('');
    await shot(page, 'app-mobile-menus-grid-en');
  });

  it('refuses an app name already used (any case), on the name field', async () => {
    await page.getByRole('button', { name: T.newMenu }).click();
    const d = page.getByRole('dialog', { name: T.addTitle });
    await d.getByLabel(T.field.name, { exact: true }).fill('ORDERS');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.errors.appmobilemenu.name_in_use.replace('{{name}}', 'ORDERS')).waitFor();
    await d.getByRole('button', { name: en.common.cancel }).click();
    await page.getByRole('button', { name: en.common.discard }).click();
    await d.waitFor({ state: 'detached' });
  });

  it("edits the app in the 'Edit App' dialog, disables it and deletes it after confirmation", async () => {
    await rowOf('Orders').getByRole('button', { name: en.common.edit }).click();
    const d = page.getByRole('dialog', { name: T.modifyTitle });
    await d.getByRole('img', { name: T.field.listIcon }).waitFor();
    await d.getByLabel(T.field.name, { exact: true }).fill('Order center');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'detached' });
    await rowOf('Order center').waitFor();
    await rowOf('Order center').getByRole('button', { name: en.common.disable }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('Order center').getByText(en.common.disabled, { exact: true }).waitFor();
    expect((await menusOfCrm()).find((m) => m.name === 'Order center')?.enabled).toBe(0);
    await rowOf('Order center').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('Order center').waitFor({ state: 'detached' });
    expect((await menusOfCrm()).map((m) => m.name).sort()).toEqual(['Approvals', 'Reports']);
  });

  it('shows the tab in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      // The designer may come back on its first tab after the language changes.
      const tab = page.getByRole('tab', { name: texts.appmenu.tabMobile });
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      await page.getByRole('button', { name: texts.appmobilemenu.newMenu }).waitFor();
      await page.getByRole('menu').filter({ hasText: 'English' }).waitFor({ state: 'hidden' });
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await shot(page, `app-mobile-menus-grid-${tag}`);
      await rowOf('Approvals')
        .getByRole('button', { name: spaced(texts.common.edit) })
        .click();
      const d = page.getByRole('dialog', { name: texts.appmobilemenu.modifyTitle });
      await d.getByLabel(texts.appmobilemenu.field.name, { exact: true }).waitFor();
      await animationsDone(page); // the dialog's opening animation
      await shot(page, `app-mobile-menus-form-${tag}`);
      await d.getByRole('button', { name: spaced(texts.common.cancel) }).click();
      await d.waitFor({ state: 'detached' });
    }
  });
});
