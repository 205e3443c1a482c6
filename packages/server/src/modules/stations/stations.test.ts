import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, Paths, StationCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, organisations, stations, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
const ids: Record<string, string> = {};

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const x = await t.client();
  await x.signIn(username, PASSWORD);
  x.tenantId = tenant;
  return x;
}
const add = async (b: Record<string, unknown>) => (await c.post(Paths.addstation, { level: 'P1', type: 'Staff', ...b })).body;
const count = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    stations: (await tx.select().from(stations)).length,
    audit: (await tx.select().from(auditLog).where(eq(auditLog.entity, 'station'))).length,
  }));
const stationOf = (userId: string) =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => (await tx.select({ s: users.stationId }).from(users).where(eq(users.id, userId)))[0]?.s ?? null);

beforeAll(async () => {
  t = await testApp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const code of ['east', 'west']) ids[code] = await createTenantRow(t.app, code);
  ids.nina = await createUserRow(t.app, { tenantId: ids.east, username: 'nina', password: PASSWORD });
  ids.walt = await createUserRow(t.app, { tenantId: ids.west, username: 'walt', password: PASSWORD });
  for (const name of ['alice', 'bob', 'carol']) ids[name] = await createUserRow(t.app, { tenantId: ids.east, username: name, password: PASSWORD });
  ids.stranger = await createUserRow(t.app, { tenantId: ids.west, username: 'stranger', password: PASSWORD });
  for (const [tenantId, userId] of [
    [ids.east, ids.nina],
    [ids.west, ids.walt],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds: [userId] })).body.result).toBe('1');
  }
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'org-e', tenantId: ids.east!, parentId: ids.east!, code: 'E1', name: 'East Dept', type: 3 },
      { id: 'org-w', tenantId: ids.west!, parentId: ids.west!, code: 'W1', name: 'West Dept', type: 3 },
    ]);
    await tx.insert(stations).values({ id: 'st-west', tenantId: ids.west!, name: 'West clerk', level: 'P1' });
  });
  c = await as('nina', ids.east!);
  c.language = 'EN_US';
});
afterAll(async () => {
  await t.close();
});

