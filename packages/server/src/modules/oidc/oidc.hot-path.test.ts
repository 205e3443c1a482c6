/**
 * The OpenID hot path (issue 17 "OpenID Connect hot path"; docs/oidc.md "Hot path"): introspection is one
 * statement and userinfo two (the token with its grant and browser session, then the account's claims);
 * a token looked up within a second, with no change since, is answered from memory, and userinfo's claims
 * too (CLAIMS_MEMO_MS); clients come from the per-instance cache until its TTL passes (a disabled client is
 * then refused), and the kept copies never outlive their bound (an ended platform session at once, a
 * disabled user within CLAIMS_MEMO_MS). Two instances on PostgreSQL: oidc.two-instances.postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { oidcClients, sessions, users } from '../../db/schema/index.js';
import { sessionIdOf } from '../session/tokens.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { noteOidcStateChange } from './adapter.js';
import { CLAIMS_MEMO_MS, claimsMemoOf } from './claims-memo.js';
import { clearOidcClientCache } from './client-cache.js';
import { createAppRow, createClientRow, journey, listeningApp, UserAgent } from './oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';
const CLIENT_TTL_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('OpenID hot path', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let client: { clientId: string; clientSecret: string };
  const statements: string[] = [];

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp({ policyCache: { enabled: true, size: 100, pollMs: 1000, maxAgeMs: 60_000, clientTtlMs: CLIENT_TTL_MS } }));
    const tenantId = await createTenantRow(app, 'hot');
    for (const username of ['hot.ann', 'hot.bob', 'hot.cy']) await createUserRow(app, { tenantId, username, password: PASSWORD });
    const appId = (await createAppRow(app, 'hotapp', [tenantId])).id;
    rp = await new RelyingParty(issuer).listen();
    client = await createClientRow(app, appId, { redirectUris: [rp.redirectUri] });
    await rp.register(client.clientId, client.clientSecret);
    // Every statement the app sends to its embedded database.
    const pglite = (app.database.db as unknown as { $client: Record<'query' | 'exec', (q: string, ...a: unknown[]) => Promise<unknown>> }).$client;
    for (const m of ['query', 'exec'] as const) {
      const original = pglite[m].bind(pglite);
      pglite[m] = (q: string, ...a: unknown[]) => {
        statements.push(q);
        return original(q, ...a);
      };
    }
  });
  afterAll(async () => {
    await rp?.close();
    await app?.close();
  });

  async function tokenOf(username: string): Promise<{ token: string; sessionId: string }> {
    const j = await journey(base, new UserAgent(base), (await rp.authorize()).url, { username, password: PASSWORD });
    const done = await rp.callback(j.callback!);
    return { token: done.accessToken!, sessionId: sessionIdOf(j.gateway.token) };
  }
  const introspect = (token: string) =>
    fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: `token=${encodeURIComponent(token)}&token_type_hint=access_token`,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
  const userinfo = (token: string) => fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
  /** Statements `call` sent, with the client already cached by a first call; `fresh`: after a state change. */
  async function counted(call: () => Promise<unknown>, fresh: boolean): Promise<string[]> {
    await call();
    if (fresh) {
      noteOidcStateChange();
      claimsMemoOf(app.database)!.clear();
    }
    statements.length = 0;
    await call();
    return [...statements];
  }

  it('introspection is one statement, userinfo two; a repeat within a second is answered from memory, claims included', async () => {
    const { token } = await tokenOf('hot.ann');
    expect(await counted(() => introspect(token), true)).toHaveLength(1);
    expect(await counted(() => introspect(token), false)).toHaveLength(0);
    expect((await introspect(token)).body.active).toBe(true);
    const first = await counted(async () => expect((await userinfo(token)).status).toBe(200), true);
    expect(first).toHaveLength(2);
    expect(first[1]).toContain('"users"');
    expect(await counted(async () => expect((await userinfo(token)).status).toBe(200), false)).toHaveLength(0);
  });

  it("introspection and userinfo carry the provider pages' security headers (one prebuilt helmet middleware)", async () => {
    const { token } = await tokenOf('hot.ann');
    for (const res of [await userinfo(token), await fetch(`${issuer}/jwks`)]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('a client is served from the cache for its TTL, then read again (a disabled client is refused)', async () => {
    const { token } = await tokenOf('hot.bob');
    expect((await introspect(token)).status).toBe(200);
    await app.database.db.update(oidcClients).set({ status: 0 }).where(eq(oidcClients.clientId, client.clientId));
    try {
      statements.length = 0;
      expect((await introspect(token)).body.active).toBe(true); // within the TTL: the cached client
      expect(statements.some((q) => q.includes('oidc_clients'))).toBe(false);
      clearOidcClientCache(app.database); // the TTL passes
      const refused = await introspect(token);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('invalid_client');
    } finally {
      await app.database.db.update(oidcClients).set({ status: 1 }).where(eq(oidcClients.clientId, client.clientId));
    }
    expect((await introspect(token)).body.active).toBe(true); // a client not found was not cached
  });

  it('kept grants and sessions do not outlive an ended platform session or a disabled user', async () => {
    const { token, sessionId } = await tokenOf('hot.cy');
    expect((await introspect(token)).body.active).toBe(true);
    expect((await userinfo(token)).status).toBe(200);
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.username, 'hot.cy')));
    await sleep(CLAIMS_MEMO_MS + 50); // the claims memo's bound passes (oidc.two-instances.postgres.test.ts times it)
    expect((await userinfo(token)).status).toBe(401);
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 1 }).where(eq(users.username, 'hot.cy')));
    await sleep(CLAIMS_MEMO_MS + 50);
    expect((await userinfo(token)).status).toBe(200);
    await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.update(sessions).set({ state: 'ended', endedAt: new Date() }).where(eq(sessions.id, sessionId));
      app.guardStore.forgetSessions({ ids: [sessionId] });
    });
    expect((await introspect(token)).body).toEqual({ active: false });
    expect((await userinfo(token)).status).toBe(401);
  });
});
