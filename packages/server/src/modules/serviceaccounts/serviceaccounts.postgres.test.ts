/**
 * Revocation racing the token call (docs/service-accounts.md "Revocation is immediate"): a token request
 * with the current secret and a rotation (or a disable) of the same service account at the same moment. The
 * token call locks the credential row the writes lock, so either the rotation commits first and the token is
 * refused, or the token's session exists when the rotation ends the account's sessions — never a live
 * session opened with a revoked secret. On PGlite, and on PostgreSQL (a pool of connections) when
 * MP_TEST_DATABASE_URL names a server (testing/postgres-server.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Paths, ServiceAccountPaths as P } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { roleGrants, roles, sessions } from '../../db/schema/index.js';
import { testAppTargets } from '../../testing/postgres-admin.js';
import { ADMIN_PASSWORD, type testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

const ROUNDS = 8;

for (const { label, open } of testAppTargets('mp_sa_race')) {
  describe(`${label}: token calls racing revocation`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    let admin: GatewayClient;
    beforeAll(async () => {
      // The race needs every token call to reach the lock: no sign-in rate limit (it would answer 429 first).
      for (const v of ['MP_SIGNIN_RATE_ACCOUNT', 'MP_SIGNIN_RATE_IP', 'MP_SIGNIN_RATE_ACCOUNT_ALL']) vi.stubEnv(v, '0');
      ({ t, close } = await open());
      admin = await t.client();
      await admin.signIn('admin', ADMIN_PASSWORD);
      await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
        await tx.insert(roles).values({ id: 'sys-r-race', tenantId: 'sys', code: 'race', name: 'Race' });
        await tx.insert(roleGrants).values({ tenantId: 'sys', roleId: 'sys-r-race', kind: 'api', dataId: Paths.listtenantuser });
      });
    }, 120_000);
    afterAll(async () => {
      vi.unstubAllEnvs();
      await close();
    });

    const activeSessions = (userId: string) =>
      inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
        tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active'))),
      );

    it(`leaves no live session of a rotated or disabled secret (${ROUNDS} rounds each)`, async () => {
      const add = await admin.post(P.addserviceaccount, { name: 'Racer', roleIds: ['sys-r-race'] });
      const { row } = add.body.data;
      let secret: string = add.body.data.secret;
      const outcomes: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const c = await t.client();
        const [token, rotated] = await Promise.all([
          c.post(P.serviceaccounttoken, { keyId: row.keyId, secret: c.encrypt(secret) }),
          admin.post(P.rotateserviceaccount, { id: row.id }),
        ]);
        expect(rotated.body.result).toBe('1');
        outcomes.push(token.body.result === '1' ? 'issued-then-ended' : token.body.scode);
        expect(await activeSessions(row.id)).toEqual([]);
        secret = rotated.body.data.secret;
      }
      for (let i = 0; i < ROUNDS; i++) {
        const c = await t.client();
        const [, disabled] = await Promise.all([
          c.post(P.serviceaccounttoken, { keyId: row.keyId, secret: c.encrypt(secret) }),
          admin.post(P.statusserviceaccount, { id: row.id, status: 0 }),
        ]);
        expect(disabled.body.result).toBe('1');
        expect(await activeSessions(row.id)).toEqual([]);
        expect((await admin.post(P.statusserviceaccount, { id: row.id, status: 1 })).body.result).toBe('1');
      }
      // The same account disabled, locked or deleted from the platform's user grid takes the same lock.
      for (let i = 0; i < ROUNDS; i++) {
        const c = await t.client();
        const [token, disabled] = await Promise.all([
          c.post(P.serviceaccounttoken, { keyId: row.keyId, secret: c.encrypt(secret) }),
          admin.post(Paths.statususer, { ids: [row.id], status: 0 }),
        ]);
        expect(disabled.body.result).toBe('1');
        outcomes.push(`grid-disable:${token.body.result === '1' ? 'issued-then-ended' : token.body.scode}`);
        expect(await activeSessions(row.id)).toEqual([]);
        expect((await admin.post(Paths.statususer, { ids: [row.id], status: 1 })).body.result).toBe('1');
      }
      for (let i = 0; i < ROUNDS; i++) {
        const c = await t.client();
        const [token, locked] = await Promise.all([
          c.post(P.serviceaccounttoken, { keyId: row.keyId, secret: c.encrypt(secret) }),
          admin.post(Paths.lockuser, { ids: [row.id], locked: true }),
        ]);
        expect(locked.body.result).toBe('1');
        outcomes.push(`grid-lock:${token.body.result === '1' ? 'issued-then-ended' : token.body.scode}`);
        expect(await activeSessions(row.id)).toEqual([]);
        expect((await admin.post(Paths.lockuser, { ids: [row.id], locked: false })).body.result).toBe('1');
      }
      console.info(`[serviceaccounts race] ${label}: ${outcomes.join(', ')}`);
      expect(outcomes.filter((o) => o.includes('rate_limited'))).toEqual([]);
    }, 120_000);
  });
}
