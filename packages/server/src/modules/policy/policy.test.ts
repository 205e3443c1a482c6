/**
 * The policy service's permissions and decisions (issue 14 "The policy service"; docs/applications.md
 * "Policy service"): one answer with the menu tree (ancestors of granted nodes, enabled menus only,
 * platform filter), controls with their bits, APIs, roles and data scope; decisions with the granting
 * role; every refusal of the contract; one application's client never learns another's grants.
 * On PGlite and on the test run's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyCodes, PolicyPaths, type PolicyDecision, type PolicyMenuNode, type PolicyPermissions } from '@mp/protocol';
import { testAppTargets, type TestAppTarget } from '../../testing/postgres-admin.js';
import { openWith, policyWorld, type PolicyWorld } from './policy.fixtures.js';

function policy(label: string, open: TestAppTarget['open']) {
  let w: PolicyWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const o = await openWith(open, label.endsWith('no cache'));
    close = o.close;
    w = await policyWorld(o.t);
  }, 60_000);
  afterAll(async () => {
    await close();
  });

  const perms = (body: unknown, auth = w.asA) => w.call<PolicyPermissions>(PolicyPaths.permissions, body, auth);
  const check = (body: unknown, auth = w.asA) => w.call<PolicyDecision>(PolicyPaths.check, body, auth);
  /** The tree as `code(purview)[children]` text, to compare shapes at a glance. */
  const shape = (nodes: PolicyMenuNode[]): string => nodes.map((n) => `${n.code}(${n.purview})${n.children.length ? `[${shape(n.children)}]` : ''}`).join(',');

  describe(`${label}: user/permissions`, () => {
    it('answers menus with their ancestors, controls with bits, APIs, roles, data scope and a cursor', async () => {
      const r = await perms({ tenantId: 'acme', username: 'ALICE' });
      expect(r.status).toBe(200);
      expect(r.body.result).toBe('1');
      const d = r.body.data;
      expect(d).toMatchObject({ tenantId: w.acme, userId: w.users.alice, username: 'alice', active: true });
      // c_off is disabled: its API grant does not count; roles are those granting something of app A.
      expect(d.roles).toEqual([
        { id: w.ids.clerk, code: 'a_clerk', name: 'Clerk' },
        { id: w.ids.manager, code: 'b_manager', name: 'Manager' },
      ]);
      // 'hidden' is disabled: absent although granted; the module is present as the ancestor (purview 0).
      expect(shape(d.menus)).toBe('sales(0)[orders(1),reports(3)]');
      const [sales] = d.menus;
      expect(sales).toMatchObject({ id: w.ids.sales, parentId: '0', menuType: 'module', pageId: null });
      expect(sales!.children[1]).toMatchObject({
        id: w.ids.reports,
        parentId: w.ids.sales,
        target: '/reports',
        platformType: 1,
        openType: 2,
        refresh: 1,
        menuType: 'page',
      });
      expect(sales!.children[0]!.pageId).toBe(w.ids.page);
      // Bits are the union over roles (approve: 3 from a_clerk, 1 from b_manager).
      expect(d.controls).toEqual(
        expect.arrayContaining([
          { id: w.ids.approve, pageId: w.ids.page, name: 'Approve', alias: 'approve', nodeType: 'button', purview: 3 },
          { id: w.ids.note, pageId: w.ids.page, name: 'Note', alias: 'note', nodeType: 'input', purview: 1 },
        ]),
      );
      expect(d.controls).toHaveLength(2);
      expect(d.apis).toEqual([{ id: w.ids.list, name: 'List orders', url: '/orders/list.do', serviceName: 'sales', moduleName: 'orders' }]);
      expect(d.dataScope).toEqual({ wholeTenant: false, orgIds: [w.ids.org1], orgTypes: [2] });
      expect(d.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    });

    it('filters menus by platform type: Phone drops the PC-only page, PC keeps it', async () => {
      expect(shape((await perms({ tenantId: w.acme, userId: w.users.alice, platformType: 2 })).body.data.menus)).toBe('sales(0)[orders(1)]');
      expect(shape((await perms({ tenantId: w.acme, userId: w.users.alice, platformType: 1 })).body.data.menus)).toBe('sales(0)[orders(1),reports(3)]');
    });

    it('a client of application B sees only B: its items, the roles granting them, never A', async () => {
      const d = (await perms({ tenantId: 'acme', username: 'alice' }, w.asB)).body.data;
      expect(d.roles.map((x) => x.code)).toEqual(['a_clerk']);
      expect(shape(d.menus)).toBe('stock(0)[items(1)]');
      expect(d.controls).toEqual([]);
      expect(d.apis).toEqual([]);
    });

    it('a tenant administrator has the whole tenant as data scope', async () => {
      const d = (await perms({ tenantId: 'acme', username: 'tess' })).body.data;
      expect(d.dataScope.wholeTenant).toBe(true);
      expect(d.roles.map((x) => x.code)).toEqual(['a_clerk']);
    });

    it('a disabled, locked or expired user is answered inactive with nothing; a user without roles with nothing', async () => {
      for (const username of ['bob', 'dave']) {
        const d = (await perms({ tenantId: 'acme', username })).body.data;
        expect(d, username).toMatchObject({
          active: false,
          roles: [],
          menus: [],
          controls: [],
          apis: [],
          dataScope: { wholeTenant: false, orgIds: [], orgTypes: [] },
        });
      }
      expect((await perms({ tenantId: 'acme', username: 'carol' })).body.data).toMatchObject({ active: true, roles: [], menus: [] });
      // Outside the validity dates (expired yesterday): inactive too, and refused by decisions.
      const { sql } = await import('drizzle-orm');
      await w.app.database.db.execute(sql`update users set expiry_date = current_date - 1 where id = ${w.users.alice}`);
      await w.flush();
      try {
        expect((await perms({ tenantId: 'acme', username: 'alice' })).body.data).toMatchObject({ active: false, roles: [], menus: [] });
        expect((await check({ tenantId: 'acme', username: 'alice', api: '/orders/list.do' })).body.data.allow).toBe(false);
      } finally {
        await w.app.database.db.execute(sql`update users set expiry_date = null where id = ${w.users.alice}`);
        await w.flush();
      }
    });

    it('refuses a tenant that does not use the application, an unknown tenant and an unknown user', async () => {
      for (const tenantId of ['other', w.other, 'nowhere']) {
        const r = await perms({ tenantId, username: 'olga' });
        expect(r.body.scode, tenantId).toBe(PolicyCodes.TENANT_NOT_SUBSCRIBED);
        expect(r.body.result).not.toBe('1');
      }
      // The same user through B's client (other uses B).
      expect((await perms({ tenantId: 'other', username: 'olga' }, w.asB)).body.data.menus.length).toBe(1);
      expect((await perms({ tenantId: 'acme', username: 'olga' })).body.scode).toBe(PolicyCodes.USER_NOT_FOUND);
      expect((await perms({ tenantId: 'acme', userId: w.users.olga })).body.scode).toBe(PolicyCodes.USER_NOT_FOUND);
    });

    it('needs exactly one of userId and username (400, localised)', async () => {
      for (const body of [{ tenantId: 'acme' }, { tenantId: 'acme', userId: w.users.alice, username: 'alice' }]) {
        const r = await perms(body);
        expect(r.status).toBe(400);
        expect(r.body.scode).toBe(PolicyCodes.USER_REQUIRED);
        expect(r.body.message).not.toBe(PolicyCodes.USER_REQUIRED);
      }
      expect((await perms({ tenantId: 'acme', username: 'alice', platformType: 4 })).status).toBe(400);
      expect((await perms({ tenantId: 'x'.repeat(65), username: 'alice' })).status).toBe(400);
    });
  });

  describe(`${label}: decision/check`, () => {
    const alice = { tenantId: 'acme', username: 'alice' };

    it('allows an API by its registered url (any case) and names the granting role', async () => {
      const d = (await check({ ...alice, api: '/ORDERS/List.do' })).body.data;
      expect(d).toEqual({ allow: true, by: { roleId: w.ids.clerk, roleCode: 'a_clerk', roleName: 'Clerk', kind: 'appapi', itemId: w.ids.list, purview: 1 } });
    });

    it("refuses an API granted only by a disabled role, an unknown url and another application's API", async () => {
      for (const api of ['/orders/delete.do', '/nothing.do', '/items/list.do'])
        expect((await check({ ...alice, api })).body.data, api).toEqual({ allow: false, by: null });
    });

    it('controls: read by the first role in code order, write only where a role grants write', async () => {
      expect((await check({ ...alice, control: w.ids.approve })).body.data.by).toMatchObject({ roleCode: 'a_clerk', kind: 'appcontrol', purview: 3 });
      expect((await check({ ...alice, control: w.ids.approve, need: 'write' })).body.data).toMatchObject({ allow: true, by: { roleCode: 'a_clerk' } });
      expect((await check({ ...alice, control: w.ids.note, need: 'write' })).body.data.allow).toBe(false);
      expect((await check({ ...alice, control: w.ids.note })).body.data.by).toMatchObject({ roleCode: 'b_manager', itemId: w.ids.note });
      // Application B's control through A's client: not A's, refused.
      expect((await check({ ...alice, control: w.ids.saveB })).body.data.allow).toBe(false);
    });

    it('menus by id or code: enabled only, write where granted', async () => {
      expect((await check({ ...alice, menu: 'REPORTS', need: 'write' })).body.data).toMatchObject({
        allow: true,
        by: { roleCode: 'b_manager', kind: 'appmenu', itemId: w.ids.reports, purview: 3 },
      });
      expect((await check({ ...alice, menu: w.ids.orders })).body.data.allow).toBe(true);
      expect((await check({ ...alice, menu: 'orders', need: 'write' })).body.data.allow).toBe(false);
      expect((await check({ ...alice, menu: 'hidden' })).body.data.allow).toBe(false);
      expect((await check({ ...alice, menu: 'items' })).body.data.allow).toBe(false);
      expect((await check({ ...alice, menu: 'items' }, w.asB)).body.data.allow).toBe(true);
    });

    it('a disabled module hides its pages from decisions too', async () => {
      const { sql } = await import('drizzle-orm');
      await w.app.database.db.execute(sql`update app_menus set enabled = 0 where id = ${w.ids.sales}`);
      await w.flush();
      try {
        expect((await check({ ...alice, menu: 'orders' })).body.data.allow).toBe(false);
        expect((await perms(alice)).body.data.menus).toEqual([]);
      } finally {
        await w.app.database.db.execute(sql`update app_menus set enabled = 1 where id = ${w.ids.sales}`);
        await w.flush();
      }
    });

    it("refuses inactive users, and answers the contract's refusals", async () => {
      expect((await check({ tenantId: 'acme', username: 'bob', api: '/orders/list.do' })).body.data).toEqual({ allow: false, by: null });
      expect((await check({ tenantId: 'other', username: 'olga', api: '/orders/list.do' })).body.scode).toBe(PolicyCodes.TENANT_NOT_SUBSCRIBED);
      expect((await check({ tenantId: 'acme', username: 'nobody', api: '/orders/list.do' })).body.scode).toBe(PolicyCodes.USER_NOT_FOUND);
      for (const body of [alice, { ...alice, api: '/orders/list.do', menu: 'orders' }]) {
        const r = await check(body);
        expect(r.status).toBe(400);
        expect(r.body.scode).toBe(PolicyCodes.TARGET_REQUIRED);
      }
      expect((await check({ ...alice, menu: 'orders', need: 'admin' })).status).toBe(400);
    });
  });
}

for (const { label, open } of testAppTargets('mp_policy_perm')) {
  describe(label, () => policy(label, open));
  describe(`${label} no cache`, () => policy(`${label} no cache`, open));
}
