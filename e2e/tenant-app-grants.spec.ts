/**
 * Tenant roles granted an application's permissions in Chromium (issue 14 "Grants reach the tenants";
 * SPEC §2 role authorisation, role API authorisation, authorisation viewing; §4 "ticking write keeps
 * read ticked"; docs/applications.md "Grants reach the tenants"): an application Help Desk is designed
 * through the application area's gateway calls (a module with two pages, a form with a button control,
 * an API the button saves with) and authorised for Northwind; Northwind's administrator opens Role
 * management, grants a role read on one page and write on the button in the role authorisation dialog's
 * application tab (read stays ticked), the API in the API authorisation dialog's application tab, and
 * sees both in the viewer; the gateway answers the same bits. Screenshots in English, Chinese and
 * Japanese (e2e/artifacts/tenant-app-grants-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AppApiPaths, AppGrantPaths, AppMenuPaths, AppPagePaths, Paths, type AppPermissionNode } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, shot } from './support.js';
import { closeDemo, demoTenantId, enterTenant, openPage, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];
const APP = 'Help Desk';
const ROLE = 'Ticket_clerks';

let server: DemoServer;
let browser: Browser;
let page: Page;
let admin: GatewayClient;
let product = '';
const ids = { api: '', tickets: '', reports: '', form: '', close: '', module: '', ticketsMenu: '', reportsMenu: '', role: '' };
const dialogNamed = (name: string) => page.getByRole('dialog', { name });
const fill = (s: string, name: string) => s.replace('{{name}}', name);
const show = (texts: typeof en, name: string, suffix: keyof typeof en.appgrant.suffix) =>
  texts.appgrant.showName.replace('{{name}}', name).replace('{{suffix}}', texts.appgrant.suffix[suffix]);

/** Throws with the envelope's code unless the call succeeded; answers `data`. */
async function ok<D = { row: { id: string } }>(
  p: Promise<{ status: number; body: { result: string; scode?: string; msg?: string; data: unknown } }>,
  what: string,
): Promise<D> {
  const r = await p;
  if (r.body.result !== '1') throw new Error(`${what}: HTTP ${r.status} ${r.body.scode} ${r.body.msg}`);
  return r.body.data as D;
}

