/**
 * Role management of the tenant area end to end in Chromium (issue 5; SPEC §2 Role management, §5 Role,
 * §6; docs/tenant-roles.md): on the demo data, Northwind's administrator chooses the tenant, opens Role
 * management, chooses an organisation in the tree, creates a role (the number rule refusing a hyphen
 * first), searches and pages, grants menus (read / write), the APIs of the granted menus and an
 * organisation subtree (then organisations of a level larger than a page, read with "Load more"), adds a member with the add-member dialog, opens the viewer and deletes a role;
 * then the member signs in and their tenant menu holds only the granted menus. Screenshots in English, Chinese and Japanese
 * (e2e/artifacts/tenant-roles-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { chooseLanguage, shot } from './support.js';
import {
  closeDemo,
  demoTenantId,
  enterTenant,
  NORTHWIND,
  openPage,
  signInThroughConsole,
  startDemoServer,
  tenantClient,
  type DemoServer,
} from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];
const ADMIN = NORTHWIND.admin;
/** Roles added through the gateway to page through (plus the seed's 'deptmgr'). */
const BULK = 10;
/** Organisations under 'Depots': one more than a page of the organisation grant dialog (100). */
const DEPOTS = 101;

let server: DemoServer;
let browser: Browser;
let page: Page;
let member = '';
let tenantId = '';
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const dialogNamed = (name: string) => page.getByRole('dialog', { name });
const fill = (s: string, name: string) => s.replace('{{name}}', name);

