/**
 * The policy service combines the application's own roles with the tenant's roles (issue 15 "App roles":
 * "The policy service of issue 8 combines app roles with the tenant roles"; docs/applications.md), and
 * answers only for the application's users (inside its root organisations of the tenant, when it has any).
 * With the decision cache on and off; changes reach the cache through the change log.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyPaths, type PolicyDecision, type PolicyPermissions } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appRoleGrants, appRoles, appRoleUsers, appRootOrgs, organisations } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import { openWith, policyWorld, type PolicyWorld } from './policy.fixtures.js';

function appRolesOf(label: string, noCache: boolean) {
  let w: PolicyWorld;
  let close: () => Promise<void>;
  const roleId = randomUUID();
  const roleB = randomUUID();
  beforeAll(async () => {
    const o = await openWith(async () => {
      const t = await testApp();
      return { t, close: () => t.close() };
    }, noCache);
    close = o.close;
    w = await policyWorld(o.t);
    await inScope(w.app.database.db, PLATFORM_SCOPE, async (tx) => {
      // carol holds no tenant role; application A's own role 'app_reviewer' grants her the delete API and write on 'note'.
      await tx.insert(appRoles).values([
        { id: roleId, productId: w.appA.id, code: 'app_reviewer', name: 'Reviewer' },
        { id: roleB, productId: w.appB.id, code: 'erp_saver', name: 'Saver' },
      ]);
      await tx.insert(appRoleUsers).values([
        { roleId, productId: w.appA.id, tenantId: w.acme, userId: w.users.carol },
        { roleId: roleB, productId: w.appB.id, tenantId: w.acme, userId: w.users.carol },
      ]);
      await tx.insert(appRoleGrants).values([
        { roleId, productId: w.appA.id, kind: 'appapi', dataId: w.ids.del, purview: 1 },
        { roleId, productId: w.appA.id, kind: 'appcontrol', dataId: w.ids.note, purview: 3 },
        { roleId, productId: w.appA.id, kind: 'appmenu', dataId: w.ids.orders, purview: 1 },
        { roleId: roleB, productId: w.appB.id, kind: 'appcontrol', dataId: w.ids.saveB, purview: 3 },
      ]);
    });
    await w.flush();
  }, 60_000);
  afterAll(async () => {
    await close();
  });

  const perms = (body: unknown) => w.call<PolicyPermissions>(PolicyPaths.permissions, body, w.asA);
  const check = (body: unknown, auth = w.asA) => w.call<PolicyDecision>(PolicyPaths.check, body, auth);

  describe(`${label}: application roles in the policy service`, () => {
    it("answers the grants of the application's own roles beside the tenant roles, and only those of the calling application", async () => {
      const d = (await perms({ tenantId: 'acme', username: 'carol' })).body.data;
      expect(d.active).toBe(true);
      expect(d.roles).toEqual([{ id: roleId, code: 'app_reviewer', name: 'Reviewer' }]);
      expect(d.apis.map((a) => a.url)).toEqual(['/orders/delete.do']);
      expect(d.controls.map((c) => [c.id, c.purview])).toEqual([[w.ids.note, 3]]);
      expect(d.menus.map((m) => m.code)).toEqual(['sales']);
      // application B's role of carol never shows to application A's client
      expect(JSON.stringify(d)).not.toContain('erp_saver');
    });

    it("decides with the application role as the granting role; another application's client is not told of it", async () => {
      const allow = (await check({ tenantId: 'acme', username: 'carol', control: w.ids.note, need: 'write' })).body.data;
      expect(allow).toEqual({
        allow: true,
        by: { roleId, roleCode: 'app_reviewer', roleName: 'Reviewer', kind: 'appcontrol', itemId: w.ids.note, purview: 3 },
      });
      expect((await check({ tenantId: 'acme', username: 'carol', api: '/orders/list.do' })).body.data.allow).toBe(false);
      // B's client asking about A's control: not B's item, so refused; B's own control through B's app role: allowed
      expect((await check({ tenantId: 'acme', username: 'carol', control: w.ids.note }, w.asB)).body.data.allow).toBe(false);
      expect((await check({ tenantId: 'acme', username: 'carol', control: w.ids.saveB, need: 'write' }, w.asB)).body.data).toMatchObject({
        allow: true,
        by: { roleCode: 'erp_saver' },
      });
    });

    it('a disabled application role grants nothing, after the change reaches the cache', async () => {
      await inScope(w.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`update app_roles set status = 0 where id = ${roleId}`));
      await w.flush();
      expect((await check({ tenantId: 'acme', username: 'carol', api: '/orders/delete.do' })).body.data.allow).toBe(false);
      await inScope(w.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`update app_roles set status = 1 where id = ${roleId}`));
      await w.flush();
      expect((await check({ tenantId: 'acme', username: 'carol', api: '/orders/delete.do' })).body.data.allow).toBe(true);
    });

    it("a user outside the application's root organisations of the tenant is not its user: inactive, nothing allowed", async () => {
      // alice holds tenant roles granting A's items; once A serves only org1 in acme, alice (in no organisation) is outside
      expect((await check({ tenantId: 'acme', username: 'alice', api: '/orders/list.do' })).body.data.allow).toBe(true);
      await inScope(w.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(appRootOrgs).values({ productId: w.appA.id, tenantId: w.acme, orgId: w.ids.org1 }));
      await w.flush();
      const d = (await perms({ tenantId: 'acme', username: 'alice' })).body.data;
      expect(d).toMatchObject({ active: false, menus: [], controls: [], apis: [] });
      expect((await check({ tenantId: 'acme', username: 'alice', api: '/orders/list.do' })).body.data.allow).toBe(false);
      // moving alice into org1 makes her the application's user again
      await inScope(w.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`update users set org_id = ${w.ids.org1} where id = ${w.users.alice}`));
      await w.flush();
      expect((await check({ tenantId: 'acme', username: 'alice', api: '/orders/list.do' })).body.data.allow).toBe(true);
      // an organisation moved under the root takes its users into the application (migration 0022 logs the move)
      const orgX = randomUUID();
      await inScope(w.app.database.db, PLATFORM_SCOPE, async (tx) => {
        await tx.insert(organisations).values({ id: orgX, tenantId: w.acme, code: 'orgx', name: 'Org X', type: 3 });
        await tx.execute(sql`update users set org_id = ${orgX} where id = ${w.users.alice}`);
      });
      await w.flush();
      expect((await check({ tenantId: 'acme', username: 'alice', api: '/orders/list.do' })).body.data.allow).toBe(false);
      await inScope(w.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`update organisations set parent_id = ${w.ids.org1} where id = ${orgX}`));
      await w.flush();
      expect((await check({ tenantId: 'acme', username: 'alice', api: '/orders/list.do' })).body.data.allow).toBe(true);
      // application B has no root organisation in acme: everyone of acme stays its user
      expect((await check({ tenantId: 'acme', username: 'carol', control: w.ids.saveB }, w.asB)).body.data.allow).toBe(true);
    });
  });
}

appRolesOf('cache', false);
appRolesOf('no cache', true);
