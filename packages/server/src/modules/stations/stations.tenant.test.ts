import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, organisations, roleGrants, roles, roleUsers, stations, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

// Data scope and API grants of station management (docs/stations.md "Data scope"): a role holder whose
// role grants the subtree of 'o-a' sees and changes only stations and users inside it.
const PASSWORD = 'Passw0rd!x';
const STATION_APIS = [
  Paths.listtenantstation,
  Paths.addstation,
  Paths.editstation,
  Paths.statusstation,
  Paths.liststationuser,
  Paths.listusernotinstation,
  Paths.addstationuser,
  Paths.deletestationuser,
];
let t: Awaited<ReturnType<typeof testApp>>;
let holder: GatewayClient;
let admin: GatewayClient;
const ids: Record<string, string> = {};

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}
const names = (body: { data: { rows: { name?: string; username?: string }[] } }) => body.data.rows.map((r) => r.name ?? r.username).sort();
const snapshot = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    stations: await tx.select().from(stations).orderBy(stations.id),
    users: await tx.select({ id: users.id, stationId: users.stationId }).from(users).orderBy(users.id),
    audit: (await tx.select().from(auditLog).where(eq(auditLog.entity, 'station'))).length,
  }));

beforeAll(async () => {
  t = await testApp();
  const platform = await t.client();
  await platform.signIn('admin', ADMIN_PASSWORD);
  ids.t = await createTenantRow(t.app, 'scoped');
  const tenantId = ids.t;
  ids.nina = await createUserRow(t.app, { tenantId, username: 'nina', password: PASSWORD });
  expect((await platform.post(Paths.savetenantadmin, { tenantId, userIds: [ids.nina] })).body.result).toBe('1');
  for (const name of ['rho', 'nogrant', 'ua', 'ub', 'un']) ids[name] = await createUserRow(t.app, { tenantId, username: name, password: PASSWORD });
  await inScope(t.app.database.db, { scope: 'tenant', tenantId }, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'o-a', tenantId, parentId: tenantId, code: 'A', name: 'Org A', type: 2 },
      { id: 'o-a1', tenantId, parentId: 'o-a', code: 'A1', name: 'Org A1', type: 3 },
      { id: 'o-b', tenantId, parentId: tenantId, code: 'B', name: 'Org B', type: 2 },
    ]);
    for (const [u, org] of [
      ['ua', 'o-a1'],
      ['ub', 'o-b'],
    ] as const)
      await tx.update(users).set({ orgId: org }).where(eq(users.id, ids[u]!));
    await tx.insert(stations).values([
      { id: 'st-a', tenantId, name: 'A clerk', level: 'P1', orgId: 'o-a1' },
      { id: 'st-b', tenantId, name: 'B clerk', level: 'P1', orgId: 'o-b' },
      { id: 'st-n', tenantId, name: 'Floating', level: 'P1' },
    ]);
    await tx.insert(roles).values([
      { id: 'r-a', tenantId, code: 'a', name: 'A admins' },
      { id: 'r-none', tenantId, code: 'n', name: 'No APIs' },
    ]);
    await tx
      .insert(roleGrants)
      .values([
        { tenantId, roleId: 'r-a', kind: 'menu', dataId: 'stationManagement', purview: 3 },
        { tenantId, roleId: 'r-a', kind: 'org', dataId: 'o-a' },
        ...STATION_APIS.map((dataId) => ({ tenantId, roleId: 'r-a', kind: 'api', dataId })),
        { tenantId, roleId: 'r-none', kind: 'menu', dataId: 'stationManagement', purview: 3 },
        { tenantId, roleId: 'r-none', kind: 'org', dataId: tenantId },
      ]);
    await tx.insert(roleUsers).values([
      { tenantId, roleId: 'r-a', userId: ids.rho! },
      { tenantId, roleId: 'r-none', userId: ids.nogrant! },
    ]);
  });
  holder = await as('rho', tenantId);
  admin = await as('nina', tenantId);
});
afterAll(async () => {
  await t.close();
});

