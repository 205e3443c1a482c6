/**
 * Data role management end to end in Chromium (SPEC §2 roleManager; §4 "ticking write keeps read
 * ticked"; §6 the tenant menu derives from role grants): the platform administrator picks a tenant,
 * creates, edits, searches, pages and deletes roles, adds and removes a member, grants a menu (write ⇒
 * read) and sees it ticked after a reload; then a member of that role signs in and sees that menu in the
 * tenant area. The tenant, its organisations, users and some roles are seeded into the database the
 * server then starts on (organisation and user screens belong to other areas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, type RunningServer } from './support.js';
import { buildApp } from '../packages/server/src/app.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { roles } from '../packages/server/src/db/schema/index.js';
import { insertIdentity } from '../packages/server/src/modules/users/users.repository.js';
import { createMember, createTenantTree, USER_PASSWORD } from '../packages/server/src/modules/roles/roles.fixtures.js';

const en = resources['en-US'];
let server: RunningServer;
let browser: Browser;
let page: Page;
let dataDir: string;
let acme: string;

/** Seeds tenant 'acme' (organisations, users, 11 roles) and 'globex' administered by member1. */
async function seed(dir: string) {
  const { app } = await buildApp(
    { dataDir: dir, adminUsername: 'admin', adminPassword: ADMIN_PASSWORD, loginCaptcha: '0', consoleDir: '/nonexistent' },
    { logger: false },
  );
  await app.ready();
  const a = await createTenantTree(app, 'acme', [{ code: 'hq' }, { code: 'sales', parent: 'hq' }]);
  await createMember(app, a.tenantId, 'zhangsan', 'Zhang San', a.orgs.sales);
  const member = await createMember(app, a.tenantId, 'member1', 'Member One', a.orgs.sales);
  const g = await createTenantTree(app, 'globex');
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    // member1 administers globex, so it holds the tenant user type; in acme it is a plain user.
    await insertIdentity(tx, g.tenantId, member, 3);
    for (let i = 0; i < 11; i++) {
      const n = String(i).padStart(2, '0');
      await tx.insert(roles).values({
        id: `seed-${n}`,
        tenantId: a.tenantId,
        orgId: a.orgs.hq,
        code: `seed_${n}`,
        name: `Seed${n}`,
        createdAt: new Date(Date.now() - (20 - i) * 60_000),
      });
    }
  });
  await app.close();
  return a.tenantId;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mp-e2e-roles-'));
  acme = await seed(dataDir);
  server = await startServer({ MP_DATA_DIR: dataDir });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(username: string, password: string) {
  await page.goto(`${server.url}/login`);
  await chooseLanguage(page, 'English');
  await signInOnPage(page, username, password, 'en-US');
}

/** Picks a tenant in the chooser (antd's visible option, not its hidden accessible twin). */
async function chooseTenant(code: string) {
  await page.getByTestId('role-tenant-select').click();
  await page.keyboard.type(code);
  await page.locator('.ant-select-item-option', { hasText: `(${code})` }).click();
}

const dialog = () => page.getByRole('dialog').last();
const roleRow = (name: string | RegExp) => page.getByRole('row', { name });

