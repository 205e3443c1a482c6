import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { q, setUp, type TestApp } from './roles.tenant.testing.js';

// The organisation grant tree of a large level (docs/tenant-roles.md): `listtenantorgpurview` pages a
// level like `listorgchildren`, so a level of more than one page is answered whole, in order, and only
// within the caller's data scope. The holder 'hal' reaches the east subtree (roles.tenant.testing.ts).
let t: TestApp;
let f: Awaited<ReturnType<typeof setUp>>;
const BIG = 600;
/** Every child of east, in the order the tree shows them (sort order, name, id). */
let eastChildren: string[] = [];

type Level = { rows: { id: string; parentId: string; hasChildren: boolean }[]; page: number; total: number; records: number; lastPage: boolean };
const level = async (c: GatewayClient, params: Record<string, string | number>): Promise<Level> => {
  const r = await c.get(q(Paths.listtenantorgpurview, { roleId: 'r-hal', ...params }));
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  return r.body.data;
};
/** Reads every page of a level, checking the paging fields on the way. */
async function wholeLevel(c: GatewayClient, parentId: string, pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const d = await level(c, { parentId, page, pageSize });
    expect(d.page).toBe(page);
    expect(d.total).toBe(Math.max(1, Math.ceil(d.records / pageSize)));
    expect(d.rows.length).toBe(d.lastPage ? d.records - (page - 1) * pageSize : pageSize);
    ids.push(...d.rows.map((r) => r.id));
    if (d.lastPage) return ids;
    expect(page).toBeLessThan(50);
  }
}

beforeAll(async () => {
  t = await testApp();
  f = await setUp(t);
  // east gets 600 more children (sort orders 0–6 so sort order, not the name alone, decides), west 5
  const rows = Array.from({ length: BIG }, (_, i) => ({
    id: `big-${String(i).padStart(3, '0')}`,
    tenantId: f.tenantId,
    parentId: f.east,
    code: `B${i}`,
    name: `Unit ${String(BIG - i).padStart(3, '0')}`,
    type: 3,
    sort: i % 7,
  }));
  const west = Array.from({ length: 5 }, (_, i) => ({ id: `w-${i}`, tenantId: f.tenantId, parentId: f.west, code: `W${i}`, name: `West ${i}`, type: 3 }));
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(organisations).values([...rows, ...west]));
  const esales = { id: f.esales, name: 'Org esales', sort: 0 };
  const all = [esales, ...rows].map((r) => ({ id: r.id, name: r.name, sort: r.sort ?? 0 }));
  eastChildren = all.sort((a, b) => a.sort - b.sort || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1)).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

describe('organisation grant tree: a level larger than a page', () => {
  it("answers the pages of a level of 601 organisations: together every one, once, in the tree's order", async () => {
    const ids = await wholeLevel(f.admin, f.east, 250);
    expect(ids.length).toBe(BIG + 1);
    expect(ids).toEqual(eastChildren);
    expect((await level(f.admin, { parentId: f.east, page: 3, pageSize: 250 })).rows[0]!.id).toBe(eastChildren[500]);
  });

  it('pages 200 at a time when no page size is asked (as listorgchildren), and answers an empty last page beyond the end', async () => {
    const first = await level(f.admin, { parentId: f.east });
    expect(first).toMatchObject({ page: 1, total: 4, records: BIG + 1, lastPage: false });
    expect(first.rows.map((r) => r.id)).toEqual(eastChildren.slice(0, 200));
    const beyond = await level(f.admin, { parentId: f.east, page: 9, pageSize: 200 });
    expect(beyond).toMatchObject({ rows: [], records: BIG + 1, lastPage: true });
  });

  it('gives a role holder the same pages inside their scope, and nothing of a level outside it', async () => {
    expect(await wholeLevel(f.hal, f.east, 500)).toEqual(eastChildren);
    const tops = await level(f.hal, {});
    expect(tops).toMatchObject({ records: 1, lastPage: true });
    expect(tops.rows.map((r) => r.id)).toEqual([f.east]);
    expect(await level(f.hal, { parentId: f.west })).toMatchObject({ rows: [], records: 0, lastPage: true });
    expect((await level(f.admin, { parentId: f.west })).records).toBe(5);
  });

  it('refuses a page size above 500 or a page below 1 (HTTP 400)', async () => {
    expect((await f.admin.get(q(Paths.listtenantorgpurview, { roleId: 'r-hal', parentId: f.east, pageSize: 501 }))).status).toBe(400);
    expect((await f.admin.get(q(Paths.listtenantorgpurview, { roleId: 'r-hal', parentId: f.east, page: 0 }))).status).toBe(400);
  });
});
