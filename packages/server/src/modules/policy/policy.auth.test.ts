/**
 * Client authentication of the policy service (docs/applications.md "Client authentication"): HTTP
 * Basic with a confidential client's id and secret, or a client_credentials access token of the
 * provider; every other caller 401 `policy.client_unauthorized` with `WWW-Authenticate: Basic
 * realm="policy"`; bad attempts counted per address (429 past the limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Paths, PolicyCodes, PolicyPaths } from '@mp/protocol';
import { POLICY_AUTH_LIMIT } from '../../plugins/app-client.js';
import { basic, policyWorld, type PolicyWorld } from './policy.fixtures.js';

let w: PolicyWorld;
beforeAll(async () => {
  w = await policyWorld();
});
afterAll(async () => {
  await w.t.close();
});

const body = { tenantId: 'acme', username: 'alice' };
const perms = (auth?: string) => w.call(PolicyPaths.permissions, body, auth);

/** A client_credentials access token from the provider's token endpoint. */
async function ccToken(id: string, secret: string): Promise<{ status: number; token?: string; error?: string }> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(id, secret) },
    payload: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  });
  const j = res.json() as { access_token?: string; error?: string };
  return { status: res.statusCode, token: j.access_token, error: j.error };
}

function expectRefused(r: Awaited<ReturnType<typeof perms>>, why: string) {
  expect(r.status, why).toBe(401);
  expect(r.body.scode, why).toBe(PolicyCodes.CLIENT_UNAUTHORIZED);
  expect(r.headers['www-authenticate'], why).toBe('Basic realm="policy"');
  expect(r.body.data, why).toEqual({});
}

describe('policy client authentication', () => {
  it('accepts HTTP Basic of a confidential client of the application, and nothing about another application', async () => {
    const r = await perms(w.asA);
    expect(r.status).toBe(200);
    expect(r.body.result).toBe('1');
  });

  it('refuses no credentials, a malformed header, an unknown client and a wrong secret', async () => {
    expectRefused(await perms(), 'none');
    expectRefused(await perms('Basic !!!'), 'not base64');
    expectRefused(await perms(`Basic ${Buffer.from('no-colon').toString('base64')}`), 'no colon');
    expectRefused(await perms(`Basic ${Buffer.from('%zz:x').toString('base64')}`), 'bad percent-encoding');
    expectRefused(await perms(basic('nobody', w.clients.a.secret)), 'unknown client');
    expectRefused(await perms(basic(w.clients.a.id, `${w.clients.a.secret}x`)), 'wrong secret');
    expectRefused(await perms(basic(w.clients.a.id, w.clients.b.secret)), "another client's secret");
    expectRefused(await perms(`Digest ${w.clients.a.secret}`), 'other scheme');
    // The console's signed session does not open the policy service either.
    expectRefused(await perms(`Bearer ${w.admin.token}`), 'console token');
  });

  it('refuses a public client, a disabled client, and every client of a disabled application', async () => {
    expectRefused(await perms(basic(w.clients.aSpa.id, 'anything')), 'public client');
    expectRefused(await perms(basic(w.clients.aOff.id, w.clients.aOff.secret)), 'disabled client');
    await w.app.database.db.execute(sql`update products set status = 0 where id = ${w.appB.id}`);
    await w.flush();
    try {
      expectRefused(await perms(w.asB), 'disabled application');
    } finally {
      await w.app.database.db.execute(sql`update products set status = 1 where id = ${w.appB.id}`);
      await w.flush();
    }
    expect((await perms(w.asB)).status).toBe(200);
  });

  it('accepts a client_credentials access token of the client; refuses unknown tokens and tokens of a disabled client', async () => {
    // Only clients registered for the grant get a token (crm-web has only the authorization code).
    expect((await ccToken(w.clients.aWeb.id, w.clients.aWeb.secret)).error).toBe('unauthorized_client');
    const got = await ccToken(w.clients.a.id, w.clients.a.secret);
    expect(got.status).toBe(200);
    const r = await perms(`Bearer ${got.token}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ userId: w.users.alice });
    expectRefused(await perms(`Bearer ${got.token}x`), 'unknown token');
    expectRefused(await perms('Bearer '), 'empty token');
    await w.admin.post(Paths.statusclient, { productId: w.appA.id, ids: [w.clients.a.id], status: 0 });
    await w.flush();
    try {
      expectRefused(await perms(`Bearer ${got.token}`), 'token of a disabled client');
      expectRefused(await perms(w.asA), 'Basic of a disabled client');
    } finally {
      await w.admin.post(Paths.statusclient, { productId: w.appA.id, ids: [w.clients.a.id], status: 1 });
      await w.flush();
    }
    expect((await perms(`Bearer ${got.token}`)).status).toBe(200);
  });

  it('refuses an expired access token', async () => {
    const got = await ccToken(w.clients.a.id, w.clients.a.secret);
    await w.app.database.db.execute(
      sql`update oidc_payloads set expires_at = now() - interval '1 second' where model = 'ClientCredentials' and id = ${got.token!}`,
    );
    await w.flush();
    expectRefused(await perms(`Bearer ${got.token}`), 'expired');
  });

  it('counts bad attempts per address: past the limit 429 with Retry-After, good credentials still pass', async () => {
    const { rateLimits } = await import('../../db/schema/index.js');
    await w.app.database.db.delete(rateLimits);
    let last = await perms(basic('nobody', 'x'));
    for (let i = 0; i < POLICY_AUTH_LIMIT.max; i += 1) last = await perms(basic('nobody', 'x'));
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await perms(w.asA)).status).toBe(200);
    await w.app.database.db.delete(rateLimits);
  });

  it('validates the body after authentication: bad input is 400, never 500', async () => {
    for (const bad of [{}, { tenantId: 5, username: 'alice' }, { tenantId: 'acme', username: 'a'.repeat(101) }, [1]]) {
      expect((await w.call(PolicyPaths.permissions, bad, w.asA)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
