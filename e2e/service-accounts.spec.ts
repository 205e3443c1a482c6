/**
 * Service accounts end to end (issue 17 "The API as a product"; docs/service-accounts.md): the platform
 * administrator opens "Service accounts" (empty state), creates one with a platform role, sees and copies the
 * secret once; a script signs in with it through the SDK and calls an admin API; the administrator disables
 * it in the grid and the script's next call fails at once. Screenshots of the grid, the form and the secret
 * dialog in Chinese, English and Japanese (e2e/artifacts/service-accounts-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Codes, Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { MpApiError, MpClient } from '../packages/sdk/src/index.js';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, type RunningServer } from './support.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: GatewayClient;

/** A button's accessible name: antd puts a space between two CJK characters ('保 存'). */
const label = (text: string) => new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);

beforeAll(async () => {
  server = await startServer();
  api = await adminClient(server.url);
  // A platform role that may list the platform tenant's users (its API grant is given in the tenant area of `sys`).
  const admins = await api.post(Paths.savetenantadmin, { tenantId: 'sys', userIds: [api.userId] });
  expect(admins.body.result, admins.body.msg).toBe('1');
  const role = await api.post(Paths.addrole, { tenantId: 'sys', roleNo: 'dir_reader', roleName: 'Directory_reader', orgId: 'sys' });
  expect(role.body.result, role.body.msg).toBe('1');
  const roleId: string = role.body.data.row.roleId;
  const grant = await api.post(Paths.savetenantapipurview, { roleId, dataPurview: [{ dpDataid: Paths.listtenantuser, dpPurview: 1 }] });
  expect(grant.body.result, grant.body.msg).toBe('1');
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('service accounts in the console', () => {
  let keyId = '';
  let secret = '';

  it('opens the screen from the platform menu and shows the empty state', async () => {
    await page.goto(`${server.url}/login`);
    await chooseLanguage(page, 'English');
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'en-US');
    await page.waitForURL(/\/platformAdmin\//, { timeout: 20_000 });
    await page.getByRole('menuitem', { name: en.serviceaccount.title }).click();
    await page.waitForURL(/\/platformAdmin\/serviceAccounts/);
    await page.getByText(en.serviceaccount.intro).waitFor();
    await shot(page, 'service-accounts-empty-en');
  });

  it('creates one with a role and shows the secret once, with a copy button and a warning', async () => {
    await page.getByTestId('sa-new').click();
    const d = page.getByRole('dialog', { name: en.serviceaccount.addTitle });
    await d.getByRole('button', { name: label(en.common.save) }).click();
    await d.getByText(en.errors.serviceaccount.role_required).waitFor(); // keyboard-free check of the rules
    await d.getByLabel(en.serviceaccount.field.name, { exact: true }).fill('Nightly directory export');
    await d.getByLabel(en.serviceaccount.field.roles).click();
    await page.keyboard.type('Directory_reader');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await shot(page, 'service-accounts-form-en');
    await d.getByRole('button', { name: label(en.common.save) }).click();

    const shown = page.getByTestId('sa-secret');
    await shown.waitFor();
    secret = (await shown.textContent()) ?? '';
    keyId = (await page.getByTestId('sa-key-id').textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(keyId).toMatch(/^sa-[0-9a-f]{24}$/);
    await page.getByText(en.serviceaccount.secret.warning).waitFor();
    await page.getByTestId('sa-copy').click();
    await page.getByText(en.serviceaccount.secret.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, 'service-accounts-secret-en');
    await page.getByTestId('secret-done').click();
    await shown.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Nightly directory export/ }).waitFor();
    expect(await page.content()).not.toContain(secret); // never shown again
    await shot(page, 'service-accounts-grid-en');
  });

  it('a script calls an admin API with it; after the administrator disables it the next call fails', async () => {
    const script = new MpClient({ baseUrl: server.url, language: 'EN_US', tenantId: 'sys' });
    await script.signInWithServiceAccount({ keyId, secret });
    const users = await script.post<{ records: number }>(Paths.listtenantuser, { pageSize: 10 });
    expect(users.records).toBeGreaterThanOrEqual(0);
    await expect(script.post(Paths.listtenant, {})).rejects.toMatchObject({ scode: Codes.NO_PERMISSION });

    const row = page.getByRole('row', { name: /Nightly directory export/ });
    await row.getByRole('button', { name: label(en.common.disable) }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: label(en.common.ok) })
      .click();
    await row.getByText(en.common.disabled).waitFor();
    const err = await script.post(Paths.listtenantuser, { pageSize: 10 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MpApiError);
    expect(err).toMatchObject({ scode: Codes.TOKEN_INVALID });
  });

  it('reads in Chinese and Japanese', async () => {
    for (const [name, texts, tag] of [
      ['简体中文', zh, 'zh'],
      ['日本語', ja, 'ja'],
    ] as const) {
      await chooseLanguage(page, name);
      await page.getByText(texts.serviceaccount.intro).waitFor();
      await shot(page, `service-accounts-grid-${tag}`);
      const row = page.getByRole('row', { name: /Nightly directory export/ });
      await row.getByRole('button', { name: label(texts.serviceaccount.rotate) }).click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: label(texts.common.ok) })
        .click();
      await page.getByText(texts.serviceaccount.secret.warning).waitFor();
      await shot(page, `service-accounts-secret-${tag}`);
      await page.getByTestId('secret-done').click();
      await page.getByTestId('sa-new').click();
      await page.getByRole('dialog', { name: texts.serviceaccount.addTitle }).waitFor();
      await shot(page, `service-accounts-form-${tag}`);
      await page
        .getByRole('dialog', { name: texts.serviceaccount.addTitle })
        .getByRole('button', { name: label(texts.common.cancel) })
        .click();
    }
  });
});
