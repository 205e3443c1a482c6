/**
 * Refusals of the OpenID provider, each as OAuth 2.0 (RFC 6749 §4.1.2.1, §5.2; RFC 7636 §4.6; RFC 7009;
 * RFC 7662) and OpenID Connect say (docs/oidc.md "Refusals"), over real HTTP; and what honours an
 * ended platform session, RP-initiated logout, and the hand-off ticket's single use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { oidcClients, oidcPayloads, products, sessions, users } from '../../db/schema/index.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { sessionIdOf } from '../session/tokens.js';
import { createAppRow, createClientRow, journey, listeningApp, UserAgent } from './oidc.fixtures.js';
import { clearOidcClientCache } from './client-cache.js';
import { CLAIMS_MEMO_MS } from './claims-memo.js';

const PASSWORD = 'Passw0rd!2026';

describe('OpenID provider refusals', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let client: { clientId: string; clientSecret: string };
  let appId: string;
  // Sign-ins are rate-limited per account (10 a minute): the journeys take turns among these users.
  const pool = ['sso.bob', 'sso.carol', 'sso.dave', 'sso.fay'].map((username) => ({ username, password: PASSWORD }));
  let turn = 0;
  const disabled = { username: 'sso.gus', password: PASSWORD };
  const outsider = { username: 'sso.eve', password: PASSWORD };

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp());
    const acme = await createTenantRow(app, 'acme2');
    const other = await createTenantRow(app, 'other');
    for (const u of [...pool, disabled]) await createUserRow(app, { tenantId: acme, ...u });
    await createUserRow(app, { tenantId: other, ...outsider });
    appId = (await createAppRow(app, 'erp', [acme])).id;
    rp = await new RelyingParty(issuer).listen();
    client = await createClientRow(app, appId, { redirectUris: [rp.redirectUri], postLogoutRedirectUris: [rp.postLogoutRedirectUri] });
    await rp.register(client.clientId, client.clientSecret);
  });
  afterAll(async () => {
    await rp?.close();
    await app?.close();
  });

  async function signIn(who = pool[turn++ % pool.length]!, extra: Record<string, string> = {}) {
    const ua = new UserAgent(base);
    const pending = await rp.authorize(extra);
    const j = await journey(base, ua, pending.url, who);
    return { ...j, ua, pending };
  }

  /** A raw token-endpoint request with HTTP Basic client authentication. */
  async function token(params: Record<string, string>, secret = client.clientSecret) {
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams(params),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  }

  const codeParams = (code: string, verifier: string) => ({ grant_type: 'authorization_code', code, redirect_uri: rp.redirectUri, code_verifier: verifier });

  it('unregistered redirect URI: no redirect, an error page with 400', async () => {
    const pending = await rp.authorize({ redirect_uri: 'http://127.0.0.1:9/evil' });
    const res = await fetch(pending.url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('data-error="invalid_redirect_uri"');
  });

  it('PKCE is required: a request without code_challenge goes back with invalid_request', async () => {
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: rp.redirectUri,
      state: 's1',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(rp.redirectUri);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('s1');
  });

  it('wrong PKCE verifier: invalid_grant', async () => {
    const { callback } = await signIn();
    const r = await token(codeParams(callback!.searchParams.get('code')!, oidc.randomPKCECodeVerifier()));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('reused code: invalid_grant, and the tokens of the first exchange are revoked', async () => {
    const { callback, pending } = await signIn();
    const code = callback!.searchParams.get('code')!;
    const first = await token(codeParams(code, pending.codeVerifier));
    expect(first.status).toBe(200);
    const again = await token(codeParams(code, pending.codeVerifier));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect((await oidc.tokenIntrospection(rp.config, first.body.access_token!)).active).toBe(false);
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token! })).body.error).toBe('invalid_grant');
  });

  it('expired code: invalid_grant', async () => {
    const { callback, pending } = await signIn();
    const code = callback!.searchParams.get('code')!;
    // Move the code's clock: its 60 s lifetime is over.
    await app.database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oidcPayloads.model, 'AuthorizationCode'), eq(oidcPayloads.id, code)));
    const r = await token(codeParams(code, pending.codeVerifier));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('wrong client secret: invalid_client with 401', async () => {
    const { callback, pending } = await signIn();
    const r = await token(codeParams(callback!.searchParams.get('code')!, pending.codeVerifier), 'not-the-secret');
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('invalid_client');
  });

  it('revoked refresh token: invalid_grant', async () => {
    const { callback } = await signIn();
    const tokens = await rp.callback(callback!);
    await oidc.tokenRevocation(rp.config, tokens.refreshToken!);
    const r = await token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('an ended platform session ends its tokens at once: introspection inactive, userinfo 401, refresh invalid_grant', async () => {
    const { callback, gateway } = await signIn();
    const tokens = await rp.callback(callback!);
    expect((await oidc.tokenIntrospection(rp.config, tokens.accessToken!)).active).toBe(true);
    const sessionId = sessionIdOf(gateway.token);
    await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.update(sessions).set({ state: 'ended', endedAt: new Date() }).where(eq(sessions.id, sessionId));
      app.guardStore.forgetSessions({ ids: [sessionId] });
    });
    expect((await oidc.tokenIntrospection(rp.config, tokens.accessToken!)).active).toBe(false);
    const ui = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(ui.status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! })).body.error).toBe('invalid_grant');
  });

  it('RP-initiated logout: confirmation page, then the OIDC and the platform session end and the app is sent back with its state', async () => {
    const { callback, ua, gateway } = await signIn();
    const tokens = await rp.callback(callback!);
    const page = await ua.request(rp.logoutUrl('bye').href);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await ua.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(rp.postLogoutRedirectUri);
    expect(back.searchParams.get('state')).toBe('bye');
    const [row] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(gateway.token)));
    expect(row!.state).toBe('ended');
    expect((await oidc.tokenIntrospection(rp.config, tokens.accessToken!)).active).toBe(false);
    // The console's token of that sign-in is refused too.
    expect((await gateway.post(Paths.tokenlogin, { accountName: 'x', token: gateway.token })).body.scode).toBe(Codes.TOKEN_INVALID);
  });

  it('"No, stay signed in" signs the user out of the requesting app only; the platform session lives on', async () => {
    const { callback, ua, gateway } = await signIn();
    const tokens = await rp.callback(callback!);
    const html = await (await ua.request(rp.logoutUrl('stay').href)).text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await ua.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf }),
    });
    expect(done.status).toBe(303);
    expect((await oidc.tokenIntrospection(rp.config, tokens.accessToken!)).active).toBe(false);
    const [row] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(gateway.token)));
    expect(row!.state).toBe('active');
  });

  it('a user disabled after signing in gets no more tokens: refresh invalid_grant at once, userinfo 401 within the claims memo bound', async () => {
    const { callback } = await signIn(disabled);
    const tokens = await rp.callback(callback!); // its userinfo call fills the claims memo (claims-memo.ts)
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.username, disabled.username)));
    try {
      expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! })).body.error).toBe('invalid_grant');
      await new Promise((r) => setTimeout(r, CLAIMS_MEMO_MS + 50));
      expect((await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } })).status).toBe(401);
    } finally {
      await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 1 }).where(eq(users.username, disabled.username)));
    }
  });

  it('an interaction address without its cookie shows the expired page (400), not the login', async () => {
    const res = await fetch(`${base}${Paths.oidcInteraction}/made-up-uid`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('data-error="session_not_found"');
  });

  it('a user whose tenant does not hold the app is sent back with access_denied; so is a tenant hint that is not theirs', async () => {
    const { callback } = await signIn(outsider);
    expect(callback!.searchParams.get('error')).toBe('access_denied');
    const hinted = await signIn(undefined, { tenant_id: 'other' });
    expect(hinted.hash.get('tenant_id')).toBe('other');
    expect(hinted.callback!.searchParams.get('error')).toBe('access_denied');
  });

  it('the hand-off ticket is single-use, needs a session, and a disabled client is refused', async () => {
    const { ticket } = await signIn();
    // A new sign-in request offered the ticket already used: refused, no code.
    const ua = new UserAgent(base);
    const toLogin = await ua.follow((await rp.authorize()).url.href);
    const hash = new URLSearchParams(new URL(toLogin.location!).hash.slice(1));
    const again = await ua.request(
      `${Paths.oidcInteraction}/${hash.get('interaction')}/login?sessionId=${encodeURIComponent(ticket)}&redirect_uri=${encodeURIComponent(rp.redirectUri)}`,
    );
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('data-error="ticket_invalid"');
    const anonymous = await (await new GatewayClient(base).init()).post(Paths.ssoticket, {});
    expect(anonymous.status).toBe(401);

    await app.database.db.update(oidcClients).set({ status: 0 }).where(eq(oidcClients.clientId, client.clientId));
    clearOidcClientCache(app.database); // the client cache's TTL (5 s) passes
    try {
      const pending = await rp.authorize();
      const res = await fetch(pending.url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('data-error="invalid_client"');
    } finally {
      await app.database.db.update(oidcClients).set({ status: 1 }).where(eq(oidcClients.clientId, client.clientId));
      clearOidcClientCache(app.database);
    }
    // A client of a disabled app does not exist either: the token endpoint answers invalid_client.
    await app.database.db.update(products).set({ status: 0 }).where(eq(products.id, appId));
    clearOidcClientCache(app.database);
    try {
      const r = await token({ grant_type: 'refresh_token', refresh_token: 'anything' });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('invalid_client');
    } finally {
      await app.database.db.update(products).set({ status: 1 }).where(eq(products.id, appId));
      clearOidcClientCache(app.database);
    }
  });
});
