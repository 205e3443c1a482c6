/**
 * The decision cache over HTTP (policy.cache.ts, plugins/app-client.ts; docs/applications.md "Decision
 * cache"), with a poller that never fires on its own (poll interval of a day): a change a client learns of
 * from `syncbydate` is already reflected in this instance's answers (the sync page drops what it
 * concerns); an authenticated client row is reused for its TTL and a disabled client is refused once the
 * TTL has passed; MP_POLICY_CACHE=0 answers straight from SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Paths, PolicyPaths, type PolicyDecision, type PolicyPermissions, type PolicySyncPage } from '@mp/protocol';
import { loadConfig } from '../../config.js';
import { testApp } from '../../testing/test-app.js';
import { clearAppClientCache } from '../../plugins/app-client.js';
import { policyWorld, type PolicyWorld } from './policy.fixtures.js';
import { policyCacheOf } from './policy.cache.js';

describe('policy cache over HTTP', () => {
  let w: PolicyWorld;
  beforeAll(async () => {
    w = await policyWorld(await testApp({ policyCache: { ...loadConfig().policyCache, enabled: true, pollMs: 86_400_000 } }));
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
  });

  const alice = { tenantId: 'acme', username: 'alice' };
  const check = async (body: unknown) => (await w.call<PolicyDecision>(PolicyPaths.check, body, w.asA)).body.data;

  it('a change delivered by syncbydate is already reflected in the answers of this instance', async () => {
    const p = await w.call<PolicyPermissions>(PolicyPaths.permissions, alice, w.asA);
    expect((await check({ ...alice, api: '/orders/list.do' })).allow).toBe(true);
    await w.app.database.db.execute(sql`delete from role_grants where role_id = ${w.ids.clerk} and data_id = ${w.ids.list}`);
    expect((await check({ ...alice, api: '/orders/list.do' })).allow, 'cached: the poller has not run').toBe(true);
    const page = (await w.call<PolicySyncPage>(PolicyPaths.syncbydate, { cursor: p.body.data.cursor }, w.asA)).body.data;
    expect(page.changes.map((c) => c.kind)).toContain('grant');
    expect((await check({ ...alice, api: '/orders/list.do' })).allow).toBe(false);
    expect((await w.call<PolicyPermissions>(PolicyPaths.permissions, alice, w.asA)).body.data.apis).toEqual([]);
  });

  it('a client row is reused for its TTL; a disabled client is refused once it has passed', async () => {
    expect(policyCacheOf(w.app.database)).toBeDefined();
    expect((await w.call(PolicyPaths.permissions, alice, w.asA)).status).toBe(200);
    await w.admin.post(Paths.statusclient, { productId: w.appA.id, ids: [w.clients.a.id], status: 0 });
    try {
      expect((await w.call(PolicyPaths.permissions, alice, w.asA)).status, 'within the TTL').toBe(200);
      clearAppClientCache(w.app); // the TTL (5 s) passes
      expect((await w.call(PolicyPaths.permissions, alice, w.asA)).status).toBe(401);
    } finally {
      await w.admin.post(Paths.statusclient, { productId: w.appA.id, ids: [w.clients.a.id], status: 1 });
    }
    expect((await w.call(PolicyPaths.permissions, alice, w.asA)).status).toBe(200);
  });

  it('MP_POLICY_CACHE=0: no cache, a change shows at once', async () => {
    const off = await policyWorld(await testApp({ policyCache: { ...loadConfig().policyCache, enabled: false } }));
    try {
      expect(policyCacheOf(off.app.database)).toBeUndefined();
      const body = { ...alice, api: '/orders/list.do' };
      expect((await off.call<PolicyDecision>(PolicyPaths.check, body, off.asA)).body.data.allow).toBe(true);
      await off.app.database.db.execute(sql`update users set status = 0 where id = ${off.users.alice}`);
      expect((await off.call<PolicyDecision>(PolicyPaths.check, body, off.asA)).body.data.allow).toBe(false);
    } finally {
      await off.t.close();
    }
  }, 60_000);
});
