/**
 * The tenant administrator's journey end to end in Chromium (issue 5 "Tests": choose a tenant, build an
 * organisation tree, add positions and users, create a role with a subtree grant, sign in as a user
 * holding that role and see only that subtree; import users from Excel and read the error report of a
 * bad file; read the audit log of all of it). On the demo data, Northwind's administrator does every step
 * through the console; the new depot manager then signs in and the console shows them the depot's
 * subtree only — its organisation tree and its users — while the rest of the tenant stays out of reach.
 * Screenshots: e2e/artifacts/journey-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import writeExcelFile from 'write-excel-file/node';
import type { Browser, Locator, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { chooseLanguage, JOURNEY, journey, shot } from './support.js';
import {
  closeDemo,
  demoTenantId,
  enterTenant,
  NORTHWIND,
  openPage,
  openTenantMenu,
  signInThroughConsole,
  startDemoServer,
  tenantClient,
  type DemoServer,
} from './tenant-session.js';

const en = resources['en-US'];
const o = en.organisation;
const ADMIN = NORTHWIND.admin;
const TENANT = NORTHWIND.name;
const KEEPER = 'yard_keeper';
const KEEPER_PASSWORD = 'Yard@2026x';

let server: DemoServer;
let browser: Browser;
let page: Page;
let tenantId = '';
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (p: Page, text: string) => p.getByRole('row', { name: new RegExp(text) });
const dialogNamed = (name: string) => page.getByRole('dialog', { name });
const treeNode = (p: Page, name: string) => p.locator('.tenant-org-tree-node', { hasText: new RegExp(`^${name}$`) });
const fill = (s: string, name: string) => s.replace('{{name}}', name);

/** Chooses an organisation in a form's lazy organisation field (TenantOrgTreeSelect) by searching its name (hits read 'name (code)'). */
async function chooseOrg(d: Locator, label: string, name: string): Promise<void> {
  const field = d.getByLabel(label);
  await field.click();
  await field.fill(name);
  await page
    .locator('.ant-select-tree-node-content-wrapper', { hasText: new RegExp(`^${name} \\(`) })
    .first()
    .click();
}

beforeAll(async () => {
  server = await startDemoServer('journey');
  tenantId = await demoTenantId(server.url);
  ({ browser, page } = await openPage());
});
afterAll(() => closeDemo(browser, server));

