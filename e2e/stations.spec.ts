/**
 * Station (position) management of the tenant area end to end in Chromium (issue 5; SPEC §2 Station
 * management, §5 Station): the demo tenant Northwind's administrator signs in, chooses the tenant,
 * opens Position management and creates a station through the form (the name rule refusing a quote
 * first), edits it, searches, pages, manages its members (choose at least one; a station must be
 * selected first; add and remove with confirmation), is refused deleting a station that still has
 * members, deletes one; screenshots in English, Chinese and Japanese (e2e/artifacts/stations-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { chooseLanguage, shot } from './support.js';
import { closeDemo, demoTenantId, enterTenant, openPage, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];

let server: DemoServer;
let browser: Browser;
let page: Page;
/** Stations of the seed (5) plus the bulk ones added through the API. */
const BULK = 11;
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const dialogNamed = (name: string) => page.getByRole('dialog', { name });

beforeAll(async () => {
  server = await startDemoServer('stations');
  // Zone stations to page through, added by the tenant's administrator through the gateway.
  const api = await tenantClient(server.url, await demoTenantId(server.url));
  for (let i = 1; i <= BULK; i++) {
    expect((await api.post(Paths.addstation, { name: `Zone station ${String(i).padStart(2, '0')}`, level: 'B1', type: 'Staff' })).body.result).toBe('1');
  }
  ({ browser, page } = await openPage());
});
afterAll(() => closeDemo(browser, server));

describe('station management in the tenant area', () => {
  it('signs in as the tenant administrator, chooses the tenant and opens position management', async () => {
    await enterTenant(page, server.url, { menu: 'stationManagement' });
    await page.getByText(total(5 + BULK)).waitFor();
    await rowOf('Product Manager').waitFor();
  });

  it('creates a station through the form, refusing a quote in the name first, then edits it', async () => {
    await page.getByRole('button', { name: en.station.newStation }).click();
    const d = dialogNamed(en.station.addTitle);
    await d.getByLabel(en.station.field.name).fill("Warehouse 'lead'");
    await d.getByLabel(en.station.field.level).fill('W3');
    await d.getByLabel(en.station.field.code).fill('WH_LEAD');
    await d.getByLabel(en.station.field.type).fill('Logistics');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.station.namePattern).waitFor();
    await d.getByLabel(en.station.field.name).fill('Warehouse Lead');
    const parent = d.getByLabel(en.station.field.parent);
    await parent.click();
    await parent.fill('Department');
    await page.locator('.ant-select-item-option', { hasText: 'Department Manager' }).first().click();
    await shot(page, 'stations-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByText(total(6 + BULK)).waitFor();
    await rowOf('Warehouse Lead').getByText('Department Manager').waitFor();

    await rowOf('Warehouse Lead').getByRole('button', { name: en.common.edit }).click();
    const m = dialogNamed(en.station.modifyTitle);
    expect(await m.getByLabel(en.station.field.code).inputValue()).toBe('WH_LEAD');
    await m.getByLabel(en.station.field.level).fill('W4');
    await m.getByRole('button', { name: en.common.save }).click();
    await m.waitFor({ state: 'hidden' });
    await rowOf('Warehouse Lead').getByText('W4').waitFor();
  });

  it('searches by name and code and pages through the stations', async () => {
    await page.getByRole('textbox', { name: en.station.search.name }).fill('Ware');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(total(1)).waitFor();
    await rowOf('Warehouse Lead').waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByRole('textbox', { name: en.station.search.code }).fill('ST0');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(total(5)).waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(6 + BULK)).waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    await page.getByText(total(6 + BULK)).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Zone station|Engineer|Manager|Specialist|Warehouse/ }).count()).toBe(7);
    await page.getByRole('listitem', { name: '1' }).click();
    await rowOf('Zone station 01').waitFor();
    await shot(page, 'stations-grid-en');
  });

  it('manages members: a station first, at least one user, add and remove with confirmation', async () => {
    await page.getByRole('button', { name: en.station.members.manage }).click();
    const none = dialogNamed(en.station.members.manage);
    await none.getByText(en.station.members.stationRequired).first().waitFor();
    await none.getByRole('button', { name: en.station.members.add }).click();
    await page.locator('.ant-message').getByText(en.station.members.stationRequired).waitFor();
    await none.getByRole('button', { name: 'Close' }).click();
    await none.waitFor({ state: 'hidden' });

    await rowOf('Warehouse Lead').getByRole('button', { name: en.station.action.members }).click();
    const d = dialogNamed(en.station.members.title.replace('{{name}}', 'Warehouse Lead'));
    await d.getByText(en.common.noData).first().waitFor();
    await d.getByRole('button', { name: en.station.members.add }).click();
    const add = dialogNamed(en.station.members.addTitle.replace('{{name}}', 'Warehouse Lead'));
    await add.getByRole('row').nth(2).waitFor();
    await add.getByRole('button', { name: en.common.ok }).click();
    await page.locator('.ant-message').getByText(en.station.members.userRequired).waitFor();
    const candidate = add.getByRole('row').nth(1);
    const username = (await candidate.getByRole('cell').nth(1).textContent())!.trim();
    await candidate.getByRole('checkbox').check();
    await shot(page, 'stations-add-member-en');
    await add.getByRole('button', { name: en.common.ok }).click();
    await add.waitFor({ state: 'hidden' });
    await d.getByRole('row', { name: new RegExp(username) }).waitFor();
    await shot(page, 'stations-members-en');
    await d
      .getByRole('row', { name: new RegExp(username) })
      .getByRole('button', { name: en.station.members.removeOne })
      .click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await d.getByRole('row', { name: new RegExp(username) }).waitFor({ state: 'detached' });
    await d.getByRole('button', { name: 'Close' }).click();
    await d.waitFor({ state: 'hidden' });
  });

  it('is refused deleting a station with members, and deletes one without', async () => {
    await rowOf('Product Manager').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await shot(page, 'stations-delete-refused-en');
    await page.getByText(en.errors.station.has_members.replace('{{name}}', 'Product Manager')).waitFor();
    await rowOf('Product Manager').waitFor();
    await rowOf('Warehouse Lead').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('Warehouse Lead').waitFor({ state: 'detached' });
    await page.getByText(total(5 + BULK)).waitFor();
  });

  it('shows the screen in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByRole('button', { name: texts.station.newStation }).waitFor();
      await page.getByRole('columnheader', { name: texts.station.field.level }).waitFor();
      await shot(page, `stations-grid-${tag}`);
      await rowOf('Department Manager').first().getByRole('button', { name: texts.station.action.members }).click();
      await dialogNamed(texts.station.members.title.replace('{{name}}', 'Department Manager')).getByRole('row').nth(1).waitFor();
      await shot(page, `stations-members-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: texts.station.newStation }).click();
      await dialogNamed(texts.station.addTitle).getByLabel(texts.station.field.name).waitFor();
      await shot(page, `stations-form-${tag}`);
      await page.keyboard.press('Escape');
      await dialogNamed(texts.station.addTitle).waitFor({ state: 'hidden' });
    }
  });
});