describe('station management limited to the data scope', () => {
  it('lists only the stations of the granted subtree; the administrator sees all, those without organisation too', async () => {
    expect(names((await holder.post(Paths.listtenantstation, {})).body)).toEqual(['A clerk']);
    expect(names((await admin.post(Paths.listtenantstation, {})).body)).toEqual(['A clerk', 'B clerk', 'Floating']);
  });

  it('adds and edits inside the subtree; refuses another organisation, none, or a parent outside, writing nothing', async () => {
    const added = await holder.post(Paths.addstation, { name: 'A lead', level: 'P2', type: 'Staff', orgId: 'o-a', parentId: 'st-a' });
    expect(added.body.result).toBe('1');
    ids.lead = added.body.data.id;
    expect((await holder.post(Paths.editstation, { id: ids.lead, name: 'A lead 2', level: 'P2', type: 'Staff', orgId: 'o-a1' })).body.result).toBe('1');
    const before = await snapshot();
    for (const body of [
      { name: 'X', level: 'P1', type: 'Staff', orgId: 'o-b' },
      { name: 'X', level: 'P1', type: 'Staff' },
      { name: 'X', level: 'P1', type: 'Staff', orgId: 'o-a', parentId: 'st-b' },
      { name: 'X', level: 'P1', type: 'Staff', orgId: 'o-a', parentId: 'st-n' },
    ])
      expect((await holder.post(Paths.addstation, body)).body.scode, JSON.stringify(body)).toBe(Codes.NO_PERMISSION);
    for (const body of [
      { id: ids.lead, name: 'Moved', level: 'P2', type: 'Staff', orgId: 'o-b' },
      { id: ids.lead, name: 'Moved', level: 'P2', type: 'Staff' },
      { id: 'st-b', name: 'Mine', level: 'P1', orgId: 'o-a' },
      { id: 'st-n', name: 'Mine', level: 'P1', orgId: 'o-a' },
    ])
      expect((await holder.post(Paths.editstation, body)).body.scode, JSON.stringify(body)).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.statusstation, { ids: ['st-a', 'st-b'], status: 0 })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toEqual(before);
  });

  it('shows and changes only members in scope', async () => {
    expect((await holder.post(Paths.liststationuser, { stationId: 'st-b' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(names((await holder.post(Paths.listusernotinstation, { stationId: 'st-a' })).body)).toEqual(['ua']);
    expect(names((await admin.post(Paths.listusernotinstation, { stationId: 'st-a', pageSize: 50 })).body)).toEqual([
      'nina',
      'nogrant',
      'rho',
      'ua',
      'ub',
      'un',
    ]);
    const before = await snapshot();
    expect((await holder.post(Paths.addstationuser, { stationId: 'st-a', userIds: [ids.ua, ids.ub] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.addstationuser, { stationId: 'st-a', userIds: [ids.un] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.addstationuser, { stationId: 'st-b', userIds: [ids.ua] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toEqual(before);
    expect((await holder.post(Paths.addstationuser, { stationId: 'st-a', userIds: [ids.ua] })).body.data.count).toBe(1);
    // a member outside the scope is counted and listed for the administrator only
    expect((await admin.post(Paths.addstationuser, { stationId: 'st-a', userIds: [ids.ub] })).body.data.count).toBe(1);
    expect(names((await holder.post(Paths.liststationuser, { stationId: 'st-a' })).body)).toEqual(['ua']);
    expect((await holder.post(Paths.listtenantstation, { keyword: 'A c' })).body.data.rows[0].members).toBe(1);
    expect((await admin.post(Paths.listtenantstation, { keyword: 'A c' })).body.data.rows[0].members).toBe(2);
    expect((await holder.post(Paths.deletestationuser, { stationId: 'st-a', userIds: [ids.ub] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.deletestationuser, { stationId: 'st-a', userIds: [ids.ua] })).body.data.count).toBe(1);
  });

  it('refuses a call without its API grant, and every call to a role holder without API grants', async () => {
    const before = await snapshot();
    expect((await holder.post(Paths.deletestation, { ids: [ids.lead] })).body.scode).toBe(Codes.NO_PERMISSION);
    const none = await as('nogrant', ids.t!);
    expect((await none.post(Paths.listtenantstation, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await none.post(Paths.addstation, { name: 'X', level: 'P1', type: 'Staff', orgId: 'o-a' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toEqual(before);
  });
});
