/**
 * The foundation end to end, as a platform administrator sees it in Chromium: sign-in, dashboard,
 * languages, the tenant grid (create, edit, search, delete) and logout. Texts come from @mp/i18n, so the
 * test checks that what the user sees is the chosen language's text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, watchCsp, type RunningServer } from './support.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];

let server: RunningServer;
let browser: Browser;
let page: Page;
let cspViolations: string[] = [];
const logoPath = join(tmpdir(), 'mp-e2e-logo.png');

beforeAll(async () => {
  // A 1×1 PNG as the tenant logo.
  writeFileSync(logoPath, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  cspViolations = watchCsp(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('platform administrator in the console', () => {
  it('sends a visitor of /platformAdmin to login, signs in after the privacy agreement, and shows the dashboard', async () => {
    await page.goto(`${server.url}/platformAdmin`);
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: zh.login.title })).toBeTruthy();
    await shot(page, 'login-zh');
    // First sign-in of the account: the server asks for the agreement (10001001920).
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'zh-CN', true);
    await page.waitForURL(/\/platformAdmin\/dashboard/, { timeout: 15_000 });
    await page.getByText(zh.layout.route.tenancyManager).first().waitFor();
    await shot(page, 'dashboard-zh');
  });

  it('switches to English and Japanese and the texts change', async () => {
    await chooseLanguage(page, 'English');
    await page.getByText(en.layout.route.tenancyManager).first().waitFor();
    expect(await page.getByText(zh.layout.route.tenancyManager).count()).toBe(0);
    await shot(page, 'dashboard-en');
    await chooseLanguage(page, '日本語');
    await page.getByText(ja.layout.route.tenancyManager).first().waitFor();
    await shot(page, 'dashboard-ja');
    await chooseLanguage(page, 'English');
    await page.getByText(en.layout.route.tenancyManager).first().waitFor();
  });

  it('creates, edits, searches and deletes a tenant through the grid', async () => {
    await page.getByRole('menuitem', { name: en.layout.route.tenancyManager }).click();
    await page.waitForURL(/\/platformAdmin\/tenancyManager/);
    await page.getByRole('button', { name: en.tenant.newTenant }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.tenant.field.name).fill('Northwind Trading');
    await dialog.getByLabel(en.tenant.field.code).fill('bad-code');
    await dialog.getByLabel(en.tenant.field.abbreviation).fill('NWT');
    await dialog.getByLabel(en.tenant.field.address).fill('12 Harbour Road');
    await dialog.locator('input[type=file]').setInputFiles(logoPath);
    await dialog.locator('img').first().waitFor();
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.getByText(en.tenant.codePattern).waitFor();
    await dialog.getByLabel(en.tenant.field.code).fill('northwind');
    await shot(page, 'tenant-form-en');
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Northwind Trading/ });
    await row.waitFor();

    await row.getByRole('button', { name: en.common.edit }).click();
    await dialog.getByLabel(en.tenant.field.name).fill('Northwind Traders');
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Northwind Traders/ }).waitFor();

    await page.getByLabel(en.tenant.keyword).fill('nothing-matches-this');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByRole('row', { name: /Northwind Traders/ }).waitFor({ state: 'detached' });
    await page.getByLabel(en.tenant.keyword).fill('northwind');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByRole('row', { name: /Northwind Traders/ }).waitFor();
    await shot(page, 'tenants-en');

    await page
      .getByRole('row', { name: /Northwind Traders/ })
      .getByRole('button', { name: en.common.delete })
      .click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await page.getByRole('row', { name: /Northwind Traders/ }).waitFor({ state: 'detached' });
  });

  it('shows the tenant name beside the system name when the configuration says so', async () => {
    expect(await page.getByTestId('tenant-name').count()).toBe(0);
    const api = await new GatewayClient(server.url).init();
    await api.signIn('admin', ADMIN_PASSWORD);
    expect((await api.post(Paths.saveloginconfig, { showTenantName: true })).body.result).toBe('1');
    // The API sign-in replaced the browser's session: sign in again and see the tenant's name.
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'en-US');
    await page.waitForURL(/\/platformAdmin\//);
    await expect(page.getByTestId('tenant-name').textContent()).resolves.toBe('MP3.0 Platform');
  });

  it('runs under the security headers (framing forbidden, nosniff, CSP) without a single CSP violation', async () => {
    const res = await page.goto(`${server.url}/platformAdmin/tenancyManager`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.getByTestId('user-menu').waitFor();
    await page.getByRole('row', { name: /sys/ }).first().waitFor();
    // Everything the console did in this file so far (sign-in, captcha, grids, dialogs, logo upload).
    expect(cspViolations).toEqual([]);
  });

  it('logs out after confirmation and lands on the login page', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: en.layout.header.logout }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await page.waitForURL(/\/login/);
    await page.goto(`${server.url}/platformAdmin/tenancyManager`);
    await page.waitForURL(/\/login/, { timeout: 15_000 });
  });
});
