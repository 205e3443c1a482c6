/**
 * The OpenID hot path's memos on two instances of one PostgreSQL database (issue 17 "OpenID Connect hot
 * path"; docs/oidc.md "Hot path"): instance B has just answered a token's introspection and userinfo
 * (so its token memo and claims memo hold them) when instance A — or the database — changes something.
 * Every change must reach B's answers within its documented bound, and A's at once:
 * a revoked token, a revoked grant (its refresh token revoked), a platform session signed out, a
 * disabled user (TOKEN_MEMO_MS / CLAIMS_MEMO_MS), a disabled client and a changed secret (the client
 * TTL). Runs where the unit project's global setup started PostgreSQL (MP_TEST_DATABASE_URL set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Paths } from '@mp/protocol';
import { buildApp } from '../../app.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { oidcClients, users } from '../../db/schema/index.js';
import { createTestDatabase } from '../../testing/postgres-admin.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow } from '../../testing/test-app.js';
import { RelyingParty, type RpResult } from '../../testing/oidc-rp.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { TOKEN_MEMO_MS } from './adapter.js';
import { CLAIMS_MEMO_MS } from './claims-memo.js';
import { hashClientSecret } from './clients.js';
import { createAppRow, createClientRow, freePort, journey, UserAgent } from './oidc.fixtures.js';

const serverUrl = process.env.MP_TEST_DATABASE_URL;
const PASSWORD = 'Passw0rd!2026';
const CLIENT_TTL_MS = 1000;
/** Time a request may take to reach the server after it was sent (loaded machine): not part of the bound. */
const SLACK_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)('OpenID hot path on two instances of one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: FastifyInstance[] = [];
  let baseA: string;
  let baseB: string;
  let issuer: string;
  let rp: RelyingParty;
  let client: { clientId: string; clientSecret: string };
  let tenantId: string;

  /** An instance on the test database with the shared issuer (A's address), listening on `port`. */
  async function instance(port: number): Promise<FastifyInstance> {
    const { app } = await buildApp(
      {
        dataDir: 'memory://',
        databaseUrl: db.url,
        adminUsername: 'admin',
        adminPassword: ADMIN_PASSWORD,
        loginCaptcha: '0',
        consoleDir: '/nonexistent',
        oidcIssuer: issuer,
        policyCache: { enabled: true, size: 100, pollMs: 1000, maxAgeMs: 60_000, clientTtlMs: CLIENT_TTL_MS },
      },
      { logger: false },
    );
    apps.push(app);
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  }

  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!, 'mp_oidc_two');
    const [portA, portB] = [await freePort(), await freePort()];
    baseA = `http://127.0.0.1:${portA}`;
    baseB = `http://127.0.0.1:${portB}`;
    issuer = `${baseA}/oidc`;
    const a = await instance(portA);
    await instance(portB);
    tenantId = await createTenantRow(a, 'two');
    const appId = (await createAppRow(a, 'twoapp', [tenantId])).id;
    rp = await new RelyingParty(issuer).listen();
    client = await createClientRow(a, appId, { redirectUris: [rp.redirectUri], postLogoutRedirectUris: [rp.postLogoutRedirectUri] });
    await rp.register(client.clientId, client.clientSecret);
  }, 180_000);
  afterAll(async () => {
    await rp?.close();
    for (const app of apps) await app.close().catch(() => undefined);
    await db?.drop();
  });

  const basic = (secret = client.clientSecret) => `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`;
  const introspect = (base: string, token: string, secret?: string) =>
    fetch(`${base}/oidc/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(secret) },
      body: `token=${encodeURIComponent(token)}`,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
  const active = async (base: string, token: string) => (await introspect(base, token)).body.active === true;
  const userinfoStatus = async (base: string, token: string) => (await fetch(`${base}/oidc/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  /** Creates `username` and signs them in through A; the tokens and the console's client of that sign-in. */
  async function signIn(username: string): Promise<{ tokens: RpResult; token: string; gateway: GatewayClient }> {
    await createUserRow(apps[0]!, { tenantId, username, password: PASSWORD });
    const j = await journey(baseA, new UserAgent(baseA), (await rp.authorize()).url, { username, password: PASSWORD });
    const tokens = await rp.callback(j.callback!);
    return { tokens, token: tokens.accessToken!, gateway: j.gateway };
  }

  /** `signIn`, then introspection and userinfo on B, so B's token and claims memos hold them. */
  async function heldByB(username: string): Promise<Awaited<ReturnType<typeof signIn>>> {
    const s = await signIn(username);
    expect(await active(baseB, s.token)).toBe(true);
    expect(await userinfoStatus(baseB, s.token)).toBe(200);
    return s;
  }

  /** Revokes `token` at A's revocation endpoint (RFC 7009) as the client. */
  async function revokeOnA(token: string, hint: string): Promise<void> {
    const res = await fetch(`${baseA}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
      body: `token=${encodeURIComponent(token)}&token_type_hint=${hint}`,
    });
    expect(res.status).toBe(200);
  }

  /**
   * Asks `check` until it answers true; fails when an ask that started later than `boundMs` (plus
   * SLACK_MS) after `since` still answers false. Answers how long after `since` it first held.
   */
  async function within(boundMs: number, since: number, check: () => Promise<boolean>): Promise<number> {
    for (;;) {
      const started = Date.now();
      if (await check()) return started - since;
      expect(started - since, `still not refused ${started - since} ms after the change (bound ${boundMs} ms)`).toBeLessThanOrEqual(boundMs + SLACK_MS);
      await sleep(50);
    }
  }

  it('on PostgreSQL too, a repeat introspection or userinfo within the bound sends no statement', async () => {
    const { token } = await signIn('two.hot');
    const pool = (apps[1]!.database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const statements: string[] = [];
    const query = pool.query;
    pool.query = function counting(this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { text?: string };
      statements.push(typeof q === 'string' ? q : String(q?.text));
      return query.apply(this, a);
    };
    try {
      expect(await active(baseB, token)).toBe(true);
      expect(await userinfoStatus(baseB, token)).toBe(200);
      expect(statements.length).toBeGreaterThan(0); // the first asks read (the count sees the pool's statements)
      statements.length = 0;
      expect(await active(baseB, token)).toBe(true);
      expect(await userinfoStatus(baseB, token)).toBe(200);
      expect(statements).toEqual([]);
    } finally {
      pool.query = query;
    }
  });

  it('a token revoked on A: A refuses it at once, B within the token memo bound', async () => {
    const { token } = await heldByB('two.rev');
    await revokeOnA(token, 'access_token');
    const since = Date.now();
    expect(await active(baseA, token)).toBe(false);
    await within(TOKEN_MEMO_MS, since, async () => !(await active(baseB, token)));
    expect(await userinfoStatus(baseB, token)).toBe(401);
  });

  it('a grant revoked on A (its refresh token revoked): its access token is refused on B within the bound', async () => {
    const { token, tokens } = await heldByB('two.grant');
    await revokeOnA(tokens.refreshToken!, 'refresh_token');
    const since = Date.now();
    expect(await active(baseA, token)).toBe(false);
    await within(TOKEN_MEMO_MS, since, async () => (await userinfoStatus(baseB, token)) === 401);
    expect(await active(baseB, token)).toBe(false);
  });

  it('the platform session signed out on A (tokenlogout): its tokens are refused on A at once, on B within the bound', async () => {
    const { token, gateway } = await heldByB('two.out');
    const out = await gateway.post(Paths.tokenlogout, { token: gateway.token });
    expect(out.body.result).toBe('1');
    const since = Date.now();
    expect(await active(baseA, token)).toBe(false);
    await within(TOKEN_MEMO_MS, since, async () => !(await active(baseB, token)));
    expect(await userinfoStatus(baseB, token)).toBe(401);
  });

  it('a refresh token rotated on A cannot be used again on B, even right after B looked it up (always read)', async () => {
    const { tokens } = await heldByB('two.rot');
    const rt = tokens.refreshToken!;
    const refresh = (base: string) =>
      fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
        body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(rt)}`,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const seen = await introspect(baseB, rt);
    expect(seen.body.active).toBe(true); // B has just read the refresh token
    expect((await refresh(baseA)).status).toBe(200); // rotated on A
    const reused = await refresh(baseB);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('a user disabled: userinfo on B answers 401 within the claims memo bound', async () => {
    const { token } = await heldByB('two.off');
    await inScope(apps[0]!.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.username, 'two.off')));
    const since = Date.now();
    await within(CLAIMS_MEMO_MS, since, async () => (await userinfoStatus(baseB, token)) === 401);
  });

  it('a client disabled, then its secret changed: refused on B within the client TTL', async () => {
    const { token } = await heldByB('two.cli'); // B caches the client now
    const db = apps[0]!.database.db;
    await db.update(oidcClients).set({ status: 0 }).where(eq(oidcClients.clientId, client.clientId));
    try {
      const since = Date.now();
      await within(CLIENT_TTL_MS, since, async () => (await introspect(baseB, token)).status === 401);
    } finally {
      await db.update(oidcClients).set({ status: 1 }).where(eq(oidcClients.clientId, client.clientId));
    }
    await within(CLIENT_TTL_MS, Date.now(), () => active(baseB, token)); // a client not found is not cached
    const old = client.clientSecret;
    await db
      .update(oidcClients)
      .set({ secretHash: hashClientSecret('a-new-secret-0123456789abcdef') })
      .where(eq(oidcClients.clientId, client.clientId));
    try {
      const since = Date.now();
      await within(CLIENT_TTL_MS, since, async () => (await introspect(baseB, token, old)).status === 401);
      expect((await introspect(baseB, token, 'a-new-secret-0123456789abcdef')).body.active).toBe(true);
    } finally {
      await db
        .update(oidcClients)
        .set({ secretHash: hashClientSecret(old) })
        .where(eq(oidcClients.clientId, client.clientId));
    }
  });
});
