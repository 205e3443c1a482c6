/**
 * Licence management and the dashboard end to end in Chromium (issue 3: "activate a licence and see the
 * days left"): the server verifies codes with a key pair made here (MP_LICENCE_PUBLIC_KEY); the test
 * issues codes with the private key, as `npm run licence:issue` does. Texts come from @mp/i18n.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { encodeLicence, generateLicenceKeys, parsePrivateKey } from '../packages/server/src/modules/licence/licence-code.js';
import { adminClient, addTenants } from './seed-api.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, type RunningServer } from './support.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];
const DAY = 86_400_000;
const keys = generateLicenceKeys();

/** i18next-style interpolation of a resource text. */
const fill = (text: string, params: Record<string, unknown>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

/** A code for `customer`, valid `days` from now, with the given limits. */
function issue(customer: string, days: number, limits: { maxTenants?: number; maxUsers?: number }): string {
  return encodeLicence(
    { v: 1, id: 'E2E-0001', customer, issued: new Date().toISOString(), expires: new Date(Date.now() + days * DAY).toISOString(), limits },
    parsePrivateKey(keys.privatePem),
  );
}

let server: RunningServer;
let browser: Browser;
let page: Page;

/** Two tenants added through the gateway before the browser signs in, so the dashboard has figures. */
async function seedTenants(url: string): Promise<void> {
  await addTenants(
    await adminClient(url),
    url,
    ['alpha', 'beta'].map((code) => ({ code, name: `Tenant ${code}` })),
  );
}

beforeAll(async () => {
  server = await startServer({ MP_LICENCE_PUBLIC_KEY: keys.publicLine });
  await seedTenants(server.url);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('licence management and the dashboard', () => {
  it('shows the dashboard figures from the database and the trial badge', async () => {
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'zh-CN');
    await page.waitForURL(/\/platformAdmin\/dashboard/, { timeout: 15_000 });
    // The platform tenant and the two added ones; the administrator; no products or roles yet.
    const card = (title: string) => page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
    await expect.poll(() => card(zh.dashboard.tenants).textContent()).toBe('3');
    expect(await card(zh.dashboard.users).textContent()).toBe('1');
    expect(await card(zh.dashboard.products).textContent()).toBe('0');
    expect(await card(zh.dashboard.roles).textContent()).toBe('0');
    // Two sign-ins today (the seeding client's and the browser's): the chart is drawn.
    await page.getByRole('img', { name: zh.dashboard.signInCount }).waitFor();
    const badge = page.getByTestId('licence-badge');
    await expect.poll(() => badge.textContent()).toBe(fill(zh.licence.badge.trial, { days: fill(zh.licence.days, { count: 30 }) }));
    await shot(page, 'licence-dashboard-zh');
  });

  it('opens licence management from the badge and refuses a forged code, storing nothing', async () => {
    await page.getByTestId('licence-badge').click();
    await page.waitForURL(/\/platformAdmin\/permitManager/);
    await expect.poll(() => page.getByTestId('licence-state').textContent()).toBe(zh.licence.state.trial);
    expect(await page.getByTestId('licence-customer').textContent()).toBe(zh.licence.trialCustomer);
    // Required on the console side (SPEC §5 "Activation code required").
    await page.getByTestId('licence-activate').click();
    await page.getByText(zh.licence.activate.required).waitFor();
    // A code signed with another key.
    const other = generateLicenceKeys();
    const forged = encodeLicence(
      { v: 1, id: 'X', customer: 'Mallory', issued: new Date().toISOString(), expires: new Date(Date.now() + 365 * DAY).toISOString(), limits: {} },
      parsePrivateKey(other.privatePem),
    );
    await page.getByTestId('licence-code').fill(forged);
    await page.getByTestId('licence-activate').click();
    await page.getByText(zh.errors.licence.signature_invalid).waitFor();
    await shot(page, 'licence-forged-zh');
    expect(await page.getByTestId('licence-state').textContent()).toBe(zh.licence.state.trial);
    expect(await page.getByRole('row', { name: /Mallory/ }).count()).toBe(0);
  });

  it('activates a licence and shows the days left, the limits with usage and the history', async () => {
    await page.getByTestId('licence-code').fill(issue('Northwind Trading', 20, { maxTenants: 3, maxUsers: 500 }));
    await page.getByTestId('licence-activate').click();
    await expect.poll(() => page.getByTestId('licence-state').textContent()).toBe(zh.licence.state.active);
    expect(await page.getByTestId('licence-customer').textContent()).toBe('Northwind Trading');
    expect(await page.locator('.ant-statistic').filter({ hasText: zh.licence.field.daysLeft }).locator('.ant-statistic-content-value').textContent()).toBe(
      '20',
    );
    // Fewer than 30 days left: the warning and the badge say so.
    await page.getByTestId('licence-alert').waitFor();
    await expect.poll(() => page.getByTestId('licence-badge').textContent()).toBe(fill(zh.licence.badge.warn, { days: fill(zh.licence.days, { count: 20 }) }));
    expect(await page.getByTestId('licence-usage-tenants').textContent()).toContain(fill(zh.licence.usage.of, { used: 2, limit: 3 }));
    await page
      .getByRole('row', { name: /Northwind Trading/ })
      .getByText(zh.licence.history.inForce)
      .waitFor();
    await shot(page, 'licence-active-zh');

    // Stored on the server: still there after a reload, in English and Japanese.
    await chooseLanguage(page, 'English');
    await page.reload();
    await expect.poll(() => page.getByTestId('licence-state').textContent()).toBe(en.licence.state.active);
    await page.getByText(en.licence.field.daysLeft, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('licence-badge').textContent()).toBe(fill(en.licence.badge.warn, { days: fill(en.licence.days, { count: 20 }) }));
    await shot(page, 'licence-active-en');
    await chooseLanguage(page, '日本語');
    await expect.poll(() => page.getByTestId('licence-state').textContent()).toBe(ja.licence.state.active);
    await shot(page, 'licence-active-ja');
  });

  it('replaces the licence with a newer one; with plenty of days left the badge is a quiet icon that still opens the screen', async () => {
    await page.getByTestId('licence-code').fill(issue('Northwind Trading Renewed', 400, {}));
    await page.getByTestId('licence-activate').click();
    await expect.poll(() => page.getByTestId('licence-customer').textContent()).toBe('Northwind Trading Renewed');
    await page
      .getByRole('row', { name: /Northwind Trading Renewed/ })
      .getByText(ja.licence.history.inForce)
      .waitFor();
    await page
      .getByRole('row', { name: /Northwind Trading/ })
      .filter({ hasNotText: 'Renewed' })
      .getByText(ja.licence.history.replaced)
      .waitFor();
    expect(await page.getByTestId('licence-alert').count()).toBe(0);
    await expect.poll(() => page.getByTestId('licence-badge').textContent()).toBe('');
    await page.goto(`${server.url}/platformAdmin/dashboard`);
    await page.getByTestId('licence-badge').click();
    await page.waitForURL(/\/platformAdmin\/permitManager/);
    await expect.poll(() => page.getByTestId('licence-state').textContent()).toBe(ja.licence.state.active);
  });
});
