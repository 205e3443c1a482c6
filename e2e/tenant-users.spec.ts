/**
 * User management of the tenant area end to end in Chromium (issue 5; SPEC §2 Tenant → employeeManagement,
 * §5 User and Import files; docs/tenant-users.md): the demo tenant Northwind's administrator signs in,
 * chooses the tenant, opens User management, adds a user with an organisation (chosen in the lazy tree
 * field by a search) and a position, edits them, searches, pages, filters by an organisation and its
 * subtree, disables the user, imports an Excel file with a bad row (reads the per-row report: nothing
 * imported) and then a good one (a background job), deletes the user; screenshots in English, Chinese and
 * Japanese (e2e/artifacts/tenant-users-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeExcelFile from 'write-excel-file/node';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { chooseLanguage, shot } from './support.js';
import { closeDemo, enterTenant, NORTHWIND, openPage, startDemoServer, type DemoServer } from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];
const files = mkdtempSync(join(tmpdir(), 'mp-e2e-tusers-files-'));
const ADMIN = NORTHWIND.admin;
/** Users of Northwind in the demo seed. */
const SEEDED = 8;

let server: DemoServer;
let browser: Browser;
let page: Page;
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const dialogNamed = (name: string) => page.getByRole('dialog', { name });
const f = en.errors.user.field;
/** Labels of the form (the user area's texts). */
const l = en.user.field;

