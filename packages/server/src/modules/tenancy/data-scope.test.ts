import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { organisations, roleGrants, roles, roleUsers, users } from '../../db/schema/index.js';
import { createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import {
  assertOrgsInScope,
  listMemberGrants,
  orgIdInScope,
  orgRowInScope,
  pathInSubtree,
  scopeFromGrants,
  WHOLE_TENANT,
  type DataScope,
} from './data-scope.js';

let t: Awaited<ReturnType<typeof testApp>>;
let tenantId: string;
let other: string;
const uid: Record<string, string> = {};

const inTenant = <T>(id: string, fn: Parameters<typeof inScope<T>>[2]) => inScope(t.app.database.db, { scope: 'tenant', tenantId: id }, fn);

beforeAll(async () => {
  t = await testApp();
  tenantId = await createTenantRow(t.app, 'scopeco');
  other = await createTenantRow(t.app, 'otherco');
  // scopeco: root ─ east (company) ─ e-sales (department) ─ e-field (field)
  //                └ west (company) ─ w-sales (department)
  for (const name of ['holder', 'typer', 'both', 'nobody', 'u-east', 'u-esales', 'u-efield', 'u-west', 'u-wsales']) {
    uid[name] = await createUserRow(t.app, { tenantId, username: name, password: 'Passw0rd!x' });
  }
  await inTenant(tenantId, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'east', tenantId, parentId: tenantId, code: 'E', name: 'East', type: 2 },
      { id: 'e-sales', tenantId, parentId: 'east', code: 'ES', name: 'East sales', type: 3 },
      { id: 'e-field', tenantId, parentId: 'e-sales', code: 'EF', name: 'East field', type: 5 },
      { id: 'west', tenantId, parentId: tenantId, code: 'W', name: 'West', type: 2 },
      { id: 'w-sales', tenantId, parentId: 'west', code: 'WS', name: 'West sales', type: 3 },
    ]);
    for (const [u, org] of [
      ['u-east', 'east'],
      ['u-esales', 'e-sales'],
      ['u-efield', 'e-field'],
      ['u-west', 'west'],
      ['u-wsales', 'w-sales'],
    ] as const) {
      await tx.update(users).set({ orgId: org }).where(eq(users.id, uid[u]!));
    }
    await tx.insert(roles).values([
      { id: 'r-east', tenantId, code: 'east', name: 'East' },
      { id: 'r-depts', tenantId, code: 'depts', name: 'Departments' },
      { id: 'r-off', tenantId, code: 'off', name: 'Disabled', status: 0 },
    ]);
    await tx.insert(roleGrants).values([
      { tenantId, roleId: 'r-east', kind: 'org', dataId: 'east' },
      { tenantId, roleId: 'r-depts', kind: 'orgtype', dataId: '3' },
      { tenantId, roleId: 'r-off', kind: 'org', dataId: tenantId },
    ]);
    await tx.insert(roleUsers).values([
      { tenantId, roleId: 'r-east', userId: uid.holder! },
      { tenantId, roleId: 'r-depts', userId: uid.typer! },
      { tenantId, roleId: 'r-east', userId: uid.both! },
      { tenantId, roleId: 'r-depts', userId: uid.both! },
      { tenantId, roleId: 'r-off', userId: uid.nobody! },
    ]);
  });
});
afterAll(async () => {
  await t.close();
});

async function scopeOf(name: string): Promise<DataScope> {
  return inTenant(tenantId, async (tx) => scopeFromGrants(await listMemberGrants(tx, tenantId, uid[name]!)));
}
async function visibleUsers(scope: DataScope): Promise<string[]> {
  const rows = await inTenant(tenantId, (tx) =>
    tx
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), orgIdInScope(scope, users.orgId)))
      .orderBy(asc(users.username)),
  );
  return rows.map((r) => r.username);
}
async function visibleOrgs(scope: DataScope): Promise<string[]> {
  const rows = await inTenant(tenantId, (tx) =>
    tx.select({ id: organisations.id }).from(organisations).where(orgRowInScope(scope)).orderBy(asc(organisations.id)),
  );
  return rows.map((r) => r.id);
}

describe('data scopes from role grants (docs/tenancy.md "Data scope")', () => {
  it('a subtree grant reaches the subtree and nothing else', async () => {
    const scope = await scopeOf('holder');
    expect(await visibleOrgs(scope)).toEqual(['e-field', 'e-sales', 'east']);
    expect(await visibleUsers(scope)).toEqual(['u-east', 'u-efield', 'u-esales']);
  });

  it('a type grant without a subtree reaches that type anywhere; roles add up', async () => {
    expect(await visibleOrgs(await scopeOf('typer'))).toEqual(['e-sales', 'w-sales']);
    expect(await visibleUsers(await scopeOf('both'))).toEqual(['u-east', 'u-efield', 'u-esales', 'u-wsales']);
  });

  it('a disabled role or no role gives nothing; the administrator sees the whole tenant, never another tenant', async () => {
    const none = await scopeOf('nobody');
    expect(none).toEqual({ all: false, parts: [] });
    expect(await visibleUsers(none)).toEqual([]);
    expect((await visibleUsers(WHOLE_TENANT)).length).toBe(9);
    const otherRows = await inTenant(other, (tx) => tx.select().from(organisations).where(orgRowInScope(WHOLE_TENANT)));
    expect(otherRows).toEqual([]); // row-level security: scopeco's organisations are not there at all
  });

  it('refuses writes that touch an organisation outside the scope', async () => {
    const scope = await scopeOf('holder');
    await expect(inTenant(tenantId, (tx) => assertOrgsInScope(tx, scope, ['e-sales', 'e-field']))).resolves.toBeUndefined();
    await expect(inTenant(tenantId, (tx) => assertOrgsInScope(tx, scope, ['e-sales', 'west']))).rejects.toMatchObject({ code: '10009029001' });
    await expect(inTenant(tenantId, (tx) => assertOrgsInScope(tx, scope, ['nowhere']))).rejects.toMatchObject({ code: '10009029001' });
  });
});

describe('pathInSubtree: a subtree as a range of the path index', () => {
  it('matches the subtree (strict: without its top), never a sibling whose id starts the same, also with the prefix from a column', async () => {
    const paths = ['/t/a/', '/t/a/x/', '/t/a/x/y/', '/t/a0/', '/t/a-b/', '/t/a./', '/t/', '/t/b/a/'];
    const q = (prefix: SQL, strict: boolean) =>
      inTenant(tenantId, async (tx) =>
        rowsOf<{ p: string }>(
          await tx.execute(
            sql`select p from unnest(array[${sql.join(
              paths.map((x) => sql`${x}::text`),
              sql`, `,
            )}]) as p where ${pathInSubtree(sql.raw('p'), prefix, strict)} order by p`,
          ),
        ).map((r) => r.p),
      );
    expect(await q(sql`${'/t/a/'}::text`, false)).toEqual(['/t/a/', '/t/a/x/', '/t/a/x/y/']);
    expect(await q(sql`${'/t/a/'}::text`, true)).toEqual(['/t/a/x/', '/t/a/x/y/']);
    expect(await q(sql`(select path from organisations where id = 'nowhere')`, false)).toEqual([]);
    // the prefix as a column of another row (what the tree's children flag does)
    const east = await inTenant(tenantId, async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`select kid.id from organisations kid, organisations top
      where top.id = 'east' and kid.tenant_id = ${tenantId} and ${pathInSubtree(sql.raw('kid.path'), sql.raw('top.path'), true)} order by kid.id`),
      ).map((r) => r.id),
    );
    expect(east).toEqual(['e-field', 'e-sales']);
  });
});
