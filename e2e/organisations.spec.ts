/**
 * Organisation management and the organisation element library of the tenant area end to end in
 * Chromium (issue 5; SPEC §2 orgManagement, baseOrgManagement, "Organisation relation: tree and a
 * choose-parent dialog"; §5 Organisation, Import files): the demo tenant Northwind's administrator
 * builds a tree (adds under the root, the name rule refusing a quote first, adds a child), pages the
 * root's children, moves a subtree with the choose-parent dialog (the organisation itself cannot be
 * chosen), searches the tree, edits, disables, is refused deleting an organisation with
 * sub-organisations, deletes a leaf and takes another out of the tree; in the element library imports a file with bad rows (reads the
 * per-row report; nothing written) and then a good one. Screenshots in three languages
 * (e2e/artifacts/organisations-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import writeExcelFile from 'write-excel-file/node';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { chooseLanguage, shot } from './support.js';
import { closeDemo, demoTenantId, enterTenant, NORTHWIND, openPage, openTenantMenu, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';

const zh = resources['zh-CN'];
const en = resources['en-US'];
const ja = resources['ja-JP'];
const o = en.organisation;
const TENANT = NORTHWIND.name;
/** Organisations added under the root through the API, to page through. */
const BULK = 11;
/** The root's children and all organisations after the seed and the bulk ones (read in beforeAll). */
let kids = 0;
let all = 0;

let server: DemoServer;
let browser: Browser;
let page: Page;
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const dialogNamed = (name: string) => page.getByRole('dialog', { name });
const tree = () => page.locator('.tenant-org-tree').first();
const treeNode = (name: string, scope = tree()) =>
  scope.locator('.ant-tree-treenode', { has: page.locator('.tenant-org-tree-node', { hasText: new RegExp(`^${name}$`) }) });

