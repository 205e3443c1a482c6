import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, encryptValue, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../testing/test-app.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

async function admin() {
  const c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  return c;
}

describe('request signature, timestamp and nonce (PROTOCOL.md Signature)', () => {
  it('refuses a replayed request (same nonce) with HTTP 401', async () => {
    const c = await admin();
    const nonce = 'ab'.repeat(16);
    const first = await c.post(Paths.querycodetablelist, [1], { nonce });
    expect(first.body.result).toBe('1');
    const replay = await c.post(Paths.querycodetablelist, [1], { nonce });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ result: '0', scode: Codes.NONCE_REPLAYED });
  });

  it('lets exactly one of several concurrent requests with the same nonce through (batched check)', async () => {
    const c = await admin();
    const nonce = 'cd'.repeat(16);
    const all = await Promise.all(Array.from({ length: 6 }, () => c.post(Paths.querycodetablelist, [1], { nonce })));
    expect(all.filter((r) => r.body.result === '1')).toHaveLength(1);
    expect(all.filter((r) => r.status === 401 && r.body.scode === Codes.NONCE_REPLAYED)).toHaveLength(5);
    const distinct = await Promise.all(Array.from({ length: 6 }, () => c.post(Paths.querycodetablelist, [1])));
    expect(distinct.every((r) => r.body.result === '1')).toBe(true);
  });

  it('refuses a tampered body (signature over another text)', async () => {
    const c = await admin();
    const r = await c.post(Paths.listtenant, { page: 1, pageSize: 100 }, { signBody: JSON.stringify({ page: 1, pageSize: 10 }) });
    expect(r.status).toBe(401);
    expect(r.body.scode).toBe(Codes.SIGNATURE_INVALID);
  });

  it('refuses a timestamp more than 300 s away from the server clock', async () => {
    const c = await admin();
    for (const ts of [Date.now() - 301_000, Date.now() + 301_000]) {
      const r = await c.post(Paths.querycodetablelist, [1], { timestamp: ts });
      expect(r.status).toBe(401);
      expect(r.body.scode).toBe(Codes.TIMESTAMP_STALE);
    }
    expect((await c.post(Paths.querycodetablelist, [1], { timestamp: Date.now() - 290_000 })).body.result).toBe('1');
  });

  it('refuses an unsigned call to a signed route and names the missing headers', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    const r = await c.post(Paths.signin, { username: 'admin', password: 'x' }, { unsigned: true });
    expect(r.status).toBe(401);
    expect(r.body.scode).toBe(Codes.HEADERS_MISSING);
    expect(r.body.msg).toContain('x-signature');
  });

  it('answers 401 for a protected call without a token', async () => {
    const c = await t.client();
    const r = await c.post(Paths.listtenant, { page: 1 });
    expect(r.status).toBe(401);
    expect(r.body.scode).toBe(Codes.TOKEN_MISSING);
  });

  it('signs with SHA-512 and encrypts with AES when cryptoType is 1', async () => {
    const s = await testApp();
    try {
      const { settings } = await import('../db/schema/index.js');
      const { eq } = await import('drizzle-orm');
      await s.app.database.db.update(settings).set({ value: '1' }).where(eq(settings.key, 'cryptoType'));
      s.app.settings.invalidate();
      const c = await s.client();
      expect(c.config.cryptoType).toBe('1');
      await expect(c.signIn('admin', ADMIN_PASSWORD)).resolves.toBeTruthy();
    } finally {
      await s.close();
    }
  });
});

describe('encrypted bodies (reuestParas)', () => {
  it('unwraps a reuestParas body before validation', async () => {
    const c = await admin();
    const wrapped = { reuestParas: encryptValue(JSON.stringify({ page: 1, pageSize: 5 }), c.config.mpk, c.config.cryptoType) };
    const r = await c.post(Paths.listtenant, wrapped);
    expect(r.body.result).toBe('1');
    expect(r.body.data.rows.length).toBeGreaterThan(0);
  });
  it('refuses a reuestParas value that does not decrypt', async () => {
    const c = await admin();
    const r = await c.post(Paths.listtenant, { reuestParas: 'bm90IGVuY3J5cHRlZA==' });
    expect(r.status).toBe(400);
    expect(r.body.scode).toBe(Codes.DECRYPT_FAILED);
  });
});

describe('authorization', () => {
  it('refuses a platform call to a user without the platform administrator type (10009029001)', async () => {
    await createUserRow(t.app, { username: 'plain', password: 'Passw0rd!', identities: [1] });
    const c = await t.client();
    await c.signIn('plain', 'Passw0rd!');
    const r = await c.post(Paths.listtenant, { page: 1 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: '0', scode: Codes.NO_PERMISSION });
    expect((await c.get(Paths.dashboard)).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('every route declares an access rule', () => {
    const missing: string[] = [];
    const seen: string[] = [];
    for (const r of t.app.routeTable) {
      seen.push(r.url);
      if (!r.access) missing.push(`${r.method} ${r.url}`);
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('publishes the whole API as OpenAPI, every gateway path included', async () => {
    const r = await t.app.inject({ method: 'GET', url: Paths.openapi });
    const spec = r.json() as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\./);
    for (const p of [Paths.signin, Paths.tokenlogin, Paths.listtenant, Paths.querycodetablelist]) expect(Object.keys(spec.paths)).toContain(p);
  });

  it('answers an unknown gateway path with a 404 envelope', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/gateway/tenant/plat/nothing/here' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ result: '0', scode: Codes.NOT_FOUND });
  });
});
