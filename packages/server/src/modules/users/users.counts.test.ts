/**
 * The per-organisation user counts (migration 0013, `org_user_counts`) and the grid totals drawn from
 * them (users.query `listUsers`; docs/benchmarks.md "Tenant area"): after every kind of write — add,
 * bulk import, change of organisation or status, delete, a moved subtree — the counts equal a count of
 * the users, and every total the tenant and platform grids answer equals the number of users the same
 * filters select.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { Paths } from '@mp/protocol';
import { rowsOf } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { uploadTo } from './users.testing.js';
import { buildWorld, pollJob, tenantUser, type TenantUserWorld } from './users.tenant.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let w: TenantUserWorld;
let nora: GatewayClient;
let rita: GatewayClient;
let admin: GatewayClient;
let a: string;

type CountRow = { tenant_id: string; org_id: string; status: number; n: number };
const key = (r: CountRow) => `${r.tenant_id}|${r.org_id}|${r.status}|${r.n}`;

/** Every tenant's counts as kept by the triggers, and as a count of the users (zero rows left out). */
async function countsAndTruth(): Promise<{ kept: string[]; truth: string[] }> {
  return inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    const kept = rowsOf<CountRow>(await tx.execute(sql`select tenant_id, org_id, status, users as n from org_user_counts where users <> 0`));
    const truth = rowsOf<CountRow>(
      await tx.execute(sql`select tenant_id, coalesce(org_id, '') as org_id, status, count(*)::int as n from users group by 1, 2, 3`),
    );
    return { kept: kept.map(key).sort(), truth: truth.map(key).sort() };
  });
}

async function expectCountsExact(): Promise<void> {
  const { kept, truth } = await countsAndTruth();
  expect(kept).toEqual(truth);
}

/** Users of acme selected by a condition, counted directly. */
async function acmeUsers(where: ReturnType<typeof sql>): Promise<number> {
  return inScope(
    t.app.database.db,
    { scope: 'tenant', tenantId: a },
    async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from users u left join organisations o on o.id = u.org_id where u.tenant_id = ${a} and ${where}`),
      )[0]!.n,
  );
}

const records = async (c: GatewayClient, path: string, body: Record<string, unknown>) => {
  const r = await c.post(path, { pageSize: 5, ...body });
  expect(r.body.result).toBe('1');
  return r.body.data.records as number;
};
const subtree = (org: string) => sql`o.path like (select path from organisations where id = ${org}) || '%'`;

beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t, 'tc');
  a = w.acme.tenantId;
  nora = await w.as('tcnora', a);
  rita = await w.as('rita', a);
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('per-organisation user counts', () => {
  it('follow adds, changes of organisation and status, and deletes', async () => {
    await expectCountsExact();
    const added: string[] = [];
    for (const [name, org] of [
      ['cnt1', 'east'],
      ['cnt2', 'esales'],
      ['cnt3', 'west'],
      ['cnt4', 'dept'],
    ] as const) {
      const r = await nora.post(Paths.addtenantuser, tenantUser(nora, name, `${a}-${org}`));
      expect(r.body.result).toBe('1');
      added.push(r.body.data.row.id);
    }
    await expectCountsExact();
    const moved = (await nora.post(Paths.gettenantuser, { id: added[0] })).body.data.row;
    expect(
      (await nora.post(Paths.edittenantuser, { ...tenantUser(nora, 'cnt1', `${a}-west`), id: added[0], password: '', updatedAt: moved.updatedAt })).body.result,
    ).toBe('1');
    await expectCountsExact();
    expect((await nora.post(Paths.statustenantuser, { ids: added.slice(1, 3), status: 0 })).body.data).toEqual({ count: 2 });
    await expectCountsExact();
    expect((await nora.post(Paths.deletetenantuser, { ids: [added[3]] })).body.data).toEqual({ count: 1 });
    await expectCountsExact();
  });

  it('follow a bulk import (one statement for many users)', async () => {
    const head = ['User name', 'Employee name', 'Affiliated organisation code', 'Effective date', 'Expiry date', 'Password'];
    const rows = [head, ...Array.from({ length: 12 }, (_, i) => [`bulk${i}`, 'Bulk', i % 2 ? 'east' : 'e-sales', '2026-01-01', '2030-12-31', 'Passw0rd!x'])];
    const file = (await writeExcelFile(rows.map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer;
    nora.language = 'EN_US';
    const started = await uploadTo(t.app, nora, Paths.importtenantuser, 'users.xlsx', file);
    expect((await pollJob(nora, started.data.row.jobId)).state).toBe('done');
    await expectCountsExact();
  });
});

describe('grid totals drawn from the counts', () => {
  it('equal the users the same filters select: whole tenant, organisation, subtree, status', async () => {
    expect(await records(nora, Paths.listtenantuser, {})).toBe(await acmeUsers(sql`true`));
    expect(await records(nora, Paths.listtenantuser, { status: 0 })).toBe(await acmeUsers(sql`u.status = 0`));
    expect(await records(nora, Paths.listtenantuser, { orgId: `${a}-east` })).toBe(await acmeUsers(sql`u.org_id = ${`${a}-east`}`));
    expect(await records(nora, Paths.listtenantuser, { orgId: `${a}-east`, includeSub: true })).toBe(await acmeUsers(subtree(`${a}-east`)));
    expect(await records(nora, Paths.listtenantuser, { orgId: `${a}-east`, includeSub: true, status: 1 })).toBe(
      await acmeUsers(sql`${subtree(`${a}-east`)} and u.status = 1`),
    );
    expect(await records(nora, Paths.listtenantuser, { orgId: 'nowhere', includeSub: true })).toBe(0);
    // a filter the counts do not know still counts the users
    expect(await records(nora, Paths.listtenantuser, { orgId: `${a}-east`, includeSub: true, keyword: 'bulk' })).toBe(
      await acmeUsers(sql`${subtree(`${a}-east`)} and u.username like 'bulk%'`),
    );
    expect(await records(admin, Paths.listuser, { tenantId: a })).toBe(await acmeUsers(sql`true`));
    expect(await records(admin, Paths.listuser, { tenantId: a, status: 1 })).toBe(await acmeUsers(sql`u.status = 1`));
  });

  it("a role holder's total is their data scope, also after a subtree moves into it", async () => {
    const east = subtree(`${a}-east`);
    const eastUsers = await acmeUsers(east);
    expect(eastUsers).toBeGreaterThan(10);
    expect(await records(rita, Paths.listtenantuser, {})).toBe(eastUsers);
    expect(await records(rita, Paths.listtenantuser, { orgId: `${a}-dept`, includeSub: true })).toBe(await acmeUsers(sql`${east} and ${subtree(`${a}-dept`)}`));
    const west = await acmeUsers(sql`u.org_id = ${`${a}-west`}`);
    expect(west).toBeGreaterThan(0);
    expect((await nora.post(Paths.moveorg, { id: `${a}-west`, parentId: `${a}-east` })).body.result).toBe('1');
    expect(await records(rita, Paths.listtenantuser, {})).toBe(eastUsers + west);
    expect(await records(rita, Paths.listtenantuser, { orgId: `${a}-west`, includeSub: true })).toBe(west);
    await expectCountsExact();
  });
});
