/**
 * The tenant area's audit log end to end, as a tenant administrator sees it in Chromium (issue 5 "Audit
 * log"; SPEC §5 Generic "log query date range required", §9 logs 30 days): writes made through the API
 * (users added and one edited in tenant Acme, its administrator set) appear with who, when and from where;
 * the date range is required; filter by action, page, open an entry's before/after comparison, export
 * the filtered entries as .xlsx; screenshots in three languages. Texts come from @mp/i18n.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import readXlsxFile from 'read-excel-file/node';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { animationsDone, chooseLanguage, launchBrowser, savedDownload, shot, signInOnPage, startServer, type RunningServer } from './support.js';
import { addTenants, adminClient } from './seed-api.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];
const PW = 'Audit@2026x';
const BOSS = 'audit_boss';

let server: RunningServer;
let browser: Browser;
let page: Page;

/** Tenant Acme with 12 users (one edited) and `audit_boss` as its administrator, all through the API. */
async function seed(url: string): Promise<void> {
  const c = await adminClient(url);
  const tenantId = (await addTenants(c, url, [{ code: 'acme', name: 'Acme Trading', abbreviation: 'ACME' }])).acme!;
  const body = (username: string) => ({
    tenantId,
    username,
    employeeName: username.replace(/_/g, ''),
    orgId: tenantId,
    effectiveDate: '2026-01-01',
    expiryDate: '2030-12-31',
    status: 1,
  });
  const ids: Record<string, string> = {};
  for (const username of [BOSS, ...Array.from({ length: 11 }, (_, i) => `clerk_${String(i).padStart(2, '0')}`)]) {
    const r = await c.post(Paths.adduser, { ...body(username), password: c.encrypt(PW) });
    expect(r.body.result, JSON.stringify(r.body)).toBe('1');
    ids[username] = r.body.data.row.id;
  }
  const edit = await c.post(Paths.edituser, { ...body('clerk_00'), id: ids.clerk_00, employeeName: 'Renamed', mobile: '13800138000' });
  expect(edit.body.result, JSON.stringify(edit.body)).toBe('1');
  expect((await c.post(Paths.savetenantadmin, { tenantId, userIds: [ids[BOSS]] })).body.result).toBe('1');
}

const dataRows = () => page.locator('.ant-table-tbody tr.ant-table-row');

