/**
 * Single sign-on end to end (issue 4 "a real relying party"): a small app on `openid-client`
 * (packages/server/src/testing/oidc-rp.ts) registers as a client of an app through the gateway's
 * `addclient`, sends Chromium through authorize with PKCE, the user signs in on OUR login page, the app
 * exchanges the code, validates the ID token against the JWKS, calls userinfo, refreshes and logs out
 * (RP-initiated). Also: the provider's own pages (error, sign-out) in the three languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import * as oidc from 'openid-client';
import { resources, type Locale } from '@mp/i18n';
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { RelyingParty, type RpResult } from '../packages/server/src/testing/oidc-rp.js';
import { ADMIN_PASSWORD, launchBrowser, shot, signInOnPage, startServer, watchCsp, type RunningServer } from './support.js';

const SHOTS = process.env.MP_SHOTS_DIR ?? '';
let server: RunningServer;
let browser: Browser;
let rp: RelyingParty;
let adminId: string;
let clientId: string;

async function snap(page: Page, name: string): Promise<void> {
  await shot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

async function resultOf(page: Page): Promise<RpResult> {
  return JSON.parse((await page.getByTestId('rp-result').textContent()) ?? '{}') as RpResult;
}

beforeAll(async () => {
  server = await startServer();
  const api = await new GatewayClient(server.url).init();
  const me = await api.signIn('admin', ADMIN_PASSWORD);
  adminId = me.userId;
  // The app (product) the test app belongs to; the platform administrator administers it, so may use it.
  const product = await api.post(Paths.addproduct, {
    code: 'crm',
    name: 'CRM',
    abbreviation: 'CRM',
    version: 'V1.0',
    status: 1,
    callbackUrl: 'http://127.0.0.1/cb',
    department: 'Sales',
    ownerName: 'Li',
    ownerEmail: 'li@example.com',
    ownerPhone: '13800138000',
    opsOwner: 'Wang',
    adminIds: [adminId],
  });
  expect(product.body.result).toBe('1');
  rp = await new RelyingParty(`${server.url}/oidc`).listen();
  const added = await api.post<{ row: { clientId: string }; clientSecret: string }>(Paths.addclient, {
    productId: product.body.data.row.id,
    name: 'Test app',
    redirectUris: [rp.redirectUri],
    postLogoutRedirectUris: [rp.postLogoutRedirectUri],
    grantTypes: ['authorization_code', 'refresh_token'],
  });
  expect(added.body.result).toBe('1');
  clientId = added.body.data.row.clientId;
  await rp.register(clientId, added.body.data.clientSecret);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await rp?.close();
  await server?.stop();
});

describe('a relying party signs its user in through MP3.0', () => {
  let page: Page;
  let cspViolations: string[] = [];
  const seen: string[] = [];

  it('sends the browser through authorize (PKCE) to our login page with the app in the hash', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    page.on('request', (r) => seen.push(r.url()));
    cspViolations = watchCsp(page);
    await page.goto(`${rp.url}/`);
    await page.waitForURL(/\/login#/, { timeout: 20_000 });
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(hash.get('app_code')).toBe('crm');
    expect(hash.get('redirect_uri')).toBe(rp.redirectUri);
    expect(hash.get('interaction')).toBeTruthy();
    const authorize = new URL(seen.find((u) => u.includes('/oidc/auth?'))!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    await page.getByTestId('login-submit').waitFor();
    await snap(page, 'oidc-login-zh');
  });

  it('signs in on the login page; the app gets its code, verifies the ID token against JWKS and reads userinfo', async () => {
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'zh-CN');
    await page.waitForURL(`${rp.redirectUri}?**`, { timeout: 20_000 });
    const r = await resultOf(page);
    expect(r.step).toBe('callback');
    expect(r.idTokenSignatureValid).toBe(true);
    expect(r.idTokenClaims).toMatchObject({ iss: `${server.url}/oidc`, aud: clientId, sub: adminId, tenant_id: 'sys', tenant_code: 'sys' });
    expect(r.idTokenClaims!.user_types).toContain('1');
    expect(r.userinfo).toMatchObject({ sub: adminId, preferred_username: 'admin' });
    // The hand-off carried a ticket (43 base64url characters), never the 64-hex bearer token.
    const handOff = new URL(seen.find((u) => /\/oidc\/interaction\/[^/]+\/login\?/.test(u))!);
    expect(handOff.searchParams.get('sessionId')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(seen.some((u) => /[?&](sessionId|token)=[0-9a-f]{64}\b/.test(u))).toBe(false);
    await snap(page, 'oidc-rp-callback');
  });

  it('refreshes: new tokens, userinfo still answers', async () => {
    const before = rp.current;
    await page.goto(`${rp.url}/refresh`);
    const r = await resultOf(page);
    expect(r.step).toBe('refresh');
    expect(r.accessToken).not.toBe(before.accessToken);
    expect(r.refreshToken).not.toBe(before.refreshToken);
    expect(r.userinfo).toMatchObject({ sub: adminId });
  });

  it('logs out (RP-initiated): our confirmation page, then back to the app with its state; the tokens are dead', async () => {
    const { accessToken } = rp.current;
    await page.goto(`${rp.url}/logout`);
    await page.getByTestId('oidc-logout-yes').waitFor();
    expect(await page.textContent('body')).toContain(resources['zh-CN'].oidc.logoutYes);
    await snap(page, 'oidc-logout-zh');
    await page.getByTestId('oidc-logout-yes').click();
    await page.waitForURL(`${rp.postLogoutRedirectUri}?**`, { timeout: 20_000 });
    const r = await resultOf(page);
    expect(r).toMatchObject({ step: 'logged-out', state: 'bye' });
    expect((await oidc.tokenIntrospection(rp.config, accessToken!)).active).toBe(false);
    // Login page, hand-off and sign-out confirmation ran under their Content-Security-Policy untouched.
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});

describe("the provider's own pages speak the browser's language", () => {
  for (const [locale, name] of [
    ['zh-CN', 'zh'],
    ['en-US', 'en'],
    ['ja-JP', 'ja'],
  ] as [Locale, string][]) {
    it(`error page for an unregistered redirect URI (${locale})`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale });
      const csp = watchCsp(page);
      const pending = await rp.authorize({ redirect_uri: 'http://127.0.0.1:9/not-registered' });
      const res = await page.goto(pending.url.href);
      expect(res!.status()).toBe(400);
      expect(res!.headers()['x-frame-options']).toBe('DENY');
      expect(await page.getByTestId('oidc-error').textContent()).toBe(resources[locale].oidc.error.invalid_redirect_uri);
      expect(csp).toEqual([]);
      await snap(page, `oidc-error-${name}`);
      await page.close();
    });

    it(`signed-out page after a logout without a return address (${locale})`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale });
      const csp = watchCsp(page);
      await page.goto(`${server.url}/oidc/session/end?client_id=${encodeURIComponent(clientId)}`);
      await page.getByTestId('oidc-logged-out').waitFor();
      expect(await page.getByTestId('oidc-logged-out').textContent()).toBe(resources[locale].oidc.logoutDone);
      expect(csp).toEqual([]);
      await snap(page, `oidc-logged-out-${name}`);
      await page.close();
    });
  }
});
