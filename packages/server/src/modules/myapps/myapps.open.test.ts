/**
 * Opening an application from My apps over real HTTP (issue 15; docs/users.md "Opening an application"):
 * the tile's address is the app's login initiation URI with `iss` (OpenID Connect Core §4); the app checks
 * the issuer and sends the authorization request; the provider hands the browser to the console's login
 * address, where the console's existing session gets a single-use ticket (no password typed) and the code
 * endpoint sends the code to the app; the app exchanges it for the user's ID token. No address on the
 * way carries the console's bearer token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Identity, MyAppsPaths, Paths, type UserAppRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appRootOrgs, organisations, products } from '../../db/schema/index.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { createAppRow, createClientRow, listeningApp, UserAgent } from '../oidc/oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';

describe('opening an application from My apps', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let userId: string;
  let tenantId: string;
  let appId: string;

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp());
    tenantId = await createTenantRow(app, 'acme');
    userId = await createUserRow(app, { tenantId, username: 'open.alice', password: PASSWORD, identities: [Identity.ENTERPRISE_USER] });
    appId = (await createAppRow(app, 'crm', [tenantId])).id;
    rp = await new RelyingParty(issuer).listen();
    // the app's callback address is its login initiation URI
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .update(products)
        .set({ callbackUrl: `${new URL(rp.redirectUri).origin}/start` })
        .where(eq(products.id, appId)),
    );
    const client = await createClientRow(app, appId, { redirectUris: [rp.redirectUri] });
    await rp.register(client.clientId, client.clientSecret);
  }, 60_000);
  afterAll(async () => {
    await rp?.close();
    await app?.close();
  });

  it('initiation → authorization → code at the app, with the console session only and no token in any address', async () => {
    // the user is signed in to the console (the password is typed here, once)
    const consoleSession = await new GatewayClient(base).init();
    await consoleSession.signIn('open.alice', PASSWORD);
    const token = consoleSession.token;
    expect(token).toBeTruthy();

    // My apps answers the tile with the login initiation address
    const list = await consoleSession.post<{ rows: UserAppRow[] }>(MyAppsPaths.listmyapps, { page: 1, pageSize: 10 });
    const tile = list.body.data.rows.find((r) => r.code === 'crm')!;
    const initiation = new URL(tile.loginUrl);
    expect(initiation.origin).toBe(new URL(rp.redirectUri).origin);
    expect(initiation.searchParams.get('iss')).toBe(issuer);
    const visited: string[] = [tile.loginUrl];

    // the app (OIDC Core §4) checks iss is its provider, then sends the authorization request
    expect(initiation.searchParams.get('iss')).toBe(rp.config!.serverMetadata().issuer);
    const pending = await rp.authorize();
    const ua = new UserAgent(base);
    const toLogin = await ua.follow(pending.url.href);
    visited.push(pending.url.href, toLogin.location!);
    const login = new URL(toLogin.location!);
    expect(login.pathname).toBe('/login');
    const hash = new URLSearchParams(login.hash.slice(1));

    // the console's login page sees its stored session: a ticket, no password
    const t = await consoleSession.post<{ row: { ticket: string } }>(Paths.ssoticket, {});
    expect(t.body.result).toBe('1');
    const codeEndpoint = `${Paths.oidcInteraction}/${hash.get('interaction')}/login?sessionId=${encodeURIComponent(t.body.data.row.ticket)}&redirect_uri=${encodeURIComponent(hash.get('redirect_uri')!)}`;
    const done = await ua.follow(codeEndpoint);
    visited.push(codeEndpoint, done.location!);
    const callback = new URL(done.location!);
    expect(callback.origin + callback.pathname).toBe(rp.redirectUri);
    expect(callback.searchParams.get('code')).toBeTruthy();

    // the app gets the user's tokens
    const result = await rp.callback(callback, pending);
    expect(result.step, JSON.stringify(result)).toBe('callback');
    expect(result.idTokenClaims!.sub).toBe(userId);

    for (const u of visited) {
      expect(decodeURIComponent(u)).not.toContain(token);
      expect(u).not.toMatch(/[?&#](token|ssotoken|access_token)=/i);
    }

    // the ticket was single use: the same code endpoint address is refused the second time
    const again = await new UserAgent(base).follow(codeEndpoint);
    expect(again.location ?? '').not.toContain('code=');
  });

  it("refuses a user outside the application's root organisations at the code endpoint (the same rule as My apps)", async () => {
    await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(organisations).values({ id: 'org-acme-other', tenantId, code: 'other', name: 'Other' });
      await tx.insert(appRootOrgs).values({ productId: appId, tenantId, orgId: 'org-acme-other' });
    });
    const consoleSession = await new GatewayClient(base).init();
    await consoleSession.signIn('open.alice', PASSWORD);
    expect((await consoleSession.post<{ records: number }>(MyAppsPaths.listmyapps, { page: 1, pageSize: 10 })).body.data.records).toBe(0);
    const pending = await rp.authorize();
    const ua = new UserAgent(base);
    const login = new URL((await ua.follow(pending.url.href)).location!);
    const hash = new URLSearchParams(login.hash.slice(1));
    const t = await consoleSession.post<{ row: { ticket: string } }>(Paths.ssoticket, {});
    const done = await ua.follow(
      `${Paths.oidcInteraction}/${hash.get('interaction')}/login?sessionId=${encodeURIComponent(t.body.data.row.ticket)}&redirect_uri=${encodeURIComponent(hash.get('redirect_uri')!)}`,
    );
    const callback = new URL(done.location!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });
});
