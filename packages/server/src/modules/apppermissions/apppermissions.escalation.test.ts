import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppGrantPaths as P, Codes, Paths, UserCodes, type AppPermissionNode } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { roleGrants, roles, roleUsers } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import { q, snapshot, type TestApp } from '../roles/roles.tenant.testing.js';
import { appWorld, ID, item } from './apppermissions.fixtures.js';

// No privilege escalation with application grants (docs/tenant-roles.md "No privilege escalation",
// "Acting on people"; docs/applications.md "Grants reach the tenants"): the role holder hal (scope: the
// east subtree) holds CRM's Orders page (read), its Save button (read) and the List orders API, and may
// pass on only those; roles and people holding more are beyond him.
let t: TestApp;
let f: Awaited<ReturnType<typeof appWorld>>;
const save = (path: string, roleId: string, dataPurview: unknown[]) => f.hal.post(path, { roleId, productId: ID.crm, dataPurview });

beforeAll(async () => {
  t = await testApp();
  f = await appWorld(t);
  const tenantId = f.tenantId;
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx
      .insert(roleGrants)
      .values([
        ...Object.values(P).map((dataId) => ({ tenantId, roleId: 'r-hal', kind: 'api', dataId })),
        { tenantId, roleId: 'r-hal', kind: 'appmenu', dataId: ID.orders, purview: 1 },
        { tenantId, roleId: 'r-hal', kind: 'appcontrol', dataId: ID.bSave, purview: 1 },
        { tenantId, roleId: 'r-hal', kind: 'appapi', dataId: ID.aList, purview: 1 },
      ]);
    await tx.insert(roles).values([
      { id: 'r-e2', tenantId, orgId: f.east, code: 'east_two', name: 'East two' },
      { id: 'r-quotes', tenantId, orgId: f.east, code: 'east_quotes', name: 'East quotes' },
    ]);
    await tx.insert(roleGrants).values({ tenantId, roleId: 'r-quotes', kind: 'appmenu', dataId: ID.quotes, purview: 1 });
    await tx.insert(roleUsers).values({ tenantId, roleId: 'r-quotes', userId: f.u.eve! });
  });
});
afterAll(async () => {
  await t.close();
});

