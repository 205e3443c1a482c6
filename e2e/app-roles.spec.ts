/**
 * Application roles with permission templates end to end (issue 15 "App roles"; SPEC §2 App
 * roleManagement, "permission configuration from a template tree"; docs/applications.md "Application
 * roles and permission templates"): Northwind uses `CRM Portal` (a module Sales); its application
 * administrator creates a template, is told the root and nothing-selected cannot be configured, grants the
 * template Sales (read and write), creates a role from it (kept in sync), adds a Northwind user as member,
 * and the role's grants are the template's. Screenshots in English, Chinese and Japanese
 * (e2e/artifacts/app-roles-*.png).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AppMenuPaths, AppRolePaths, Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, launchBrowser, shot } from './support.js';
import { NORTHWIND, startDemoServer, type DemoServer } from './tenant-session.js';
import { addAppRoleMember, addCrmApp, enterCrmAsAppAdmin, newRoleFromTemplate } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const T = en.approle;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };
let salesId: string;

const inCrm = () => ({ headers: { appid: crm.id } });
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();

beforeAll(async () => {
  server = await startDemoServer('approles');
  api = await adminClient(server.url);
  crm = await addCrmApp(api);
  const tenantId = (await api.post(Paths.listtenant, { code: NORTHWIND.code })).body.data.rows[0].id;
  expect((await api.post(Paths.savetenantproduct, { tenantId, products: [{ productId: crm.id, version: 'V1.0' }] })).body.result).toBe('1');
  const sales = await api.post(AppMenuPaths.addappmenu, { parentId: '0', code: 'sales', name: 'Sales', menuType: 'module' }, inCrm());
  expect(sales.body.result).toBe('1');
  salesId = sales.body.data.row.id;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('application roles from a permission template', () => {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await shot(page, `app-roles-failed-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}`);
  });
  it('creates a template and grants it a menu (root and nothing selected are refused with the §5 messages)', async () => {
    await enterCrmAsAppAdmin(page, server.url);
    await page.getByRole('menuitem', { name: en.layout.route.roleManagement }).click();
    await page.waitForURL(/\/app\/roleManagement/);
    await page.getByTestId('template-CRM Portal').waitFor();
    await page.getByRole('button', { name: T.templates.menuGrant }).click();
    await toast(T.templates.selectFirst);
    await page.getByTestId('template-CRM Portal').click();
    await page.getByRole('button', { name: T.templates.menuGrant }).click();
    await toast(T.templates.rootTip);

    await page.getByTestId('template-add').click();
    const d = page.getByRole('dialog', { name: T.templates.addTitle });
    await d.getByLabel(T.templates.name).fill('Sales staff');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByTestId('template-Sales staff').click();
    await page.getByRole('button', { name: T.templates.menuGrant }).click();
    const g = page.getByRole('dialog', { name: T.grant.menuTitle.replace('{{name}}', 'Sales staff') });
    await g.getByRole('checkbox', { name: /Sales.* Write$/ }).check();
    await shot(page, 'app-roles-template-grant-en');
    await g.getByRole('button', { name: en.common.save }).click();
    await g.waitFor({ state: 'hidden' });
    const tree = (await api.post(AppRolePaths.treeapptemplate, {}, inCrm())).body.data.root;
    const tid = tree.children[0].id as string;
    const rows = (await api.post(AppRolePaths.apptemplatepurview, { templateId: tid }, inCrm())).body.data.rows;
    expect(rows).toMatchObject([{ uniqueId: `menu:${salesId}`, purview: 3 }]);
  });

  it('creates a role from the template (kept in sync) and adds a member', async () => {
    // the selected template is preselected, in sync
    await newRoleFromTemplate(page, 'sales_staff', 'SalesStaff', () => shot(page, 'app-roles-form-en'));
    const m = await addAppRoleMember(page, 'sales_staff', 'SalesStaff', NORTHWIND.manager);
    await toast(en.role.members.added);
    await m.getByRole('row', { name: new RegExp(NORTHWIND.manager) }).waitFor();
    await shot(page, 'app-roles-members-en');
    await m.getByRole('button', { name: /close/i }).first().click();
    await m.waitFor({ state: 'hidden' });
    await rowOf('sales_staff').getByRole('cell', { name: '1', exact: true }).waitFor();
    await shot(page, 'app-roles-grid-en');

    const role = (await api.post(AppRolePaths.listapprole, { code: 'sales_staff' }, inCrm())).body.data.rows[0];
    expect(role).toMatchObject({ templateName: 'Sales staff', templateMode: 'sync', memberCount: 1 });
    const view = (await api.post(AppRolePaths.approlegrantview, { roleId: role.id }, inCrm())).body.data.rows;
    expect(view).toMatchObject([{ uniqueId: `menu:${salesId}`, purview: 3 }]);
  });

  it('shows the screen in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByText(texts.approle.templates.title).first().waitFor();
      await rowOf('sales_staff').getByText(texts.approle.mode.sync).waitFor();
      await page.mouse.click(900, 800); // closes the language menu (an empty part of the page)
      await page
        .locator('.ant-dropdown-menu')
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .catch(() => undefined);
      await shot(page, `app-roles-grid-${tag}`);
    }
  });
});
