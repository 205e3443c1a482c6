/**
 * Security headers on every kind of HTML answer (issue 12 §3; plugins/security-headers.ts): the console's
 * page (root and history routes) and files, the OpenID provider's pages (interaction error, provider
 * error, sign-out confirmation, signed out, form_post) — framing forbidden, nosniff, a referrer policy —
 * and policies that keep those pages working (the inline style and form_post script allowed by hash).
 * Over real HTTP, with a small stand-in console folder (e2e/console.spec.ts loads the built one).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { frameAncestorsOf } from '../config.js';
import { createTenantRow, createUserRow } from '../testing/test-app.js';
import { RelyingParty } from '../testing/oidc-rp.js';
import { createAppRow, createClientRow, journey, listeningApp, UserAgent } from '../modules/oidc/oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';

/** The CSP as a map of directive → sources. */
function csp(res: Response): Record<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSafeHeaders(res: Response, what: string) {
  expect(csp(res)['frame-ancestors'], what).toEqual(["'none'"]);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('security headers on every HTML answer', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let consoleDir: string;
  const user = { username: 'hdr.kim', password: PASSWORD };

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'mp-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(
      join(consoleDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(consoleDir, 'assets', 'app.js'), 'document.getElementById("root").textContent = "ok";');
    ({ app, base, issuer } = await listeningApp({ consoleDir }));
    const tenant = await createTenantRow(app, 'hdr');
    await createUserRow(app, { tenantId: tenant, ...user });
    const appId = (await createAppRow(app, 'hdr', [tenant])).id;
    rp = await new RelyingParty(issuer).listen();
    const c = await createClientRow(app, appId, { redirectUris: [rp.redirectUri], postLogoutRedirectUris: [rp.postLogoutRedirectUri] });
    await rp.register(c.clientId, c.clientSecret);
  });
  afterAll(async () => {
    await rp?.close();
    await app?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('the console: its page at / and at history routes (/login, /app/client, …), and its files', async () => {
    for (const path of ['/', '/login', '/app/client', '/platformAdmin/productClients?app=x']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectSafeHeaders(res, path);
      const policy = csp(res);
      expect(policy['script-src'], path).toEqual(["'self'"]); // no inline script may run in the console
      expect(policy['default-src'], path).toEqual(["'self'"]);
    }
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expectSafeHeaders(asset, 'asset');
  });

  it("the gateway's JSON answers carry them too", async () => {
    const res = await fetch(`${base}/healthz`);
    expectSafeHeaders(res, '/healthz');
  });

  it("the provider's error pages: an interaction without its cookie, an unknown client", async () => {
    const interaction = await fetch(`${issuer}/interaction/made-up`);
    expect(interaction.status).toBe(400);
    expectSafeHeaders(interaction, 'interaction error');
    const unknown = await fetch(`${issuer}/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fx.example.com%2Fcb`, {
      headers: { accept: 'text/html' },
    });
    expect(unknown.status).toBe(400);
    const html = await unknown.text();
    expect(html).toContain('data-error="invalid_client"');
    expectSafeHeaders(unknown, 'provider error');
    // The page's one inline style sheet is allowed by its hash, nothing else inline.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp(unknown)['style-src']).toEqual([sha256(style)]);
    expect(csp(unknown)['default-src']).toEqual(["'none'"]);
    // A POST to the authorization endpoint that is not a form (modules/oidc/post-methods.ts).
    const notForm = await fetch(`${issuer}/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(notForm.status).toBe(400);
    expect(await notForm.text()).toContain('data-error="invalid_request"');
    expectSafeHeaders(notForm, 'POST error');
  });

  it('the sign-out confirmation and signed-out pages', async () => {
    const ua = new UserAgent(base);
    const pending = await rp.authorize();
    const { callback } = await journey(base, ua, pending.url, user);
    await rp.callback(callback!);
    const confirm = await ua.request(rp.logoutUrl('hdr').href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expectSafeHeaders(confirm, 'sign-out confirmation');
    expect(csp(confirm)['style-src']).toEqual([sha256(/<style>([\s\S]*?)<\/style>/.exec(html)![1]!)]);
    // No form-action: the confirmation posts to the provider, which redirects to the app's address.
    expect(csp(confirm)['form-action']).toBeUndefined();
    const done = await fetch(`${issuer}/session/end/success`);
    expect(done.status).toBe(200);
    expectSafeHeaders(done, 'signed out');
  });

  it('the form_post answer: its auto-submit script is allowed by hash (oidc-provider adds it to our policy)', async () => {
    const pending = await rp.authorize({ response_mode: 'form_post' });
    const { res } = await journey(base, new UserAgent(base), pending.url, user);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`action="${rp.redirectUri}"`);
    expectSafeHeaders(res, 'form_post');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(csp(res)['script-src']).toContain(sha256(script));
    expect(csp(res)['form-action']).toBeUndefined();
  });
});

describe('MP_FRAME_ANCESTORS', () => {
  it("an allow-list replaces 'none' and drops X-Frame-Options, on the console and the provider alike", async () => {
    const { app, base, issuer } = await listeningApp({ frameAncestors: ['https://portal.example.com', "'self'"] });
    try {
      for (const url of [`${base}/healthz`, `${issuer}/interaction/made-up`]) {
        const res = await fetch(url);
        expect(csp(res)['frame-ancestors'], url).toEqual(['https://portal.example.com', "'self'"]);
        expect(res.headers.get('x-frame-options'), url).toBeNull();
        expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      }
    } finally {
      await app.close();
    }
  });

  it("accepts origins and 'self', separated by spaces or commas, and refuses anything else", () => {
    expect(frameAncestorsOf(undefined)).toEqual([]);
    expect(frameAncestorsOf(" https://a.example.com,http://localhost:5173  'self' https://*.example.org ")).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
      "'self'",
      'https://*.example.org',
    ]);
    for (const bad of ['*', 'https:', "'unsafe-inline'", 'https://a.example.com/path', 'javascript:alert(1)', 'https://a.example.com;script-src']) {
      expect(() => frameAncestorsOf(bad), bad).toThrow(/MP_FRAME_ANCESTORS/);
    }
  });
});
