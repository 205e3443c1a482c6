/**
 * The API registry end to end (issue 14 "API registry"; SPEC §2 App `api`, §3 API, §5 ".do" and Import
 * files, §8 'The service url must end with .do'): an application administrator enters an application
 * from the workbench, opens API management, narrows the grid through the services → modules tree, adds
 * an API (refused first for a url without .do, then for a url already registered), modifies it,
 * searches, downloads the template and an export, imports a bad file (per-row report, nothing written)
 * and a good one, and deletes an API after confirmation. Screenshots in Chinese, English and Japanese
 * (e2e/artifacts/app-apis-*.png).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { AppApiPaths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { animationsDone, chooseLanguage, launchBrowser, savedDownload, shot } from './support.js';
import { startDemoServer, type DemoServer } from './tenant-session.js';
import { addCrmApp, enterCrmAsAppAdmin } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const T = en.appapi;

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
const total = (n: number) => en.grid.total.replace('{{count}}', String(n));
const tree = () => page.getByTestId('api-service-tree');
const inCrm = () => ({ headers: { appid: crm.id } });
const apisOfCrm = async () =>
  (await api.post(AppApiPaths.listappapi, { pageSize: 500, sortField: 'url' }, inCrm())).body.data.rows as { url: string; name: string; id: string }[];

async function sheet(name: string, rows: string[][]): Promise<string> {
  const head = ['serviceName', 'moduleName', 'name', 'url', 'description'].map((k) => (T.field as Record<string, string>)[k]!);
  const path = join(server.dataDir, name);
  writeFileSync(path, (await writeExcelFile([head, ...rows].map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer);
  return path;
}

beforeAll(async () => {
  server = await startDemoServer('appapis');
  api = await adminClient(server.url);
  crm = await addCrmApp(api);
  // Twelve APIs in two services (the platform administrator may work on every application).
  const seed: [string, string, string, string][] = [
    ['order-service', 'orders', 'List orders', '/order/list.do'],
    ['order-service', 'orders', 'Save order', '/order/save.do'],
    ['order-service', 'orders', 'Cancel order', '/order/cancel.do'],
    ['order-service', 'refunds', 'List refunds', '/refund/list.do'],
    ['order-service', 'refunds', 'Approve refund', '/refund/approve.do'],
    ['customer-service', 'customers', 'List customers', '/customer/list.do'],
    ['customer-service', 'customers', 'Save customer', '/customer/save.do'],
    ['customer-service', 'customers', 'Merge customers', '/customer/merge.do'],
    ['customer-service', 'contacts', 'List contacts', '/contact/list.do'],
    ['customer-service', 'contacts', 'Save contact', '/contact/save.do'],
    ['customer-service', 'tags', 'List tags', '/tag/list.do'],
    ['customer-service', 'tags', 'Save tag', '/tag/save.do'],
  ];
  for (const [serviceName, moduleName, name, url] of seed) {
    const a = await api.post(AppApiPaths.addappapi, { serviceName, moduleName, name, url, description: `${name} of the CRM` }, inCrm());
    expect(a.body.result).toBe('1');
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the API registry', () => {
  it('opens API management of the chosen application, grouped by service and module', async () => {
    await enterCrmAsAppAdmin(page, server.url);
    await page.getByRole('menuitem', { name: en.layout.route.api }).click();
    await page.waitForURL(/\/app\/api/);
    await page.getByTestId('current-app-name').getByText('CRM Portal').waitFor();
    await page.getByText(total(12)).waitFor();
    await tree().getByText(T.allApis).waitFor();
    await tree().getByText('customer-service').waitFor();
    await tree().getByText('order-service').click();
    await page.getByText(total(5)).waitFor();
    await tree().getByText('refunds').click();
    await page.getByText(total(2)).waitFor();
    await rowOf('/refund/approve.do').waitFor();
    await shot(page, 'app-apis-grid-en');
  });

  it('adds an API in the chosen module: a url without .do and a url already registered are refused in the form', async () => {
    await page.getByRole('button', { name: T.newApi }).click();
    const d = dialog();
    const f = T.field;
    expect(await d.getByLabel(f.serviceName, { exact: true }).inputValue()).toBe('order-service');
    expect(await d.getByLabel(f.moduleName, { exact: true }).inputValue()).toBe('refunds');
    await d.getByLabel(f.name, { exact: true }).fill('Reject refund');
    await d.getByLabel(f.url, { exact: true }).fill('/refund/reject.action');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.errors.appapi.url_suffix).waitFor();
    await shot(page, 'app-apis-form-en');
    await d.getByLabel(f.url, { exact: true }).fill('/REFUND/APPROVE.do');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.getByText(en.errors.appapi.url_in_use.replace('{{url}}', '/REFUND/APPROVE.do')).waitFor();
    await d.getByLabel(f.url, { exact: true }).fill('/refund/reject.do');
    await d.getByLabel(f.description, { exact: true }).fill('Rejects a refund request');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByText(total(3)).waitFor();
    await rowOf('/refund/reject.do').waitFor();
    expect((await apisOfCrm()).find((a) => a.url === '/refund/reject.do')).toMatchObject({
      name: 'Reject refund',
      serviceName: 'order-service',
      moduleName: 'refunds',
    });
  });

  it('modifies an API and searches the registry', async () => {
    await rowOf('/refund/reject.do').getByRole('button', { name: en.common.edit }).click();
    const d = dialog();
    await d.getByLabel(T.field.name, { exact: true }).waitFor();
    await d.getByLabel(T.field.name, { exact: true }).fill('Decline refund');
    await d.getByRole('button', { name: en.common.save }).click();
    await d.waitFor({ state: 'hidden' });
    await rowOf('Decline refund').waitFor();
    await tree().getByText(T.allApis).click();
    await page.getByText(total(13)).waitFor();
    await page.getByLabel(T.keyword).fill('LIST');
    await page.getByRole('button', { name: en.common.search }).click();
    await page.getByText(total(5)).waitFor();
    await page.getByRole('button', { name: en.common.reset }).click();
    await page.getByText(total(13)).waitFor();
  });

  it('downloads the template and an export of the chosen service', async () => {
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.grid.downloadTemplate }).click()]);
    const [t] = await readXlsxFile(readFileSync(await savedDownload(template)));
    expect(t!.data).toEqual([['Service name', 'Module name', 'API name', 'Service url', 'Description']]);
    await tree().getByText('order-service').click();
    await page.getByText(total(6)).waitFor();
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.grid.export }).click()]);
    const [e] = await readXlsxFile(readFileSync(await savedDownload(exported)));
    expect(e!.data.length).toBe(7);
    expect(e!.data.slice(1).every((r) => r[0] === 'order-service')).toBe(true);
  });

  it('imports a bad file (per-row report, nothing written), then a good one', async () => {
    const before = await apisOfCrm();
    const bad = await sheet('bad-apis.xlsx', [
      ['billing', 'invoices', 'List invoices', '/invoice/list.do', ''],
      ['billing', 'invoices', '', '/invoice/save.jsp', ''],
    ]);
    await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(bad);
    const report = page.getByTestId('api-import-report');
    await report.getByText(en.errors.appapi.url_suffix).waitFor();
    await report.getByText(en.errors.validation.required.replace('{{field}}', 'API name')).waitFor();
    await shot(page, 'app-apis-import-report-en');
    await page.getByRole('button', { name: en.common.close }).last().click();
    await report.waitFor({ state: 'detached' });
    expect(await apisOfCrm()).toEqual(before);

    const good = await sheet('good-apis.xlsx', [
      ['billing', 'invoices', 'List invoices', '/invoice/list.do', ''],
      ['billing', 'invoices', 'Save invoice', '/invoice/save.do', ''],
      ['order-service', 'orders', 'List all orders', '/order/list.do', 'renamed'],
    ]);
    await page.locator('input[type=file][accept=".xls,.xlsx"]').setInputFiles(good);
    await page.getByText(T.importDone.replace('{{created}}', '2').replace('{{updated}}', '1')).waitFor();
    await tree().getByText('billing').waitFor();
    await tree().getByText(T.allApis).click();
    await page.getByText(total(15)).waitFor();
    await rowOf('/invoice/list.do').waitFor();
    expect((await apisOfCrm()).find((a) => a.url === '/order/list.do')?.name).toBe('List all orders');
  });

  it('deletes an API after confirmation', async () => {
    await rowOf('/invoice/save.do').getByRole('button', { name: en.common.delete }).click();
    await page.getByRole('button', { name: en.common.ok }).last().click();
    await rowOf('/invoice/save.do').waitFor({ state: 'detached' });
    await page.getByText(total(14)).waitFor();
    expect((await apisOfCrm()).map((a) => a.url)).not.toContain('/invoice/save.do');
  });

  it('shows the screen in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByRole('button', { name: texts.appapi.newApi }).waitFor();
      await page.getByRole('menu').filter({ hasText: 'English' }).waitFor({ state: 'hidden' });
      await tree().getByText(texts.appapi.allApis).waitFor();
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await shot(page, `app-apis-grid-${tag}`);
      await page.getByRole('button', { name: texts.appapi.newApi }).click();
      await dialog().getByLabel(texts.appapi.field.name, { exact: true }).fill('x');
      await dialog().getByLabel(texts.appapi.field.url, { exact: true }).fill('/x.htm');
      await dialog().getByLabel(texts.appapi.field.serviceName, { exact: true }).click();
      await dialog().getByText(texts.errors.appapi.url_suffix).waitFor();
      await animationsDone(page); // the dialog's opening animation
      await shot(page, `app-apis-form-${tag}`);
      await dialog()
        .getByRole('button', { name: new RegExp(`^${[...texts.common.cancel].join('\\s?')}$`) })
        .click();
      await page.getByRole('button', { name: new RegExp(`^${[...texts.common.discard].join('\\s?')}$`) }).click();
      await page.getByRole('dialog', { name: texts.appapi.addTitle }).waitFor({ state: 'detached' });
    }
  });
});