beforeAll(async () => {
  server = await startServer();
  await seed(server.url);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('tenant audit log in the console', () => {
  it('opens the audit log of the chosen tenant with the last 7 days of writes (Chinese)', async () => {
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, BOSS, PW, 'zh-CN', true);
    await page.waitForURL(/\/tenancyAdmin/, { timeout: 15_000 });
    await page.getByRole('list', { name: zh.tenant.my.title }).getByRole('button', { name: 'Acme Trading' }).click();
    await page.waitForURL(/\/tenancy\//, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: zh.menu.auditlog }).click();
    await page.waitForURL(/\/tenancy\/auditlog/);
    // 12 users added, one edited, the administrator set, and the administrator's own sign-in: 15 entries.
    await page.getByText(zh.grid.total.replace('{{count}}', '15')).waitFor({ timeout: 15_000 });
    expect(await dataRows().count()).toBe(10);
    await expect.poll(async () => (await dataRows().first().textContent()) ?? '').toContain(zh.auditlog.action.signin);
    await page.getByText(zh.auditlog.action.tenant_admins_save).first().waitFor();
    await shot(page, 'auditlog-zh');
  });

  it('requires the date range (English)', async () => {
    await chooseLanguage(page, 'English');
    await page.getByText(en.auditlog.subtitle).waitFor();
    const search = page.getByRole('search');
    await search.getByLabel(en.auditlog.range).first().hover();
    await search.locator('.ant-picker-clear').click();
    await search.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.auditlog.rangeRequired).waitFor();
    await search.getByRole('button', { name: en.common.reset }).click();
    await expect.poll(() => page.getByText(en.auditlog.rangeRequired).count()).toBe(0);
    await page.getByText(en.grid.total.replace('{{count}}', '15')).waitFor();
  });

  it('pages and filters by action and user name', async () => {
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect.poll(() => dataRows().count()).toBe(5);
    const search = page.getByRole('search');
    await search.getByLabel(en.auditlog.field.action).click();
    await page.locator(`.ant-select-item-option[title="${en.auditlog.action.user_edit}"]`).click();
    await search.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '1')).waitFor();
    expect(await dataRows().count()).toBe(1);
    await expect.poll(async () => (await dataRows().first().textContent()) ?? '').toContain('admin');
    await search.getByRole('button', { name: en.common.reset }).click();
    await search.getByLabel(en.auditlog.field.username).fill(BOSS.toUpperCase());
    await search.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '1')).waitFor();
    await expect.poll(async () => (await dataRows().first().textContent()) ?? '').toContain(en.auditlog.action.signin);
    await search.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '15')).waitFor();
    await shot(page, 'auditlog-en');
  });

  it('shows an entry in full with its before/after comparison', async () => {
    const row = dataRows().filter({ hasText: en.auditlog.action.user_edit });
    await row.getByRole('button', { name: en.auditlog.detail }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(en.auditlog.detailTitle).waitFor();
    await animationsDone(page); // the drawer's slide-in
    await drawer.getByText('user.edit', { exact: true }).waitFor();
    await drawer.getByText('admin', { exact: true }).first().waitFor();
    // Who, from where: the address the write came from.
    expect((await drawer.locator('.ant-descriptions').textContent()) ?? '').toMatch(/127\.0\.0\.1|::1/);
    const changed = drawer.locator('td[data-changed="true"]');
    await expect.poll(() => changed.count()).toBeGreaterThanOrEqual(3);
    const text = (await drawer.textContent()) ?? '';
    expect(text).toContain('Renamed');
    expect(text).toContain('clerk00');
    expect(text).not.toMatch(/argon2|passwordHash/);
    await shot(page, 'auditlog-detail-en');
    await drawer.getByRole('switch', { name: en.auditlog.changedOnly }).click();
    await expect.poll(async () => drawer.locator('.ant-table-tbody tr.ant-table-row').count()).toBe((await changed.count()) / 3);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('exports the filtered entries as .xlsx with English headings', async () => {
    const search = page.getByRole('search');
    await search.getByLabel(en.auditlog.field.entity).click();
    await page.locator(`.ant-select-item-option[title="${en.auditlog.entity.user}"]`).click();
    await search.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '13')).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.grid.export }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.xlsx$/);
    const [sheet] = await readXlsxFile(readFileSync(await savedDownload(download)));
    expect(sheet!.data[0]!.slice(0, 4)).toEqual([en.auditlog.field.at, en.auditlog.field.username, en.auditlog.field.action, en.auditlog.field.entity]);
    expect(sheet!.data.length).toBe(14);
    expect(sheet!.data.slice(1).filter((r) => r[2] === en.auditlog.action.user_add).length).toBe(12);
  });

  it('reads the same screen in Japanese', async () => {
    // The export's toast first goes away; then the header's language menu.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await chooseLanguage(page, '日本語');
    await page.getByText(ja.auditlog.subtitle).waitFor();
    await page.getByText(ja.auditlog.action.user_add).first().waitFor();
    await page.mouse.move(700, 600);
    await shot(page, 'auditlog-ja');
    const row = dataRows().filter({ hasText: ja.auditlog.action.user_edit });
    await row.getByRole('button', { name: ja.auditlog.detail }).click();
    await page.getByRole('dialog').getByText(ja.auditlog.detailTitle).waitFor();
    await animationsDone(page);
    await shot(page, 'auditlog-detail-ja');
    await page.keyboard.press('Escape');
  });
});
