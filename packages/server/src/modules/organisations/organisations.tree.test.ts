import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, OrganisationCodes, Paths } from '@mp/protocol';
import { orgFixture } from './organisations.fixture.js';

let f: Awaited<ReturnType<typeof orgFixture>>;
beforeAll(async () => {
  f = await orgFixture();
});
afterAll(async () => {
  await f.t.close();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('listorgchildren: one lazy level of the tenant tree', () => {
  it('answers the root to the administrator, then each level by sort order with user counts and children flags', async () => {
    const nora = await f.as('nora');
    const tops = (await nora.post(Paths.listorgchildren, {})).body.data;
    expect(tops.rows).toMatchObject([{ id: f.T, parentId: '', code: 'treeco', hasChildren: true }]);
    const level = (await nora.post(Paths.listorgchildren, { parentId: f.T })).body.data;
    expect(ids(level.rows)).toEqual(['east', 'west']); // 'lonely' is a single organisation, not in the tree
    expect(level.records).toBe(2);
    const east = (await nora.post(Paths.listorgchildren, { parentId: 'east' })).body.data.rows;
    expect(east).toMatchObject([{ id: 'e-sales', parentId: 'east', userCount: 1, hasChildren: true, type: 3, path: `/${f.T}/east/e-sales/` }]);
    expect((await nora.post(Paths.listorgchildren, { parentId: 'e-field' })).body.data.rows).toEqual([]);
  });

  it('pages a large level', async () => {
    const nora = await f.as('nora');
    const p2 = (await nora.post(Paths.listorgchildren, { parentId: f.T, page: 2, pageSize: 1 })).body.data;
    expect(p2).toMatchObject({ page: 2, records: 2, total: 2, lastPage: true });
    expect(ids(p2.rows)).toEqual(['west']);
  });

  it('gives a subtree role holder the subtree as their tree, and nothing above or beside it', async () => {
    const rita = await f.as('rita');
    expect(ids((await rita.post(Paths.listorgchildren, {})).body.data.rows)).toEqual(['east']);
    expect(ids((await rita.post(Paths.listorgchildren, { parentId: 'east' })).body.data.rows)).toEqual(['e-sales']);
    for (const parentId of [f.T, 'west', 'lonely']) {
      expect((await rita.post(Paths.listorgchildren, { parentId })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
    }
  });

  it('gives a type-granted role holder the organisations of that type as tops, without the levels between', async () => {
    const tina = await f.as('tina');
    const tops = (await tina.post(Paths.listorgchildren, {})).body.data.rows;
    expect(ids(tops)).toEqual(['e-sales', 'w-sales']);
    expect(tops[0].hasChildren).toBe(false); // e-field is a field (type 5), outside the scope
  });

  it("refuses a user without a role, and another tenant's administrator gets nothing of this tenant", async () => {
    expect((await (await f.as('otto')).post(Paths.listorgchildren, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await f.as('sam')).post(Paths.listorgchildren, {})).body.scode).toBe(Codes.NO_PERMISSION);
    const sam = await f.as('sam', f.ids.otherco);
    expect((await sam.post(Paths.listorgchildren, { parentId: 'east' })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
    expect(ids((await sam.post(Paths.listorgchildren, { parentId: f.ids.otherco })).body.data.rows)).toEqual(['o-dept']);
  });
});

describe('searchorg: hits with the ancestors a tree expands', () => {
  it('finds by name or code prefix, case-insensitive, with the ancestors from the top', async () => {
    const nora = await f.as('nora');
    const rows = (await nora.post(Paths.searchorg, { keyword: 'east s' })).body.data.rows;
    expect(rows).toMatchObject([{ id: 'e-sales', ancestorIds: [f.T, 'east'], userCount: 1 }]);
    expect(ids((await nora.post(Paths.searchorg, { keyword: 'ef' })).body.data.rows)).toEqual(['e-field']);
    expect((await nora.post(Paths.searchorg, { keyword: 'lone' })).body.data.rows).toEqual([]); // single: not in the tree
    expect(ids((await nora.post(Paths.searchorg, { keyword: 'e', limit: 2 })).body.data.rows)).toHaveLength(2);
  });

  it("searches only inside the caller's scope, ancestors starting at their top", async () => {
    const rita = await f.as('rita');
    expect((await rita.post(Paths.searchorg, { keyword: 'east f' })).body.data.rows).toMatchObject([{ id: 'e-field', ancestorIds: ['east', 'e-sales'] }]);
    expect((await rita.post(Paths.searchorg, { keyword: 'west' })).body.data.rows).toEqual([]);
    const sam = await f.as('sam', f.ids.otherco);
    expect((await sam.post(Paths.searchorg, { keyword: 'east' })).body.data.rows).toEqual([]);
  });
});

describe('getorg', () => {
  it('answers one organisation of the scope with its tree place; others are not found', async () => {
    const nora = await f.as('nora');
    expect((await nora.post(Paths.getorg, { id: f.T })).body.data.row).toMatchObject({ root: true, single: false });
    expect((await nora.post(Paths.getorg, { id: 'lonely' })).body.data.row).toMatchObject({ root: false, single: true, name: 'Lonely' });
    expect((await (await f.as('rita')).post(Paths.getorg, { id: 'west' })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
    expect((await (await f.as('sam', f.ids.otherco)).post(Paths.getorg, { id: 'east' })).body.scode).toBe(OrganisationCodes.NOT_FOUND);
  });
});
