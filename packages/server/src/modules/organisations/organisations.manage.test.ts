import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, OrganisationCodes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, organisations, roles, stations } from '../../db/schema/index.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { orgFixture } from './organisations.fixture.js';

const RITA_APIS = [Paths.listorg, Paths.addorg, Paths.editorg, Paths.statusorg, Paths.deleteorg, Paths.moveorg];
let f: Awaited<ReturnType<typeof orgFixture>>;
let nora: GatewayClient;
beforeAll(async () => {
  f = await orgFixture(RITA_APIS);
  nora = await f.as('nora');
});
afterAll(async () => {
  await f.t.close();
});

const org = (over: Record<string, unknown> = {}) => ({ code: 'X1', name: 'X one', type: 3, sort: 1, status: 1, description: '', ...over });
const orgRow = async (id: string) =>
  (await inScope(f.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(organisations).where(eq(organisations.id, id))))[0];
const orgCount = async () =>
  (await inScope(f.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(organisations).where(eq(organisations.tenantId, f.T)))).length;
const audits = async (action: string, entityId: string) =>
  inScope(f.t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId))),
  );
async function add(c: GatewayClient, body: Record<string, unknown>): Promise<string> {
  const r = await c.post(Paths.addorg, body);
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  return r.body.data.id;
}

describe('addorg', () => {
  it('adds under the chosen organisation or as a single one, audited', async () => {
    const id = await add(nora, org({ parentId: f.T, code: 'north', name: 'North' }));
    expect(await orgRow(id)).toMatchObject({ parentId: f.T, path: `/${f.T}/${id}/`, code: 'north', type: 3, sort: 1, status: 1, creator: 'nora' });
    expect((await audits('organisation.add', id))[0]).toMatchObject({ tenantId: f.T, username: 'nora' });
    const single = await add(nora, org({ code: 'solo', name: 'Solo' }));
    expect(await orgRow(single)).toMatchObject({ parentId: null, path: `/${single}/` });
    const rows = (await nora.post(Paths.listorg, { singleOnly: true })).body.data.rows;
    expect(rows.map((r: { code: string }) => r.code).sort()).toEqual(['L', 'solo']);
    expect(rows.find((r: { code: string }) => r.code === 'solo')).toMatchObject({ single: true, root: false });
  });

  it('checks every field rule and writes nothing on a refusal', async () => {
    const n = await orgCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, Codes.REQUIRED],
      [{ code: ' ' }, Codes.REQUIRED],
      [{ name: "O'Brien" }, OrganisationCodes.NAME_PATTERN],
      [{ name: 'a<b' }, OrganisationCodes.NAME_PATTERN],
      [{ name: 'n'.repeat(51) }, Codes.TOO_LONG],
      [{ code: 'a b' }, OrganisationCodes.CODE_PATTERN],
      [{ code: 'c'.repeat(51) }, Codes.TOO_LONG],
      [{ description: '<script>x</script>' }, Codes.SCRIPT_TAG],
      [{ description: 'd'.repeat(201) }, Codes.TOO_LONG],
      [{ type: undefined }, OrganisationCodes.TYPE_INVALID],
      [{ type: 7 }, OrganisationCodes.TYPE_INVALID],
      [{ sort: -1 }, OrganisationCodes.SORT_INVALID],
      [{ sort: 1.5 }, OrganisationCodes.SORT_INVALID],
      [{ status: undefined }, Codes.REQUIRED],
      [{ code: 'e' }, OrganisationCodes.CODE_IN_USE],
      [{ parentId: 'nowhere' }, OrganisationCodes.PARENT_NOT_FOUND],
      [{ parentId: 'o-dept' }, OrganisationCodes.PARENT_NOT_FOUND],
      [{ parentId: 'lonely' }, OrganisationCodes.PARENT_NOT_FOUND],
    ];
    for (const [over, scode] of cases) {
      const r = await nora.post(Paths.addorg, org({ parentId: f.T, code: 'fresh', ...over }));
      expect(r.body.scode, JSON.stringify(over)).toBe(scode);
      expect(r.body.msg).not.toBe('');
    }
    expect(await orgCount()).toBe(n);
  });
});

