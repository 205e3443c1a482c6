/**
 * The application administrator's dashboards end to end (issue 15 "Workbench dashboard", "Application
 * dashboard"; docs/applications.md "Dashboards"): on the demo data set, two applications administered by the
 * demo's application administrator (CRM Portal authorised to Northwind, HR Hub to none), clients, and real
 * policy-service calls by CRM's backend client (counted by plugins/policy-call-stats.ts, flushed within
 * seconds). The administrator opens the workbench dashboard (their two applications only, figures equal to
 * what the API answers, charts, recent changes), then CRM's dashboard (policy calls chart, Northwind in the
 * tenants list), in English, Chinese and Japanese, and on a narrow screen. Screenshots:
 * e2e/artifacts/app-dashboards-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AppDashboardPaths, Paths, PolicyPaths, type AppDashboardSummary, type WorkbenchSummary } from '@mp/protocol';
import { resources, type Locale } from '@mp/i18n';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { addAppOfAppAdmin, addCrmApp, enterCrmAsAppAdmin } from './app-area.js';
import { chooseLanguage, launchBrowser, shot } from './support.js';
import { demoTenantId, startDemoServer, type DemoServer } from './tenant-session.js';

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;
let crm: { id: string; code: string };
let hr: { id: string; code: string };
let tenantId = '';
const POLICY_CALLS = 5;

const texts = (l: Locale) => resources[l].appdashboard;
const statValue = async (key: string) =>
  Number((await page.getByTestId(`stat-${key}`).locator('.ant-statistic-content-value').innerText()).replace(/[^\d]/g, ''));

beforeAll(async () => {
  server = await startDemoServer('appdash');
  tenantId = await demoTenantId(server.url); // signs the platform administrator in: before our own session
  api = await adminClient(server.url);
  crm = await addCrmApp(api);
  hr = await addAppOfAppAdmin(api, 'hr_hub', 'HR Hub');
  const authorised = (await api.post(Paths.listtenantproduct, { tenantId, page: 1, pageSize: 100 })).body.data.rows as {
    productId: string;
    authorised: boolean;
    authorisedVersion: string;
  }[];
  expect(
    (
      await api.post(Paths.savetenantproduct, {
        tenantId,
        products: [
          ...authorised.filter((r) => r.authorised && r.productId !== crm.id).map((r) => ({ productId: r.productId, version: r.authorisedVersion })),
          { productId: crm.id, version: 'V1.0' },
        ],
      })
    ).body.result,
  ).toBe('1');
  const web = await api.post(Paths.addclient, {
    productId: crm.id,
    clientId: 'crm-web',
    name: 'CRM web',
    redirectUris: ['https://crm.example.com/cb'],
    grantTypes: ['authorization_code'],
  });
  expect(web.body.result).toBe('1');
  const backend = await api.post(Paths.addclient, {
    productId: crm.id,
    clientId: 'crm-backend',
    name: 'CRM backend',
    redirectUris: [],
    grantTypes: ['client_credentials'],
  });
  expect(backend.body.result).toBe('1');
  expect(
    (
      await api.post(Paths.addclient, {
        productId: hr.id,
        clientId: 'hr-web',
        name: 'HR web',
        redirectUris: ['https://hr.example.com/cb'],
        grantTypes: ['authorization_code'],
      })
    ).body.result,
  ).toBe('1');
  // Real policy calls by CRM's backend: permissions and decisions of a Northwind user.
  const auth = `Basic ${Buffer.from(`crm-backend:${(backend.body.data as { clientSecret: string }).clientSecret}`).toString('base64')}`;
  for (let i = 0; i < POLICY_CALLS; i++) {
    const path = i % 2 ? PolicyPaths.check : PolicyPaths.permissions;
    const body = i % 2 ? { tenantId, username: 'nobody', menu: 'none' } : { tenantId, username: 'nobody' };
    const r = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify(body),
    });
    expect(r.status).toBeLessThan(500);
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) await shot(page, 'app-dashboards-failed').catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('application dashboards', () => {
  it("the workbench dashboard shows the administrator's two applications with the figures the API answers", async () => {
    await enterCrmAsAppAdmin(page, server.url); // signs in (English) and enters CRM, so the app dashboard has its APPID
    await page.goto(`${server.url}/appAdmin/dashboard`);
    const en = texts('en-US');
    await page.getByTestId('workbench-dashboard').waitFor();
    const table = page.getByTestId('apps-table');
    await table.getByRole('row', { name: /CRM Portal/ }).waitFor({ timeout: 20_000 });
    await table.getByRole('row', { name: /HR Hub/ }).waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(2);
    // the API's answer for the platform administrator, restricted to these two, is what the screen shows
    const all = (await api.post(AppDashboardPaths.workbenchsummary, { pageSize: 50 })).body.data as { row: WorkbenchSummary };
    const mine = all.row.apps.filter((a) => a.id === crm.id || a.id === hr.id);
    expect(await statValue('applications')).toBe(2);
    expect(await statValue('clients')).toBe(mine.reduce((s, a) => s + a.clients, 0));
    expect(await statValue('tenants')).toBe(1);
    const crmFigures = mine.find((a) => a.id === crm.id)!;
    expect(crmFigures.users).toBeGreaterThan(0); // Northwind's users
    expect(await statValue('users')).toBe(crmFigures.users);
    await expect
      .poll(() =>
        table
          .getByRole('row', { name: /CRM Portal/ })
          .getByRole('cell')
          .nth(1)
          .innerText(),
      )
      .toBe(String(crmFigures.users));
    await page.getByTestId('chart-users').locator('canvas').waitFor();
    await page.getByTestId('recent-changes').getByTestId('recent-change').first().waitFor();
    expect(await page.getByTestId('recent-changes').getByText('HR Hub').count()).toBeGreaterThan(0);
    await page.getByTestId('chart-signins').getByText(en.noSignIns).waitFor();
    await shot(page, 'app-dashboards-workbench-en');

    // search narrows the table (and the figures) to one application
    await page.getByPlaceholder(en.searchApps).fill('hr_hub');
    await page.getByPlaceholder(en.searchApps).press('Enter');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(1);
    await table.getByRole('row', { name: /HR Hub/ }).waitFor();
    await expect.poll(() => statValue('applications')).toBe(1);
  });

  it("CRM's dashboard shows its policy calls, its tenant and its changes", async () => {
    // The counts reach the table within the flush interval (5 s).
    await expect
      .poll(
        async () => {
          const r = await api.post(AppDashboardPaths.appsummary, {}, { headers: { appid: crm.id } });
          const row = (r.body.data as { row: AppDashboardSummary }).row;
          return row.policyCalls.reduce((s, d) => s + d.permissions + d.decision + d.sync, 0);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(POLICY_CALLS);
    await page.goto(`${server.url}/app/dashboard`);
    const en = texts('en-US');
    await page.getByTestId('app-dashboard').waitFor();
    await page.getByText(en.appSubtitle.replace('{{name}}', 'CRM Portal')).waitFor({ timeout: 20_000 });
    await page.getByTestId('chart-policy').locator('canvas').waitFor();
    await page
      .getByTestId('tenants-list')
      .getByRole('row', { name: /northwind/i })
      .waitFor();
    expect(await statValue('clients')).toBe(2);
    expect(await statValue('tenants')).toBe(1);
    const changes = page.getByTestId('recent-changes').getByTestId('recent-change');
    await changes.first().waitFor();
    expect(await page.getByTestId('recent-changes').getByText('HR Hub').count()).toBe(0); // never another app's
    await shot(page, 'app-dashboards-app-en');
    await page.getByTestId('recent-changes').scrollIntoViewIfNeeded();
    await shot(page, 'app-dashboards-app-changes-en');
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('shows both dashboards in Chinese and Japanese, and on a narrow screen', async () => {
    for (const [name, locale, tag] of [
      ['简体中文', 'zh-CN', 'zh'],
      ['日本語', 'ja-JP', 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.mouse.move(700, 500); // let the language menu close before the screenshots
      await page.getByText(texts(locale).policyCalls).waitFor();
      await page.getByText(texts(locale).tenantsList).waitFor();
      await shot(page, `app-dashboards-app-${tag}`);
      await page.goto(`${server.url}/appAdmin/dashboard`);
      await page.getByText(texts(locale).usersChart).waitFor();
      await page
        .getByTestId('apps-table')
        .getByRole('row', { name: /CRM Portal/ })
        .waitFor();
      await shot(page, `app-dashboards-workbench-${tag}`);
      await page.goto(`${server.url}/app/dashboard`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/appAdmin/dashboard`);
    await page
      .getByTestId('apps-table')
      .getByRole('row', { name: /CRM Portal/ })
      .waitFor();
    // the dashboard's content fits its column: only the table scrolls, inside its card
    const overflow = await page.getByTestId('workbench-dashboard').evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      const wider = [...el.querySelectorAll('*')].filter((x) => !x.closest('.ant-table-content') && x.getBoundingClientRect().right > right + 1);
      return { by: el.scrollWidth - el.clientWidth, wider: wider.slice(0, 5).map((x) => `${x.tagName}.${x.className}`) };
    });
    expect(overflow).toEqual({ by: 0, wider: [] });
    await shot(page, 'app-dashboards-workbench-narrow');
  });
});
