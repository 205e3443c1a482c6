/**
 * Product management and tenant grants end to end, as a platform administrator sees them in Chromium
 * (issue 3; SPEC §2 product, tenancyManager): create a product through the form (with a format error
 * first), edit, search, page, delete; authorise a product for a tenant and see it ticked after a reload;
 * set a tenant administrator and see that user, signed in, land in the tenant-admin area. The database
 * starts with the demo data set (`npm run seed:demo`), so there are tenants and users to choose from.
 * Texts come from @mp/i18n (English).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage } from './support.js';
import { NORTHWIND, startDemoServer, type DemoServer } from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];

let server: DemoServer;
let browser: Browser;
let page: Page;
/** The Northwind tenant's id and a user of it (not its administrator) to make administrator. */
let northwind: { id: string; chosen: string };

const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const dialog = () => page.getByRole('dialog');

/** A valid product body (the API is used only to fill pages for paging). */
const product = (i: number) => ({
  code: `bulk_${String(i).padStart(2, '0')}`,
  name: `Bulk product ${String(i).padStart(2, '0')}`,
  abbreviation: 'Bulk',
  version: 'V1.0',
  status: 1,
  callbackUrl: 'https://bulk.example.com/cb',
  department: 'Platform',
  ownerName: 'Ops',
  ownerEmail: 'ops@example.com',
  ownerPhone: '13800138000',
  opsOwner: 'Ops',
});

/** Signs in on the login page; `firstTime` accounts are asked for the privacy agreement (10001001920). */
async function signIn(username: string, password: string, texts: typeof zh.login, firstTime: boolean) {
  const locale = texts === zh.login ? 'zh-CN' : texts === en.login ? 'en-US' : 'ja-JP';
  await signInOnPage(page, username, password, locale, firstTime);
}

