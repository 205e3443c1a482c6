import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Codes, Paths, randomHex } from '@mp/protocol';
import { buildApp } from '../../app.js';
import { settings } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { SharedGuardStore } from './guard-store.js';
import { sessionIdOf } from './tokens.js';

describe('SharedGuardStore (PostgreSQL path, run here on PGlite)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('records each nonce once in the database, even when the same nonce arrives in one batch', async () => {
    const store = new SharedGuardStore(t.app.database.db);
    const nonce = randomHex(16);
    const results = await Promise.all(Array.from({ length: 5 }, () => store.check(nonce, Date.now(), '')));
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect((await store.check(nonce, Date.now(), '')).fresh).toBe(false);
    // A second store (another instance) sees the same nonces.
    expect((await new SharedGuardStore(t.app.database.db).check(nonce, Date.now(), '')).fresh).toBe(false);
  });

  it('reads sessions fresh from the database', async () => {
    const c = await t.client();
    await c.signIn('admin', ADMIN_PASSWORD);
    const store = new SharedGuardStore(t.app.database.db);
    const { session } = await store.check(randomHex(16), Date.now(), sessionIdOf(c.token));
    expect(session).toMatchObject({ userId: c.userId, username: 'admin', state: 'active', identities: [4, 1] });
    expect(session!.expiresAt).toBeInstanceOf(Date);
  });
});

describe('EmbeddedGuardStore across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mp-guard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const open = () => buildApp({ dataDir: dir, adminPassword: ADMIN_PASSWORD, loginCaptcha: '0', consoleDir: '/nonexistent' }, { logger: false });

  it('persists a floor ahead of accepted timestamps and refuses requests signed before it after a restart', async () => {
    const first = (await open()).app;
    const c = await new GatewayClient(first).init();
    await c.signIn('admin', ADMIN_PASSWORD);
    const signedAt = Date.now();
    const nonce = randomHex(16);
    expect((await c.post(Paths.querycodetablelist, [1], { timestamp: signedAt, nonce })).body.result).toBe('1');
    const [floor] = await first.database.db.select().from(settings).where(eq(settings.key, 'guard.nonceFloor'));
    expect(Number(floor!.value)).toBeGreaterThanOrEqual(signedAt);
    await first.close();

    const second = (await open()).app;
    try {
      const again = new GatewayClient(second);
      Object.assign(again, { config: c.config, token: c.token, userId: c.userId });
      // The same request replayed after the restart: the new process does not know its nonce.
      const replay = await again.post(Paths.querycodetablelist, [1], { timestamp: signedAt, nonce });
      expect(replay.status).toBe(401);
      expect(replay.body.scode).toBe(Codes.NONCE_REPLAYED);
      // A request signed now, after the floor, goes through with the same session.
      await new Promise((r) => setTimeout(r, 5));
      const fresh = await again.post(Paths.querycodetablelist, [1]);
      expect(fresh.body.result).toBe('1');
    } finally {
      await second.close();
    }
  });
});