describe('data role management', () => {
  it('picks the tenant and creates a role, refusing a bad role number first', async () => {
    await signIn('admin', ADMIN_PASSWORD);
    await page.getByTestId('agreement-agree').click();
    await page.waitForURL(/\/platformAdmin\/dashboard/, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: en.layout.route.dataRoleManagement }).click();
    await page.waitForURL(/\/platformAdmin\/roleManager/);
    await chooseTenant('acme');
    await page.getByRole('tree', { name: en.role.orgTree }).getByText('Org sales').waitFor();
    await page.getByText('seed_10').waitFor();

    await page.getByRole('button', { name: en.role.newRole }).click();
    await dialog().getByLabel(en.role.field.roleNo).fill('sales-lead');
    await dialog().getByLabel(en.role.field.roleName).fill('SalesLead');
    await dialog().getByRole('button', { name: en.common.save }).click();
    await dialog().getByText(en.role.noPattern).waitFor();
    await dialog().getByLabel(en.role.field.roleNo).fill('sales_lead');
    await shot(page, 'roles-form-en');
    await dialog().getByRole('button', { name: en.common.save }).click();
    await dialog().waitFor({ state: 'hidden' });
    await roleRow(/sales_lead/).waitFor();
  });

  it('edits, searches and pages the roles', async () => {
    await roleRow(/sales_lead/)
      .getByRole('button', { name: en.common.edit })
      .click();
    await dialog().getByLabel(en.role.field.roleName).fill('SalesDirector');
    await dialog().getByRole('button', { name: en.common.save }).click();
    await dialog().waitFor({ state: 'hidden' });
    await roleRow(/SalesDirector/).waitFor();

    // 12 roles: page 2 holds the rest.
    await page.getByText(en.grid.total.replace('{{count}}', '12')).waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    await page.getByText('seed_00').waitFor();
    expect(await roleRow(/SalesDirector/).count()).toBe(0);

    await page.getByRole('search').getByLabel(en.role.search.roleNo, { exact: true }).fill('sales');
    await page.getByRole('button', { name: en.common.search }).click();
    await roleRow(/SalesDirector/).waitFor();
    await page.getByText('seed_00').waitFor({ state: 'detached' });
    await shot(page, 'roles-search-en');
  });

  it('adds members and removes one', async () => {
    await roleRow(/SalesDirector/)
      .getByRole('button', { name: en.role.action.members })
      .click();
    const members = dialog();
    await members.getByRole('button', { name: en.role.members.add }).click();
    const add = dialog();
    await add.getByRole('button', { name: en.common.ok }).click();
    await page.getByText(en.role.members.userRequired).waitFor();
    await add
      .getByRole('row', { name: /zhangsan/ })
      .getByRole('checkbox')
      .check();
    await add
      .getByRole('row', { name: /member1/ })
      .getByRole('checkbox')
      .check();
    await add.getByRole('button', { name: en.common.ok }).click();
    await page.getByText(en.role.members.added).waitFor();
    await members.getByRole('row', { name: /member1/ }).waitFor();
    await members.getByRole('row', { name: /zhangsan/ }).waitFor();
    await shot(page, 'roles-members-en');
    await members
      .getByRole('row', { name: /zhangsan/ })
      .getByRole('button', { name: en.role.members.removeOne })
      .click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await members.getByRole('row', { name: /zhangsan/ }).waitFor({ state: 'detached' });
    await members.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('search').getByLabel(en.role.search.roleNo, { exact: true }).fill('');
    await page.getByRole('search').getByLabel(en.role.search.username, { exact: true }).fill('member1');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '1')).waitFor();
  });

  it('grants a menu with write, which keeps read, and shows it ticked after a reload', async () => {
    const openMenuGrant = async () => {
      await roleRow(/SalesDirector/)
        .getByRole('button', { name: en.role.action.authorise })
        .click();
      await page.getByRole('menuitem', { name: en.role.action.menuGrant }).click();
      await dialog().getByText(en.role.grant.rootTip).waitFor();
    };
    await openMenuGrant();
    const read = dialog().getByRole('checkbox', { name: `${en.menu.orgManagement} ${en.role.grant.read}` });
    const write = dialog().getByRole('checkbox', { name: `${en.menu.orgManagement} ${en.role.grant.write}` });
    expect(await read.isChecked()).toBe(false);
    await write.check();
    expect(await read.isChecked()).toBe(true);
    await shot(page, 'roles-menu-grant-en');
    await dialog().getByRole('button', { name: en.common.save }).click();
    await page.getByText(en.role.grant.saved).waitFor();

    await page.reload();
    await chooseTenant('acme');
    await roleRow(/SalesDirector/).waitFor();
    await openMenuGrant();
    expect(
      await dialog()
        .getByRole('checkbox', { name: `${en.menu.orgManagement} ${en.role.grant.write}` })
        .isChecked(),
    ).toBe(true);
    expect(
      await dialog()
        .getByRole('checkbox', { name: `${en.menu.orgManagement} ${en.role.grant.read}` })
        .isChecked(),
    ).toBe(true);
    expect(
      await dialog()
        .getByRole('checkbox', { name: `${en.menu.auditlog} ${en.role.grant.read}` })
        .isChecked(),
    ).toBe(false);
    await dialog().getByRole('button', { name: en.common.cancel }).click();

    await roleRow(/SalesDirector/)
      .getByRole('button', { name: en.role.action.authorise })
      .click();
    await page.getByRole('menuitem', { name: en.role.action.viewGrant }).click();
    await page.getByTestId('view-menus').getByText(en.menu.orgManagement).waitFor();
    await shot(page, 'roles-view-grant-en');
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('deletes a role', async () => {
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '12')).waitFor();
    await page.getByRole('search').getByLabel(en.role.search.roleNo, { exact: true }).fill('seed_10');
    await page.getByRole('button', { name: en.common.search }).click();
    await roleRow(/seed_10/)
      .getByRole('button', { name: en.common.delete })
      .click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await roleRow(/seed_10/).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(en.grid.total.replace('{{count}}', '11')).waitFor();
  });

  it('shows the granted menu to a member of the role in the tenant area', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: en.layout.header.logout }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await page.waitForURL(/\/login/);
    await signIn('member1', USER_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
    await page.goto(`${server.url}/tenancy?tenant=${acme}`);
    await page.getByRole('menuitem', { name: en.menu.orgManagement }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('menuitem', { name: en.menu.auditlog }).count()).toBe(0);
    await shot(page, 'roles-member-menu-en');
  });
});
