/**
 * The application people chain end to end (issue 15 "Tests and figures"; docs/applications.md "Application
 * people"): an application administrator sets the application's root organisation for Northwind (Engineering),
 * adds a user into it, creates a permission template granting a module and its page, creates a role from the
 * template and adds the user; the user signs in to the console, sees the application's tile on My apps, opens it
 * and lands signed in at the demo application (examples/demo-app) with the role's menu, answered by the policy
 * service from the application role — and nothing of the module the template does not grant.
 *
 * Through the gateway (not part of the story): the platform creates the application (its callback address is the
 * demo application's login initiation URI), its confidential client and Northwind's authorisation; the
 * application's menu design. Everything else in Chromium. Screenshots: e2e/artifacts/app-people-chain-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppMenuPaths, AppPagePaths, AppRolePaths, AppUserPaths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { DemoApp } from '@mp/demo-app';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { freePort } from '../packages/server/src/modules/oidc/oidc.fixtures.js';
import { adminClient } from './seed-api.js';
import { launchBrowser, shot } from './support.js';
import { demoTenantId, NORTHWIND, signInThroughConsole, startDemoServer, type DemoServer } from './tenant-session.js';
import { addAppOfAppAdmin, addAppRoleMember, authoriseApp, enterAppAsAppAdmin, newRoleFromTemplate, pickNorthwindOrg, startDemoAppOf } from './app-area.js';

const en = resources['en-US'];
const APP = 'Field Service';
const USER = 'chain_user';
const PASSWORD = 'Chain-Passw0rd!';

let server: DemoServer;
let browser: Browser;
/** The application administrator's console (English) and the user's (Chinese, the browser's language). */
let admin: Page;
let userContext: BrowserContext;
let userPage: Page;
let demo: DemoApp;
let platform: GatewayClient;
let app: { id: string; code: string };
let tenantId: string;

const inApp = () => ({ headers: { appid: app.id } });
const rowOf = (text: string) => admin.getByRole('row', { name: new RegExp(text) });
const menu = (name: string) => admin.getByRole('menuitem', { name }).click();

/** Answers the call's `data`, failing the step with the envelope's code when it did not succeed. */
async function data<D>(call: Promise<{ status: number; body: { result: string; scode?: string; data: D } }>, what: string): Promise<D> {
  const r = await call;
  expect(r.body.result, `${what}: HTTP ${r.status} ${r.body.scode}`).toBe('1');
  return r.body.data;
}

beforeAll(async () => {
  server = await startDemoServer('peoplechain');
  tenantId = await demoTenantId(server.url);
  platform = await adminClient(server.url);
  const port = await freePort();
  app = await addAppOfAppAdmin(platform, 'fieldservice', APP, `http://127.0.0.1:${port}/login`);
  await authoriseApp(platform, tenantId, app.id);
  demo = await startDemoAppOf(platform, server.url, app.id, 'Field Service web', port);
  // the menu design: module Jobs (a new window of the application alone) with the page Dispatch; module Billing beside it
  const dispatch = (
    await data<{ row: { id: string } }>(
      platform.post(AppPagePaths.addapppage, { formId: 'dispatch', name: 'Dispatch', path: '/dispatch', platformType: 1 }, inApp()),
      'addapppage',
    )
  ).row;
  const jobs = (
    await data<{ row: { id: string } }>(
      platform.post(AppMenuPaths.addappmenu, { parentId: '0', code: 'jobs', name: 'Jobs', menuType: 'module', openType: 3, platformType: 3 }, inApp()),
      'jobs',
    )
  ).row;
  await data(
    platform.post(
      AppMenuPaths.addappmenu,
      { parentId: jobs.id, code: 'dispatch', name: 'Dispatch', menuType: 'page', pageId: dispatch.id, openType: 3, platformType: 3 },
      inApp(),
    ),
    'dispatch',
  );
  await data(
    platform.post(AppMenuPaths.addappmenu, { parentId: '0', code: 'billing', name: 'Billing', menuType: 'module', openType: 3, platformType: 3 }, inApp()),
    'billing',
  );
  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  userContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  userPage = await userContext.newPage();
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [name, p] of [
    ['admin', admin],
    ['user', userPage],
  ] as const)
    if (p) await shot(p, `app-people-chain-failed-${name}`).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await server?.stop();
});

