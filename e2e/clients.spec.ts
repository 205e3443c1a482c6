/**
 * Client access end to end (issue 4 Single sign-on; SPEC §2 App admin appList, App `client`): an
 * application administrator signs in, opens the workbench (only their apps), enters an app, adds a
 * client (a redirect URI refused first), sees the secret once, edits the redirect URIs, disables the
 * client, resets its secret, searches and pages, and deletes it. Screenshots of the workbench, the grid,
 * the form and the secret in Chinese, English and Japanese (e2e/artifacts/clients-*.png).
 *
 * The database starts with the demo data set (`npm run seed:demo`), whose second user of each tenant
 * holds the application administrator identity; the platform administrator makes that user the
 * administrator of two of three apps through the product API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, launchBrowser, shot, signInOnPage } from './support.js';
import { NORTHWIND, startDemoServer, type DemoServer } from './tenant-session.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
/** The demo application administrator of Northwind (identity 2). */
const APP_ADMIN = NORTHWIND.appAdmin;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };

const dialog = () => page.getByRole('dialog');
/** A button's accessible name: antd puts a space between two CJK characters ('保 存'). */
const label = (text: string) => new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const app = (code: string, name: string, adminIds: string[]) => ({
  code,
  name,
  abbreviation: name,
  version: 'V1.0',
  status: 1,
  callbackUrl: `https://${code}.example.com/cb`,
  department: 'IT',
  ownerName: 'Emily Chan',
  ownerEmail: 'emily@example.com',
  ownerPhone: '13800138000',
  opsOwner: 'Ryan Ng',
  adminIds,
});

