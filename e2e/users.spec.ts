/**
 * User management end to end, as a platform administrator sees it in Chromium (issue 3, SPEC §2
 * employeeManagement): create through the form, edit, import a 1,000-row Excel file made here with
 * write-excel-file, page, search, lock and unlock, export (and read the rows back), delete. Texts come
 * from @mp/i18n (English).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import writeExcelFile from 'write-excel-file/node';
import readXlsxFile from 'read-excel-file/node';
import { resources } from '@mp/i18n';
import { adminClient, addTenants } from './seed-api.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, savedDownload, shot, signInOnPage, startServer, type RunningServer } from './support.js';

const en = resources['en-US'];
const ROWS = 1000;
const importPath = join(tmpdir(), `mp-e2e-users-${process.pid}.xlsx`);

let server: RunningServer;
let browser: Browser;
let page: Page;

/** The tenant `acme` (its root organisation has the same code) made through the API. */
async function createTenant(url: string): Promise<void> {
  await addTenants(await adminClient(url), url, [{ code: 'acme', name: 'Acme Trading', abbreviation: 'ACME' }]);
}

/** 1,000 users under the template's English headings. */
async function writeImportFile(): Promise<void> {
  const f = en.errors.user.field;
  const head = [
    f.tenantCode,
    f.username,
    f.employeeName,
    f.employeeCode,
    f.gender,
    f.orgCode,
    f.effectiveDate,
    f.expiryDate,
    f.status,
    f.locked,
    f.mobile,
    f.password,
  ];
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return [
      'acme',
      `bulk${n}`,
      `Bulk${n}`,
      `B${n}`,
      i % 2 ? 'Female' : 'Male',
      'acme',
      '2026-01-01',
      '2030-12-31',
      'Enabled',
      'No',
      `1370000${n}`,
      'Passw0rd!x',
    ];
  });
  const data = [head, ...rows].map((r) => r.map((value) => ({ value })));
  await writeExcelFile(data).toFile(importPath);
}

const grid = () => page.getByRole('table');
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const total = (n: number) => page.getByText(en.grid.total.replace('{{count}}', String(n)));

async function more(row: string, action: string) {
  await rowOf(row)
    .getByRole('button', { name: new RegExp(`${en.user.more} ${row}`) })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
  await page.getByRole('button', { name: en.common.ok }).last().click();
}

beforeAll(async () => {
  server = await startServer();
  await createTenant(server.url);
  await writeImportFile();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await page.goto(`${server.url}/login`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('user management in the console', () => {
  it('signs in and opens user management with the all-tenants layout', async () => {
    await chooseLanguage(page, 'English');
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'en-US');
    // The API sign-in of beforeAll already accepted the agreement for this account.
    await page.waitForURL(/\/platformAdmin\//, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: en.layout.route.employeeManagement }).click();
    await page.waitForURL(/employeeManagement/);
    await grid().getByRole('columnheader', { name: en.user.field.tenant }).waitFor();
    await rowOf('admin').waitFor();
    await shot(page, 'users-all-tenants-en');
  });

  it('chooses a tenant (no tenant column), creates a user through the form and edits it', async () => {
    await page.getByTestId('user-scope').getByLabel(en.user.tenantScope, { exact: true }).click();
    await page.getByTitle('Acme Trading (acme)').click();
    await grid().getByRole('columnheader', { name: en.user.field.tenant }).waitFor({ state: 'detached' });
    await rowOf('admin').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: en.user.newUser }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.user.field.username).fill('bad name');
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.getByText(en.errors.user.username_pattern).waitFor();
    await dialog.getByLabel(en.user.field.username).fill('e2e_user');
    await dialog.getByLabel(en.user.field.password).fill('Passw0rd!x');
    await dialog.getByLabel(en.user.field.employeeName).fill('Tester');
    await dialog.getByLabel(en.user.field.mobile).fill('1390000');
    await dialog.getByLabel(en.user.field.orgId).click();
    await page.locator('.ant-select-tree-title', { hasText: 'Acme Trading (acme)' }).first().click();
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.getByText(en.errors.user.mobile_pattern).waitFor();
    await dialog.getByLabel(en.user.field.mobile).fill('13900000001');
    await shot(page, 'user-form-en');
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('e2e_user').waitFor();

    await rowOf('e2e_user').getByRole('button', { name: en.common.edit }).click();
    await dialog.getByLabel(en.user.field.employeeName).fill('Renamed');
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('Renamed').waitFor();
  });

  it('imports a 1,000-row Excel file and pages through it', async () => {
    await page.locator('input[type=file]').setInputFiles(importPath);
    await page.getByText(en.user.importDone.replace('{{created}}', String(ROWS)).replace('{{updated}}', '0')).waitFor({ timeout: 90_000 });
    await total(ROWS + 1).waitFor();
    const firstOnPage1 = await grid().locator('tbody tr.ant-table-row').first().innerText();
    await page.getByRole('listitem', { name: '2' }).click();
    await page.locator('.ant-pagination-item-active', { hasText: '2' }).waitFor();
    await expect.poll(async () => grid().locator('tbody tr.ant-table-row').first().innerText()).not.toBe(firstOnPage1);
    await shot(page, 'users-imported-en');
  });

  it('searches, locks and unlocks', async () => {
    await page.getByLabel(en.user.keyword, { exact: true }).fill('bulk099');
    await page.getByRole('button', { name: en.common.search }).click();
    await total(10).waitFor();
    await page.getByLabel(en.user.keyword, { exact: true }).fill('e2e_user');
    await page.getByRole('button', { name: en.common.search }).click();
    await total(1).waitFor();
    await more('e2e_user', en.user.lock);
    await rowOf('e2e_user').getByText(en.user.lockedTag).waitFor();
    await shot(page, 'users-locked-en');
    await more('e2e_user', en.user.unlock);
    await rowOf('e2e_user').getByText(en.user.unlockedTag).waitFor();
  });

  it('exports the tenant to Excel with every imported row', async () => {
    await page.getByRole('button', { name: en.common.reset }).click();
    await total(ROWS + 1).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.grid.export }).click()]);
    const [sheet] = await readXlsxFile(await savedDownload(download));
    const data = sheet!.data;
    expect(data[0]![1]).toBe(en.errors.user.field.username);
    expect(data.length).toBe(ROWS + 2);
    const names = new Set(data.slice(1).map((r) => r[1]));
    for (const n of ['bulk0001', 'bulk0500', 'bulk1000', 'e2e_user']) expect(names.has(n)).toBe(true);
    const bulk7 = data.find((r) => r[1] === 'bulk0007')!;
    expect(bulk7.slice(0, 10)).toEqual(['acme', 'bulk0007', 'Bulk0007', 'B0007', 'Male', 'acme', null, '2026-01-01', '2030-12-31', 'Enabled']);
  });

  it('deletes a user after confirmation', async () => {
    await page.getByLabel(en.user.keyword, { exact: true }).fill('e2e_user');
    await page.getByRole('button', { name: en.common.search }).click();
    await total(1).waitFor();
    await more('e2e_user', en.common.delete);
    await rowOf('e2e_user').waitFor({ state: 'detached' });
  });
});
