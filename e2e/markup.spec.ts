/**
 * Stored markup is text (issue 12 §2; docs/security.md "Output"): a value holding a script tag is refused
 * by the gateway (SPEC §5 Generic), and any other markup (`<img onerror>`, `<svg onload>`, closing quotes)
 * is stored as typed and shown as literal text in the console's grid, detail form and messages — it never
 * becomes an element and never runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { Codes, Paths } from '@mp/protocol';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, type RunningServer } from './support.js';
import { adminClient, uploadLogo } from './seed-api.js';

const en = resources['en-US'];
const NAME = 'Acme <img src=x onerror="window.__xss=1">';
const ADDRESS = '"><svg onload="window.__xss=2"> 1 Main St';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  api = await adminClient(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('markup in stored values', () => {
  it('the gateway refuses a script tag and writes nothing, but keeps other markup as typed', async () => {
    const logo = await uploadLogo(api, server.url);
    const refused = await api.post(Paths.addtenant, { code: 'scripted', name: 'X<script>alert(1)</script>', abbreviation: 'x', logo, address: 'a', status: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.scode).toBe(Codes.SCRIPT_TAG);
    const none = await api.post(Paths.listtenant, { page: 1, pageSize: 50, keyword: 'scripted' });
    expect(none.body.data.records).toBe(0);

    const added = await api.post(Paths.addtenant, { code: 'markup', name: NAME, abbreviation: '<b>ac</b>', logo, address: ADDRESS, status: 1 });
    expect(added.body.result).toBe('1');
    const listed = await api.post(Paths.listtenant, { page: 1, pageSize: 50 });
    const row = listed.body.data.rows.find((r: { code: string }) => r.code === 'markup');
    expect(row).toMatchObject({ name: NAME, address: ADDRESS, abbreviation: '<b>ac</b>' });
  });

  it('the console shows the markup as literal text in the grid and the edit form, and nothing runs', async () => {
    await page.goto(`${server.url}/login`);
    await chooseLanguage(page, 'English');
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'en-US'); // the API client accepted the agreement
    await page.waitForURL(/\/platformAdmin\//, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: en.layout.route.tenancyManager }).click();
    await page.getByText(NAME, { exact: true }).first().waitFor();
    await shot(page, 'markup-grid-en');

    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.getByRole('button', { name: en.common.edit }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(en.tenant.field.name).inputValue()).resolves.toBe(NAME);
    await shot(page, 'markup-form-en');

    const injected = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: number }).__xss,
      imgs: document.querySelectorAll('img[src="x"]').length,
      svgs: document.querySelectorAll('svg[onload]').length,
      bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'ac').length,
    }));
    expect(injected).toEqual({ xss: undefined, imgs: 0, svgs: 0, bold: 0 });
  });
});