/** Opens the Authorise menu of the role's row and picks `item`. */
async function authorise(texts: typeof en, item: string): Promise<void> {
  await page
    .getByRole('row', { name: /ticket_clerk/ })
    .getByRole('button', { name: texts.role.action.authorise })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

beforeAll(async () => {
  server = await startDemoServer('appgrants');
  const tenantId = await demoTenantId(server.url);
  const platform = await adminClient(server.url); // after demoTenantId: a new sign-in replaces the session
  product = (
    await ok(
      platform.post(Paths.addproduct, {
        code: 'helpdesk',
        name: APP,
        abbreviation: 'HD',
        version: 'V1.0',
        status: 1,
        callbackUrl: 'http://127.0.0.1/cb',
        department: 'Support',
        ownerName: 'Emily Chan',
        ownerEmail: 'emily@example.com',
        ownerPhone: '13800138000',
        opsOwner: 'Ryan Ng',
        adminIds: [],
      }),
      'addproduct',
    )
  ).row.id;
  const authorised = (await platform.post(Paths.listtenantproduct, { tenantId, page: 1, pageSize: 100 })).body.data.rows as {
    productId: string;
    authorised: boolean;
    authorisedVersion: string;
  }[];
  await ok(
    platform.post(Paths.savetenantproduct, {
      tenantId,
      products: [
        ...authorised.filter((r) => r.authorised && r.productId !== product).map((r) => ({ productId: r.productId, version: r.authorisedVersion })),
        { productId: product, version: 'V1.0' },
      ],
    }),
    'savetenantproduct',
  );
  // The design, through the application area's calls (a platform administrator may act in every application).
  const inApp = { headers: { appid: product } };
  const post = (path: string, body: unknown, what: string) => ok(platform.post(path, body, inApp), what);
  ids.api = (
    await post(AppApiPaths.addappapi, { name: 'Close ticket', serviceName: 'support', moduleName: 'tickets', url: '/support/tickets/close.do' }, 'addappapi')
  ).row.id;
  ids.tickets = (await post(AppPagePaths.addapppage, { formId: 'tickets', name: 'Tickets', path: '/tickets', platformType: 3 }, 'addapppage')).row.id;
  ids.reports = (await post(AppPagePaths.addapppage, { formId: 'reports', name: 'Reports', path: '/reports', platformType: 3 }, 'addapppage')).row.id;
  const node = async (body: unknown, what: string) => (await ok<{ id: string }>(platform.post(AppPagePaths.addappnode, body, inApp), what)).id;
  ids.form = await node({ pageId: ids.tickets, nodeType: 'form', name: 'Ticket form' }, 'addappnode form');
  ids.close = await node({ pageId: ids.tickets, parentId: ids.form, nodeType: 'button', name: 'Close', saveApiIds: [ids.api] }, 'addappnode button');
  ids.module = (await post(AppMenuPaths.addappmenu, { parentId: '0', code: 'support', name: 'Support', menuType: 'module' }, 'addappmenu')).row.id;
  ids.ticketsMenu = (
    await post(
      AppMenuPaths.addappmenu,
      { parentId: ids.module, code: 'tickets', name: 'Tickets', menuType: 'page', pageId: ids.tickets, target: '/tickets' },
      'addappmenu',
    )
  ).row.id;
  ids.reportsMenu = (
    await post(
      AppMenuPaths.addappmenu,
      { parentId: ids.module, code: 'reports', name: 'Reports', menuType: 'page', pageId: ids.reports, target: '/reports' },
      'addappmenu',
    )
  ).row.id;
  admin = await tenantClient(server.url, tenantId);
  await ok(admin.post(Paths.addtenantrole, { roleNo: 'ticket_clerk', roleName: ROLE, orgId: tenantId }), 'addtenantrole');
  ids.role = ((await admin.post(Paths.listtenantrole, { roleNo: 'ticket_clerk' })).body.data.rows[0] as { roleId: string }).roleId;
  ({ browser, page } = await openPage());
});
afterAll(() => closeDemo(browser, server));

describe("a tenant administrator grants an application's permissions to a role", () => {
  it('grants read on a page and write on a button in the application tab (write keeps read ticked)', async () => {
    await enterTenant(page, server.url, { menu: 'roleManagement' });
    await page.getByRole('row', { name: /ticket_clerk/ }).waitFor();
    await authorise(en, en.role.action.menuGrant);
    const d = dialogNamed(fill(en.role.grant.menuTitle, ROLE));
    await d.getByRole('tab', { name: en.appgrant.consoleTab }).waitFor();
    await d.getByRole('tab', { name: APP }).click();
    const tickets = show(en, 'Tickets', 'page');
    const close = show(en, 'Close', 'button');
    await d.getByRole('checkbox', { name: `${tickets} ${en.role.grant.read}` }).check();
    await d.getByRole('checkbox', { name: `${close} ${en.role.grant.write}` }).check();
    expect(await d.getByRole('checkbox', { name: `${close} ${en.role.grant.read}` }).isChecked()).toBe(true);
    expect(await d.getByRole('checkbox', { name: `${show(en, 'Reports', 'page')} ${en.role.grant.read}` }).isChecked()).toBe(false);
    // the search keeps a match with its ancestors, and says when nothing matches
    const search = d.getByRole('searchbox', { name: en.appgrant.search }).last();
    await search.fill('close');
    await search.press('Enter');
    expect(await d.getByRole('checkbox', { name: `${show(en, 'Reports', 'page')} ${en.role.grant.read}` }).count()).toBe(0);
    await d.getByRole('checkbox', { name: `${close} ${en.role.grant.write}` }).waitFor();
    await shot(page, 'tenant-app-grants-menus-en');
    await search.fill('nothing-like-this');
    await search.press('Enter');
    await d.getByText(en.appgrant.noMatch).waitFor();
    await search.fill('');
    await search.press('Enter');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
  });

  it("grants the API in the API authorisation dialog's application tab (the API-permission tree)", async () => {
    await authorise(en, en.tenantrole.apiGrant);
    const d = dialogNamed(fill(en.tenantrole.api.title, ROLE));
    await d.getByRole('tab', { name: APP }).click();
    await d.getByText(show(en, 'Support', 'module')).waitFor();
    await d.getByRole('checkbox', { name: show(en, 'Close ticket', 'api') }).check();
    await d.getByText(en.appgrant.count.replace('{{count}}', '1')).waitFor();
    await shot(page, 'tenant-app-grants-apis-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
  });

  it('sees the grants in the viewer, per application', async () => {
    await authorise(en, en.role.action.viewGrant);
    const v = dialogNamed(fill(en.role.view.title, ROLE));
    const app = v.getByTestId(`view-app-${product}`);
    await app.getByText(APP).waitFor();
    await app.getByText(show(en, 'Tickets', 'page')).waitFor();
    await app.getByText(show(en, 'Close', 'button'), { exact: false }).waitFor();
    await app.getByText(en.role.grant.write).waitFor();
    await app.getByText(show(en, 'Close ticket', 'api')).waitFor();
    await page.locator('.ant-zoom-appear').waitFor({ state: 'detached' }); // the dialog's opening animation
    await shot(page, 'tenant-app-grants-view-en');
    await v.locator('.ant-modal-close').click();
    await v.waitFor({ state: 'hidden' });
  });

  it('shows the dialogs in Chinese and Japanese', async () => {
    for (const [lang, texts, name] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, lang);
      await page.getByRole('button', { name: texts.role.newRole }).waitFor();
      await authorise(texts as typeof en, texts.role.action.menuGrant);
      const d = dialogNamed(fill(texts.role.grant.menuTitle, ROLE));
      await d.getByRole('tab', { name: APP }).click();
      const close = show(texts as typeof en, 'Close', 'button');
      expect(await d.getByRole('checkbox', { name: `${close} ${texts.role.grant.write}` }).isChecked()).toBe(true);
      await shot(page, `tenant-app-grants-menus-${name}`);
      await d.locator('.ant-modal-close').click();
      await d.waitFor({ state: 'hidden' });
      await authorise(texts as typeof en, texts.role.action.viewGrant);
      const v = dialogNamed(fill(texts.role.view.title, ROLE));
      await v
        .getByTestId(`view-app-${product}`)
        .getByText(show(texts as typeof en, 'Close ticket', 'api'))
        .waitFor();
      await shot(page, `tenant-app-grants-view-${name}`);
      await v.locator('.ant-modal-close').click();
      await v.waitFor({ state: 'hidden' });
    }
    await chooseLanguage(page, 'English');
  });

  it('the gateway answers the bits the dialogs saved (read on the page, write and read on the button, the API)', async () => {
    // a new gateway sign-in of the administrator (it replaces the browser's session, so it comes last)
    admin = await tenantClient(server.url, admin.tenantId);
    const bitsOf = async (path: string) => {
      const bits = new Map<string, number>();
      const walk = (ns: AppPermissionNode[]) =>
        ns.forEach((n) => {
          if (n.purview) bits.set(n.uniqueId, n.purview);
          walk(n.children);
        });
      walk((await admin.get(`${path}?roleId=${ids.role}&productId=${product}`)).body.data.rows as AppPermissionNode[]);
      return [...bits];
    };
    expect(await bitsOf(AppGrantPaths.listtenantapppurview)).toEqual([
      [`menu:${ids.ticketsMenu}`, 1],
      [`control:${ids.close}`, 3],
    ]);
    expect(await bitsOf(AppGrantPaths.listtenantappapipurview)).toEqual([[`api:${ids.api}`, 1]]);
  });
});