describe('root organisation → user → role from a template → My apps → the demo application', () => {
  it('the application administrator sets Engineering as the root organisation of Northwind (Chromium)', async () => {
    await enterAppAsAppAdmin(admin, server.url, APP);
    await menu(en.layout.route.org);
    await admin.waitForURL(/\/app\/org/);
    await rowOf(NORTHWIND.name).getByText(en.appuser.wholeTenant).waitFor();
    await rowOf(NORTHWIND.name).getByRole('button', { name: en.appuser.addRoot }).click();
    const d = admin.getByRole('dialog');
    await pickNorthwindOrg(admin, d.getByTestId('app-org-select'), 'Engineering');
    await d.getByRole('button', { name: en.common.ok }).click();
    await rowOf(NORTHWIND.name).getByText(`${NORTHWIND.name} / Engineering`).waitFor();
    const roots = (
      await data<{ rows: { tenantId: string; roots: { name: string }[] }[] }>(platform.post(AppUserPaths.listapprootorg, {}, inApp()), 'listapprootorg')
    ).rows;
    expect(roots.find((r) => r.tenantId === tenantId)!.roots.map((r) => r.name)).toEqual(['Engineering']);
  });

  it('adds a user into Engineering (Chromium)', async () => {
    await menu(en.layout.route.user);
    await admin.waitForURL(/\/app\/user/);
    await admin.getByTestId('app-tenant-choice').click();
    await admin.locator('.ant-select-item-option', { hasText: NORTHWIND.name }).click();
    await admin.getByRole('button', { name: en.appuser.newUser }).click();
    const d = admin.getByRole('dialog', { name: en.user.addTitle });
    await d.getByLabel(en.user.field.username).fill(USER);
    await d.getByLabel(en.user.field.password).fill(PASSWORD);
    await d.getByLabel(en.user.field.employeeName).fill('ChainUser');
    await pickNorthwindOrg(admin, d.getByTestId('app-org-select').first(), 'Engineering');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 });
    await rowOf(USER).getByText('Engineering').waitFor();
    const users = (
      await data<{ rows: { username: string; orgName: string }[] }>(platform.post(AppUserPaths.listappuser, { keyword: USER }, inApp()), 'listappuser')
    ).rows;
    expect(users).toMatchObject([{ username: USER, orgName: 'Engineering' }]);
  });

  it('creates a template granting Jobs and Dispatch, a role from it, and adds the user (Chromium)', async () => {
    const T = en.approle;
    await menu(en.layout.route.roleManagement);
    await admin.waitForURL(/\/app\/roleManagement/);
    await admin.getByTestId('template-add').click();
    const t = admin.getByRole('dialog', { name: T.templates.addTitle });
    await t.getByLabel(T.templates.name).fill('Dispatchers');
    await t.getByRole('button', { name: en.common.save }).click();
    await t.waitFor({ state: 'hidden' });
    await admin.getByTestId('template-Dispatchers').click();
    await admin.getByRole('button', { name: T.templates.menuGrant }).click();
    const g = admin.getByRole('dialog', { name: T.grant.menuTitle.replace('{{name}}', 'Dispatchers') });
    await g.getByRole('checkbox', { name: /^Jobs.* Read$/ }).check();
    await g.getByRole('checkbox', { name: /^Dispatch.* Read$/ }).check();
    await g.getByRole('button', { name: en.common.save }).click();
    await g.waitFor({ state: 'hidden' });

    await newRoleFromTemplate(admin, 'dispatcher', 'Dispatcher');
    const m = await addAppRoleMember(admin, 'dispatcher', 'Dispatcher', USER);
    await m.getByRole('row', { name: new RegExp(USER) }).waitFor();
    await shot(admin, 'app-people-chain-members');
    const role = (
      await data<{ rows: { id: string; memberCount: number; templateName: string }[] }>(
        platform.post(AppRolePaths.listapprole, { code: 'dispatcher' }, inApp()),
        'listapprole',
      )
    ).rows[0]!;
    expect(role).toMatchObject({ templateName: 'Dispatchers', memberCount: 1 });
  });

  it("the user signs in, sees the tile on My apps, opens it and lands signed in at the demo application with the role's menu (Chromium)", async () => {
    await signInThroughConsole(userPage, server.url, USER, PASSWORD, /\/userAdmin\//);
    await userPage.goto(`${server.url}/userAdmin/app`);
    const tile = userPage.getByRole('list', { name: resources['zh-CN'].myapps.title }).getByRole('button', { name: new RegExp(APP) });
    await tile.waitFor({ timeout: 20_000 });
    await shot(userPage, 'app-people-chain-my-apps');
    const [appWindow] = await Promise.all([userContext.waitForEvent('page'), tile.click()]);
    await appWindow.waitForURL(`${demo.url}/`, { timeout: 30_000 });
    await appWindow.getByTestId('menu').waitFor();
    expect(await appWindow.getByTestId('who').textContent()).toContain(USER);
    expect(await appWindow.getByTestId('roles').textContent()).toBe('dispatcher'); // the application role, not a tenant role
    expect(await appWindow.getByTestId('menu-jobs').getAttribute('data-menu-type')).toBe('module');
    expect(await appWindow.getByTestId('menu-dispatch').getAttribute('data-menu-type')).toBe('page');
    expect(await appWindow.getByTestId('menu-billing').count()).toBe(0);
    await shot(appWindow, 'app-people-chain-demo-app');
  });
});