beforeAll(async () => {
  server = await startDemoServer('clients');
  api = await adminClient(server.url);
  const user = (await api.post(Paths.listproductadmincandidate, { keyword: APP_ADMIN, pageSize: 5 })).body.data.rows[0];
  expect(user.username).toBe(APP_ADMIN);
  const add = async (body: ReturnType<typeof app>) => {
    const r = await api.post(Paths.addproduct, body);
    expect(r.body.result).toBe('1');
    return r.body.data.row as { id: string; code: string };
  };
  crm = await add(app('crm', 'CRM Portal', [user.id]));
  await add(app('hr_hub', 'HR Hub', [user.id]));
  await add(app('erp', 'ERP Suite', []));
  // Eleven clients of CRM to page through (the platform administrator may manage every app).
  for (let i = 1; i <= 11; i++) {
    const r = await api.post(Paths.addclient, {
      productId: crm.id,
      clientId: `batch-${String(i).padStart(2, '0')}`,
      name: `Batch job ${String(i).padStart(2, '0')}`,
      redirectUris: [`https://batch${i}.example.com/cb`],
      grantTypes: ['authorization_code'],
    });
    expect(r.body.result).toBe('1');
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('client access in the console', () => {
  it('signs in as an application administrator and sees only their apps on the workbench', async () => {
    await page.goto(`${server.url}/login`);
    await chooseLanguage(page, 'English');
    await signInOnPage(page, APP_ADMIN, DEMO_PASSWORD, 'en-US', true);
    await page.waitForURL(/\/appAdmin\/appList/, { timeout: 20_000 });
    const tiles = page.getByRole('list', { name: en.client.workbench.title });
    await tiles.getByRole('button', { name: 'CRM Portal' }).waitFor();
    await tiles.getByRole('button', { name: 'HR Hub' }).waitFor();
    expect(await tiles.getByRole('button').count()).toBe(2);
    await shot(page, 'clients-workbench-en');
  });

  it('enters the app and opens client access management', async () => {
    await page.getByRole('button', { name: 'CRM Portal' }).click();
    await page.waitForURL(/\/app\//);
    await page.getByRole('menuitem', { name: en.layout.route.client }).click();
    await page.waitForURL(/\/app\/client/);
    await page.getByTestId('current-app-name').getByText('CRM Portal').waitFor();
    await page.getByText(en.grid.total.replace('{{count}}', '11')).waitFor();
  });

  let firstSecret = '';
  it('adds a client, refusing a plain-http redirect URI first, and shows the secret once', async () => {
    await page.getByRole('button', { name: en.client.newClient }).click();
    const d = dialog();
    const f = en.client.field;
    await d.getByLabel(f.clientId, { exact: true }).fill('crm-web');
    await d.getByLabel(f.name, { exact: true }).fill('CRM web');
    await d.getByLabel(`${f.redirectUris} 1`).fill('http://crm.example.com/callback');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.errors.client.uri_https_required.replace('{{uri}}', 'http://crm.example.com/callback')).waitFor();
    await d.getByLabel(`${f.redirectUris} 1`).fill('https://crm.example.com/callback');
    await d.getByTestId('uri-list-redirectUris').getByRole('button', { name: en.client.addUri }).click();
    await d.getByLabel(`${f.redirectUris} 2`).fill('http://localhost:3000/callback');
    await shot(page, 'clients-form-en');
    await d.getByRole('button', { name: en.common.save }).click();

    const secret = page.getByTestId('client-secret');
    await secret.waitFor();
    await page.getByRole('dialog', { name: en.client.addTitle }).waitFor({ state: 'detached' });
    firstSecret = (await secret.textContent()) ?? '';
    expect(firstSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByText(en.client.secret.warning).waitFor();
    await shot(page, 'clients-secret-en');
    await page.getByRole('button', { name: en.client.secret.done }).click();
    await secret.waitFor({ state: 'detached' });
    const row = rowOf('crm-web');
    await row.waitFor();
    expect(await row.textContent()).toContain('https://crm.example.com/callback');
    // Never shown again: not in the grid, not in the edit form.
    expect(await page.content()).not.toContain(firstSecret);
  });

  it('edits the redirect URIs', async () => {
    await rowOf('crm-web').getByRole('button', { name: en.common.edit }).click();
    const d = dialog();
    const f = en.client.field;
    await d.getByLabel(`${f.redirectUris} 2`).waitFor();
    expect(await page.content()).not.toContain(firstSecret);
    await d.getByRole('button', { name: `${en.client.removeUri} 2` }).click();
    await d.getByTestId('uri-list-redirectUris').getByRole('button', { name: en.client.addUri }).click();
    await d.getByLabel(`${f.redirectUris} 2`).fill('https://crm.example.com/silent-callback');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    const got = await api.post(Paths.getclient, { clientId: 'crm-web', productId: crm.id });
    expect(got.body.data.row.redirectUris).toEqual(['https://crm.example.com/callback', 'https://crm.example.com/silent-callback']);
  });

  it('disables the client after confirmation', async () => {
    await rowOf('crm-web').getByRole('button', { name: en.common.disable }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('crm-web').getByText(en.common.disabled, { exact: true }).waitFor();
    expect((await api.post(Paths.getclient, { clientId: 'crm-web', productId: crm.id })).body.data.row.status).toBe(0);
  });

  it('resets the secret after confirmation and shows the new one once', async () => {
    await rowOf('crm-web').getByRole('button', { name: en.client.resetSecret }).click();
    await page.getByText(en.client.resetContent).waitFor();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    const secret = page.getByTestId('client-secret');
    await secret.waitFor();
    const fresh = (await secret.textContent()) ?? '';
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(firstSecret);
    // the confirmation closes as the secret opens: press Done once it is gone (its leaving popover can take the click)
    await page.getByText(en.client.resetContent).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: en.client.secret.done }).click();
    await secret.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(fresh);
  });

  it('searches and pages through the clients', async () => {
    await page.getByText(en.grid.total.replace('{{count}}', '12')).waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    expect(await page.getByRole('row', { name: /batch-|crm-web/ }).count()).toBe(2);
    await page.getByLabel(en.client.keyword).fill('crm');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '1')).waitFor();
    await rowOf('crm-web').waitFor();
    await shot(page, 'clients-grid-en');
  });

  it('deletes the client after confirmation', async () => {
    await rowOf('crm-web').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('crm-web').waitFor({ state: 'detached' });
    expect((await api.post(Paths.getclient, { clientId: 'crm-web', productId: crm.id })).body.result).toBe('0');
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '11')).waitFor();
  });

  it('adds a public client (single-page app): no secret to show, marked Public, no reset, its type fixed on edit', async () => {
    await page.getByRole('button', { name: en.client.newClient }).click();
    const d = dialog();
    const f = en.client.field;
    await d.getByLabel(f.clientId, { exact: true }).fill('crm-spa');
    await d.getByLabel(f.name, { exact: true }).fill('CRM SPA');
    await d.getByRole('radio', { name: new RegExp(en.client.clientType.none) }).check();
    // Client credentials need a secret: not offered to a public client.
    await expect.poll(() => d.getByRole('checkbox', { name: new RegExp(en.client.grant.client_credentials) }).isDisabled()).toBe(true);
    await d.getByLabel(`${f.redirectUris} 1`).fill('https://crm.example.com/spa/callback');
    await shot(page, 'clients-form-public-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await page.getByText(en.client.publicSaved).waitFor();
    await d.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('client-secret').count()).toBe(0);
    const row = rowOf('crm-spa');
    await row.getByTestId('client-type-tag').filter({ hasText: en.client.clientType.none }).waitFor();
    expect(await row.getByRole('button', { name: en.client.resetSecret }).count()).toBe(0);
    const got = await api.post(Paths.getclient, { clientId: 'crm-spa', productId: crm.id });
    expect(got.body.data.row.tokenEndpointAuthMethod).toBe('none');
    await row.getByRole('button', { name: en.common.edit }).click();
    await dialog().getByText(en.client.typeLocked).waitFor();
    await expect
      .poll(() =>
        dialog()
          .getByRole('radio', { name: new RegExp(en.client.clientType.none) })
          .isDisabled(),
      )
      .toBe(true);
    await dialog().getByRole('button', { name: en.common.cancel }).click();
    await rowOf('crm-spa').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('crm-spa').waitFor({ state: 'detached' });
  });

  it('shows the screens in Chinese and Japanese', async () => {
    for (const [name, texts, shotName] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByRole('button', { name: texts.client.newClient }).waitFor();
      await page.getByRole('menu').filter({ hasText: 'English' }).waitFor({ state: 'hidden' });
      await shot(page, `clients-grid-${shotName}`);
      await page.getByRole('button', { name: texts.client.newClient }).click();
      await dialog().getByLabel(texts.client.field.name, { exact: true }).fill(`Mobile ${shotName}`);
      await dialog().getByLabel(`${texts.client.field.redirectUris} 1`).fill(`https://crm.example.com/${shotName}/callback`);
      await shot(page, `clients-form-${shotName}`);
      await dialog()
        .getByRole('button', { name: label(texts.common.save) })
        .click();
      await page.getByTestId('client-secret').waitFor();
      await page.getByRole('dialog', { name: texts.client.addTitle }).waitFor({ state: 'detached' });
      await shot(page, `clients-secret-${shotName}`);
      await page.getByRole('button', { name: texts.client.secret.done }).click();
      await page.getByTestId('client-secret').waitFor({ state: 'detached' });
      await page.goto(`${server.url}/appAdmin/appList`);
      await page.getByRole('button', { name: 'CRM Portal' }).waitFor();
      await shot(page, `clients-workbench-${shotName}`);
      await page.getByRole('button', { name: 'CRM Portal' }).click();
      await page.waitForURL(/\/app\//);
      await page.getByRole('menuitem', { name: texts.layout.route.client }).click();
      await page.waitForURL(/\/app\/client/);
    }
  });
});