describe('a role holder passes on only the application grants they hold', () => {
  it('is told per item what they may grant (maxPurview: what they hold plus what the role has)', async () => {
    const max = async (path: string) => {
      const out: Record<string, number> = {};
      const walk = (ns: AppPermissionNode[]) =>
        ns.forEach((n) => {
          if (n.grantable) out[n.uniqueId] = n.maxPurview;
          walk(n.children);
        });
      walk((await f.hal.get(q(path, { roleId: 'r-quotes', productId: ID.crm }))).body.data.rows);
      return out;
    };
    expect(await max(P.listtenantapppurview)).toEqual({
      [`menu:${ID.sales}`]: 0,
      [`menu:${ID.orders}`]: 1,
      [`menu:${ID.quotes}`]: 1,
      [`menu:${ID.old}`]: 0,
      [`control:${ID.bSave}`]: 1,
      [`control:${ID.cBox}`]: 0,
      [`control:${ID.iNote}`]: 0,
      [`control:${ID.gList}`]: 0,
      [`control:${ID.bSend}`]: 0,
    });
    expect(await max(P.listtenantappapipurview)).toEqual({ [`api:${ID.aList}`]: 1, [`api:${ID.aSave}`]: 0, [`api:${ID.aLoose}`]: 0 });
  });

  it('grants what they hold: the page (read), the button (read), the API', async () => {
    expect((await save(P.savetenantapppurview, 'r-e2', [item(`menu:${ID.orders}`), item(`control:${ID.bSave}`)])).body.data.count).toBe(2);
    expect((await save(P.savetenantappapipurview, 'r-e2', [item(`api:${ID.aList}`)])).body.data.count).toBe(1);
  });

  it('refuses write beyond their read, items they do not hold and APIs they do not hold, writing nothing', async () => {
    const before = await snapshot(t);
    const cases: [string, unknown[]][] = [
      [P.savetenantapppurview, [item(`menu:${ID.orders}`, 3)]],
      [P.savetenantapppurview, [item(`menu:${ID.orders}`), item(`control:${ID.bSave}`, 2)]],
      [P.savetenantapppurview, [item(`menu:${ID.orders}`), item(`menu:${ID.quotes}`)]],
      [P.savetenantapppurview, [item(`control:${ID.bSend}`)]],
      [P.savetenantappapipurview, [item(`api:${ID.aList}`), item(`api:${ID.aSave}`)]],
    ];
    for (const [path, items] of cases) expect((await save(path, 'r-e2', items)).body.scode, JSON.stringify(items)).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
  });

  it('keeps or removes grants a role already has beyond theirs, never raises them', async () => {
    expect((await save(P.savetenantapppurview, 'r-quotes', [item(`menu:${ID.quotes}`), item(`menu:${ID.orders}`)])).body.result).toBe('1');
    expect((await save(P.savetenantapppurview, 'r-quotes', [item(`menu:${ID.quotes}`, 3), item(`menu:${ID.orders}`)])).body.scode).toBe(Codes.NO_PERMISSION);
    const tree = (await f.hal.get(q(P.listtenantapppurview, { roleId: 'r-quotes', productId: ID.crm }))).body.data.rows;
    expect(tree[0].children.map((n: { purview: number }) => n.purview)).toEqual([1, 1]);
  });

  it('refuses a role outside their data scope', async () => {
    const before = await snapshot(t);
    expect((await save(P.savetenantapppurview, 'r-west', [])).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.get(q(P.listtenantapppurview, { roleId: 'r-west', productId: ID.crm }))).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await f.hal.get(q(P.listtenantappapipurview, { roleId: 'r-west', productId: ID.crm }))).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('application grants decide whom a role holder may act on', () => {
  it('adds members only to roles whose application grants they hold', async () => {
    const before = await snapshot(t);
    expect((await f.hal.post(Paths.addtenantroleuser, { roleId: 'r-quotes', userIds: [f.u.sam] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot(t)).toEqual(before);
    expect((await f.hal.post(Paths.addtenantroleuser, { roleId: 'r-e2', userIds: [f.u.sam] })).body.data.count).toBe(1);
  });

  it('does not act on a user holding application grants beyond theirs (menus, controls, APIs)', async () => {
    const before = await snapshot(t);
    const r = await f.hal.post(Paths.addtenantroleuser, { roleId: 'r-e2', userIds: [f.u.eve] });
    expect([r.body.scode, r.body.msg]).toEqual([UserCodes.OUTRANKS_CALLER, expect.stringContaining('eve')]);
    expect(await snapshot(t)).toEqual(before);
    // sam holds r-e2 (within hal's): covered; then a control write, then an API beyond hal make him outrank
    expect((await f.hal.post(Paths.deletetenantroleuser, { roleId: 'r-e2', userIds: [f.u.sam] })).body.result).toBe('1');
    await f.admin.post(Paths.addtenantroleuser, { roleId: 'r-e2', userIds: [f.u.sam] });
    for (const [path, items] of [
      [P.savetenantapppurview, [item(`menu:${ID.orders}`), item(`control:${ID.bSave}`, 3)]],
      [P.savetenantappapipurview, [item(`api:${ID.aList}`), item(`api:${ID.aLoose}`)]],
    ] as const) {
      await f.admin.post(P.savetenantapppurview, { roleId: 'r-e2', productId: ID.crm, dataPurview: [item(`menu:${ID.orders}`), item(`control:${ID.bSave}`)] });
      await f.admin.post(P.savetenantappapipurview, { roleId: 'r-e2', productId: ID.crm, dataPurview: [item(`api:${ID.aList}`)] });
      expect((await f.admin.post(path, { roleId: 'r-e2', productId: ID.crm, dataPurview: items })).body.result).toBe('1');
      expect((await f.hal.post(Paths.deletetenantroleuser, { roleId: 'r-e2', userIds: [f.u.sam] })).body.scode, path).toBe(UserCodes.OUTRANKS_CALLER);
    }
  });
});
