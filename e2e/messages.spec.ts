/**
 * Messages end to end (issue 16 part M, "Tests and figures"; docs/messages.md): Northwind's application
 * administrator (Chromium, English) makes an e-mail template with a custom variable, previews it, and sends a
 * message from it to a Sales employee: the local SMTP server receives the mail with the substituted subject and
 * the escaped value in the body. The administrator then sends an in-site message; the employee (Chinese) sees
 * the message bell's unread badge, opens the message from the bell (the badge goes) and finds it in "my
 * message". The screens in the three languages are screenshotted: e2e/artifacts/messages-*.png.
 *
 * Through the gateway (not part of the story): the platform creates the application, authorises Northwind,
 * turns on the notice-management flag and points the mail configuration at the local SMTP server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { DEMO_PASSWORD, DEMO_TENANTS, peopleOf } from '../packages/server/src/scripts/seed-demo-data.js';
import { configureMail, startLocalSmtp, type LocalSmtp } from '../packages/server/src/modules/otc/otc.testing.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, launchBrowser, shot, watchCsp } from './support.js';
import { demoTenantId, NORTHWIND, signInThroughConsole, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';
import { addAppOfAppAdmin, authoriseApp, enterAppAsAppAdmin } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const ja = resources['ja-JP'];
const APP = 'Courier';
const INDEX = DEMO_TENANTS.findIndex((t) => t.code === NORTHWIND.code);
const people = peopleOf(DEMO_TENANTS[INDEX]!, INDEX);
// seed-demo.ts: person n works in department n % 4 (1 Sales)
const member = people.find((p, i) => i > 2 && i % 4 === 1 && !p.tenantAdmin && !p.appAdmin && p.status === 1)!;

let server: DemoServer;
let browser: Browser;
let admin: Page;
let user: Page;
let smtp: LocalSmtp;
let csp: string[] = [];

beforeAll(async () => {
  server = await startDemoServer('messages');
  smtp = await startLocalSmtp();
  const tenantId = await demoTenantId(server.url);
  const platform = await adminClient(server.url);
  expect((await platform.post(Paths.saveloginconfig, { noticeManagement: true })).body.result).toBe('1');
  await configureMail(platform, smtp.port);
  const app = await addAppOfAppAdmin(platform, 'courier', APP);
  await authoriseApp(platform, tenantId, app.id);
  await tenantClient(server.url, tenantId, member.username);
  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  csp = watchCsp(admin);
  user = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [name, p] of [
    ['admin', admin],
    ['user', user],
  ] as const)
    if (p) await shot(p, `messages-failed-${name}`).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Picks `text` in the open select dropdown. */
const pick = (p: Page, text: string | RegExp) => p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

