/**
 * Service-call statistics and call logs in Chromium (issue 18 "Log and service-call statistics";
 * docs/call-logs.md): on the demo data, the calls made while seeding and signing in are recorded by the
 * gateway; the platform administrator sees the statistics (cards, charts drawn by the lazily loaded ECharts,
 * the by-API table) and the call log (paging, a filter, the required date range, the CSV export with headings
 * in the screen's language) in Chinese, English and Japanese; Northwind's administrator sees only Northwind's
 * calls; the application administrator the application's statistics. Screenshots under e2e/artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { ADMIN_PASSWORD, chooseLanguage, savedDownload, shot, signInOnPage } from './support.js';
import { adminClient } from './seed-api.js';
import { addCrmApp, enterCrmAsAppAdmin } from './app-area.js';
import { closeDemo, demoTenantId, enterTenant, openPage, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];

let server: DemoServer;
let browser: Browser;
let page: Page;

const dataRows = (p: Page) => p.locator('[data-testid="call-logs"] .ant-table-tbody tr.ant-table-row');
const flushed = () => new Promise((r) => setTimeout(r, 1500)); // the recorder writes every second

beforeAll(async () => {
  server = await startDemoServer('calllogs');
  const platform = await adminClient(server.url);
  await addCrmApp(platform);
  // Northwind's administrator works in the tenant: some reads, one refused call.
  const northwind = await tenantClient(server.url, await demoTenantId(server.url));
  for (let i = 0; i < 3; i++) expect((await northwind.post(Paths.listtenantuser, { page: 1, pageSize: 5 })).body.result).toBe('1');
  await northwind.post(Paths.listtenantuser, { page: 0 });
  await flushed();
  ({ browser, page } = await openPage());
}, 180_000);
afterAll(async () => {
  await closeDemo(browser, server);
});

describe('service-call statistics and call logs in the console', () => {
  it('shows the platform statistics with charts (Chinese)', async () => {
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'zh-CN');
    await page.waitForURL(/\/platformAdmin/, { timeout: 20_000 });
    await flushed();
    await page.getByRole('menuitem', { name: zh.calllog.statsTitle }).click();
    await page.waitForURL(/\/platformAdmin\/callStats/);
    await page.getByText(zh.calllog.statsIntro.replace('{{days}}', '7')).waitFor();
    await expect
      .poll(async () => Number(((await page.getByTestId('stat-calls').textContent()) ?? '').replace(/\D/g, '')), { timeout: 15_000 })
      .toBeGreaterThan(5);
    await page.getByTestId('chart-calls').locator('canvas').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('chart-latency').locator('canvas').first().waitFor();
    await page.getByRole('cell', { name: Paths.signin, exact: true }).first().waitFor();
    await shot(page, 'calllogs-stats-zh');
  });

  it('refuses a statistics query without its range (English)', async () => {
    await chooseLanguage(page, 'English');
    await page.getByText(en.calllog.statsIntro.replace('{{days}}', '7')).waitFor();
    const search = page.getByRole('search');
    await search.getByLabel(en.calllog.range).first().hover();
    await search.locator('.ant-picker-clear').click();
    await search.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.calllog.rangeRequired).waitFor();
    await search.getByRole('button', { name: en.common.reset }).click();
    await expect.poll(() => page.getByText(en.calllog.rangeRequired).count()).toBe(0);
    await page.getByRole('tab', { name: en.calllog.byTenant }).click();
    await page.getByRole('cell', { name: 'Northwind', exact: false }).first().waitFor();
    await page.getByRole('tab', { name: en.calllog.byApi }).click();
    // the pointer on the breadcrumb: nothing hovered (on a toast at the top centre it would keep the toast open)
    await page.mouse.move(300, 10);
    await shot(page, 'calllogs-stats-en');
  });

  it('lists, filters and exports the call log (English)', async () => {
    await page.getByRole('menuitem', { name: en.calllog.logsTitle }).click();
    await page.waitForURL(/\/platformAdmin\/callLogs/);
    await expect.poll(() => dataRows(page).count(), { timeout: 15_000 }).toBe(10);
    const search = page.getByRole('search');
    await search.getByLabel(en.calllog.field.status).fill('400');
    await search.getByRole('button', { name: en.common.search }).click();
    await expect.poll(async () => (await dataRows(page).first().textContent()) ?? '').toContain(Paths.listtenantuser);
    expect((await dataRows(page).allTextContents()).every((t) => t.includes('400'))).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.grid.export }).click()]);
    expect(download.suggestedFilename()).toMatch(/^call-log-.*\.csv$/);
    const lines = readFileSync(await savedDownload(download), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]!.split(',').slice(0, 5)).toEqual([
      en.calllog.field.at,
      en.calllog.field.tenantName,
      en.calllog.field.productName,
      en.calllog.field.method,
      en.calllog.field.api,
    ]);
    expect(lines.slice(1).every((l) => l.includes(',400,'))).toBe(true);
    await search.getByRole('button', { name: en.common.reset }).click();
    await expect.poll(() => dataRows(page).count()).toBe(10);
    await page.mouse.move(300, 10);
    await shot(page, 'calllogs-logs-en');
  });

  it('reads both screens in Japanese', async () => {
    await page
      .locator('.ant-message-notice')
      .first()
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => undefined); // the export's toast
    await chooseLanguage(page, '日本語');
    await page.getByText(ja.calllog.logsIntro.replace('{{days}}', '30')).waitFor();
    await page.mouse.move(300, 10);
    await shot(page, 'calllogs-logs-ja');
    await page.getByRole('menuitem', { name: ja.calllog.statsTitle }).click();
    await page.getByTestId('chart-calls').locator('canvas').first().waitFor({ timeout: 15_000 });
    await page.mouse.move(300, 10);
    await shot(page, 'calllogs-stats-ja');
  });

  it("a tenant's administrator sees only the tenant's calls", async () => {
    const tenantPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await enterTenant(tenantPage, server.url);
      await tenantPage.goto(`${server.url}/tenancy/callLogs`);
      await expect.poll(() => dataRows(tenantPage).count(), { timeout: 15_000 }).toBeGreaterThan(3);
      const search = tenantPage.getByRole('search');
      // the tenant's own calls are there: the 4 user-list calls of beforeAll (by API: the console's own calls while
      // entering the tenant can push them off the first page)
      await search.getByLabel(en.calllog.field.api).fill('listtenantuser');
      await search.getByRole('button', { name: en.common.search }).click();
      await expect.poll(async () => (await dataRows(tenantPage).allTextContents()).filter((t) => t.includes(Paths.listtenantuser)).length).toBe(4);
      await search.getByRole('button', { name: en.common.reset }).click();
      await search.getByLabel(en.calllog.field.callerName).fill('admin');
      await search.getByRole('button', { name: en.common.search }).click();
      await expect.poll(() => dataRows(tenantPage).count()).toBe(0); // the platform administrator's calls are not the tenant's
      await search.getByRole('button', { name: en.common.reset }).click();
      await expect.poll(() => dataRows(tenantPage).count()).toBeGreaterThan(3);
      await tenantPage.mouse.move(300, 10);
      await shot(tenantPage, 'calllogs-tenant-en');
    } finally {
      await tenantPage.close();
    }
  });

  it("an application's administrator sees the application's statistics", async () => {
    const appPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await enterCrmAsAppAdmin(appPage, server.url);
      await appPage.getByRole('menuitem', { name: en.calllog.statsTitle }).click();
      await appPage.waitForURL(/\/app\/callStats/);
      await appPage.getByTestId('stat-calls').waitFor();
      expect(await appPage.getByRole('tab', { name: en.calllog.byApp }).count()).toBe(0);
      await expect
        .poll(async () => Number(((await appPage.getByTestId('stat-calls').textContent()) ?? '').replace(/\D/g, '')), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(0);
      await appPage.mouse.move(300, 10);
      await shot(appPage, 'calllogs-app-en');
    } finally {
      await appPage.close();
    }
  });
});
