/**
 * Password recovery, dynamic-code sign-in and MFA end to end in Chromium (issue 4; docs/codes.md), with a
 * local SMTP server as the platform mail configuration: forgot password → the real mail → its link →
 * reset → sign in with the new password; dynamic code by e-mail; MFA after the password. Texts come from
 * @mp/i18n; screenshots of each step in three languages go to e2e/artifacts/codes-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resources, type Locale } from '@mp/i18n';
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { codeIn, configureMail, startLocalSmtp, type LocalSmtp } from '../packages/server/src/modules/otc/otc.testing.js';
import { ADMIN_PASSWORD, chooseLanguage, LANGS, launchBrowser, type RunningServer, shot, signInOnPage, startServer } from './support.js';

const PW = 'Start1234x';

let server: RunningServer;
let smtp: LocalSmtp;
let browser: Browser;
let admin: GatewayClient;

async function addUser(username: string, email: string, mobile: string): Promise<void> {
  const r = await admin.post(Paths.adduser, {
    tenantId: 'sys',
    username,
    employeeName: username.replace('_', ''),
    orgId: 'sys',
    effectiveDate: '2026-01-01',
    expiryDate: '2035-12-31',
    status: 1,
    email,
    mobile,
    password: admin.encrypt(PW),
  });
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
}

beforeAll(async () => {
  smtp = await startLocalSmtp();
  server = await startServer({ MP_SMS_PROVIDER: 'dev' });
  admin = await new GatewayClient(server.url).init();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
  for (const l of ['zh', 'en', 'ja']) {
    await addUser(`rec_${l}`, `rec_${l}@example.org`, `1370000000${['zh', 'en', 'ja'].indexOf(l)}`);
    await addUser(`code_${l}`, `code_${l}@example.org`, `1370000001${['zh', 'en', 'ja'].indexOf(l)}`);
    await addUser(`mfa_${l}`, `mfa_${l}@example.org`, `1370000002${['zh', 'en', 'ja'].indexOf(l)}`);
  }
  await addUser('countdown_user', 'countdown@example.org', '13700000030');
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A fresh page on /login in `locale`. */
async function loginPage(locale: Locale, name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-submit').waitFor();
  if (locale !== 'zh-CN') await chooseLanguage(page, name);
  await page.getByText(resources[locale].login.title, { exact: true }).first().waitFor();
  return page;
}