describe('editorg and statusorg', () => {
  it('edits the fields with before/after in the audit; codes stay unique; the root stays enabled', async () => {
    const id = await add(nora, org({ parentId: 'west', code: 'ed1', name: 'Edit me' }));
    expect((await nora.post(Paths.editorg, { id, ...org({ code: 'ED1', name: 'Edited', type: 4, sort: 9, description: 'd' }) })).body.result).toBe('1');
    expect(await orgRow(id)).toMatchObject({ code: 'ED1', name: 'Edited', type: 4, sort: 9, parentId: 'west' });
    expect((await audits('organisation.edit', id))[0]).toMatchObject({ before: { name: 'Edit me', type: 3 }, after: { name: 'Edited', type: 4 } });
    expect((await nora.post(Paths.editorg, { id, ...org({ code: 'w' }) })).body.scode).toBe(OrganisationCodes.CODE_IN_USE);
    expect((await nora.post(Paths.editorg, { id: f.T, ...org({ code: 'treeco', name: 'Tree Co', status: 0 }) })).body.scode).toBe(OrganisationCodes.ROOT_FIXED);
    expect((await nora.post(Paths.editorg, { id: 'nowhere', ...org() })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
  });

  it('enables and disables all or none; never the root', async () => {
    expect((await nora.post(Paths.statusorg, { ids: ['w-sales'], status: 0 })).body.data.count).toBe(1);
    expect((await orgRow('w-sales'))!.status).toBe(0);
    expect((await nora.post(Paths.statusorg, { ids: ['w-sales', 'nowhere'], status: 1 })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
    expect((await nora.post(Paths.statusorg, { ids: ['w-sales', f.T], status: 0 })).body.scode).toBe(OrganisationCodes.ROOT_FIXED);
    expect((await orgRow('w-sales'))!.status).toBe(0);
    expect((await nora.post(Paths.statusorg, { ids: ['w-sales'], status: 1 })).body.result).toBe('1');
  });
});

describe('deleteorg', () => {
  it('deletes leaves (with their children when chosen together) and says what refuses a delete', async () => {
    const a = await add(nora, org({ parentId: 'west', code: 'del-a', name: 'Del A' }));
    const b = await add(nora, org({ parentId: a, code: 'del-b', name: 'Del B' }));
    expect((await nora.post(Paths.deleteorg, { ids: [a] })).body).toMatchObject({
      scode: OrganisationCodes.HAS_CHILDREN,
      msg: expect.stringContaining('Del A'),
    });
    expect((await nora.post(Paths.deleteorg, { ids: ['e-sales', 'e-field'] })).body.scode).toBe(OrganisationCodes.HAS_USERS);
    const s = await add(nora, org({ parentId: 'west', code: 'del-s', name: 'Del S' }));
    const r = await add(nora, org({ parentId: 'west', code: 'del-r', name: 'Del R' }));
    await inScope(f.t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(stations).values({ id: 'st-del', tenantId: f.T, name: 'Clerk', level: 'P1', orgId: s });
      await tx.insert(roles).values({ id: 'role-del', tenantId: f.T, code: 'delr', name: 'Del', orgId: r });
    });
    expect((await nora.post(Paths.deleteorg, { ids: [s] })).body.scode).toBe(OrganisationCodes.HAS_STATIONS);
    expect((await nora.post(Paths.deleteorg, { ids: [r] })).body.scode).toBe(OrganisationCodes.HAS_ROLES);
    expect((await nora.post(Paths.deleteorg, { ids: [f.T] })).body.scode).toBe(OrganisationCodes.ROOT_FIXED);
    expect((await nora.post(Paths.deleteorg, { ids: [a, b] })).body.data.count).toBe(2);
    expect(await orgRow(a)).toBeUndefined();
    expect((await audits('organisation.delete', [a, b].join(',')).then((x) => x.length)) + (await audits('organisation.delete', [b, a].join(','))).length).toBe(
      1,
    );
  });
});

describe('moveorg (choose parent) and detachorg (take out of the tree)', () => {
  it('moves a subtree and rewrites its paths; refuses itself, a descendant, the root, no parent, a single parent', async () => {
    const m = await add(nora, org({ parentId: 'east', code: 'mv', name: 'Mover' }));
    const mc = await add(nora, org({ parentId: m, code: 'mvc', name: 'Mover child' }));
    expect((await nora.post(Paths.moveorg, { id: m, parentId: 'west' })).body.result).toBe('1');
    expect(await orgRow(mc)).toMatchObject({ path: `/${f.T}/west/${m}/${mc}/` });
    expect((await audits('organisation.move', m))[0]).toMatchObject({ before: { parentId: 'east' }, after: { parentId: 'west' } });
    expect((await nora.post(Paths.moveorg, { id: m, parentId: '' })).body.scode).toBe(OrganisationCodes.PARENT_REQUIRED);
    expect((await nora.post(Paths.moveorg, { id: m, parentId: m })).body.scode).toBe(OrganisationCodes.PARENT_CYCLE);
    expect((await nora.post(Paths.moveorg, { id: m, parentId: mc })).body.scode).toBe(OrganisationCodes.PARENT_CYCLE);
    expect((await nora.post(Paths.moveorg, { id: f.T, parentId: 'west' })).body.scode).toBe(OrganisationCodes.ROOT_FIXED);
    expect((await nora.post(Paths.moveorg, { id: m, parentId: 'lonely' })).body.scode).toBe(OrganisationCodes.PARENT_NOT_FOUND);
    expect((await orgRow(mc))!.path).toBe(`/${f.T}/west/${m}/${mc}/`);
  });

  it('places a single organisation in the tree, and takes a leaf out again', async () => {
    const s = await add(nora, org({ code: 'place', name: 'Placed' }));
    expect((await nora.post(Paths.moveorg, { id: s, parentId: 'east' })).body.result).toBe('1');
    expect((await nora.post(Paths.listorgchildren, { parentId: 'east' })).body.data.rows.map((r: { id: string }) => r.id)).toContain(s);
    expect((await nora.post(Paths.detachorg, { id: s })).body.result).toBe('1');
    expect(await orgRow(s)).toMatchObject({ parentId: null, path: `/${s}/` });
    expect((await nora.post(Paths.detachorg, { id: s })).body.scode).toBe(OrganisationCodes.NOT_IN_TREE);
    expect((await nora.post(Paths.detachorg, { id: 'east' })).body.scode).toBe(OrganisationCodes.DETACH_HAS_CHILDREN);
    expect((await nora.post(Paths.detachorg, { id: f.T })).body.scode).toBe(OrganisationCodes.ROOT_FIXED);
  });
});

describe('listorg', () => {
  it('lists children or the whole subtree, filtered by code, name, type and status prefixes, sorted and paged in SQL', async () => {
    const kids = (await nora.post(Paths.listorg, { parentId: 'east' })).body.data;
    expect(kids.rows.map((r: { id: string }) => r.id)).toEqual(['e-sales']);
    expect(kids.rows[0]).toMatchObject({ parentName: 'East', userCount: 1, hasChildren: true });
    const sub = (await nora.post(Paths.listorg, { parentId: 'east', includeDescendants: true, sortField: 'code', sortOrder: 'descend' })).body.data.rows;
    expect(sub.map((r: { code: string }) => r.code)).toEqual(['ES', 'EF']);
    expect((await nora.post(Paths.listorg, { code: 'w', type: 3 })).body.data.rows.map((r: { id: string }) => r.id)).toEqual(['w-sales']);
    expect((await nora.post(Paths.listorg, { name: 'east f' })).body.data.rows.map((r: { id: string }) => r.id)).toEqual(['e-field']);
    expect((await nora.post(Paths.listorg, { status: 0 })).body.data.records).toBe(0);
    const p = (await nora.post(Paths.listorg, { pageSize: 2, page: 2 })).body.data;
    expect(p.rows).toHaveLength(2);
    expect(p.records).toBe(await orgCount());
  });
});

describe('data scope, API grants and other tenants', () => {
  it('lets a subtree role holder list and change only inside the subtree', async () => {
    const rita = await f.as('rita');
    const all = (await rita.post(Paths.listorg, { pageSize: 100 })).body.data.rows.map((r: { path: string }) => r.path);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p: string) => p.startsWith(`/${f.T}/east/`))).toBe(true);
    const n = await orgCount();
    const inside = await add(rita, org({ parentId: 'east', code: 'rita1', name: 'Rita one' }));
    expect((await rita.post(Paths.addorg, org({ parentId: 'west', code: 'rita2' }))).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.addorg, org({ code: 'rita3' }))).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await orgCount()).toBe(n + 1);
    expect((await rita.post(Paths.editorg, { id: 'west', ...org({ code: 'W', name: 'Hacked' }) })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.statusorg, { ids: [inside, 'west'], status: 0 })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.moveorg, { id: inside, parentId: 'west' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.deleteorg, { ids: ['w-sales'] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.listorg, { parentId: 'west' })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
    expect(await orgRow('west')).toMatchObject({ name: 'West', status: 1, parentId: f.T });
    expect((await rita.post(Paths.deleteorg, { ids: [inside] })).body.result).toBe('1');
  });

  it('refuses a call the holder has no API grant for, and a type holder without grants', async () => {
    expect((await (await f.as('rita')).post(Paths.detachorg, { id: 'e-field' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await f.as('tina')).post(Paths.listorg, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await f.as('otto')).post(Paths.addorg, org())).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('gives another tenant\'s administrator "not found" for every id of this tenant, and changes nothing', async () => {
    const sam = await f.as('sam', f.ids.otherco);
    const calls: [string, unknown][] = [
      [Paths.editorg, { id: 'east', ...org({ code: 'E', name: 'Hacked' }) }],
      [Paths.statusorg, { ids: ['east'], status: 0 }],
      [Paths.deleteorg, { ids: ['e-field'] }],
      [Paths.moveorg, { id: 'e-field', parentId: f.ids.otherco }],
      [Paths.detachorg, { id: 'e-field' }],
      [Paths.listorg, { parentId: 'east' }],
      [Paths.getorg, { id: 'east' }],
    ];
    for (const [path, body] of calls) expect((await sam.post(path, body)).body.scode, path).toBe(OrganisationCodes.NOT_FOUND);
    expect((await sam.post(Paths.moveorg, { id: 'o-dept', parentId: 'east' })).body.scode).toBe(OrganisationCodes.PARENT_NOT_FOUND);
    expect((await sam.post(Paths.addorg, org({ parentId: 'east' }))).body.scode).toBe(OrganisationCodes.PARENT_NOT_FOUND);
    expect((await sam.post(Paths.listorg, {})).body.data.rows.map((r: { id: string }) => r.id).sort()).toEqual(['o-dept', f.ids.otherco].sort());
    expect(await orgRow('east')).toMatchObject({ name: 'East', status: 1 });
    expect(await orgRow('e-field')).toMatchObject({ parentId: 'e-sales' });
  });
});