/** Writes an .xlsx of users (English headings) and answers its path. */
async function sheet(name: string, rows: string[][]): Promise<string> {
  const head = [f.username, f.employeeName, f.orgCode, f.effectiveDate, f.expiryDate, f.password];
  const data = (await writeExcelFile([head, ...rows].map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer;
  const path = join(files, name);
  writeFileSync(path, data);
  return path;
}

async function importFile(path: string, fileName: string): Promise<void> {
  await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(path);
  await dialogNamed(en.job.title.replace('{{fileName}}', fileName)).waitFor();
}

beforeAll(async () => {
  server = await startDemoServer('tusers');
  ({ browser, page } = await openPage());
});
afterAll(async () => {
  await closeDemo(browser, server);
  rmSync(files, { recursive: true, force: true });
});

describe('user management in the tenant area', () => {
  it('signs in as the tenant administrator, chooses the tenant and opens user management', async () => {
    await enterTenant(page, server.url, { menu: 'employeeManagement' });
    await page.getByText(total(SEEDED)).waitFor();
    await rowOf('james_lee_northwind').waitFor();
    await page.getByTestId('tenant-user-org-tree').getByText('Northwind Logistics Ltd.').waitFor();
  });

  it('adds a user with an organisation and a position, then edits it', async () => {
    await page.getByRole('button', { name: en.user.newUser }).click();
    const d = dialogNamed(en.user.addTitle);
    await d.getByLabel(l.username).fill('e2e_tester');
    await d.getByLabel(l.password).fill('Passw0rd!x');
    await d.getByLabel(l.employeeName).fill('Tester');
    const org = d.getByLabel(l.orgId);
    await org.click();
    await org.fill('Front');
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Frontend' }).first().click();
    const station = d.getByLabel(l.stationId);
    await station.click();
    await page.locator('.ant-select-item-option', { hasText: 'Specialist' }).first().click();
    await d.getByText(en.user.section.employee, { exact: true }).click(); // closes the open list
    await shot(page, 'tenant-users-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (e: unknown) => {
      await shot(page, 'tenant-users-form-failed');
      throw e;
    });
    await page.getByText(total(SEEDED + 1)).waitFor();
    await rowOf('e2e_tester').getByText('Frontend').waitFor();

    await rowOf('e2e_tester').getByRole('button', { name: en.common.edit }).click();
    const m = dialogNamed(en.user.modifyTitle);
    expect(await m.getByLabel(l.username).inputValue()).toBe('e2e_tester');
    await m.getByLabel(l.employeeName).fill('Tester2');
    await m.getByRole('button', { name: en.common.save }).click();
    await m.waitFor({ state: 'hidden' });
    await rowOf('e2e_tester').getByText('Tester2').waitFor();
  });

  it('searches, and filters by an organisation and its subtree', async () => {
    await page.getByRole('textbox', { name: en.user.keyword }).fill('e2e');
    await page.getByRole('button', { name: en.common.search }).last().click();
    await page.getByText(total(1)).waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(SEEDED + 1)).waitFor();

    const tree = page.getByTestId('tenant-user-org-tree');
    await tree.getByText('Engineering', { exact: true }).click();
    await page.getByText(en.tenantuser.scopeOrg.replace('{{name}}', 'Engineering')).waitFor();
    await page.getByText(total(3)).waitFor(); // Engineering, and Frontend / Backend under it
    await rowOf('e2e_tester').waitFor();
    await shot(page, 'tenant-users-subtree-en');
    await page.getByRole('checkbox', { name: en.tenantuser.includeSub }).uncheck();
    await page.getByText(total(1)).waitFor();
    await rowOf(ADMIN).waitFor();
    await page.getByRole('checkbox', { name: en.tenantuser.includeSub }).check();
    await tree.getByRole('button', { name: en.tenantuser.allOrgs }).click();
    await page.getByText(en.tenantuser.scopeAll).waitFor();
    await page.getByText(total(SEEDED + 1)).waitFor();
  });

  it('disables the user', async () => {
    await rowOf('e2e_tester').getByRole('button', { name: en.common.disable }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: en.common.ok }).click();
    await rowOf('e2e_tester')
      .getByText(en.common.disabled)
      .waitFor()
      .catch(async (e: unknown) => {
        await shot(page, 'tenant-users-disable-failed');
        throw e;
      });
    await rowOf('e2e_tester').getByRole('button', { name: en.common.enable }).waitFor();
  });

  it('imports a file with a bad row (the report, nothing written), then a good one as a background job; pages', async () => {
    const bad = await sheet('bad-users.xlsx', [
      ['imported_one', 'One', 'NORTHWIND-SALES', '2026-01-01', '2030-12-31', 'Passw0rd!x'],
      ['bad name!', 'Two', 'NOWHERE', '2026-01-01', '2030-12-31', 'Passw0rd!x'],
    ]);
    await importFile(bad, 'bad-users.xlsx');
    const report = dialogNamed(en.job.title.replace('{{fileName}}', 'bad-users.xlsx'));
    await report.getByText(en.job.state.failed).waitFor({ timeout: 30_000 });
    await report.getByRole('row', { name: new RegExp(`3.*${f.username}`) }).waitFor();
    await report.getByRole('row', { name: new RegExp(`3.*${f.orgCode}`) }).waitFor();
    await shot(page, 'tenant-users-import-report-en');
    await report.getByRole('button', { name: en.job.close }).first().click();
    await page.getByText(total(SEEDED + 1)).waitFor();

    const good = await sheet('good-users.xlsx', [
      ['imported_one', 'One', 'NORTHWIND-SALES', '2026-01-01', '2030-12-31', 'Passw0rd!x'],
      ['imported_two', 'Two', 'NORTHWIND-BE', '2026-01-01', '2030-12-31', 'Passw0rd!x'],
    ]);
    await importFile(good, 'good-users.xlsx');
    const done = dialogNamed(en.job.title.replace('{{fileName}}', 'good-users.xlsx'));
    await done.getByText(en.job.doneSummary.replace('{{created}}', '2').replace('{{updated}}', '0')).waitFor({ timeout: 60_000 });
    await shot(page, 'tenant-users-import-done-en');
    await done.getByRole('button', { name: en.job.close }).first().click();
    await page.getByText(total(SEEDED + 3)).waitFor();
    // 11 users: the second page holds one
    await page.getByRole('listitem', { name: '2' }).click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(SEEDED + 3 - 10);
    await page.getByRole('listitem', { name: '1' }).click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(10);
  });

  it('deletes the user', async () => {
    await page.getByRole('textbox', { name: en.user.keyword }).fill('e2e');
    await page.getByRole('button', { name: en.common.search }).last().click();
    await page.getByText(total(1)).waitFor();
    await rowOf('e2e_tester')
      .getByRole('button', { name: new RegExp(en.user.more) })
      .click();
    await page.getByRole('menuitem', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('e2e_tester').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(SEEDED + 2)).waitFor();
    await shot(page, 'tenant-users-grid-en');
  });

  it('shows the screen in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByRole('button', { name: texts.user.newUser }).waitFor();
      await page.getByText(texts.tenantuser.orgTree, { exact: true }).waitFor();
      await shot(page, `tenant-users-grid-${tag}`);
      await page.getByRole('button', { name: texts.user.newUser }).click();
      await dialogNamed(texts.user.addTitle).getByLabel(texts.user.field.orgId).waitFor();
      await shot(page, `tenant-users-form-${tag}`);
      await page.keyboard.press('Escape');
      await dialogNamed(texts.user.addTitle).waitFor({ state: 'hidden' });
    }
  });
});
