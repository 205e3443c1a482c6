/**
 * The application's people end to end (issue 15; SPEC §2 App `org`, `user`, `orgUserRelation`;
 * docs/applications.md "Application people"): Northwind uses `CRM Portal`; its application administrator
 * enters the application, sets Engineering as the root organisation (the user grid then holds only
 * Engineering's users), adds a user into Engineering through the platform's user form, locks and unlocks
 * them, sets their account in the application, and makes them a member of another organisation inside the
 * root, then imports a file (a row outside the root refused with the per-row report, nothing written; then a good
 * file creates a user). Screenshots in English, Chinese and Japanese (e2e/artifacts/app-users-*.png).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import type { Browser, Page } from 'playwright-core';
import { AppUserPaths, Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { animationsDone, chooseLanguage, launchBrowser, shot } from './support.js';
import { startDemoServer, type DemoServer } from './tenant-session.js';
import { addCrmApp, enterCrmAsAppAdmin, pickNorthwindOrg } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const T = en.appuser;
const l = en.user.field;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };
let tenantId: string;

const inCrm = () => ({ headers: { appid: crm.id } });
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const menu = (name: string) => page.getByRole('menuitem', { name }).click();
/** Waits for toasts and loading spinners to go, then takes the screenshot. */
async function settledShot(name: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await animationsDone(page);
  await shot(page, name);
}
/** Opens the tree of an org picker (`box`) and picks `name` under the tenant's root (expanding it). */
const pickOrg = (box: ReturnType<Page['getByTestId']>, name: string) => pickNorthwindOrg(page, box, name);
/** Writes an import file of the users' template columns (English headings) into the server's data directory. */
async function userSheet(name: string, rows: string[][]): Promise<string> {
  const f = en.errors.user.field;
  const head = [f.tenantCode, f.username, f.employeeName, f.employeeCode, f.gender, f.orgCode, f.effectiveDate, f.expiryDate, f.status, f.password];
  const path = join(server.dataDir, name);
  writeFileSync(path, (await writeExcelFile([head, ...rows].map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer);
  return path;
}

beforeAll(async () => {
  server = await startDemoServer('appusers');
  api = await adminClient(server.url);
  crm = await addCrmApp(api);
  tenantId = (await api.post(Paths.listtenant, { code: 'northwind' })).body.data.rows[0].id;
  expect((await api.post(Paths.savetenantproduct, { tenantId, products: [{ productId: crm.id, version: 'V1.0' }] })).body.result).toBe('1');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the application's people", () => {
  it('sets Engineering as the root organisation of Northwind', async () => {
    await enterCrmAsAppAdmin(page, server.url);
    await menu(en.layout.route.org);
    await page.waitForURL(/\/app\/org/);
    await rowOf('Northwind Logistics Ltd.').getByText(T.wholeTenant).waitFor();
    await rowOf('Northwind Logistics Ltd.').getByRole('button', { name: T.addRoot }).click();
    const d = page.getByRole('dialog');
    await pickOrg(d.getByTestId('app-org-select'), 'Engineering');
    await d.getByRole('button', { name: en.common.ok }).click();
    await rowOf('Northwind Logistics Ltd.').getByText('Northwind Logistics Ltd. / Engineering').waitFor();
    await settledShot('app-users-org-en');
    const roots = (await api.post(AppUserPaths.listapprootorg, {}, inCrm())).body.data.rows as { tenantId: string; roots: { name: string }[] }[];
    expect(roots.find((r) => r.tenantId === tenantId)!.roots.map((r) => r.name)).toEqual(['Engineering']);
  });

  it('adds a user into Engineering, locks and unlocks them, sets their app account', async () => {
    await menu(en.layout.route.user);
    await page.waitForURL(/\/app\/user/);
    await page.getByTestId('app-tenant-choice').click();
    await page.locator('.ant-select-item-option', { hasText: 'Northwind Logistics Ltd.' }).click();
    await page.getByRole('button', { name: T.newUser }).click();
    const d = page.getByRole('dialog', { name: en.user.addTitle });
    await d.getByLabel(l.username).fill('crm_tester');
    await d.getByLabel(l.password).fill('Passw0rd!x');
    await d.getByLabel(l.employeeName).fill('CRMTester');
    await pickOrg(d.getByTestId('app-org-select').first(), 'Engineering');
    await d.getByText(en.user.section.employee, { exact: true }).click();
    await shot(page, 'app-users-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (e: unknown) => {
      await shot(page, 'app-users-form-failed');
      throw e;
    });
    await rowOf('crm_tester').getByText('Engineering').waitFor();

    await rowOf('crm_tester').getByTestId('more-crm_tester').click();
    await page.getByRole('menuitem', { name: en.user.lock }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('crm_tester').getByText(en.user.lockedTag).waitFor();
    await rowOf('crm_tester').getByTestId('more-crm_tester').click();
    await page.getByRole('menuitem', { name: en.user.unlock }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('crm_tester').getByText(en.user.unlockedTag).waitFor();

    await rowOf('crm_tester').getByTestId('more-crm_tester').click();
    await page.getByRole('menuitem', { name: T.setAccount }).click();
    await page.getByTestId('app-account-input').fill('crm.tester');
    await page.getByRole('dialog').getByRole('button', { name: en.common.ok }).click();
    await rowOf('crm_tester').getByText('crm.tester').waitFor();
    await settledShot('app-users-grid-en');
    const users = (await api.post(AppUserPaths.listappuser, { keyword: 'crm_tester' }, inCrm())).body.data.rows as {
      locked: boolean;
      externalAccount: string;
      orgName: string;
    }[];
    expect(users).toMatchObject([{ locked: false, externalAccount: 'crm.tester', orgName: 'Engineering' }]);
  });

  it('makes the user a member of an organisation inside the root', async () => {
    const level = (await api.post(AppUserPaths.listapporgtree, { tenantId }, inCrm())).body.data.rows as { id: string }[];
    const second = (await api.post(AppUserPaths.listapporgtree, { tenantId, parentId: level[0]!.id }, inCrm())).body.data.rows as {
      id: string;
      name: string;
      hasChildren: boolean;
    }[];
    const eng = second.find((o) => o.name === 'Engineering')!;
    const below = (await api.post(AppUserPaths.listapporgtree, { tenantId, parentId: eng.id }, inCrm())).body.data.rows as { id: string; name: string }[];
    expect(below.length).toBeGreaterThan(0);
    const sub = below[0]!;
    await menu(en.layout.route.orgUserRelation);
    await page.waitForURL(/\/app\/orgUserRelation/);
    await page.getByTestId('app-tenant-choice').click();
    await page.locator('.ant-select-item-option', { hasText: 'Northwind Logistics Ltd.' }).click();
    const box = page.getByTestId('app-org-select');
    await pickOrg(box, 'Engineering');
    await page.getByRole('button', { name: en.orgmember.add }).waitFor();
    // choose the sub-organisation (expand Engineering in the picker)
    await box.click();
    const engNode = page.locator('.ant-select-tree-treenode', { hasText: 'Engineering' }).first();
    const subNode = page.locator('.ant-select-tree-node-content-wrapper', { hasText: sub.name }).first();
    if (!(await subNode.isVisible())) await engNode.locator('.ant-select-tree-switcher').click();
    await subNode.click();
    await page.getByRole('button', { name: en.orgmember.add }).click();
    const d = page.getByRole('dialog');
    await d
      .getByRole('row', { name: /crm_tester/ })
      .getByRole('checkbox')
      .check();
    await d.getByRole('button', { name: en.common.ok }).click();
    await rowOf('crm_tester').waitFor();
    await shot(page, 'app-users-relation-en');
    const members = (await api.post(AppUserPaths.listapporguser, { tenantId, orgId: sub.id }, inCrm())).body.data.rows as {
      username: string;
      affiliated: boolean;
    }[];
    expect(members.filter((m) => m.username === 'crm_tester')).toMatchObject([{ affiliated: false }]);
  });

  it('imports users: a row outside the root is refused with the per-row report (nothing written), then a good file', async () => {
    const level = (await api.post(AppUserPaths.listapporgtree, { tenantId }, inCrm())).body.data.rows as { id: string }[];
    const second = (await api.post(AppUserPaths.listapporgtree, { tenantId, parentId: level[0]!.id }, inCrm())).body.data.rows as {
      name: string;
      code: string;
    }[];
    const code = (name: string) => second.find((o) => o.name === name)!.code;
    const row = (username: string, org: string) => ['northwind', username, 'Imported', 'IMP_1', 'F', org, '2026-01-01', '2030-12-31', 'Enabled', 'Passw0rd!x'];
    await menu(en.layout.route.user);
    await page.waitForURL(/\/app\/user/);
    await page
      .locator('input[type=file][accept=".xls,.xlsx"]')
      .setInputFiles(await userSheet('bad-users.xlsx', [row('crm_imp_ok', code('Engineering')), row('crm_imp_sales', code('Sales'))]));
    const report = page.getByTestId('import-report');
    await report.getByText(en.errors.appuser.org_outside_roots).waitFor();
    await settledShot('app-users-import-report-en');
    await page.getByRole('button', { name: en.common.close }).last().click();
    await report.waitFor({ state: 'detached' });
    expect((await api.post(AppUserPaths.listappuser, { keyword: 'crm_imp' }, inCrm())).body.data.records).toBe(0);

    await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(await userSheet('good-users.xlsx', [row('crm_imp_ok', code('Engineering'))]));
    await page.getByText(en.user.importDone.replace('{{created}}', '1').replace('{{updated}}', '0')).waitFor();
    await rowOf('crm_imp_ok').getByText('Engineering').waitFor();
  });

  it('shows the screens in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await menu(texts.layout.route.org);
      await page.getByText(texts.appuser.orgTitle).first().waitFor();
      await settledShot(`app-users-org-${tag}`);
      await menu(texts.layout.route.user);
      await page.getByText(texts.appuser.usersTitle).first().waitFor();
      await rowOf('crm_tester').waitFor();
      await settledShot(`app-users-grid-${tag}`);
    }
  });
});
