/**
 * Shared steps of the application area's e2e specs (issue 14): an application `CRM Portal` (code `crm`)
 * administered by the demo's application administrator, and signing that administrator in through the
 * console and entering the application from the workbench.
 */
import { expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { DemoApp } from '@mp/demo-app';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { chooseLanguage, signInOnPage } from './support.js';
import { NORTHWIND } from './tenant-session.js';

const en = resources['en-US'];

/**
 * Adds an application administered by the demo's application administrator; answers its id and code.
 * `callbackUrl` is its login initiation URI (default `https://<code>.example.com/cb`).
 */
export async function addAppOfAppAdmin(
  api: GatewayClient,
  code: string,
  name: string,
  callbackUrl = `https://${code}.example.com/cb`,
): Promise<{ id: string; code: string }> {
  const user = (await api.post(Paths.listproductadmincandidate, { keyword: NORTHWIND.appAdmin, pageSize: 5 })).body.data.rows[0];
  const r = await api.post(Paths.addproduct, {
    code,
    name,
    abbreviation: code.toUpperCase(),
    version: 'V1.0',
    status: 1,
    callbackUrl,
    department: 'IT',
    ownerName: 'Emily Chan',
    ownerEmail: 'emily@example.com',
    ownerPhone: '13800138000',
    opsOwner: 'Ryan Ng',
    adminIds: [user.id],
  });
  expect(r.body.result).toBe('1');
  return r.body.data.row;
}

/** Adds the application `crm` ("CRM Portal") with the demo's application administrator as its administrator. */
export const addCrmApp = (api: GatewayClient) => addAppOfAppAdmin(api, 'crm', 'CRM Portal');

/** Signs the application administrator in (English) and enters the application `name` from the workbench. */
export async function enterAppAsAppAdmin(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${url}/login`);
  await chooseLanguage(page, 'English');
  await signInOnPage(page, NORTHWIND.appAdmin, DEMO_PASSWORD, 'en-US', true);
  await page.waitForURL(/\/appAdmin\/appList/, { timeout: 20_000 });
  await page.getByRole('button', { name }).click();
  await page.waitForURL(/\/app\//);
}

/** Signs the application administrator in (English) and enters `CRM Portal` from the workbench. */
export const enterCrmAsAppAdmin = (page: Page, url: string) => enterAppAsAppAdmin(page, url, 'CRM Portal');

/**
 * Opens the tree of an organisation picker (`box`, a tree select) and picks `name` under Northwind's root
 * organisation, expanding the root when `name` is not shown yet.
 */
export async function pickNorthwindOrg(page: Page, box: Locator, name: string): Promise<void> {
  await box.click();
  const root = page.locator('.ant-select-tree-treenode', { hasText: NORTHWIND.name }).first();
  await root.waitFor();
  const target = page.locator('.ant-select-tree-node-content-wrapper', { hasText: name }).first();
  if (!(await target.isVisible())) await root.locator('.ant-select-tree-switcher').click();
  await target.click();
}

/**
 * The platform administrator authorises `tenantId` to use application `productId` (version V1.0), keeping the
 * tenant's other authorised applications (`savetenantproduct` replaces the whole list).
 */
export async function authoriseApp(platform: GatewayClient, tenantId: string, productId: string): Promise<void> {
  const listed = (await platform.post(Paths.listtenantproduct, { tenantId, page: 1, pageSize: 100 })).body.data.rows as {
    productId: string;
    authorised: boolean;
    authorisedVersion: string;
  }[];
  const others = listed.filter((r) => r.authorised && r.productId !== productId).map((r) => ({ productId: r.productId, version: r.authorisedVersion }));
  const r = await platform.post(Paths.savetenantproduct, { tenantId, products: [...others, { productId, version: 'V1.0' }] });
  expect(r.body.result, `savetenantproduct ${r.body.scode}`).toBe('1');
}

/**
 * Registers a confidential client `name` of application `productId` whose redirect URI is
 * `http://127.0.0.1:<port>/callback` and starts the demo application (examples/demo-app) on `port` with it,
 * against the platform at `platformUrl`. The caller closes it.
 */
export async function startDemoAppOf(platform: GatewayClient, platformUrl: string, productId: string, name: string, port: number): Promise<DemoApp> {
  const r = await platform.post(Paths.addclient, {
    productId,
    name,
    redirectUris: [`http://127.0.0.1:${port}/callback`],
    grantTypes: ['authorization_code', 'refresh_token'],
  });
  expect(r.body.result, `addclient ${r.body.scode}`).toBe('1');
  const { row, clientSecret } = r.body.data as { row: { clientId: string }; clientSecret: string };
  return new DemoApp({ platformUrl, clientId: row.clientId, clientSecret, port }).listen();
}

/**
 * On the application's role management screen (English), creates the role `code`/`name` from the selected
 * template, kept in sync (the form preselects it); `beforeSave` runs with the form open (e.g. a screenshot).
 */
export async function newRoleFromTemplate(page: Page, code: string, name: string, beforeSave?: () => Promise<void>): Promise<void> {
  const T = en.approle;
  await page.getByRole('button', { name: T.newRole }).click();
  const d = page.getByRole('dialog', { name: T.addTitle });
  await d.getByLabel(T.field.code).fill(code);
  await d.getByLabel(T.field.name).fill(name);
  await d.getByText(T.mode.syncHelp).waitFor();
  await beforeSave?.();
  await d.getByRole('button', { name: en.common.save }).click();
  await d.waitFor({ state: 'hidden' });
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByText(T.mode.sync)
    .waitFor();
}

/**
 * On the application's role management screen (English), opens the members of role `code` (named `name`),
 * adds the user found by `keyword` and answers the members dialog (still open).
 */
export async function addAppRoleMember(page: Page, code: string, name: string, keyword: string): Promise<Locator> {
  const M = en.role.members;
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('button', { name: en.approle.action.members })
    .click();
  const members = page.getByRole('dialog', { name: M.title.replace('{{name}}', name) });
  await members.getByRole('button', { name: M.add }).click();
  const pick = page.getByRole('dialog', { name: M.addTitle.replace('{{name}}', name) });
  const search = pick.getByRole('searchbox', { name: M.keyword });
  await search.fill(keyword);
  await search.press('Enter');
  await pick
    .getByRole('row', { name: new RegExp(keyword) })
    .getByRole('checkbox')
    .check();
  await pick.getByRole('button', { name: en.common.ok }).click();
  return members;
}

/**
 * The platform administrator adds an application with no administrator whose callback address is
 * `callbackUrl` (e.g. a demo application's `/login` or `/sso`); answers its id.
 */
export async function addAppWithCallback(platform: GatewayClient, code: string, name: string, callbackUrl: string): Promise<string> {
  const r = await platform.post(Paths.addproduct, {
    code,
    name,
    abbreviation: code.slice(0, 2).toUpperCase(),
    version: 'V1.0',
    status: 1,
    callbackUrl,
    department: 'Support',
    ownerName: 'Emily Chan',
    ownerEmail: 'emily@example.com',
    ownerPhone: '13800138000',
    opsOwner: 'Ryan Ng',
    adminIds: [],
  });
  expect(r.body.result, `addproduct ${r.body.scode}`).toBe('1');
  return (r.body.data as { row: { id: string } }).row.id;
}

/** The console's bearer token as the signed-in page keeps it (local storage), '' when none. */
export function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('default') ?? '{}') as { state?: { token?: string } }).state?.token ?? '');
}

/**
 * Focuses My apps tile `tile` on `page` and opens it with Enter; answers the new window and every navigation
 * address of `context` from then on (all frames), to check that none carries the console's token.
 */
export async function openTileWithKeyboard(context: BrowserContext, page: Page, tile: Locator): Promise<{ appWindow: Page; addresses: string[] }> {
  const addresses: string[] = [];
  context.on('request', (r) => {
    if (r.isNavigationRequest()) addresses.push(r.url());
  });
  await tile.focus();
  const [appWindow] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  return { appWindow, addresses };
}