describe('station management in the tenant area', () => {
  it('adds a tree of stations with their tree place, lists, searches, sorts and pages them', async () => {
    const root = await add({ name: 'Manager', code: 'MGR', level: 'M1', orgId: 'org-e', description: 'Runs things' });
    expect(root.result).toBe('1');
    ids.root = root.data.id;
    ids.mid = (await add({ name: 'Lead', code: 'LEAD', parentId: ids.root })).data.id;
    ids.leaf = (await add({ name: 'Clerk', parentId: ids.mid })).data.id;
    const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(stations).where(eq(stations.id, ids.leaf!)));
    expect(rows[0]).toMatchObject({ parentIdList: `${ids.root},${ids.mid}`, stationLayer: 3, tenantId: ids.east });
    const list = await c.post(Paths.listtenantstation, { page: 1, pageSize: 10 });
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Clerk', 'Lead', 'Manager']);
    expect(list.body.data.rows[2]).toMatchObject({ code: 'MGR', level: 'M1', orgName: 'East Dept', members: 0, enabled: 1, stationLayer: 1 });
    expect(list.body.data.rows[1]).toMatchObject({ parentName: 'Manager' });
    expect((await c.post(Paths.listtenantstation, { keyword: 'Le' })).body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Lead']);
    expect((await c.post(Paths.listtenantstation, { code: 'MG' })).body.data.records).toBe(1);
    const p2 = await c.post(Paths.listtenantstation, { page: 2, pageSize: 2, sortField: 'name', sortOrder: 'descend' });
    expect(p2.body.data).toMatchObject({ page: 2, records: 3, lastPage: true });
    expect(p2.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Clerk']);
    // the platform's liststation still answers for the user form
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    expect((await admin.post(Paths.liststation, { tenantId: ids.east, keyword: 'Man' })).body.data.rows[0].name).toBe('Manager');
  });

  it('refuses each rule with a localised message, changing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: ' ' }, Codes.REQUIRED, 'Please enter name'],
      [{ name: 'x'.repeat(51) }, Codes.TOO_LONG],
      [{ name: "O'Brien" }, StationCodes.NAME_PATTERN, 'The station name must not contain single quotes or angle brackets'],
      [{ name: 'a<b' }, StationCodes.NAME_PATTERN],
      [{ name: 'Ok', level: '' }, Codes.REQUIRED],
      [{ name: 'Ok', level: 'x'.repeat(21) }, Codes.TOO_LONG],
      [{ name: 'Ok', code: 'a-b' }, StationCodes.CODE_PATTERN],
      [{ name: 'Ok', code: 'mgr' }, StationCodes.CODE_IN_USE, 'The station code "mgr" is already in use in this tenant'],
      [{ name: 'Ok', description: 'x'.repeat(201) }, Codes.TOO_LONG],
      [{ name: 'Ok', type: 'x'.repeat(21) }, Codes.TOO_LONG],
      [{ name: 'Ok', type: ' ' }, Codes.REQUIRED, 'Please enter position type'],
      [{ name: 'Ok', type: undefined }, Codes.REQUIRED],
      [{ name: '<script>x' }, Codes.SCRIPT_TAG],
      [{ name: 'Ok', parentId: 'st-west' }, StationCodes.PARENT_NOT_FOUND],
      [{ name: 'Ok', orgId: 'org-w' }, StationCodes.ORG_NOT_FOUND],
    ];
    for (const [b, scode, msg] of cases) {
      const r = await add(b);
      expect(r.scode, JSON.stringify(b)).toBe(scode);
      if (msg) expect(r.msg).toContain(msg.replace('Please enter name', 'name'));
    }
    expect(await count()).toEqual(before);
  });

  it('edits a station, moves a subtree and refuses a cycle', async () => {
    const e = await c.post(Paths.editstation, { id: ids.mid, name: 'Team lead', level: 'L2', type: 'Staff', code: 'LEAD', parentId: '' });
    expect(e.body.result).toBe('1');
    const leaf = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(stations).where(eq(stations.id, ids.leaf!)));
    expect(leaf[0]).toMatchObject({ parentIdList: ids.mid, stationLayer: 2 });
    expect((await c.post(Paths.editstation, { id: ids.mid, name: 'Team lead', level: 'L2', type: 'Staff', parentId: ids.leaf })).body.scode).toBe(
      StationCodes.PARENT_CYCLE,
    );
    expect((await c.post(Paths.editstation, { id: ids.mid, name: 'Team lead', level: 'L2', type: 'Staff', parentId: ids.mid })).body.scode).toBe(
      StationCodes.PARENT_CYCLE,
    );
    expect((await c.post(Paths.editstation, { id: 'st-west', name: 'Mine', level: 'L2', type: 'Staff' })).body.scode).toBe(StationCodes.NOT_FOUND);
    const back = await c.post(Paths.editstation, { id: ids.mid, name: 'Lead', level: 'L2', type: 'Staff', code: 'LEAD', parentId: ids.root });
    expect(back.body.result).toBe('1');
    const again = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(stations).where(eq(stations.id, ids.leaf!)));
    expect(again[0]).toMatchObject({ parentIdList: `${ids.root},${ids.mid}`, stationLayer: 3 });
    const audit = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'station'), eq(auditLog.action, 'station.edit'))),
    );
    expect(audit[0]).toMatchObject({ tenantId: ids.east, username: 'nina' });
  });

  it('manages members: choose at least one, users of the tenant only, add and remove', async () => {
    const body = (userIds: string[]) => ({ stationId: ids.leaf, userIds });
    expect((await c.post(Paths.addstationuser, body([]))).body).toMatchObject({ scode: StationCodes.USER_REQUIRED, msg: 'Please choose at least one user' });
    expect((await c.post(Paths.addstationuser, body([ids.alice!, ids.stranger!]))).body.scode).toBe(StationCodes.USER_NOT_IN_TENANT);
    expect(await stationOf(ids.alice!)).toBeNull();
    expect((await c.post(Paths.addstationuser, { stationId: 'st-west', userIds: [ids.alice] })).body.scode).toBe(StationCodes.NOT_FOUND);
    const candidates = await c.post(Paths.listusernotinstation, { stationId: ids.leaf, page: 1, pageSize: 50 });
    expect(candidates.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['alice', 'bob', 'carol', 'nina']);
    expect(candidates.body.data.rows[0]).toMatchObject({ username: 'alice', stationName: '' });
    expect((await c.post(Paths.addstationuser, body([ids.alice!, ids.bob!]))).body.data.count).toBe(2);
    const members = await c.post(Paths.liststationuser, { stationId: ids.leaf, keyword: 'B' });
    expect(members.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['bob']);
    expect(members.body.data.rows[0].stationName).toBe('Clerk');
    expect((await c.post(Paths.listtenantstation, { keyword: 'Clerk' })).body.data.rows[0].members).toBe(2);
    expect((await c.post(Paths.deletestationuser, body([]))).body.scode).toBe(StationCodes.MEMBER_REQUIRED);
    expect((await c.post(Paths.deletestationuser, body([ids.bob!]))).body.data.count).toBe(1);
    expect(await stationOf(ids.bob!)).toBeNull();
    expect(await stationOf(ids.alice!)).toBe(ids.leaf);
  });

  it('refuses deleting a station with members or children, all or nothing; enables and disables', async () => {
    const before = await count();
    expect((await c.post(Paths.deletestation, { ids: [ids.leaf] })).body).toMatchObject({
      scode: StationCodes.HAS_MEMBERS,
      msg: 'The station "Clerk" still has members and cannot be deleted',
    });
    expect((await c.post(Paths.deletestation, { ids: [ids.root] })).body.scode).toBe(StationCodes.HAS_CHILDREN);
    expect((await c.post(Paths.deletestation, { ids: [ids.root, 'st-west'] })).body.scode).toBe(StationCodes.NOT_FOUND);
    expect((await c.post(Paths.statusstation, { ids: [ids.root, 'st-west'], status: 0 })).body.scode).toBe(StationCodes.NOT_FOUND);
    expect(await count()).toEqual(before);
    expect((await c.post(Paths.statusstation, { ids: [ids.root, ids.mid], status: 0 })).body.data.count).toBe(2);
    expect((await c.post(Paths.listtenantstation, { enabled: 0 })).body.data.records).toBe(2);
    await c.post(Paths.deletestationuser, { stationId: ids.leaf, userIds: [ids.alice] });
    const del = await c.post(Paths.deletestation, { ids: [ids.leaf, ids.mid, ids.root] });
    expect(del.body.data.count).toBe(3);
    expect((await c.post(Paths.listtenantstation, {})).body.data.records).toBe(0);
  });

  it("refuses callers who are not this tenant's administrator", async () => {
    const walt = await as('walt', ids.east!);
    const alice = await as('alice', ids.east!);
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    admin.tenantId = ids.east!;
    for (const x of [walt, alice, admin]) {
      for (const [path, body] of [
        [Paths.listtenantstation, {}],
        [Paths.addstation, { name: 'X', level: 'L', type: 'T' }],
        [Paths.editstation, { id: 'st-west', name: 'X', level: 'L', type: 'T' }],
        [Paths.deletestation, { ids: ['st-west'] }],
        [Paths.statusstation, { ids: ['st-west'], status: 0 }],
        [Paths.liststationuser, { stationId: 'st-west' }],
        [Paths.listusernotinstation, { stationId: 'st-west' }],
        [Paths.addstationuser, { stationId: 'st-west', userIds: [ids.alice] }],
        [Paths.deletestationuser, { stationId: 'st-west', userIds: [ids.alice] }],
      ] as const) {
        expect((await x.post(path, body)).body.scode).toBe(Codes.NO_PERMISSION);
      }
    }
    // the west administrator sees only west's stations
    const w = await as('walt', ids.west!);
    expect((await w.post(Paths.listtenantstation, {})).body.data.rows.map((r: { id: string }) => r.id)).toEqual(['st-west']);
  });
});
