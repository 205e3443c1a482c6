/**
 * The user's home end to end in Chromium (issue 15 "Dashboard", "A self-service profile"; docs/users.md):
 * an enterprise user signs in, opens the dashboard (`/userAdmin/dashboard`) with their sign-in history
 * (a wrong password and an earlier sign-in listed), their sessions (the current one marked, the replaced
 * earlier one shown) and the apps count; then opens "My profile" from the header's user menu, saves a
 * work signature, and changes their e-mail with the code mailed to the new address (a wrong code first:
 * the dialog shows the server's message). Screenshots of both screens in three languages:
 * e2e/artifacts/user-home-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Paths, ProfilePaths } from '@mp/protocol';
import { resources, type Locale } from '@mp/i18n';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { codeIn, configureMail, startLocalSmtp, type LocalSmtp } from '../packages/server/src/modules/otc/otc.testing.js';
import { ADMIN_PASSWORD, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, type RunningServer } from './support.js';

const PW = 'Home1234x';
const USER = 'home_user';
const LANGS: { locale: Locale; name: string; tag: string }[] = [
  { locale: 'zh-CN', name: '简体中文', tag: 'zh' },
  { locale: 'ja-JP', name: '日本語', tag: 'ja' },
  { locale: 'en-US', name: 'English', tag: 'en' },
];

let server: RunningServer;
let smtp: LocalSmtp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  smtp = await startLocalSmtp();
  server = await startServer({ MP_SMS_PROVIDER: 'dev' });
  const admin = await new GatewayClient(server.url).init();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
  const r = await admin.post(Paths.adduser, {
    tenantId: 'sys',
    username: USER,
    employeeName: 'HomeUser',
    orgId: 'sys',
    effectiveDate: '2026-01-01',
    expiryDate: '2035-12-31',
    status: 1,
    email: 'home@example.org',
    mobile: '13600000001',
    password: admin.encrypt(PW),
  });
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  // history: a wrong password, then a sign-in from another client (replaced when the browser signs in)
  const other = await new GatewayClient(server.url).init();
  await other.post(Paths.signin, { username: USER, password: other.encrypt('Wrong1234x'), agree: true });
  await other.signIn(USER, PW);
  expect((await other.post(ProfilePaths.userload)).body.data.row.userName).toBe(USER);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Closes the profile dialog and waits until no dialog covers the page. */
async function closeProfile(): Promise<void> {
  await page.getByTestId('profile-modal').locator('.ant-modal-close').click();
  await page.waitForFunction(() => [...document.querySelectorAll('.ant-modal-wrap')].every((e) => getComputedStyle(e).display === 'none'));
}

describe('the user home', () => {
  it('shows my dashboard: sign-in history, sessions and my apps, in three languages', async () => {
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, USER, PW, 'zh-CN');
    await page.waitForURL(/\/userAdmin\//, { timeout: 15_000 });
    await page.goto(`${server.url}/userAdmin/dashboard`);
    await page.getByTestId('user-dashboard').waitFor();
    for (const l of LANGS) {
      if (l.locale !== 'zh-CN') await chooseLanguage(page, l.name);
      await page.mouse.click(700, 880); // away from the language menu, so it closes
      await page.getByRole('menuitem', { name: '日本語' }).waitFor({ state: 'hidden' });
      const d = resources[l.locale].profile;
      await page.getByText(d.action['signin.failed']).first().waitFor();
      await page.getByText(d.dashboard.current).waitFor();
      await page.getByText(d.stateName.replaced).waitFor();
      await shot(page, `user-home-dashboard-${l.tag}`);
    }
    const en = resources['en-US'].profile;
    // 2 successful sign-ins and one failure, newest first
    await expect(page.getByText(en.action.signin, { exact: true }).count()).resolves.toBe(2);
    // no other live session: "end all others" is disabled
    await expect(page.getByTestId('end-other-sessions').isDisabled()).resolves.toBe(true);
    await page.getByTestId('open-my-apps').waitFor();
  });

  it('edits my profile from the user menu: signature saved, e-mail changed with the mailed code', async () => {
    const en = resources['en-US'].profile;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: en.menu }).click();
    await page.getByTestId('profile-modal').getByText(USER).waitFor();
    await page.getByTestId('profile-signature').fill('Home User, Support desk');
    await page.getByTestId('profile-save').click();
    await page.getByText(en.saved).waitFor();
    await shot(page, 'user-home-profile-en');

    await page.getByTestId('change-email').click();
    await page.getByTestId('contact-address').fill('home.new@example.org');
    const before = smtp.received.length;
    await page.getByTestId('contact-send').click();
    const code = codeIn(await smtp.waitFor('home.new@example.org', before));
    await page.getByTestId('contact-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: en.confirm }).click();
    await page.getByTestId('contact-error').getByText(resources['en-US'].errors.otc.code_invalid).waitFor();
    await shot(page, 'user-home-contact-en');
    await page.getByTestId('contact-code').fill(code);
    await page.getByRole('button', { name: en.confirm }).click();
    await page.getByTestId('profile-email').getByText('home.new@example.org').waitFor();

    // the profile in the other two languages
    await closeProfile();
    for (const l of LANGS.slice(0, 2)) {
      await chooseLanguage(page, l.name);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: resources[l.locale].profile.menu }).click();
      await page.getByTestId('profile-signature').waitFor();
      await expect(page.getByTestId('profile-signature').inputValue()).resolves.toBe('Home User, Support desk');
      await shot(page, `user-home-profile-${l.tag}`);
      await closeProfile();
    }
  });
});
