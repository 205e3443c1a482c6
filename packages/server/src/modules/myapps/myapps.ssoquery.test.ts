/**
 * Applications that use the console's SSO query (issue 15; docs/users.md "Opening an application"), over real
 * HTTP: `ssoticket` answers the callback address with `ssotoken=<single-use ticket>&username=…` — never the
 * console's bearer token — and the application's server exchanges the ticket with its confidential client
 * (`sso/exchange`) for the user. Every refusal: not the caller's application, an OpenID Connect application,
 * another application's client, a used, expired or guessed ticket, an ended console session, a user who may
 * no longer use the application, no client authentication.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  Identity,
  MyAppsCodes,
  MyAppsPaths,
  Paths,
  PolicyCodes,
  PolicyPaths,
  SsoMode,
  type MyAppTicketRow,
  type PolicySsoUser,
  type UserAppRow,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appRootOrgs, oneTimeCodes, organisations, products, users } from '../../db/schema/index.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { createAppRow, createClientRow, listeningApp } from '../oidc/oidc.fixtures.js';
import { basic } from '../policy/policy.fixtures.js';

const PASSWORD = 'Passw0rd!2026';

describe('opening an application that uses the SSO query', () => {
  let app: FastifyInstance;
  let base: string;
  let tenantId: string;
  let userId: string;
  let legacy: { id: string; code: string };
  let oidcApp: { id: string; code: string };
  let legacyClient: { clientId: string; clientSecret: string };
  let otherClient: { clientId: string; clientSecret: string };

  const setProduct = (id: string, v: Partial<typeof products.$inferInsert>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(products).set(v).where(eq(products.id, id)));
  const signedIn = async (username = 'sq.alice') => {
    const g = await new GatewayClient(base).init();
    await g.signIn(username, PASSWORD);
    return g;
  };
  const ticketOf = async (g: GatewayClient, id: string) => g.post<{ row: MyAppTicketRow }>(MyAppsPaths.ssoticket, { id });
  const exchange = (ticket: unknown, auth?: string) =>
    fetch(`${base}${PolicyPaths.ssoexchange}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify({ ticket }),
    });
  const asLegacy = () => basic(legacyClient.clientId, legacyClient.clientSecret);

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    tenantId = await createTenantRow(app, 'sqacme');
    userId = await createUserRow(app, { tenantId, username: 'sq.alice', password: PASSWORD, identities: [Identity.ENTERPRISE_USER] });
    await createUserRow(app, { tenantId, username: 'sq.bob', password: PASSWORD, identities: [Identity.ENTERPRISE_USER] });
    legacy = await createAppRow(app, 'legacy', [tenantId]);
    oidcApp = await createAppRow(app, 'modern', [tenantId]);
    const other = await createAppRow(app, 'other', [tenantId]);
    await setProduct(legacy.id, { ssoMode: SsoMode.SSO_QUERY, callbackUrl: 'https://legacy.example.com/sso?from=mp#top' });
    await setProduct(other.id, { ssoMode: SsoMode.SSO_QUERY });
    legacyClient = await createClientRow(app, legacy.id, { redirectUris: ['https://legacy.example.com/callback'] });
    otherClient = await createClientRow(app, other.id, { redirectUris: ['https://other.example.com/callback'] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists the application with its bare callback address and mode 2, then opens it with a ticket the application exchanges once', async () => {
    const g = await signedIn();
    const list = await g.post<{ rows: UserAppRow[] }>(MyAppsPaths.listmyapps, { page: 1, pageSize: 10 });
    const tile = list.body.data.rows.find((r) => r.code === 'legacy')!;
    expect(tile).toMatchObject({ ssoMode: SsoMode.SSO_QUERY, loginUrl: 'https://legacy.example.com/sso?from=mp' });
    expect(list.body.data.rows.find((r) => r.code === 'modern')).toMatchObject({ ssoMode: SsoMode.OIDC });

    const before = Date.now();
    const t = await ticketOf(g, legacy.id);
    expect(t.body.result, JSON.stringify(t.body)).toBe('1');
    const url = new URL(t.body.data.row.url);
    expect(url.origin + url.pathname).toBe('https://legacy.example.com/sso');
    expect(url.searchParams.get('from')).toBe('mp');
    expect(url.searchParams.get('username')).toBe('sq.alice');
    expect(url.hash).toBe('');
    const ticket = url.searchParams.get('ssotoken')!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.body.data.row.url).not.toContain(g.token);
    expect(t.body.data.row.expiresAt).toBeGreaterThanOrEqual(before + 59_000);
    // only the hash is stored, with the application as audience
    const [stored] = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.purpose, 'app_ticket')));
    expect(stored).toMatchObject({ userId, tenantId, audience: legacy.id, usedAt: null });
    expect(stored!.codeHash).not.toContain(ticket);

    const r = await exchange(ticket, asLegacy());
    expect(r.status).toBe(200);
    const body = (await r.json()) as { result: string; data: { row: PolicySsoUser } };
    expect(body.result).toBe('1');
    expect(body.data.row).toMatchObject({ userId, username: 'sq.alice', tenantId, tenantCode: 'sqacme' });
    expect(body.data.row.sessionExpiresAt).toBeGreaterThan(Date.now());
    expect(JSON.stringify(body)).not.toContain(g.token);

    // single use
    const again = await exchange(ticket, asLegacy());
    expect(again.status).toBe(400);
    expect(((await again.json()) as { scode: string }).scode).toBe(PolicyCodes.TICKET_INVALID);
  });

  it("refuses another application's client (and does not spend the ticket for its application), a guessed ticket and no client authentication", async () => {
    const g = await signedIn();
    const ticket = new URL((await ticketOf(g, legacy.id)).body.data.row.url).searchParams.get('ssotoken')!;
    const foreign = await exchange(ticket, basic(otherClient.clientId, otherClient.clientSecret));
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { scode: string }).scode).toBe(PolicyCodes.TICKET_INVALID);
    const anonymous = await exchange(ticket);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="policy"');
    const wrongSecret = await exchange(ticket, basic(legacyClient.clientId, 'x'.repeat(43)));
    expect(wrongSecret.status).toBe(401);
    expect((await exchange('A'.repeat(43), asLegacy())).status).toBe(400);
    // the application's own client still gets the user
    expect((await exchange(ticket, asLegacy())).status).toBe(200);
  });

  it('refuses bad bodies with 400 and the envelope', async () => {
    for (const t of ['', 'has space', 'a'.repeat(201), 'x\u0000y', 42, null]) {
      const r = await exchange(t, asLegacy());
      expect(r.status, JSON.stringify(t)).toBe(400);
      expect(((await r.json()) as { result: string }).result).not.toBe('1');
    }
  });

  it('refuses an expired ticket and a ticket whose console session has ended', async () => {
    const g = await signedIn();
    const expired = new URL((await ticketOf(g, legacy.id)).body.data.row.url).searchParams.get('ssotoken')!;
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .update(oneTimeCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeCodes.audience, legacy.id)),
    );
    expect((await exchange(expired, asLegacy())).status).toBe(400);

    const ended = new URL((await ticketOf(g, legacy.id)).body.data.row.url).searchParams.get('ssotoken')!;
    expect((await g.post(Paths.tokenlogout, { token: g.token })).body.result).toBe('1');
    expect((await exchange(ended, asLegacy())).status).toBe(400);
  });

  it('refuses a ticket of a user who stopped being an application user before the exchange', async () => {
    const g = await signedIn('sq.bob');
    const ticket = new URL((await ticketOf(g, legacy.id)).body.data.row.url).searchParams.get('ssotoken')!;
    // the application is narrowed to an organisation bob is not in
    await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(organisations).values({ id: 'org-sq-only', tenantId, code: 'only', name: 'Only' });
      await tx.insert(appRootOrgs).values({ productId: legacy.id, tenantId, orgId: 'org-sq-only' });
    });
    try {
      expect((await exchange(ticket, asLegacy())).status).toBe(400);
      // and no new ticket: the application is no longer bob's
      expect((await ticketOf(g, legacy.id)).body.scode).toBe(MyAppsCodes.APP_NOT_FOUND);
    } finally {
      await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.delete(appRootOrgs).where(eq(appRootOrgs.productId, legacy.id)));
    }
  });

  it("issues no ticket for an application that is not the caller's, is disabled, uses OpenID Connect or has no usable address", async () => {
    const g = await signedIn();
    const outsider = await createAppRow(app, 'outsider', ['sys']);
    await setProduct(outsider.id, { ssoMode: SsoMode.SSO_QUERY });
    expect((await ticketOf(g, outsider.id)).body.scode).toBe(MyAppsCodes.APP_NOT_FOUND);
    expect((await ticketOf(g, 'no-such-app')).body.scode).toBe(MyAppsCodes.APP_NOT_FOUND);
    expect((await ticketOf(g, oidcApp.id)).body.scode).toBe(MyAppsCodes.NOT_SSO_QUERY);
    await setProduct(legacy.id, { status: 0 });
    try {
      expect((await ticketOf(g, legacy.id)).body.scode).toBe(MyAppsCodes.APP_NOT_FOUND);
    } finally {
      await setProduct(legacy.id, { status: 1 });
    }
    await setProduct(legacy.id, { callbackUrl: 'javascript:alert(1)' });
    try {
      expect((await ticketOf(g, legacy.id)).body.scode).toBe(MyAppsCodes.NO_ADDRESS);
    } finally {
      await setProduct(legacy.id, { callbackUrl: 'https://legacy.example.com/sso?from=mp#top' });
    }
    // none of the refusals wrote a ticket
    const written = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.audience, outsider.id)));
    expect(written).toHaveLength(0);
    // a disabled user's ticket is refused at the exchange
    const t = new URL((await ticketOf(g, legacy.id)).body.data.row.url).searchParams.get('ssotoken')!;
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, userId)));
    try {
      expect((await exchange(t, asLegacy())).status).toBe(400);
    } finally {
      await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ status: 1 }).where(eq(users.id, userId)));
    }
  });

  it('refuses the ticket call to visitors and bad bodies', async () => {
    const anonymous = await (await new GatewayClient(base).init()).post(MyAppsPaths.ssoticket, { id: legacy.id });
    expect(anonymous.status).toBe(401);
    const g = await signedIn();
    expect((await g.post(MyAppsPaths.ssoticket, {})).status).toBe(400);
    expect((await g.post(MyAppsPaths.ssoticket, { id: 'x'.repeat(65) })).status).toBe(400);
  });
});
