/**
 * Approval workflow end to end (issue 16 "Workflow: approvals"; docs/workflow.md): Northwind uses `CRM Portal`
 * with Sales as its root organisation, so an Engineering employee (the requester) cannot use it. In Chromium:
 * the application administrator sets the process (the department managers' role `deptmgr`, then the
 * administrators); the requester asks for the application with a reason; the Engineering department manager
 * sees the task on the personal home and the badge count 1, opens My task and approves; the application
 * administrator approves on the application's approval page; the requester's My apps then shows the tile and
 * the history shows each step. Screens in three languages (e2e/artifacts/workflow-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppUserPaths, WorkflowAppPaths, type AppOrgNode } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { DEMO_PASSWORD, DEMO_TENANTS, peopleOf } from '../packages/server/src/scripts/seed-demo-data.js';
import { adminClient } from './seed-api.js';
import { animationsDone, chooseLanguage, JOURNEY, journey, launchBrowser, shot } from './support.js';
import { demoTenantId, NORTHWIND, signInThroughConsole, startDemoServer, type DemoServer } from './tenant-session.js';
import { addCrmApp, authoriseApp, enterCrmAsAppAdmin } from './app-area.js';

const zh = resources['zh-CN'].workflow;
const en = resources['en-US'].workflow;
const ja = resources['ja-JP'].workflow;
const NW = DEMO_TENANTS.findIndex((t) => t.code === NORTHWIND.code);
/** Person 4 works in a team under Engineering, the first department (seed-demo.ts `orgOf`), covered by the department manager's role. */
const REQUESTER = peopleOf(DEMO_TENANTS[NW]!, NW)[4]!.username;
const REASON = 'I follow up Engineering customer tickets';

let server: DemoServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let current: Page | undefined;

/** A fresh browser context (its own session storage) with one page. */
async function newPage(): Promise<Page> {
  const c = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  contexts.push(c);
  current = await c.newPage();
  return current;
}

/** The header's pending task count as the badge shows it. */
async function badgeCount(page: Page): Promise<number> {
  const text =
    (await page
      .getByTestId('task-badge')
      .locator('.ant-badge-count')
      .textContent()
      .catch(() => null)) ?? '0';
  return Number(text.trim() || '0');
}

