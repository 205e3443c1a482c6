/**
 * Simultaneous decisions (docs/workflow.md "Concurrency"): two managers deciding the same step at once, and two
 * application administrators approving the last step at once — exactly one decision counts (one history row,
 * one grant), the other answers `workflow.already_decided`. On PGlite, and on PostgreSQL (a pool of
 * connections, where the race is real) when MP_TEST_DATABASE_URL names a server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { WorkflowCodes, WorkflowPaths as P } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appUserGrants, appRootOrgs, organisations, productAdmins, roleGrants, roleUsers, roles, users, wfActions } from '../../db/schema/index.js';
import { createTenantRow, createUserRow, type testApp } from '../../testing/test-app.js';
import { testAppTargets } from '../../testing/postgres-admin.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { authoriseProduct, createProductRow } from '../apptenants/apptenants.fixtures.js';

const PASSWORD = 'Passw0rd!x';
const outcome = (r: { body: { result: string; scode: string } }) => (r.body.result === '1' ? 'ok' : r.body.scode);

for (const target of testAppTargets('workflow_race')) {
  describe(`${target.label}: simultaneous approval decisions`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    const c: Record<string, GatewayClient> = {};
    const ids: Record<string, string> = {};
    const db = () => t.app.database.db;
    beforeAll(async () => {
      ({ t, close } = await target.open());
      const tenant = await createTenantRow(t.app, 'racet');
      await createProductRow(t.app, 'race-app', 'raceapp', 'Race app');
      await authoriseProduct(t.app, tenant, 'race-app');
      await inScope(db(), PLATFORM_SCOPE, async (tx) => {
        await tx.insert(organisations).values([
          { id: 'rc-in', tenantId: tenant, code: 'in', name: 'In' },
          { id: 'rc-out', tenantId: tenant, code: 'out', name: 'Out' },
        ]);
        await tx.insert(appRootOrgs).values({ productId: 'race-app', tenantId: tenant, orgId: 'rc-in' });
      });
      for (const [name, tenantId, identities] of [
        ['req1', tenant, [1]],
        ['req2', tenant, [1]],
        ['m1', tenant, [1]],
        ['m2', tenant, [1]],
        ['adm1', 'sys', [2]],
        ['adm2', 'sys', [2]],
      ] as const) {
        ids[name] = await createUserRow(t.app, { tenantId, username: `race_${name}`, password: PASSWORD, identities: [...identities] });
      }
      await inScope(db(), PLATFORM_SCOPE, async (tx) => {
        await tx.update(users).set({ orgId: 'rc-out' }).where(sql`${users.id} in (${ids.req1}, ${ids.req2}, ${ids.m1}, ${ids.m2})`);
        await tx.insert(roles).values({ id: 'rc-mgr', tenantId: tenant, code: 'MGR', name: 'Manager' });
        await tx.insert(roleGrants).values({ tenantId: tenant, roleId: 'rc-mgr', kind: 'org', dataId: 'rc-out' });
        await tx.insert(roleUsers).values([
          { tenantId: tenant, roleId: 'rc-mgr', userId: ids.m1! },
          { tenantId: tenant, roleId: 'rc-mgr', userId: ids.m2! },
        ]);
        await tx.insert(productAdmins).values([
          { productId: 'race-app', userId: ids.adm1! },
          { productId: 'race-app', userId: ids.adm2! },
        ]);
        await tx.execute(
          sql`insert into wf_processes (product_id, steps) values ('race-app', ${JSON.stringify([{ kind: 'manager', roleCode: 'MGR' }, { kind: 'appAdmin' }])}::jsonb)`,
        );
      });
      for (const name of Object.keys(ids)) {
        c[name] = await t.client();
        await c[name]!.signIn(`race_${name}`, PASSWORD);
      }
    }, 180_000);
    afterAll(async () => {
      await close();
    });

    it('two managers at once and two administrators at once: one decision each, one grant', async () => {
      for (const requester of ['req1', 'req2']) {
        const id = (await c[requester]!.post(P.addwfrequest, { kind: 'app', targetId: 'race-app', reason: 'race' })).body.data.row.id as string;
        const step0 = await Promise.all([
          c.m1!.post(P.savewfdecision, { id, step: 0, decision: 'approve' }),
          c.m2!.post(P.savewfdecision, { id, step: 0, decision: 'approve' }),
        ]);
        expect(step0.map(outcome).sort()).toEqual(['ok', WorkflowCodes.ALREADY_DECIDED].sort());
        const step1 = await Promise.all([
          c.adm1!.post(P.savewfdecision, { id, step: 1, decision: 'approve' }),
          c.adm2!.post(P.savewfdecision, { id, step: 1, decision: 'approve' }),
        ]);
        expect(step1.map(outcome).sort()).toEqual(['ok', WorkflowCodes.ALREADY_DECIDED].sort());
        const acted = await db()
          .select()
          .from(wfActions)
          .where(and(eq(wfActions.requestId, id), sql`${wfActions.action} = 'approve'`));
        expect(acted.map((a) => a.step).sort()).toEqual([0, 1]);
        const grants = await db().select().from(appUserGrants).where(eq(appUserGrants.userId, ids[requester]!));
        expect(grants.map((g) => g.referenceId)).toEqual([id]);
      }
    });
  });
}