/** Opens the Authorise menu of a row and picks `item`. */
async function authorise(row: string, item: string): Promise<void> {
  await rowOf(row).getByRole('button', { name: en.role.action.authorise }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

beforeAll(async () => {
  server = await startDemoServer('troles');
  tenantId = await demoTenantId(server.url);
  const api = await tenantClient(server.url, tenantId);
  for (let i = 1; i <= BULK; i++) {
    expect((await api.post(Paths.addtenantrole, { roleNo: `zone_${String(i).padStart(2, '0')}`, roleName: `Zone_${i}`, orgId: tenantId })).body.result).toBe(
      '1',
    );
  }
  const org = (parentId: string, code: string, name: string) => ({ parentId, code, name, type: 3, sort: 9, status: 1, description: '' });
  const depots = (await api.post(Paths.addorg, org(tenantId, 'DEPOTS', 'Depots'))).body.data.id;
  for (let i = 1; i <= DEPOTS; i++) {
    expect((await api.post(Paths.addorg, org(depots, `D${String(i).padStart(3, '0')}`, `Depot ${String(i).padStart(3, '0')}`))).body.result).toBe('1');
  }
  // the member-to-be: a user of the tenant who is neither its administrator nor a role holder
  const deptmgr = (await api.post(Paths.listtenantrole, { roleNo: 'deptmgr' })).body.data.rows[0].roleId;
  const candidates = (await api.post(Paths.listusernotintenantrole, { roleId: deptmgr, pageSize: 50 })).body.data.rows as { username: string }[];
  member = candidates.map((c) => c.username).find((u) => u !== ADMIN)!;
  ({ browser, page } = await openPage());
});
afterAll(() => closeDemo(browser, server));

describe('role management in the tenant area', () => {
  it('signs in as the tenant administrator, chooses the tenant and opens role management', async () => {
    await enterTenant(page, server.url, { menu: 'roleManagement' });
    await page.getByText(total(1 + BULK)).waitFor();
  });

  it('lists the roles of an organisation chosen in the tree, with or without sub-organisations', async () => {
    await page.locator('.tenant-org-tree-node', { hasText: 'Engineering' }).click();
    await page.getByText(total(1)).waitFor();
    await rowOf('deptmgr').waitFor();
    await page.locator('.tenant-org-tree-node', { hasText: 'Northwind Logistics Ltd.' }).click();
    await page.getByText(total(1 + BULK)).waitFor();
    await page.getByRole('checkbox', { name: en.role.includeSub }).uncheck();
    await page.getByText(total(BULK)).waitFor();
    await page.getByRole('checkbox', { name: en.role.includeSub }).check();
    await page.locator('.tenant-org-tree-node', { hasText: 'Sales' }).click();
    await page.getByText(en.common.noData).first().waitFor();
  });

  it('creates a role in the chosen organisation, refusing a hyphen in the number first, then edits it', async () => {
    await page.getByRole('button', { name: en.role.newRole }).click();
    const d = dialogNamed(en.role.addTitle);
    await d.getByLabel(en.role.field.roleNo).fill('sales-lead');
    await d.getByLabel(en.role.field.roleName).fill('Sales_leads');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.role.noPattern).waitFor();
    await d.getByLabel(en.role.field.roleNo).fill('sales_lead');
    await d.getByText('Sales').first().waitFor();
    await shot(page, 'tenant-roles-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByText(total(1)).waitFor();
    await rowOf('sales_lead').getByText('Sales').first().waitFor();
    await rowOf('sales_lead').getByRole('button', { name: en.common.edit }).click();
    const m = dialogNamed(en.role.modifyTitle);
    await m.getByLabel(en.role.field.description).fill('Leads of the sales team');
    await m.getByRole('button', { name: en.common.save }).click();
    await m.waitFor({ state: 'hidden' });
    await rowOf('sales_lead').getByText('Leads of the sales team').waitFor();
  });

  it('searches by role number and pages through the roles', async () => {
    await page.locator('.tenant-org-tree-node', { hasText: 'Northwind Logistics Ltd.' }).click();
    await page.getByText(total(2 + BULK)).waitFor();
    await page.getByRole('textbox', { name: en.role.search.roleNo }).fill('zone_1');
    await page.getByRole('button', { name: en.common.search }).last().click();
    await page.getByText(total(1)).waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(2 + BULK)).waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    await expect.poll(() => page.getByRole('row', { name: /zone_|deptmgr|sales_lead/ }).count()).toBe(2);
    await page.getByRole('listitem', { name: '1' }).click();
    await shot(page, 'tenant-roles-grid-en');
  });

  it('grants menus with read / write, the APIs of the granted menus and an organisation subtree', async () => {
    await authorise('sales_lead', en.role.action.menuGrant);
    const menus = dialogNamed(fill(en.role.grant.menuTitle, 'Sales_leads'));
    await menus.getByRole('checkbox', { name: `${en.menu.stationManagement} ${en.role.grant.read}` }).check();
    await menus.getByRole('checkbox', { name: `${en.menu.employeeManagement} ${en.role.grant.write}` }).check();
    expect(await menus.getByRole('checkbox', { name: `${en.menu.employeeManagement} ${en.role.grant.read}` }).isChecked()).toBe(true);
    await shot(page, 'tenant-roles-menus-en');
    await menus.getByRole('button', { name: en.common.save }).click();
    await menus.waitFor({ state: 'hidden' });

    await authorise('sales_lead', en.tenantrole.apiGrant);
    const apis = dialogNamed(fill(en.tenantrole.api.title, 'Sales_leads'));
    await apis.getByText(en.tenantrole.api.count.replace('{{count}}', '0')).waitFor();
    await apis.getByRole('button', { name: en.tenantrole.api.selectGranted }).click();
    expect(await apis.getByRole('checkbox', { name: Paths.listtenantstation, exact: true }).isChecked()).toBe(true);
    expect(await apis.getByRole('checkbox', { name: Paths.listtenantrole, exact: true }).isChecked()).toBe(false);
    await shot(page, 'tenant-roles-apis-en');
    await apis.getByRole('button', { name: en.common.save }).click();
    await apis.waitFor({ state: 'hidden' });

    await authorise('sales_lead', en.role.action.orgGrant);
    const orgs = dialogNamed(fill(en.role.grant.orgTitle, 'Sales_leads'));
    await orgs.locator('.ant-tree-treenode', { hasText: 'Sales' }).getByRole('checkbox').click();
    await orgs.getByTestId('org-grant-chosen').getByText('Sales').waitFor();
    await shot(page, 'tenant-roles-orgs-en');
    await orgs.getByRole('button', { name: en.common.save }).click();
    await orgs.waitFor({ state: 'hidden' });
  });

  it('reads a level larger than a page with "Load more", keeping what is ticked', async () => {
    await authorise('sales_lead', en.role.action.orgGrant);
    const orgs = dialogNamed(fill(en.role.grant.orgTitle, 'Sales_leads'));
    const chosen = orgs.getByTestId('org-grant-chosen');
    const node = (name: string) => orgs.locator('.ant-tree-treenode', { hasText: name });
    await chosen.getByText('Sales').waitFor();
    await node('Depots').waitFor();
    await orgs.locator('.ant-tree-treenode-motion').waitFor({ state: 'detached' }); // the tree ignores an expand while it animates
    await node('Depots').locator('.ant-tree-switcher').click();
    await node('Depot 001').getByRole('checkbox').click();
    const more = orgs.getByRole('button', { name: en.tenantrole.org.loadMore.replace('{{shown}}', '100').replace('{{total}}', String(DEPOTS)) });
    await more.waitFor();
    expect(await node(`Depot ${DEPOTS}`).count()).toBe(0);
    await more.click();
    await node(`Depot ${DEPOTS}`).getByRole('checkbox').click();
    await more.waitFor({ state: 'detached' });
    for (const name of ['Sales', 'Depot 001', `Depot ${DEPOTS}`]) await chosen.getByText(name, { exact: true }).waitFor();
    expect(await node('Depot 001').getByRole('checkbox').isChecked()).toBe(true);
    await shot(page, 'tenant-roles-orgs-more-en');
    await orgs.getByRole('button', { name: en.common.save }).click();
    await orgs.waitFor({ state: 'hidden' });
    // saved: the dialog opens again with all three ticked, the one of the second page included
    await authorise('sales_lead', en.role.action.orgGrant);
    for (const name of ['Sales', 'Depot 001', `Depot ${DEPOTS}`]) await chosen.getByText(name, { exact: true }).waitFor();
    await orgs.getByRole('button', { name: en.common.cancel }).click();
    await orgs.waitFor({ state: 'hidden' });
  });

  it('adds a member with the add-member dialog (at least one user)', async () => {
    await rowOf('sales_lead').getByRole('button', { name: en.role.action.members }).click();
    const d = dialogNamed(fill(en.role.members.title, 'Sales_leads'));
    await d.getByText(en.common.noData).first().waitFor();
    await d.getByRole('button', { name: en.role.members.add }).click();
    const add = dialogNamed(fill(en.role.members.addTitle, 'Sales_leads'));
    await add.getByRole('row').nth(2).waitFor();
    await add.getByRole('button', { name: en.common.ok }).click();
    await page.locator('.ant-message').getByText(en.role.members.userRequired).waitFor();
    await add
      .getByRole('row', { name: new RegExp(member) })
      .getByRole('checkbox')
      .check();
    await add.getByRole('button', { name: en.common.ok }).click();
    await add.waitFor({ state: 'hidden' });
    await page.locator('.ant-message').getByText(en.role.members.added).waitFor();
    await d.getByRole('row', { name: new RegExp(member) }).waitFor();
    await shot(page, 'tenant-roles-members-en');
    await d.locator('.ant-modal-close').first().click();
    await d.waitFor({ state: 'hidden' });
  });

  it('shows what the role is granted: menus with read / write, APIs, organisations', async () => {
    await authorise('sales_lead', en.role.action.viewGrant);
    const v = dialogNamed(fill(en.role.view.title, 'Sales_leads'));
    const menus = v.getByTestId('view-menus');
    await menus.getByText(en.menu.stationManagement).waitFor();
    await menus.getByText(en.menu.employeeManagement).waitFor();
    await v.getByTestId('view-apis').getByText('listtenantstation').waitFor();
    await v.getByTestId('view-orgs').getByText('Sales').waitFor();
    await shot(page, 'tenant-roles-view-en');
    await v.locator('.ant-modal-close').click();
    await v.waitFor({ state: 'hidden' });
  });

  it('deletes a role with confirmation', async () => {
    await page.getByRole('textbox', { name: en.role.search.roleNo }).fill('zone_10');
    await page.getByRole('button', { name: en.common.search }).last().click();
    await page.getByText(total(1)).waitFor();
    await rowOf('zone_10').getByRole('button', { name: en.common.delete }).click();
    await page.locator('.ant-popover').getByRole('button', { name: en.common.ok }).click();
    await page.locator('.ant-message').getByText(en.common.deleteSucceeded).waitFor();
    await page.getByText(en.common.noData).first().waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(1 + BULK)).waitFor();
  });

  it('shows the screen in Chinese and Japanese', async () => {
    for (const [lang, texts, name] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, lang);
      await page.getByRole('button', { name: texts.role.newRole }).waitFor();
      await shot(page, `tenant-roles-grid-${name}`);
      await page
        .getByRole('row', { name: /sales_lead/ })
        .getByRole('button', { name: texts.role.action.authorise })
        .click();
      await page.getByRole('menuitem', { name: texts.tenantrole.apiGrant }).click();
      const apis = dialogNamed(texts.tenantrole.api.title.replace('{{name}}', 'Sales_leads'));
      await apis.getByText(texts.tenantrole.api.selectGranted).waitFor();
      await shot(page, `tenant-roles-apis-${name}`);
      await apis.locator('.ant-modal-close').click();
      await apis.waitFor({ state: 'hidden' });
    }
    await chooseLanguage(page, 'English');
  });

  it('the member signs in and gets only the granted menus of the tenant', async () => {
    // A role holder of their own tenant lands in its tenant area with the menus of their roles
    // (docs/tenancy.md "Who enters the tenant area").
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: en.layout.header.logout }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await page.waitForURL(/\/login/);
    await signInThroughConsole(page, server.url, member, DEMO_PASSWORD, /\/tenancy\//, 'en-US');
    await page.getByRole('menuitem', { name: en.menu.employeeManagement }).waitFor({ timeout: 15_000 });
    await page.getByRole('menuitem', { name: en.menu.stationManagement }).waitFor();
    expect(await page.getByRole('menuitem', { name: en.menu.roleManagement }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: en.menu.auditlog }).count()).toBe(0);
    await shot(page, 'tenant-roles-member-en');
    // the same through the gateway: the menus with their bits, and the role's API grants
    const c = await tenantClient(server.url, tenantId, member);
    const menus = (await c.get(Paths.listmymenu)).body.data.rows as { menuId: string; purview: number }[];
    expect(menus.map((m) => [m.menuId, m.purview])).toEqual([
      ['stationManagement', 1],
      ['employeeManagement', 3],
    ]);
    expect((await c.post(Paths.listtenantstation, { page: 1, pageSize: 10 })).body.result).toBe('1');
    expect((await c.post(Paths.listtenantrole, {})).body.scode).toBe('10009029001');
  });
});