beforeAll(async () => {
  server = await startDemoServer('workflow');
  const tenantId = await demoTenantId(server.url);
  const platform = await adminClient(server.url);
  const crm = await addCrmApp(platform);
  await authoriseApp(platform, tenantId, crm.id);
  const inApp = { headers: { appid: crm.id } };
  const top = (await platform.post(AppUserPaths.listapporgtree, { tenantId, parentId: tenantId }, inApp)).body.data.rows as AppOrgNode[];
  const sales = top.find((o) => o.name === 'Sales');
  expect(sales, 'the Sales department').toBeTruthy();
  expect((await platform.post(AppUserPaths.addapprootorg, { tenantId, orgIds: [sales!.id] }, inApp)).body.result).toBe('1');
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('approval workflow', JOURNEY, () => {
  journey({ name: 'workflow', page: () => current });
  it('a user requests an application, the manager and then the application administrator approve, and My apps shows it', async () => {
    // the application administrator sets the process: department managers, then the administrators
    const admin = await newPage();
    await enterCrmAsAppAdmin(admin, server.url);
    // the steps are not editable until the saved process is loaded (a step added earlier was replaced by the
    // loaded ones when they came: seen under load); the load is held here until the form is checked
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await admin.route(`**${WorkflowAppPaths.getwfprocess}`, async (route) => {
      await held;
      await route.continue();
    });
    await admin.goto(`${server.url}/app/workflow`);
    await admin.getByRole('tab', { name: en.process.settings }).click();
    await admin.locator('.ant-skeleton').first().waitFor();
    expect(await admin.getByTestId('wf-add-step').count()).toBe(0);
    release(); // later loads of the process (after the save) pass at once
    await admin.getByTestId('wf-add-step').click();
    await admin.getByTestId('wf-step-0').fill('deptmgr');
    await admin.getByTestId('wf-save-process').click();
    await admin.getByText(en.saved).waitFor();
    await admin.getByText(en.stepKind.manager.replace('{{roleCode}}', 'deptmgr')).first().waitFor();
    await shot(admin, 'workflow-process-en-US');

    // the requester asks for CRM Portal with a reason
    const requester = await newPage();
    await signInThroughConsole(requester, server.url, REQUESTER, DEMO_PASSWORD, /\/userAdmin\//);
    await requester.goto(`${server.url}/userAdmin/app`);
    await requester.getByText(resources['zh-CN'].myapps.empty).waitFor();
    await requester.goto(`${server.url}/userAdmin/wfinitiated`);
    await requester.getByTestId('wf-new').click();
    await requester.getByTestId('wf-target').click();
    await requester.getByTitle('CRM Portal (crm)').click();
    await requester.getByPlaceholder(zh.reasonPlaceholder).fill(REASON);
    await shot(requester, 'workflow-request-zh-CN');
    await requester.getByRole('button', { name: /确\s*定|OK/ }).click();
    await requester.getByText(zh.submitted).waitFor();
    await requester.getByRole('cell', { name: new RegExp(REASON) }).waitFor();
    await requester.getByText(zh.status.pending, { exact: true }).first().waitFor();

    // the Engineering manager: the badge counts one task; My task; approve with a comment
    const manager = await newPage();
    await signInThroughConsole(manager, server.url, NORTHWIND.manager, DEMO_PASSWORD, /\/(userAdmin|tenancy)/);
    await manager.goto(`${server.url}/userAdmin/bbcapp`);
    await manager
      .getByTestId('wf-home-tasks')
      .getByText(/CRM Portal/)
      .waitFor(); // the personal home lists the task
    await expect.poll(() => badgeCount(manager), { timeout: 15_000 }).toBe(1);
    await manager.getByTestId('task-badge').click();
    await manager.waitForURL(/\/userAdmin\/wftask/);
    await manager.getByRole('cell', { name: new RegExp(REASON) }).waitFor();
    await shot(manager, 'workflow-task-zh-CN');
    await manager.getByTestId('wf-open').first().click();
    await manager.getByTestId('wf-approve').click();
    await manager.getByTestId('wf-comment').fill('Approved for the Engineering desk');
    await shot(manager, 'workflow-decide-zh-CN');
    await manager
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .last()
      .click();
    await manager.locator('.ant-message').getByText(zh.decided, { exact: true }).waitFor(); // the toast (the menu's '我已处理' holds the same words)
    await expect.poll(() => badgeCount(manager), { timeout: 15_000 }).toBe(0);

    // the application administrator approves on the application's approval page
    await admin.bringToFront();
    await admin.getByRole('tab', { name: en.process.requests }).click();
    await admin.reload();
    await admin.getByRole('cell', { name: new RegExp(REASON) }).waitFor();
    await expect.poll(() => badgeCount(admin), { timeout: 15_000 }).toBe(1);
    await admin.getByTestId('wf-open').first().click();
    await admin.getByTestId('wf-history').getByText('Approved for the Engineering desk').waitFor();
    await animationsDone(admin); // the drawer's opening animation
    await shot(admin, 'workflow-detail-en-US');
    await admin.getByTestId('wf-approve').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'OK' }).last().click();
    await admin.locator('.ant-message').getByText(en.decided, { exact: true }).waitFor();

    // the requester now has the tile; the request shows approved with its history, in Japanese
    await requester.bringToFront();
    await requester.goto(`${server.url}/userAdmin/app`);
    await requester.getByRole('button', { name: /CRM Portal/ }).waitFor({ timeout: 20_000 });
    await shot(requester, 'workflow-myapps-zh-CN');
    await requester.goto(`${server.url}/userAdmin/wfinitiated`);
    await chooseLanguage(requester, '日本語');
    await requester.getByText(ja.status.approved, { exact: true }).first().waitFor();
    await requester.getByTestId('wf-open').first().click();
    const history = requester.getByTestId('wf-history');
    await history.getByText(ja.action.submit).waitFor();
    expect(await history.getByText(ja.action.approve).count()).toBe(2);
    await animationsDone(requester);
    await shot(requester, 'workflow-history-ja-JP');
  });
});
