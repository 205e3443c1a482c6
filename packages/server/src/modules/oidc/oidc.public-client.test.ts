/**
 * Public clients (issue 12 §3; docs/clients.md "Client type", docs/oidc.md): a single-page or mobile
 * app registered through the client access API with `tokenEndpointAuthMethod: none` signs users in with
 * the code flow and PKCE S256 and no secret — with openid-client as a public client (`None()`), over
 * real HTTP — and is refused without a code challenge, with the plain method, with a wrong verifier,
 * with a secret it does not have, and at the introspection endpoint (it cannot authenticate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { Paths, type ClientWithSecret } from '@mp/protocol';
import { oidcClients } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { createAppRow, journey, listeningApp, UserAgent } from './oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('public clients (token_endpoint_auth_method none, PKCE S256)', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let spa: RelyingParty;
  let registered: ClientWithSecret;
  const pool = ['spa.ann', 'spa.bo'].map((username) => ({ username, password: PASSWORD }));
  let turn = 0;

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp());
    const tenant = await createTenantRow(app, 'spa');
    for (const u of pool) await createUserRow(app, { tenantId: tenant, ...u });
    const appId = (await createAppRow(app, 'spa', [tenant])).id;
    spa = await new RelyingParty(issuer).listen();
    const admin = await new GatewayClient(base).init();
    await admin.signIn('admin', ADMIN_PASSWORD);
    const r = await admin.post<ClientWithSecret>(Paths.addclient, {
      productId: appId,
      name: 'SPA',
      tokenEndpointAuthMethod: 'none',
      redirectUris: [spa.redirectUri],
      postLogoutRedirectUris: [spa.postLogoutRedirectUri],
      grantTypes: ['authorization_code', 'refresh_token'],
    });
    expect(r.body.result).toBe('1');
    registered = r.body.data;
    await spa.register(registered.row.clientId); // no secret: openid-client's None()
  });
  afterAll(async () => {
    await spa?.close();
    await app?.close();
  });

  const signIn = async (url: URL) => journey(base, new UserAgent(base), url, pool[turn++ % pool.length]!);

  it('is registered without a secret: none answered, none stored', async () => {
    expect(registered.clientSecret).toBeNull();
    expect(registered.row.tokenEndpointAuthMethod).toBe('none');
    const [row] = await app.database.db.select().from(oidcClients).where(eq(oidcClients.clientId, registered.row.clientId));
    expect(row).toMatchObject({ secretHash: null, tokenEndpointAuthMethod: 'none' });
  });

  it('signs a user in with code + PKCE S256 and no secret: ID token verified, userinfo, refresh rotated', async () => {
    const pending = await spa.authorize();
    const { callback } = await signIn(pending.url);
    expect(callback!.searchParams.get('state')).toBe(pending.state);
    const r = await spa.callback(callback!);
    expect(r.idTokenSignatureValid).toBe(true);
    expect(r.idTokenClaims).toMatchObject({ iss: issuer, aud: registered.row.clientId, nonce: pending.nonce });
    expect(r.userinfo).toMatchObject({ preferred_username: expect.stringMatching(/^spa\./) });
    const refreshed = await spa.refresh();
    expect(refreshed.accessToken).not.toBe(r.accessToken);
    expect(refreshed.refreshToken).not.toBe(r.refreshToken);
  });

  it('refuses an authorization request without a code challenge, or with the plain method: back to the app with invalid_request', async () => {
    const without = new URL(`${issuer}/auth`);
    without.search = new URLSearchParams({
      client_id: registered.row.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: spa.redirectUri,
      state: 'n1',
    }).toString();
    const plain = (await spa.authorize({ code_challenge_method: 'plain', code_challenge: 'p'.repeat(43) })).url;
    for (const url of [without, plain]) {
      const res = await fetch(url, { redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(spa.redirectUri);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a wrong verifier (invalid_grant) and a secret the client does not have (401 invalid_client)', async () => {
    const pending = await spa.authorize();
    const { callback } = await signIn(pending.url);
    const code = callback!.searchParams.get('code')!;
    const exchange = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { ...FORM, ...headers },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: spa.redirectUri, client_id: registered.row.clientId, ...extra }),
      });
    const withSecret = await exchange({ code_verifier: pending.codeVerifier, client_secret: 'guessed' });
    expect(withSecret.status).toBe(401);
    expect(((await withSecret.json()) as { error: string }).error).toBe('invalid_client');
    const wrong = await exchange({ code_verifier: oidc.randomPKCECodeVerifier() });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('the browser app may call the token endpoint from the origin of its redirect URIs (CORS), and from no other', async () => {
    const origin = new URL(spa.redirectUri).origin;
    const call = (from: string) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { ...FORM, origin: from },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'unknown', client_id: registered.row.clientId }),
      });
    const own = await call(origin);
    expect(own.headers.get('access-control-allow-origin')).toBe(origin);
    expect(((await own.json()) as { error: string }).error).toBe('invalid_grant');
    const other = await call('https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.status).toBe(400);
  });

  it('may not introspect (it cannot authenticate): 401 invalid_client', async () => {
    const res = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ client_id: registered.row.clientId, token: 'anything' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
  });
});