/** Writes an .xlsx of organisations (English headings) and answers its path. */
async function sheet(name: string, rows: string[][]): Promise<string> {
  const head = ['code', 'name', 'parentCode', 'type', 'sort', 'status', 'description'].map((k) => (o.field as Record<string, string>)[k]!);
  const path = join(server.dataDir, name);
  writeFileSync(path, (await writeExcelFile([head, ...rows].map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer);
  return path;
}

beforeAll(async () => {
  server = await startDemoServer('orgs');
  const tenantId = await demoTenantId(server.url);
  const api = await tenantClient(server.url, tenantId);
  for (let i = 1; i <= BULK; i++) {
    const r = await api.post(Paths.addorg, {
      parentId: tenantId,
      code: `Z${String(i).padStart(2, '0')}`,
      name: `Zone ${String(i).padStart(2, '0')}`,
      type: 5,
      sort: 50 + i,
      status: 1,
    });
    expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  }
  kids = (await api.post(Paths.listorg, { parentId: tenantId })).body.data.records;
  all = (await api.post(Paths.listorg, {})).body.data.records;
  ({ browser, page } = await openPage());
});
afterAll(() => closeDemo(browser, server));

/** Chooses `label` in the type field of dialog `d` (typed into its search, then Enter). */
async function pickType(d: ReturnType<typeof dialogNamed>, label: string) {
  const field = d.getByLabel(o.field.type);
  await field.click();
  await field.fill(label);
  await field.press('Enter');
}

/** Adds an organisation under the selected one through the form. */
async function addChild(code: string, name: string, type: string) {
  await page.getByRole('button', { name: o.action.addChild }).click();
  const d = dialogNamed(o.addTitle);
  await d.getByLabel(o.field.code).fill(code);
  await d.getByLabel(o.field.name).fill(name);
  await pickType(d, type);
  await d.getByRole('button', { name: en.common.save }).click();
  await d.waitFor({ state: 'hidden' }).catch(async (e) => {
    await shot(page, `organisations-add-failed-${code}`);
    throw e;
  });
}

describe('organisation management in the tenant area', () => {
  it('signs in as the tenant administrator and opens organisation management on the root', async () => {
    await enterTenant(page, server.url, { menu: 'orgManagement' });
    await page.getByTestId('selected-org').getByText(o.selectedOrg.replace('{{name}}', TENANT)).waitFor();
    await page.getByText(total(kids)).waitFor();
  });

  it('builds a tree: adds under the root (refusing a quote in the name first) and adds a child', async () => {
    await page.getByRole('button', { name: o.action.addChild }).click();
    const d = dialogNamed(o.addTitle);
    await d.getByLabel(o.field.code).fill('MKTG');
    await d.getByLabel(o.field.name).fill("Marketing 'A'");
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(o.namePattern).waitFor();
    await d.getByLabel(o.field.name).fill('Marketing');
    await pickType(d, en.errors.sysconfig.org_type[3]);
    await shot(page, 'organisations-form-en');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' }).catch(async (e) => {
      await shot(page, 'organisations-add-failed-first');
      throw e;
    });
    await addChild('SERVICE', 'Service desk', en.errors.sysconfig.org_type[3]);
    await page.getByText(total(kids + 2)).waitFor();
    await treeNode('Marketing').waitFor();

    await treeNode('Marketing').locator('.tenant-org-tree-node').click();
    await page.getByTestId('selected-org').getByText(o.selectedOrg.replace('{{name}}', 'Marketing')).waitFor();
    await addChild('FIELD', 'Field crew', en.errors.sysconfig.org_type[5]);
    await rowOf('Field crew').waitFor();
    await page.getByText(total(1)).waitFor();
  });

  it("pages through the root's children", async () => {
    await treeNode(TENANT).locator('.tenant-org-tree-node').first().click();
    await page.getByText(total(kids + 2)).waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Zone|Marketing|Service desk|Engineering|Sales|Operations|People/ }).count()).toBe(kids + 2 - 10);
    await page.getByRole('listitem', { name: '1' }).click();
    await rowOf('Marketing').waitFor();
    await shot(page, 'organisations-grid-en');
  });

  it('moves a subtree with the choose-parent dialog, where the organisation itself cannot be chosen', async () => {
    await rowOf('Marketing').getByRole('button', { name: o.action.chooseParent }).click();
    const d = dialogNamed(o.chooseParentTitle);
    const own = treeNode('Marketing', d);
    await own.waitFor(); // the dialog's tree has loaded
    await d.getByRole('button', { name: en.common.ok }).click();
    await d.getByText(o.parentRequired).waitFor();
    expect(await own.getAttribute('class')).toContain('ant-tree-treenode-disabled');
    await treeNode('Service desk', d).locator('.tenant-org-tree-node').click();
    await d.getByText(o.selectedOrg.replace('{{name}}', 'Service desk')).waitFor();
    await shot(page, 'organisations-choose-parent-en');
    await d.getByRole('button', { name: en.common.ok }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByText(total(kids + 1)).waitFor();
    await rowOf('Service desk').waitFor();
    await expect.poll(() => rowOf('Marketing').count()).toBe(0);
  });

  it('searches the tree and expands it down to the hit', async () => {
    await tree().getByRole('searchbox').fill('Field');
    await tree().getByRole('searchbox').press('Enter');
    await treeNode('Field crew').waitFor();
    await page.getByTestId('selected-org').getByText(o.selectedOrg.replace('{{name}}', 'Field crew')).waitFor();
    await treeNode('Marketing').waitFor();
    await tree().getByRole('searchbox').fill('Nothing like it');
    await tree().getByRole('searchbox').press('Enter');
    await tree().getByText(o.tree.noResult).waitFor();
    await shot(page, 'organisations-search-en');
  });

  it('edits, disables, refuses deleting an organisation with sub-organisations, deletes a leaf, takes a leaf out of the tree', async () => {
    await treeNode('Service desk').locator('.tenant-org-tree-node').click();
    await page.getByRole('checkbox', { name: o.search.includeSub }).check();
    await page.getByText(total(2)).waitFor();
    await rowOf('Field crew').getByRole('button', { name: en.common.edit }).click();
    const m = dialogNamed(o.modifyTitle);
    expect(await m.getByLabel(o.field.code).inputValue()).toBe('FIELD');
    await m.getByLabel(o.field.name).fill('Field squad');
    await m.getByRole('button', { name: en.common.save }).click();
    await m.waitFor({ state: 'hidden' });
    await rowOf('Field squad').waitFor();
    await rowOf('Field squad').getByRole('button', { name: en.common.disable }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('Field squad').getByText(en.common.disabled).waitFor();

    await rowOf('MKTG').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await page.getByText(en.errors.organisation.has_children.replace('{{name}}', 'Marketing')).waitFor();
    await shot(page, 'organisations-delete-refused-en');
    await rowOf('Field squad').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('Field squad').waitFor({ state: 'detached' });
    await page.getByText(total(1)).waitFor();

    // take the leaf Marketing out of the tree (choose-parent dialog): it becomes a single organisation
    await rowOf('MKTG').getByRole('button', { name: o.action.chooseParent }).click();
    const d = dialogNamed(o.chooseParentTitle);
    await d.getByRole('button', { name: o.action.detach }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await d.waitFor({ state: 'hidden' });
    await rowOf('MKTG').waitFor({ state: 'detached' });
  });
});

describe('organisation element library', () => {
  it('lists every organisation and imports a bad file (per-row report, nothing written), then a good one', async () => {
    await openTenantMenu(page, 'baseOrgManagement');
    await page.getByText(total(all + 2)).waitFor(); // with Service desk and Marketing (Field crew was deleted)
    await rowOf('MKTG').getByText(o.relation.single).waitFor();
    const bad = await sheet('bad-orgs.xlsx', [
      ['HQ', 'Head office', 'SERVICE', 'Company', '1', 'Enabled', ''],
      ['BAD', 'Bad <one>', 'SERVICE', 'Company', '1', 'Enabled', ''],
      ['LOST', 'Lost', 'nowhere', 'Company', '1', 'Enabled', ''],
    ]);
    await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(bad);
    const report = dialogNamed(en.job.title.replace('{{fileName}}', 'bad-orgs.xlsx'));
    await report.getByText(en.job.state.failed).waitFor({ timeout: 30_000 });
    await report.getByText(en.errors.organisation.name_pattern).waitFor();
    await report.getByText(en.errors.organisation.import_parent_unknown.replace('{{code}}', 'nowhere')).waitFor();
    await shot(page, 'organisations-import-report-en');
    await report.getByRole('button', { name: en.job.close }).first().click();
    await report.waitFor({ state: 'hidden' });
    await page.getByText(total(all + 2)).waitFor();

    const good = await sheet('good-orgs.xlsx', [
      ['HQ', 'Head office', 'SERVICE', 'Company', '1', 'Enabled', ''],
      ['SOLO', 'Solo shop', '', 'Franchise store', '2', 'Enabled', ''],
    ]);
    await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(good);
    const done = dialogNamed(en.job.title.replace('{{fileName}}', 'good-orgs.xlsx'));
    await done.getByText(en.job.doneSummary.replace('{{created}}', '2').replace('{{updated}}', '0')).waitFor({ timeout: 60_000 });
    await done.getByRole('button', { name: en.job.close }).first().click();
    await page.getByText(total(all + 4)).waitFor();
    await rowOf('Solo shop').getByText(o.relation.single).waitFor();
    await rowOf('Head office').getByText(o.relation.tree).waitFor();
    await shot(page, 'organisations-library-en');
  });

  it('shows both screens in Chinese and Japanese', async () => {
    for (const [name, texts, tag, locale] of [
      ['简体中文', zh, 'zh', 'zh-CN'],
      ['日本語', ja, 'ja', 'ja-JP'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByRole('columnheader', { name: texts.organisation.field.relation }).waitFor();
      await shot(page, `organisations-library-${tag}`);
      await openTenantMenu(page, 'orgManagement', locale);
      await page.getByRole('button', { name: texts.organisation.action.addChild }).waitFor();
      await shot(page, `organisations-grid-${tag}`);
      await rowOf('Service desk').getByRole('button', { name: texts.organisation.action.chooseParent }).click();
      await dialogNamed(texts.organisation.chooseParentTitle).waitFor();
      await shot(page, `organisations-choose-parent-${tag}`);
      await page.keyboard.press('Escape');
      await openTenantMenu(page, 'baseOrgManagement', locale);
      // the library's grid is there before the next language switch (a switch during its load was flaky)
      await page.getByRole('columnheader', { name: texts.organisation.field.relation }).waitFor();
    }
  });
});
