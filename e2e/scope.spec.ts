/**
 * Data scope of positions end to end (issue 5 "Grants are enforced, not only stored"; docs/stations.md
 * "Data scope"): on the demo data, Northwind's administrator creates a station under the Engineering
 * department with the organisation field of the station form (the lazy organisation tree of the tenant,
 * TenantOrgTreeSelect), edits its organisation, searches and sees the organisation in the grid; the
 * department manager (a role holder whose role grants the Engineering subtree and the read APIs of
 * position management) then lists positions through the gateway and gets only that one — the demo
 * stations at the tenant's root are outside their scope — and is refused writing (no write API grant).
 * In the console the manager works the organisation grid and the user form without one refused call,
 * and the manager's area is named "tenant" (breadcrumb and identity), the administrator's
 * "tenant administrator".
 * Screenshots in English, Chinese and Japanese (e2e/artifacts/scope-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Codes, Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { chooseLanguage, shot } from './support.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
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

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];

let server: DemoServer;
let browser: Browser;
let page: Page;
let tenantId = '';
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const dialogNamed = (name: string) => page.getByRole('dialog', { name });

/** Opens the organisation field of dialog `d` and picks `name` under the tenant's root. */
async function chooseOrg(d: ReturnType<typeof dialogNamed>, label: string, name: string): Promise<void> {
  await d.getByLabel(label).click();
  const node = page.locator('.ant-select-tree-node-content-wrapper', { hasText: name });
  if (!(await node.isVisible())) await page.locator('.ant-select-tree-switcher_close').first().click();
  await node.click();
}

beforeAll(async () => {
  server = await startDemoServer('scope');
  tenantId = await demoTenantId(server.url);
  ({ browser, page } = await openPage());
});
afterAll(() => closeDemo(browser, server));

describe('positions by organisation and data scope', () => {
  it('the administrator creates a station under a department with the organisation field', async () => {
    await enterTenant(page, server.url, { menu: 'stationManagement' });
    await page.getByText(total(5)).waitFor();

    await page.getByRole('button', { name: en.station.newStation }).click();
    const d = dialogNamed(en.station.addTitle);
    await d.getByLabel(en.station.field.name).fill('Engineering Lead');
    await d.getByLabel(en.station.field.level).fill('M1');
    await d.getByLabel(en.station.field.type).fill('Management');
    await chooseOrg(d, en.station.field.org, 'Sales');
    await shot(page, 'scope-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByText(total(6)).waitFor();
    await rowOf('Engineering Lead').getByText('Sales').waitFor();
  });

  it('edits the organisation: the form shows the current one and saves the new one', async () => {
    await rowOf('Engineering Lead').getByRole('button', { name: en.common.edit }).click();
    const m = dialogNamed(en.station.modifyTitle);
    await m.getByText('Sales').waitFor();
    await chooseOrg(m, en.station.field.org, 'Engineering');
    await m.getByRole('button', { name: en.common.save }).click();
    await m.waitFor({ state: 'hidden' });
    await rowOf('Engineering Lead').getByText('Engineering').first().waitFor();
    await page.getByRole('textbox', { name: en.station.search.name }).fill('Engineering');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(total(1)).waitFor();
    await shot(page, 'scope-grid-en');
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(6)).waitFor();
  });

  it('shows the organisation field in Chinese and Japanese', async () => {
    for (const [lang, texts, name] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, lang);
      await page.getByRole('button', { name: texts.station.newStation }).click();
      const d = dialogNamed(texts.station.addTitle);
      await d.getByLabel(texts.station.field.org).click();
      await page.locator('.ant-select-tree-node-content-wrapper').first().waitFor();
      await shot(page, `scope-form-${name}`);
      await page.keyboard.press('Escape'); // closes the tree's popup
      await d.locator('.ant-modal-close').click();
      await d.waitFor({ state: 'hidden' });
    }
    await chooseLanguage(page, 'English');
  });

  it('the department manager lists only the station of their subtree and may not write', async () => {
    const holder = await tenantClient(server.url, tenantId, NORTHWIND.manager);
    const list = await holder.post(Paths.listtenantstation, { page: 1, pageSize: 50 });
    expect(list.body.result).toBe('1');
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Engineering Lead']);
    const admin = await tenantClient(server.url, tenantId);
    expect((await admin.post(Paths.listtenantstation, { page: 1, pageSize: 50 })).body.data.records).toBe(6);
    expect((await holder.post(Paths.addstation, { name: 'Mine', level: 'P1', type: 'Staff', orgId: list.body.data.rows[0].orgId })).body.scode).toBe(
      Codes.NO_PERMISSION,
    );
  });

  it('the department manager works their granted screens without a refused call (organisation grid, user form defaults)', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const manager = await context.newPage();
    const refused: string[] = [];
    try {
      await signInThroughConsole(manager, server.url, NORTHWIND.manager, DEMO_PASSWORD, /\/tenancy\//);
      // from here on (a first sign-in's agreement answer is not a refusal)
      manager.on('response', async (r) => {
        if (!r.url().includes('/gateway/')) return;
        const body = (await r.json().catch(() => undefined)) as { result?: string; scode?: string } | undefined;
        if (body && body.result !== '1') refused.push(`${new URL(r.url()).pathname} ${body.scode}`);
      });
      await chooseLanguage(manager, 'English');
      await openTenantMenu(manager, 'orgManagement');
      await manager.locator('.ant-tree-node-content-wrapper', { hasText: 'Engineering' }).first().click();
      await manager.locator('.ant-table-tbody').first().waitFor();
      await openTenantMenu(manager, 'employeeManagement');
      await manager.getByRole('button', { name: en.user.newUser }).click();
      await manager.getByRole('dialog').waitFor();
      await manager.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names the area "tenant" for the department manager (a role holder), "tenant administrator" for the administrator', async () => {
    const header = (p: Page) => p.locator('.mp-header');
    await header(page).locator('.mp-breadcrumb').getByText(en.layout.identity.tenantAdmin, { exact: true }).waitFor();
    await header(page).locator('.mp-header-actions').getByText(en.layout.identity.tenantAdmin, { exact: true }).waitFor();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const manager = await context.newPage();
    try {
      await signInThroughConsole(manager, server.url, NORTHWIND.manager, DEMO_PASSWORD, /\/tenancy\//);
      for (const [lang, texts, tag] of [
        ['简体中文', zh, 'zh'],
        ['English', en, 'en'],
        ['日本語', ja, 'ja'],
      ] as const) {
        await chooseLanguage(manager, lang);
        await header(manager).locator('.mp-breadcrumb').getByText(texts.layout.identity.tenant, { exact: true }).waitFor();
        await header(manager).locator('.mp-header-actions').getByText(texts.layout.identity.tenant, { exact: true }).waitFor();
        expect(await header(manager).getByText(texts.layout.identity.tenantAdmin, { exact: true }).count()).toBe(0);
        await shot(manager, `scope-role-holder-${tag}`);
      }
    } finally {
      await context.close();
    }
  });
});
