/**
 * The provider as a plain relying party sees it (issue 12 §3 "a standard-conformant OIDC provider";
 * docs/oidc.md): redirect_uri required at the token endpoint, POST at authorization and end-session,
 * discovery listing only what a client can register and use, and the RFC 6749 / RFC 7662 error codes.
 * Over real HTTP, with raw requests where openid-client would hide the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { createAppRow, createClientRow, journey, listeningApp, UserAgent } from './oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('OpenID provider conformance (a plain relying party)', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let client: { clientId: string; clientSecret: string };
  let codeOnly: { clientId: string; clientSecret: string };
  const pool = ['conf.amy', 'conf.ben', 'conf.cid'].map((username) => ({ username, password: PASSWORD }));
  let turn = 0;

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp());
    const tenant = await createTenantRow(app, 'conf');
    for (const u of pool) await createUserRow(app, { tenantId: tenant, ...u });
    const appId = (await createAppRow(app, 'conf', [tenant])).id;
    rp = await new RelyingParty(issuer).listen();
    client = await createClientRow(app, appId, { redirectUris: [rp.redirectUri], postLogoutRedirectUris: [rp.postLogoutRedirectUri] });
    codeOnly = await createClientRow(app, appId, { redirectUris: [rp.redirectUri], grantTypes: ['authorization_code'] });
    await rp.register(client.clientId, client.clientSecret);
  });
  afterAll(async () => {
    await rp?.close();
    await app?.close();
  });

  const basic = (c: { clientId: string; clientSecret: string }) => `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`;

  async function post(path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch(`${issuer}${path}`, { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(params) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  async function signIn(init?: RequestInit, url?: URL) {
    const ua = new UserAgent(base);
    const pending = await rp.authorize();
    const j = await journey(base, ua, url ?? pending.url, pool[turn++ % pool.length]!, init);
    return { ...j, ua, pending };
  }

  it('the token endpoint requires redirect_uri with an authorization code (RFC 6749 §4.1.3), even with one registered URI', async () => {
    const { callback, pending } = await signIn();
    const code = callback!.searchParams.get('code')!;
    const r = await post('/token', { grant_type: 'authorization_code', code, code_verifier: pending.codeVerifier }, { authorization: basic(client) });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_request');
    expect(String(r.body.error_description)).toContain('redirect_uri');
  });

  it('the authorization request needs redirect_uri too (OIDC Core §3.1.2.1): the error page, no redirect', async () => {
    const pending = await rp.authorize();
    const url = new URL(pending.url);
    url.searchParams.delete('redirect_uri');
    const res = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('data-error="invalid_request"');
  });

  it('the authorization endpoint accepts POST (OIDC Core §3.1.2.1): a form-posted request signs the user in to a code', async () => {
    const pending = await rp.authorize();
    const endpoint = new URL(`${issuer}/auth`);
    const { callback } = await signIn({ method: 'POST', headers: FORM, body: pending.url.searchParams }, endpoint);
    expect(callback!.origin + callback!.pathname).toBe(rp.redirectUri);
    expect(callback!.searchParams.get('state')).toBe(pending.state);
    const tokens = await rp.callback(callback!);
    expect(tokens.idTokenSignatureValid).toBe(true);
  });

  it('the end-session endpoint accepts POST (RP-Initiated Logout §2): the confirmation page, then back to the app', async () => {
    const { callback, ua } = await signIn();
    await rp.callback(callback!);
    const logout = rp.logoutUrl('posted');
    const { res: page } = await ua.follow(`${issuer}/session/end`, { method: 'POST', headers: FORM, body: logout.searchParams });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('op.logoutForm');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await ua.request(action, { method: 'POST', headers: FORM, body: new URLSearchParams({ xsrf, logout: 'yes' }) });
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location')!).searchParams.get('state')).toBe('posted');
  });

  it('discovery advertises only the client authentication methods and algorithms a client can register and use', async () => {
    const d = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect([...(d.token_endpoint_auth_methods_supported as string[])].sort()).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(d.token_endpoint_auth_signing_alg_values_supported).toBeUndefined();
    expect(d.id_token_signing_alg_values_supported).toEqual(['RS256']);
    // Nothing symmetric (secrets are stored hashed) and no endpoint or binding the clients cannot use.
    const algs = Object.entries(d)
      .filter(([k]) => k.endsWith('_alg_values_supported'))
      .flatMap(([, v]) => v as string[]);
    expect(algs.filter((a) => a.startsWith('HS'))).toEqual([]);
    expect(d.pushed_authorization_request_endpoint).toBeUndefined();
    expect(d.dpop_signing_alg_values_supported).toBeUndefined();
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    expect(d.response_types_supported).toEqual(['code']);
  });

  it('a grant type the client did not register answers unauthorized_client (RFC 6749 §5.2)', async () => {
    const r = await post('/token', { grant_type: 'refresh_token', refresh_token: 'whatever' }, { authorization: basic(codeOnly) });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('unauthorized_client');
    const cc = await post('/token', { grant_type: 'client_credentials' }, { authorization: basic(client) });
    expect(cc.body.error).toBe('unauthorized_client');
    // A grant type the provider does not serve at all stays unsupported_grant_type.
    const password = await post('/token', { grant_type: 'password', username: 'x', password: 'y' }, { authorization: basic(client) });
    expect(password.body.error).toBe('unsupported_grant_type');
  });

  for (const [name, path, params] of [
    ['token', '/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: 'http://127.0.0.1:9/cb', code_verifier: 'y'.repeat(43) }],
    ['introspection', '/token/introspection', { token: 'x' }],
    ['revocation', '/token/revocation', { token: 'x' }],
  ] as const) {
    it(`no client authentication at the ${name} endpoint: 401 invalid_client (RFC 6749 §5.2, RFC 7009, RFC 7662)`, async () => {
      const r = await post(path, params);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('invalid_client');
      expect(r.headers.get('www-authenticate')).toMatch(/^Basic /);
    });
  }

  it('an unusable Authorization header is a failed client authentication: 401 invalid_client; a wrong content type stays invalid_request', async () => {
    for (const authorization of ['Basic !!!', `Basic ${Buffer.from(`${client.clientId}:`).toString('base64')}`, 'Bearer abc']) {
      const r = await post('/token', { grant_type: 'refresh_token', refresh_token: 'x' }, { authorization });
      expect(r.status, authorization).toBe(401);
      expect(r.body.error, authorization).toBe('invalid_client');
    }
    const json = await fetch(`${issuer}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('client_secret_post works as advertised; discovery names the methods of introspection (confidential only) and revocation', async () => {
    const r = await post('/token/introspection', { token: 'no-such-token', client_id: client.clientId, client_secret: client.clientSecret });
    expect(r).toMatchObject({ status: 200, body: { active: false } });
    const d = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string[]>;
    expect(d.introspection_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post']);
    expect(d.revocation_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
  });

  it('introspection of an ID token or an unknown token answers {"active": false} (RFC 7662 §2.2)', async () => {
    const { callback } = await signIn();
    const tokens = await rp.callback(callback!);
    const idToken = await post('/token/introspection', { token: tokens.idToken! }, { authorization: basic(client) });
    expect(idToken).toMatchObject({ status: 200, body: { active: false } });
    expect(Object.keys(idToken.body)).toEqual(['active']);
    const unknown = await post('/token/introspection', { token: 'no-such-token' }, { authorization: basic(client) });
    expect(unknown).toMatchObject({ status: 200, body: { active: false } });
    const access = await post('/token/introspection', { token: tokens.accessToken! }, { authorization: basic(client) });
    expect(access.body.active).toBe(true);
  });
});