describe('a tenant administrator builds a subtree and its manager sees only it', JOURNEY, () => {
  journey({ name: 'tenant-journey', page: () => page });
  it('chooses the tenant and builds an organisation tree: a depot under the root, a yard under the depot', async () => {
    await enterTenant(page, server.url, { menu: 'orgManagement' });
    await page.getByTestId('selected-org').getByText(fill(o.selectedOrg, TENANT)).waitFor();
    for (const [code, name, under] of [
      ['DEPN', 'Depot North', TENANT],
      ['DEPNY', 'Depot North Yard', 'Depot North'],
    ] as const) {
      await treeNode(page, under).first().click();
      await page.getByTestId('selected-org').getByText(fill(o.selectedOrg, under)).waitFor();
      await page.getByRole('button', { name: o.action.addChild }).click();
      const d = dialogNamed(o.addTitle);
      await d.getByLabel(o.field.code).fill(code);
      await d.getByLabel(o.field.name).fill(name);
      await d.getByLabel(o.field.type).click();
      await page.locator('.ant-select-item-option', { hasText: en.errors.sysconfig.org_type[5] }).first().click();
      await d.getByRole('button', { name: en.common.save }).click();
      await d.waitFor({ state: 'hidden' });
      await rowOf(page, name).waitFor();
    }
    await shot(page, 'journey-orgs');
  });

  it('adds a position in the depot and a user in the yard holding it', async () => {
    await openTenantMenu(page, 'stationManagement');
    await page.getByRole('button', { name: en.station.newStation }).click();
    const s = dialogNamed(en.station.addTitle);
    await s.getByLabel(en.station.field.name).fill('Yard keeper');
    await s.getByLabel(en.station.field.level).fill('B2');
    await s.getByLabel(en.station.field.type).fill('Operations');
    await chooseOrg(s, en.station.field.org, 'Depot North');
    await s.getByRole('button', { name: en.common.save }).click();
    await s.waitFor({ state: 'hidden' });
    await rowOf(page, 'Yard keeper').getByText('Depot North').waitFor();

    await openTenantMenu(page, 'employeeManagement');
    await page.getByRole('button', { name: en.user.newUser }).click();
    const d = dialogNamed(en.user.addTitle);
    await d.getByLabel(en.user.field.username).fill(KEEPER);
    await d.getByLabel(en.user.field.password).fill(KEEPER_PASSWORD);
    await d.getByLabel(en.user.field.employeeName).fill('YardKeeper');
    await chooseOrg(d, en.user.field.orgId, 'Depot North Yard');
    await d.getByLabel(en.user.field.stationId).click();
    await page.locator('.ant-select-item-option', { hasText: 'Yard keeper' }).first().click();
    await d.getByText(en.user.section.employee, { exact: true }).click(); // closes the open list
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (e: unknown) => {
      await shot(page, 'journey-user-form-failed');
      throw e;
    });
    await rowOf(page, KEEPER).getByText('Depot North Yard').waitFor();
  });

  it('imports users from a bad Excel file and reads the per-row error report (nothing imported)', async () => {
    const f = en.errors.user.field;
    const head = [f.username, f.employeeName, f.orgCode, f.effectiveDate, f.expiryDate, f.password];
    const rows = [
      ['depot.one', 'Depot One', 'DEPNY', '2026-01-01', '2030-12-31', 'Passw0rd!x'],
      ['depot two', 'Depot Two', 'NOWHERE', '2026-01-01', '2030-12-31', 'Passw0rd!x'],
    ];
    const path = join(server.dataDir, 'depot-users.xlsx');
    writeFileSync(path, (await writeExcelFile([head, ...rows].map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer);
    await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(path);
    const report = dialogNamed(en.job.title.replace('{{fileName}}', 'depot-users.xlsx'));
    await report.getByText(en.job.state.failed).waitFor({ timeout: 30_000 });
    await report.getByRole('row', { name: new RegExp(`3.*${f.username}`) }).waitFor();
    await report.getByRole('row', { name: new RegExp(`3.*${f.orgCode}`) }).waitFor();
    await shot(page, 'journey-import-report');
    await report.getByRole('button', { name: en.job.close }).first().click();
    expect(await rowOf(page, 'depot.one').count()).toBe(0);
  });

  it('creates a role in the depot granting the depot subtree, user management and its APIs, with the keeper as member', async () => {
    await openTenantMenu(page, 'roleManagement');
    // the screen's first loads (its code, the tree, the role list) are over before it is used
    await page.waitForLoadState('networkidle');
    const d = dialogNamed(en.role.addTitle);
    // The tree's selection is the page's chosen organisation (controlled): once it shows, a new role belongs to it.
    // Twice in CI under load the dialog still opened without it while the grid listed every role (a page that was
    // mounted again after the selection, presumably: not reproduced yet); then the selection is made again once.
    for (let attempt = 0; ; attempt++) {
      await treeNode(page, 'Depot North').first().click();
      await page.locator('.ant-tree-node-selected .tenant-org-tree-node', { hasText: /^Depot North$/ }).waitFor();
      await page.getByRole('button', { name: en.role.newRole }).click();
      const org = d.getByText('Depot North', { exact: true });
      if (
        await org.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      if (attempt > 0) throw new Error('the new role dialog opened twice without the organisation chosen in the tree');
      await d.getByRole('button', { name: en.common.cancel }).click();
      await d.waitFor({ state: 'hidden' });
    }
    await d.getByLabel(en.role.field.roleNo).fill('depot_mgr');
    await d.getByLabel(en.role.field.roleName).fill('Depot_managers');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await rowOf(page, 'depot_mgr').waitFor();

    const authorise = async (item: string) => {
      await rowOf(page, 'depot_mgr').getByRole('button', { name: en.role.action.authorise }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    await authorise(en.role.action.menuGrant);
    const menus = dialogNamed(fill(en.role.grant.menuTitle, 'Depot_managers'));
    await menus.getByRole('checkbox', { name: `${en.menu.employeeManagement} ${en.role.grant.write}` }).check();
    await menus.getByRole('button', { name: en.common.save }).click();
    await menus.waitFor({ state: 'hidden' });

    await authorise(en.tenantrole.apiGrant);
    const apis = dialogNamed(fill(en.tenantrole.api.title, 'Depot_managers'));
    await apis.getByRole('button', { name: en.tenantrole.api.selectGranted }).click();
    expect(await apis.getByRole('checkbox', { name: Paths.listtenantuser, exact: true }).isChecked()).toBe(true);
    await apis.getByRole('button', { name: en.common.save }).click();
    await apis.waitFor({ state: 'hidden' });

    await authorise(en.role.action.orgGrant);
    const orgs = dialogNamed(fill(en.role.grant.orgTitle, 'Depot_managers'));
    // a child of the root, so on the first level; its yard (not loaded yet) would come after it
    await orgs.locator('.ant-tree-treenode', { hasText: 'Depot North' }).first().getByRole('checkbox').click();
    await orgs.getByTestId('org-grant-chosen').getByText('Depot North').waitFor();
    await orgs.getByRole('button', { name: en.common.save }).click();
    await orgs.waitFor({ state: 'hidden' });

    await rowOf(page, 'depot_mgr').getByRole('button', { name: en.role.action.members }).click();
    const m = dialogNamed(fill(en.role.members.title, 'Depot_managers'));
    await m.getByRole('button', { name: en.role.members.add }).click();
    const add = dialogNamed(fill(en.role.members.addTitle, 'Depot_managers'));
    await add
      .getByRole('row', { name: new RegExp(KEEPER) })
      .getByRole('checkbox')
      .check();
    await add.getByRole('button', { name: en.common.ok }).click();
    await add.waitFor({ state: 'hidden' });
    await m.getByRole('row', { name: new RegExp(KEEPER) }).waitFor();
    await shot(page, 'journey-role-members');
    await m.locator('.ant-modal-close').first().click();
  });

  it('the keeper signs in and sees only the depot: its tree and its users, nothing else of the tenant', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const keeper = await context.newPage();
    try {
      // a role holder of their own tenant lands in its tenant area, with the menus of their roles
      await signInThroughConsole(keeper, server.url, KEEPER, KEEPER_PASSWORD, /\/tenancy\//);
      await chooseLanguage(keeper, 'English');
      await keeper
        .getByRole('menuitem', { name: en.menu.employeeManagement })
        .waitFor({ timeout: 15_000 })
        .catch(async (e: unknown) => {
          await shot(keeper, 'journey-keeper-failed');
          throw e;
        });
      expect(await keeper.getByRole('menuitem', { name: en.menu.roleManagement }).count()).toBe(0);
      await openTenantMenu(keeper, 'employeeManagement');
      await keeper.getByText(total(1)).waitFor();
      await rowOf(keeper, KEEPER).waitFor();
      const tree = keeper.getByTestId('tenant-user-org-tree');
      await tree.getByText('Depot North', { exact: true }).waitFor();
      expect(await tree.getByText(TENANT).count()).toBe(0);
      expect(await rowOf(keeper, 'james_lee_northwind').count()).toBe(0);
      await shot(keeper, 'journey-keeper-users');
      // The console only shows what the server answers: the same through the gateway.
      const c = await tenantClient(server.url, tenantId, KEEPER, KEEPER_PASSWORD);
      const list = await c.post(Paths.listtenantuser, { page: 1, pageSize: 50 });
      expect(list.body.data.rows.map((r: { username: string }) => r.username)).toEqual([KEEPER]);
      expect((await c.post(Paths.listtenantrole, {})).body.scode).toBe('10009029001');
    } finally {
      await context.close();
    }
  });

  it('reads the audit log of all of it', async () => {
    await openTenantMenu(page, 'auditlog');
    const search = page.getByRole('search');
    const names = en.auditlog.action as Record<string, string>;
    for (const action of ['organisation_add', 'station_add', 'user_add', 'role_add', 'role_grant_org', 'role_member_add'] as const) {
      await search.getByLabel(en.auditlog.field.action).click();
      await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${names[action]}$`) }).click();
      await search.getByRole('button', { name: en.common.search }).click();
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(async () => (await rows.allTextContents()).join(' '), { timeout: 15_000 }).toContain(ADMIN);
      if (action === 'organisation_add') await shot(page, 'journey-auditlog');
      await search.getByRole('button', { name: en.common.reset }).click();
    }
  });
});