describe.each(LANGS)('codes journeys in $locale', ({ locale, name }) => {
  const otc = resources[locale].otc;
  const login = resources[locale].login;
  const l = locale.slice(0, 2);

  it('forgot password → mail → link → reset (rule checked first) → sign in with the new password', async () => {
    const page = await loginPage(locale, name);
    await page.getByTestId('forgot-password').click();
    await page.getByLabel(otc.forgotUsername, { exact: true }).fill(`rec_${l}`);
    const before = smtp.received.length;
    await page.getByTestId('forgot-submit').click();
    await page
      .getByText(otc.forgotSent)
      .waitFor()
      .catch(async (e: unknown) => {
        await shot(page, `codes-forgot-failed-${locale}`);
        throw e;
      });
    await shot(page, `codes-forgot-${locale}`);
    const mail = await smtp.waitFor(`rec_${l}@example.org`, before, 10_000);
    const link = /(http:\/\/\S+?\/resetpw\?p=[^\s"<&]+&(?:amp;)?resetpsw=[A-Za-z0-9_-]+)/.exec(mail)![1]!.replace('&amp;', '&');
    expect(link.startsWith(server.url)).toBe(true);
    await page.goto(link);
    await page.getByText(login.reset.title).first().waitFor();
    await page.getByLabel(login.reset.newPassword).fill('weak');
    await page.getByLabel(login.reset.confirmPassword).fill('weak');
    await page.locator('.mp-reset-card button[type=submit]').click();
    await page.getByText(login.reset.strengthFailed).waitFor();
    await shot(page, `codes-reset-form-${locale}`);
    await page.getByLabel(login.reset.newPassword).fill('NewPass9876');
    await page.getByLabel(login.reset.confirmPassword).fill('NewPass9876');
    await page.locator('.mp-reset-card button[type=submit]').click();
    await page.getByText(login.reset.success).waitFor();
    await shot(page, `codes-reset-done-${locale}`);
    // the used link is refused now: the expired message shows and the form stays
    await page.goto(link);
    await page.getByTestId('reset-expired').waitFor();
    await expect(page.getByLabel(login.reset.newPassword).isVisible()).resolves.toBe(true);
    await shot(page, `codes-reset-expired-${locale}`);
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    await signInOnPage(page, `rec_${l}`, 'NewPass9876', locale, true);
    // argon2id sign-in on a busy 2-core CI machine: allow it time, and keep a picture when it fails
    await page.waitForURL(/\/userAdmin/, { timeout: 30_000 }).catch(async (e: unknown) => {
      await shot(page, `codes-signin-after-reset-failed-${locale}`);
      throw e;
    });
    await page.close();
  });

  it('dynamic code by e-mail: empty code and bad mobile refused with the spec messages, then the mailed code signs in', async () => {
    const page = await loginPage(locale, name);
    await page.getByRole('tab', { name: otc.tabs.code }).click();
    await page.getByTestId('code-login-type').getByText(otc.loginType.mobile).click();
    await page.getByPlaceholder(otc.mobile, { exact: true }).fill('12345');
    await page.getByTestId('send-login-code').click();
    await page.getByText(otc.mobileInvalid).waitFor();
    await page.getByTestId('code-login-type').getByText(otc.loginType.email).click();
    await page.getByPlaceholder(otc.email, { exact: true }).fill(`code_${l}@example.org`);
    await page
      .getByRole('checkbox', { name: new RegExp(login.agreePrefix.trim()) })
      .last()
      .check();
    await page.getByTestId('code-login-submit').click();
    await page.getByText(otc.dynamicCodeEmpty).waitFor();
    const before = smtp.received.length;
    await page.getByTestId('send-login-code').click();
    await page.getByText(otc.sent.replace('{{minutes}}', '5')).waitFor();
    await page.getByTestId('send-login-code').getByText(/\d+/).waitFor();
    const code = codeIn(await smtp.waitFor(`code_${l}@example.org`, before, 10_000));
    await page.getByPlaceholder(otc.dynamicCode).fill(code);
    await shot(page, `codes-dynamic-${locale}`);
    await page.getByTestId('code-login-submit').click();
    await page.waitForURL(/\/userAdmin/, { timeout: 15_000 });
    await page.close();
  });

  it('MFA: the password step asks for a code; the mailed code confirms the sign-in', async () => {
    expect((await admin.post(Paths.saveloginconfig, { mfaEnabled: true })).body.result).toBe('1');
    try {
      const page = await loginPage(locale, name);
      await signInOnPage(page, `mfa_${l}`, PW, locale, true);
      await page.getByTestId('mfa-step').waitFor();
      await page.getByText(otc.mfaTitle).waitFor();
      const before = smtp.received.length;
      await page.getByTestId('send-mfa-code').click();
      const code = codeIn(await smtp.waitFor(`mfa_${l}@example.org`, before, 10_000));
      await page.getByPlaceholder(otc.dynamicCode).fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('mfa-confirm').click();
      await page.getByText(resources[locale].errors.otc.code_invalid).waitFor();
      await page.getByPlaceholder(otc.dynamicCode).fill(code);
      await shot(page, `codes-mfa-${locale}`);
      await page.getByTestId('mfa-confirm').click();
      await page.waitForURL(/\/userAdmin/, { timeout: 15_000 });
      await page.close();
    } finally {
      await admin.post(Paths.saveloginconfig, { mfaEnabled: false });
    }
  });
});

describe('reset page countdown (login configuration resetCountdown, off by default)', () => {
  it('counts 10 seconds back to login after a successful reset when the flag is on', async () => {
    expect((await admin.post(Paths.saveloginconfig, { resetCountdown: true })).body.result).toBe('1');
    try {
      const before = smtp.received.length;
      expect((await admin.post(`${Paths.findpwd}?username=countdown_user`)).body.result).toBe('1');
      const mail = await smtp.waitFor('countdown@example.org', before, 10_000);
      const link = /(http:\/\/\S+?\/resetpw\?p=[^\s"<&]+&(?:amp;)?resetpsw=[A-Za-z0-9_-]+)/.exec(mail)![1]!.replace('&amp;', '&');
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(link);
      const login = resources['zh-CN'].login;
      await page.getByLabel(login.reset.newPassword).fill('NewPass9876');
      await page.getByLabel(login.reset.confirmPassword).fill('NewPass9876');
      await page.locator('.mp-reset-card button[type=submit]').click();
      await page.getByTestId('reset-countdown').waitFor();
      expect(await page.getByTestId('reset-countdown').textContent()).toMatch(/\d+/);
      await shot(page, 'codes-reset-countdown-zh-CN');
      await page.waitForURL(/\/login/, { timeout: 15_000 });
      await page.close();
    } finally {
      await admin.post(Paths.saveloginconfig, { resetCountdown: false });
    }
  });
});
