/**
 * WeChat QR sign-in in Chromium (issue 18; docs/wechat-signin.md) against the loopback WeChat double
 * (packages/server/src/testing/wechat-double.ts) — never a real WeChat host. In each language: the login
 * page's WeChat tab shows the QR code with its countdown; the test "scans" it (fetches the callback URL
 * with a code from the double, as the phone's browser would after WeChat's redirect); polling runs
 * without the global loading indicator; a first scan asks for the user name and password, binds ('User
 * association succeeded') and lands signed in; a second scan of the now bound identity signs straight in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resources, type Locale } from '@mp/i18n';
import { Paths, WechatPaths } from '@mp/protocol';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { addPlatformUser, adminClient } from './seed-api.js';
import { startWechatDouble, type WechatDouble } from '../packages/server/src/testing/wechat-double.js';
import { chooseLanguage, LANGS, launchBrowser, type RunningServer, shot, startServer } from './support.js';

const PW = 'Start1234x';

let server: RunningServer;
let double: WechatDouble;
let browser: Browser;
let admin: GatewayClient;

beforeAll(async () => {
  double = await startWechatDouble();
  server = await startServer({ MP_WECHAT_API_BASE: double.base, MP_WECHAT_WORK_API_BASE: double.base, MP_WECHAT_OPEN_BASE: double.base });
  admin = await adminClient(server.url);
  const saved = await admin.post(Paths.savewxconfiglist, [{ name: 'Official account', type: 2, appId: 'wxe2e0001', status: 1, secret: double.secret }]);
  expect(saved.body.result, JSON.stringify(saved.body)).toBe('1');
  for (const l of ['zh', 'en', 'ja']) await addPlatformUser(admin, `wx_${l}`, PW);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await double?.close();
});

/** A fresh page on /login in `locale` with the WeChat tab open and its QR code shown; answers the encoded URL. */
async function wechatTab(locale: Locale, name: string): Promise<{ page: Page; url: string }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-submit').waitFor();
  if (locale !== 'zh-CN') await chooseLanguage(page, name);
  // keyboard only: from the password tab, the arrow keys reach the WeChat tab
  const tab = page.getByRole('tab', { name: resources[locale].login.wechat.tab });
  await tab.waitFor();
  await page.getByRole('tab', { name: resources[locale].otc.tabs.password }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  const qr = page.getByTestId('wechat-qr');
  await qr.and(page.locator('[data-phase="waiting"]')).waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="wechat-qr"] canvas').waitFor();
  return { page, url: (await qr.getAttribute('data-url'))! };
}

/** The phone: WeChat redirects its browser to the callback with a code for `openid`. */
async function scan(url: string, openid: string, language: string): Promise<string> {
  const res = await fetch(double.scanUrl(url, openid), { headers: { 'accept-language': language } });
  expect(res.status).toBe(200);
  return res.text();
}

/** Watches the global loading indicator (progress bar and spinner) from now on. */
async function watchLoading(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { mpSeenLoading: number };
    w.mpSeenLoading = 0;
    const seen = () => {
      if (document.querySelector('[data-testid="progress-bar"], [data-testid="global-spinner"]')) w.mpSeenLoading += 1;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { mpSeenLoading: number }).mpSeenLoading);
}

describe.each(LANGS)('WeChat sign-in in $locale', ({ locale, name }) => {
  const login = resources[locale].login;
  const l = locale.slice(0, 2);

  it('QR code → scan → binding with the password → signed in; the next scan signs straight in', async () => {
    const { page, url } = await wechatTab(locale, name);
    expect(new URL(url.replace(/#.*$/, '')).searchParams.get('appid')).toBe('wxe2e0001');
    await page.getByText(login.wechat.scanHint).waitFor();
    await page.getByText(new RegExp(login.wechat.countdown.replace('{{seconds}}', '\\d+'))).waitFor();
    await shot(page, `wechat-qr-${locale}`);

    // polling: slowed down so an indicator would be on screen while each poll is in flight
    const polls: number[] = [];
    await page.route(`**${WechatPaths.poll}`, async (route) => {
      polls.push(Date.now());
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const seenLoading = await watchLoading(page);
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await seenLoading()).toBe(0);

    const phone = await scan(url, `openid-e2e-${l}`, locale);
    expect(phone).toContain(resources[locale].errors.wechat.page_done);
    const form = page.getByTestId('wechat-bind');
    await form.waitFor({ timeout: 15_000 });
    expect(await seenLoading()).toBe(0);
    await page.getByText(login.wechat.bindHint).waitFor();
    await form.getByPlaceholder(login.username, { exact: true }).fill(`wx_${l}`);
    await form.getByPlaceholder(login.password, { exact: true }).fill('wrong-password-1');
    await form.getByRole('checkbox', { name: new RegExp(login.agreePrefix.trim()) }).check();
    await shot(page, `wechat-bind-${locale}`);
    await page.getByTestId('wechat-bind-submit').click();
    // refused like a password sign-in (and counted toward the lockout: modules/wechat/wechat.test.ts)
    await form.getByText(resources[locale].errors.login.bad_credentials).waitFor();
    await shot(page, `wechat-bind-refused-${locale}`);
    await form.getByPlaceholder(login.password, { exact: true }).fill(PW);
    await page.getByTestId('wechat-bind-submit').click();
    await page.getByText(login.wechat.associated).first().waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/userAdmin/, { timeout: 20_000 });
    await page.close();

    // bound now: a new page, a scan, and the console opens without a password
    const again = await wechatTab(locale, name);
    await again.page.route(`**${WechatPaths.poll}`, (route) => route.continue());
    await scan(again.url, `openid-e2e-${l}`, locale);
    await again.page.waitForURL(/\/userAdmin/, { timeout: 20_000 });
    await again.page.close();
  }, 120_000);
});

describe('expiry', () => {
  it('an expired QR code offers a refresh that shows a new code', async () => {
    const { page, url } = await wechatTab('en-US', 'English');
    // the server's answer once the ticket's two minutes are over
    await page.route(`**${WechatPaths.poll}`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, data: { row: { state: 'expired' } } } });
    });
    await page.getByText(resources['en-US'].login.wechat.expired, { exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, 'wechat-expired-en-US');
    await page.unrouteAll();
    await page.getByTestId('wechat-refresh').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="wechat-qr"][data-phase="waiting"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('wechat-qr').getAttribute('data-url')).not.toBe(url);
    await page.close();
  }, 60_000);
});