describe('an e-mail template and messages', () => {
  it('the application administrator makes an e-mail template with a variable and previews it (Chromium, English)', async () => {
    const T = en.message;
    await enterAppAsAppAdmin(admin, server.url, APP);
    await admin.goto(`${server.url}/app/messagetemplate`);
    await admin.getByTestId('template-new').click();
    const d = admin.getByRole('dialog', { name: T.template.formAdd });
    await d.getByTestId('template-code').fill('order_ready');
    await d.getByTestId('template-name').fill('Order ready');
    await d.getByTestId('template-channel').click();
    await pick(admin, T.channel.email);
    await d.getByRole('button', { name: T.template.addVariable }).click();
    await d.getByLabel(T.template.variableName).fill('orderNo');
    await d.getByLabel(T.template.sample).fill('A-1');
    await d.getByRole('tab', { name: 'English' }).click();
    await d.getByTestId('template-subject-EN_US').fill('Order {{orderNo}} for {{user.name}}');
    await d.getByTestId('template-body-EN_US').fill('<p>Dear {{user.name}}, order <b>{{orderNo}}</b> is ready at {{app.name}}.</p>');
    await d.getByTestId('template-preview').click();
    await d.getByTestId('message-preview').getByText('Order A-1 for').waitFor();
    await shot(admin, 'messages-en-template-form');
    await d.getByTestId('template-save').click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 });
    await admin.getByRole('row', { name: /order_ready/ }).waitFor();
    await shot(admin, 'messages-en-templates');
  });

  it('sends a message from it to a Sales employee; the SMTP server receives the substituted mail (Chromium)', async () => {
    const T = en.message;
    await admin.goto(`${server.url}/app/message`);
    await admin.getByTestId('message-send').click();
    const d = admin.getByRole('dialog', { name: T.message.send });
    await d.getByTestId('message-template').click();
    await pick(admin, 'Order ready');
    await d.getByTestId('message-value-orderNo').fill('<A-42>');
    await d.getByTestId('recipient-target').click();
    await admin.keyboard.type(member.username);
    await pick(admin, member.employeeName);
    await d.getByTestId('recipient-tags').getByText(member.employeeName).waitFor();
    await shot(admin, 'messages-en-send');
    const before = smtp.received.length;
    await d.getByTestId('message-send-submit').click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 });
    const mail = await smtp.waitFor(member.email, before, 20_000);
    expect(mail).toContain(`Subject: Order <A-42> for ${member.employeeName}`);
    expect(mail).toContain(`Dear ${member.employeeName}, order <b>&#60;A-42&#62;</b> is ready at ${APP}.`);
    const row = admin.getByRole('row', { name: /Order/ }).first();
    await expect
      .poll(
        async () => {
          await admin
            .getByRole('button', { name: en.grid.reload })
            .click()
            .catch(() => undefined);
          return (await row.textContent()) ?? '';
        },
        { timeout: 15_000 },
      )
      .toMatch(new RegExp(`${T.message.dstatus.sent} 1`));
    await row.getByRole('button', { name: T.message.detail }).click();
    const detail = admin.getByRole('dialog', { name: T.message.detail });
    await detail.getByTestId('delivery-status').getByText(T.message.dstatus.sent).waitFor();
    await shot(admin, 'messages-en-detail');
    await detail.getByRole('button', { name: en.common.close }).first().click();
  });

  it('an in-site message appears in the employee\'s bell and "my message" (Chromium, Chinese)', async () => {
    const T = en.message;
    await admin.getByTestId('message-send').click();
    const d = admin.getByRole('dialog', { name: T.message.send });
    await d.getByTestId('message-source').getByText(T.message.freeText).click();
    await d.getByTestId('message-subject').fill('Stock count on Friday');
    await d.getByTestId('message-body').fill('Hello {{user.name}},\nplease bring your scanner <3');
    await d.getByTestId('recipient-target').click();
    await admin.keyboard.type(member.username);
    await pick(admin, member.employeeName);
    await d.getByTestId('message-send-submit').click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 });

    await signInThroughConsole(user, server.url, member.username, DEMO_PASSWORD, /\/userAdmin\//);
    const bell = user.getByTestId('message-bell');
    await expect
      .poll(
        () =>
          bell
            .locator('.ant-badge-count')
            .textContent()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('1');
    await shot(user, 'messages-zh-bell');
    await bell.click();
    await user.getByTestId('message-bell-panel').getByText('Stock count on Friday').click();
    const opened = user.getByTestId('my-message-detail');
    await opened.getByText(`please bring your scanner <3`).waitFor();
    await opened.getByText(`Hello ${member.employeeName},`).waitFor();
    await shot(user, 'messages-zh-open');
    await user.getByRole('dialog').getByRole('button', { name: zh.common.close }).first().click();
    await expect.poll(() => bell.locator('.ant-badge-count').count(), { timeout: 15_000 }).toBe(0);
    await user.goto(`${server.url}/userAdmin/message`);
    await user.getByTestId('my-message-list').getByText('Stock count on Friday').waitFor();
    await shot(user, 'messages-zh-list');
  });

  it('shows the screens in Chinese and Japanese too', async () => {
    await chooseLanguage(admin, '简体中文');
    await admin.getByTestId('message-send').getByText(zh.message.message.send).waitFor();
    await shot(admin, 'messages-zh-grid');
    await admin.goto(`${server.url}/app/messagetemplate`);
    await chooseLanguage(admin, '日本語');
    await admin.getByTestId('template-new').getByText(ja.message.template.newTemplate).waitFor();
    await shot(admin, 'messages-ja-templates');
    await admin
      .getByRole('row', { name: /order_ready/ })
      .getByRole('button', { name: ja.message.edit })
      .click();
    await admin.getByRole('dialog', { name: ja.message.template.formEdit }).getByTestId('template-code').waitFor();
    await shot(admin, 'messages-ja-template-form');
    await admin.keyboard.press('Escape');
    await chooseLanguage(user, '日本語').catch(() => undefined);
    await user.getByText(ja.message.my.title).first().waitFor();
    await shot(user, 'messages-ja-list');
    await chooseLanguage(user, 'English').catch(() => undefined);
    await user.getByText(en.message.my.title).first().waitFor();
    await shot(user, 'messages-en-list');
    expect(csp).toEqual([]);
  });
});
