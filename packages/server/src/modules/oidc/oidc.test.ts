/**
 * The OpenID provider over real HTTP (issue 4 "Single sign-on"; docs/oidc.md): discovery, the whole
 * code flow with PKCE through the hand-off ticket, claims, userinfo, refresh, introspection, revocation,
 * RP-initiated logout, and each refusal the OAuth 2.0 / OIDC specifications prescribe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, roles, roleUsers, sessions, users } from '../../db/schema/index.js';
import { sessionIdOf } from '../session/tokens.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { createAppRow, createClientRow, journey, listeningApp, UserAgent } from './oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';

describe('OpenID provider', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let client: { clientId: string; clientSecret: string };
  let appId: string;
  let tenantId: string;
  let userId: string;
  const user = { username: 'sso.alice', password: PASSWORD };

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp());
    tenantId = await createTenantRow(app, 'acme');
    userId = await createUserRow(app, { tenantId, username: user.username, password: PASSWORD, email: 'alice@acme.example', mobile: '13900000001' });
    await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(organisations).values({ id: 'org-acme-sales', tenantId, code: 'sales', name: 'Sales' });
      await tx.update(users).set({ orgId: 'org-acme-sales', employeeName: 'Alice Zhang' }).where(eq(users.id, userId));
      await tx.insert(roles).values({ id: 'role-acme-sales', tenantId, orgId: 'org-acme-sales', code: 'sales_rep', name: 'Sales rep' });
      await tx.insert(roleUsers).values({ tenantId, roleId: 'role-acme-sales', userId });
    });
    appId = (await createAppRow(app, 'crm', [tenantId])).id;
    rp = await new RelyingParty(issuer).listen();
    client = await createClientRow(app, appId, { redirectUris: [rp.redirectUri], postLogoutRedirectUris: [rp.postLogoutRedirectUri] });
    await rp.register(client.clientId, client.clientSecret);
  });
  afterAll(async () => {
    await rp?.close();
    await app?.close();
  });

  /** A fresh sign-in journey of `user` to the code; answers the callback address and the gateway session. */
  async function signInToApp(extra: Record<string, string> = {}) {
    const ua = new UserAgent(base);
    const pending = await rp.authorize(extra);
    const j = await journey(base, ua, pending.url, user);
    return { ...j, ua, pending };
  }

  it('publishes discovery at /oidc/.well-known/openid-configuration: code flow, PKCE S256 only, the endpoints', async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as Record<string, unknown>;
    expect(d.issuer).toBe(issuer);
    expect(d.response_types_supported).toEqual(['code']);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    expect(d.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    for (const k of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
      'introspection_endpoint',
      'revocation_endpoint',
    ]) {
      expect(String(d[k])).toMatch(new RegExp(`^${issuer}/`));
    }
    expect(d.claims_supported).toEqual(expect.arrayContaining(['sub', 'tenant_id', 'user_types', 'roles', 'org_id', 'email', 'phone_number']));
    const jwks = (await (await fetch(String(d.jwks_uri))).json()) as { keys: { kty: string; alg: string; d?: string }[] };
    expect(jwks.keys.map((k) => k.alg)).toEqual(['RS256', 'ES256']);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });

  it('signs a user in through the console hand-off: code with PKCE, ID token verified against JWKS, claims, userinfo, refresh', async () => {
    const { hash, callback, pending, gateway } = await signInToApp();
    expect(Object.fromEntries(hash)).toMatchObject({ tenant_id: 'sys', app_code: 'crm', app_id: appId, redirect_uri: rp.redirectUri });
    expect(callback!.origin + callback!.pathname).toBe(rp.redirectUri);
    expect(callback!.searchParams.get('state')).toBe(pending.state);
    const r = await rp.callback(callback!);
    expect(r.idTokenSignatureValid).toBe(true);
    expect(r.idTokenClaims).toMatchObject({
      iss: issuer,
      aud: client.clientId,
      sub: userId,
      nonce: pending.nonce,
      tenant_id: tenantId,
      tenant_code: 'acme',
      user_types: ['7'],
      roles: ['sales_rep'],
      org_id: 'org-acme-sales',
      org_name: 'Sales',
    });
    expect(r.userinfo).toMatchObject({
      sub: userId,
      preferred_username: 'sso.alice',
      name: 'Alice Zhang',
      email: 'alice@acme.example',
      phone_number: '13900000001',
      tenant_id: tenantId,
    });
    expect(r.refreshToken).toBeTruthy();
    const first = r.refreshToken;
    const expiry = async () =>
      (
        await app.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sessionIdOf(gateway.token)))
      )[0]!.expiresAt.getTime();
    const before = await expiry();
    const refreshed = await rp.refresh();
    expect(await expiry()).toBeGreaterThan(before); // using the app renews the platform session
    expect(refreshed.accessToken).not.toBe(r.accessToken);
    expect(refreshed.refreshToken).not.toBe(first); // rotated
    expect(refreshed.userinfo).toMatchObject({ sub: userId });
    const intro = await oidc.tokenIntrospection(rp.config, refreshed.accessToken!);
    expect(intro).toMatchObject({ active: true, sub: userId, client_id: client.clientId });
  });

  it('single sign-on: with a live browser session a second app of the tenant gets its code without signing in again', async () => {
    const { ua } = await signInToApp();
    const rp2 = await new RelyingParty(issuer).listen();
    try {
      const c2 = await createClientRow(app, appId, { redirectUris: [rp2.redirectUri] });
      await rp2.register(c2.clientId, c2.clientSecret);
      const pending = await rp2.authorize();
      const back = await ua.follow(pending.url.href);
      const callback = new URL(back.location!);
      expect(callback.origin + callback.pathname).toBe(rp2.redirectUri);
      const r = await rp2.callback(callback);
      expect(r.idTokenClaims).toMatchObject({ sub: userId, aud: c2.clientId });
    } finally {
      await rp2.close();
    }
  });

  it('a rotated-away refresh token used again is refused and revokes the grant', async () => {
    const { callback } = await signInToApp();
    const first = await rp.callback(callback!);
    const next = await rp.refresh();
    const reuse = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refreshToken! }),
    });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await oidc.tokenIntrospection(rp.config, next.accessToken!)).active).toBe(false);
  });

  it('PKCE accepts S256 only: a plain challenge goes back with invalid_request', async () => {
    const pending = await rp.authorize({ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) });
    const res = await fetch(pending.url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });
});