beforeAll(async () => {
  server = await startDemoServer('product');
  // Through the API before the browser signs in (a new sign-in of the same account replaces this session):
  // eleven products to page through, and the user who will be made administrator.
  const api = await adminClient(server.url);
  for (let i = 1; i <= 11; i++) expect((await api.post(Paths.addproduct, product(i))).body.result).toBe('1');
  const tenant = (await api.post(Paths.listtenant, { code: NORTHWIND.code })).body.data.rows[0];
  const candidates = (await api.post(Paths.listtenantadmincandidate, { tenantId: tenant.id, keyword: `_${NORTHWIND.code}`, pageSize: 20 })).body.data.rows;
  northwind = { id: tenant.id, chosen: candidates.find((u: { username: string }) => u.username !== NORTHWIND.admin).username };
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('product management and tenant grants in the console', () => {
  it('signs in as the platform administrator and opens product management in English', async () => {
    await page.goto(`${server.url}/login`);
    await signIn('admin', ADMIN_PASSWORD, zh.login, false);
    await page.waitForURL(/\/platformAdmin\//, { timeout: 15_000 });
    await chooseLanguage(page, 'English');
    await page.getByRole('menuitem', { name: en.layout.route.product }).click();
    await page.waitForURL(/\/platformAdmin\/product/);
    await page.getByRole('button', { name: en.product.newProduct }).waitFor();
  });

  it('creates a product through the form, refusing a bad e-mail first, then edits it', async () => {
    await page.getByRole('button', { name: en.product.newProduct }).click();
    const d = dialog();
    const f = en.product.field;
    await d.getByLabel(f.name, { exact: true }).fill('Unified Portal');
    await d.getByLabel(f.code, { exact: true }).fill('unified_portal');
    await d.getByLabel(f.abbreviation, { exact: true }).fill('Portal');
    await d.getByLabel(f.version, { exact: true }).fill('V2.1.0');
    await d.getByLabel(f.callbackUrl, { exact: true }).fill('https://portal.example.com/callback');
    await d.getByLabel(f.department, { exact: true }).fill('Digital Centre');
    await d.getByLabel(f.opsOwner, { exact: true }).fill('Ryan Ng');
    await d.getByLabel(f.ownerName, { exact: true }).fill('Emily Chan');
    await d.getByLabel(f.ownerPhone, { exact: true }).fill('+852 2345 6789');
    await d.getByLabel(f.ownerEmail, { exact: true }).fill('emily.chan@');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.product.emailInvalid).waitFor();
    await d.getByLabel(f.ownerEmail, { exact: true }).fill('emily.chan@example.com');
    // An administrator chosen from users, searched on the server.
    await d.getByLabel(f.admins, { exact: true }).click();
    await d.getByLabel(f.admins, { exact: true }).fill(NORTHWIND.admin);
    await page.locator('.ant-select-item-option', { hasText: NORTHWIND.admin }).first().click();
    await page.keyboard.press('Escape');
    await shot(page, 'product-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    const row = rowOf('Unified Portal');
    await row.waitFor();
    expect(await row.textContent()).toContain(NORTHWIND.admin);

    await row.getByRole('button', { name: en.common.edit }).click();
    await d.getByLabel(f.name, { exact: true }).fill('Unified Portal Plus');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await rowOf('Unified Portal Plus').waitFor();
  });

  it("opens a product's client access from the grid and registers a client there", async () => {
    await rowOf('Unified Portal Plus').getByRole('button', { name: en.product.clientAccess }).click();
    await page.waitForURL(/\/platformAdmin\/productClients\?app=/);
    await page.getByTestId('current-app-name').getByText('Unified Portal Plus').waitFor();
    await page.getByRole('button', { name: en.client.newClient }).click();
    const d = page.getByRole('dialog', { name: en.client.addTitle });
    await d.getByLabel(en.client.field.name, { exact: true }).fill('Portal web');
    await d.getByLabel(`${en.client.field.redirectUris} 1`).fill('https://portal.example.com/callback');
    await d.getByRole('button', { name: en.common.save }).click();
    const secret = page.getByTestId('client-secret');
    await secret.waitFor();
    expect((await secret.textContent())?.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await shot(page, 'product-clients-en');
    await page.getByRole('button', { name: en.client.secret.done }).click();
    await rowOf('Portal web').waitFor();
    await page.getByRole('link', { name: en.client.switchApp }).click();
    await page.waitForURL(/\/platformAdmin\/product(\?|$)/);
    await rowOf('Unified Portal Plus').waitFor();
  });

  it('searches and pages through the products', async () => {
    await page.getByText(en.grid.total.replace('{{count}}', '12')).waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '12')).waitFor();
    expect(await page.getByRole('row', { name: /Bulk product/ }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('row', { name: /Bulk product|Unified Portal/ }).count()).toBe(2);

    await page.getByLabel(en.product.keyword).fill('portal');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '1')).waitFor();
    await rowOf('Unified Portal Plus').waitFor();
    await shot(page, 'product-grid-en');
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '12')).waitFor();
  });

  it('deletes a product after confirmation', async () => {
    await page.getByLabel(en.product.keyword).fill('bulk_11');
    await page.getByRole('button', { name: en.common.search }).click();
    await rowOf('Bulk product 11').waitFor();
    await rowOf('Bulk product 11').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('Bulk product 11').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByRole('table', { name: en.product.title }).getByText(en.common.noData).waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
  });

  it('authorises a product for a tenant and sees it ticked after a reload', async () => {
    await page.getByRole('menuitem', { name: en.layout.route.tenancyManager }).click();
    await page.waitForURL(/\/platformAdmin\/tenancyManager/);
    await rowOf('Northwind Logistics').getByRole('button', { name: en.tenant.productAuth.action }).click();
    const d = dialog();
    await d.getByLabel(en.tenant.productAuth.search).fill('portal');
    await d.getByLabel(en.tenant.productAuth.search).press('Enter');
    await d
      .getByRole('row', { name: /Unified Portal Plus/ })
      .getByRole('checkbox')
      .check();
    await d.getByLabel(`${en.tenant.productAuth.version} Unified Portal Plus`).fill('V2.0.0');
    await shot(page, 'tenant-product-auth-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });

    await page.reload();
    await rowOf('Northwind Logistics').getByRole('button', { name: en.tenant.productAuth.action }).click();
    const ticked = dialog().getByRole('row', { name: /Unified Portal Plus/ });
    await ticked.waitFor();
    expect(await ticked.getByRole('checkbox').isChecked()).toBe(true);
    expect(await dialog().getByLabel(`${en.tenant.productAuth.version} Unified Portal Plus`).inputValue()).toBe('V2.0.0');
    await dialog().getByRole('button', { name: en.common.cancel }).click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it('sets a tenant administrator, who then signs in to the tenant-admin area', async () => {
    const chosen = northwind.chosen;

    await rowOf('Northwind Logistics').getByRole('button', { name: en.tenant.admins.action }).click();
    const d = dialog();
    const picker = d.getByLabel(en.tenant.admins.field);
    await picker.click();
    await picker.fill(chosen);
    await page.locator('.ant-select-item-option', { hasText: chosen }).first().click();
    await page.keyboard.press('Escape');
    await shot(page, 'tenant-admins-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    // Opened again, the dialog lists the new administrator.
    await rowOf('Northwind Logistics').getByRole('button', { name: en.tenant.admins.action }).click();
    await d.getByText(chosen, { exact: true }).waitFor();
    await d.getByRole('button', { name: en.common.cancel }).click();
    await d.waitFor({ state: 'hidden' });

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: en.layout.header.logout }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await page.waitForURL(/\/login/);
    await signIn(chosen, DEMO_PASSWORD, en.login, true);
    await page.waitForURL(/\/tenancyAdmin/, { timeout: 15_000 });
    await page.getByText(en.layout.identity.tenantAdmin).first().waitFor();
    // My tenants lists the tenant; choosing it enters the tenant area with the server's menu for it.
    const tiles = page.getByRole('list', { name: en.tenant.my.title });
    await tiles.getByRole('button', { name: 'Northwind Logistics Ltd.' }).waitFor();
    expect(await tiles.getByRole('button').count()).toBe(1);
    await shot(page, 'tenant-admin-signed-in-en');
    await tiles.getByRole('button', { name: 'Northwind Logistics Ltd.' }).click();
    await page.waitForURL(/\/tenancy\//, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: en.menu.orgManagement }).waitFor();
    await page.getByRole('menuitem', { name: en.menu.auditlog }).waitFor();
    await page.getByTestId('current-tenant-name').getByText('Northwind Logistics Ltd.').waitFor();
    await shot(page, 'tenant-area-en');
    // The brand opens the tenant's own dashboard: its users (8 demo people) and sign-ins.
    await page.getByRole('link', { name: 'MP3.0' }).click();
    await page.waitForURL(/\/tenancy\/dashboard/);
    await page.getByText(en.dashboard.tenantSubtitle).waitFor();
    const users = page.getByTestId('stat-users');
    await expect.poll(async () => (await users.textContent()) ?? '').toContain('8');
    await shot(page, 'tenant-dashboard-en');
  });
});
