/**
 * Tenant isolation over the whole tenant API (issue 5 "A tenant administrator never sees or changes
 * another tenant's data, whatever ids they send. Tests try it for every entity"; docs/tenancy.md).
 * Generic: every tenant-area route (access `{ tenant }`, the API catalogue of `tenantApiCatalogue` and
 * the administrators' calls) is called with bodies built from its published schema (OpenAPI of the
 * gateway), every id-like field filled with tenant A's ids of each entity in turn. New routes join the
 * test by being registered. Proves:
 * (b) B's administrator (TENANTID = B) never reads A's ids or names and never changes A's rows;
 * (c) a role holder of A without API grants gets 10009029001 from every catalogue route and every
 *     administrators-only route;
 * (d) B's administrator sending TENANTID = A gets 10009029001 from every tenant-area route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import {
  auditLog,
  jobs,
  organisations,
  orgMappings,
  orgUsers,
  products,
  roleGrants,
  roles,
  roleUsers,
  stations,
  tenantProducts,
  tenantSettings,
  userAccounts,
  userMappings,
  users,
} from '../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../testing/test-app.js';
import type { GatewayClient } from '../testing/gateway-client.js';
import { callRoute, probeRoutes, type ProbeRoute } from '../testing/route-probe.js';
import { BOOKKEEPING } from '../testing/openapi-fuzz.js';
import { tenantApiCatalogue } from './tenant-context.js';

const PASSWORD = 'Passw0rd!x';
/** Every name and id of tenant A carries this marker, so a leak is found by a text search. */
const M = 'Zqx';
let t: Awaited<ReturnType<typeof testApp>>;
let tenantA = '';
let tenantB = '';
type Kind = 'tenant' | 'user' | 'product' | 'org' | 'station' | 'role' | 'orgMapping' | 'userMapping' | 'account' | 'job' | 'audit';
/** A's ids by entity kind. */
const A = {} as Record<Kind, string[]> & Record<string, string[] | undefined>;
const names: string[] = [];
interface Route extends ProbeRoute {
  access: { tenant: string; menu?: string };
}
let routes: Route[] = [];

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}
const id = (kind: string, n = 1) => `${M}-${kind}-${n}-${randomUUID().slice(0, 8)}`;

/** Every row of tenant A in every table with a `tenant_id` but the request bookkeeping, as text (the snapshot compared after). */
async function snapshotA(): Promise<Record<string, string>> {
  return inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    const tables = await tx.execute<{ table_name: string }>(
      sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows ?? tables) {
      if (BOOKKEEPING.has(table_name)) continue; // written by every request, refused or not (the call log)
      const r = await tx.execute(
        sql`select coalesce(json_agg(x order by x::text), '[]'::json)::text as j from ${sql.identifier(table_name)} x where tenant_id = ${tenantA}`,
      );
      out[table_name] = ((r as unknown as { rows: { j: string }[] }).rows ?? r)[0]!.j;
    }
    return out;
  });
}

beforeAll(async () => {
  t = await testApp();
  const platform = await t.client();
  await platform.signIn('admin', ADMIN_PASSWORD);
  tenantA = await createTenantRow(t.app, 'isoa');
  tenantB = await createTenantRow(t.app, 'isob');
  A.tenant = [tenantA];
  const adminA = await createUserRow(t.app, { tenantId: tenantA, username: `${M.toLowerCase()}-admin`, password: PASSWORD });
  const holder = await createUserRow(t.app, { tenantId: tenantA, username: `${M.toLowerCase()}-holder`, password: PASSWORD });
  const plain = await createUserRow(t.app, { tenantId: tenantA, username: `${M.toLowerCase()}-user`, password: PASSWORD });
  const adminB = await createUserRow(t.app, { tenantId: tenantB, username: 'bella', password: PASSWORD });
  await createUserRow(t.app, { tenantId: tenantB, username: 'bert', password: PASSWORD });
  for (const [tenantId, userId] of [
    [tenantA, adminA],
    [tenantB, adminB],
  ] as const) {
    expect((await platform.post(Paths.savetenantadmin, { tenantId, userIds: [userId] })).body.result).toBe('1');
  }
  A.user = [adminA, holder, plain];
  names.push(`${M.toLowerCase()}-admin`, `${M.toLowerCase()}-holder`, `${M.toLowerCase()}-user`);
  const productId = id('product');
  A.product = [productId];
  A.org = [id('org'), id('org', 2)];
  A.station = [id('station')];
  A.role = [id('role'), id('role', 2)];
  A.orgMapping = [id('orgmap')];
  A.userMapping = [id('usermap')];
  A.account = [id('account')];
  A.job = [id('job')];
  A.audit = [id('audit')];
  names.push(
    `${M} Product`,
    `${M} Org`,
    `${M} Dept`,
    `${M} Clerk`,
    `${M} Role`,
    `${M} Viewer`,
    `${M} ext org`,
    `${M} ext user`,
    `${M}nick`,
    `${M} import.xlsx`,
  );
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(products).values({
      id: productId,
      code: `${M}prod`,
      name: `${M} Product`,
      abbreviation: M,
      version: '1',
      callbackUrl: 'https://a.example',
      department: 'D',
      ownerName: 'O',
      ownerEmail: 'o@example.com',
      ownerPhone: '13800000000',
      opsOwner: 'P',
    });
    await tx.insert(tenantProducts).values({ tenantId: tenantA, productId, code: `${M}app`, name: `${M} Product` });
    await tx.insert(organisations).values([
      { id: A.org[0]!, tenantId: tenantA, parentId: tenantA, code: `${M}O1`, name: `${M} Org`, type: 2 },
      { id: A.org[1]!, tenantId: tenantA, parentId: A.org[0]!, code: `${M}O2`, name: `${M} Dept`, type: 3 },
    ]);
    await tx.execute(sql`update ${users} set org_id = ${A.org[1]!} where tenant_id = ${tenantA}`);
    await tx.insert(stations).values({ id: A.station[0]!, tenantId: tenantA, name: `${M} Clerk`, level: 'P1', orgId: A.org[1]!, code: `${M}C` });
    await tx.execute(sql`update ${users} set station_id = ${A.station[0]!} where id = ${plain}`);
    await tx.insert(roles).values([
      { id: A.role[0]!, tenantId: tenantA, code: `${M}r1`, name: `${M} Role`, orgId: A.org[0]! },
      { id: A.role[1]!, tenantId: tenantA, code: `${M}r2`, name: `${M} Viewer`, orgId: A.org[1]! },
    ]);
    // The holder's role grants every tenant menu (read and write) and the whole subtree — but no API.
    await tx
      .insert(roleGrants)
      .values([
        ...[
          'appManagement',
          'baseOrgManagement',
          'orgManagement',
          'orgMappingManagement',
          'orgEmployeeRelation',
          'roleManagement',
          'stationManagement',
          'employeeManagement',
          'employeeMappingManagement',
          'accountManagement',
          'auditlog',
          'sysconfig',
        ].map((dataId) => ({ tenantId: tenantA, roleId: A.role[0]!, kind: 'menu', dataId, purview: 3 })),
        { tenantId: tenantA, roleId: A.role[0]!, kind: 'org', dataId: A.org[0]! },
        { tenantId: tenantA, roleId: A.role[1]!, kind: 'orgtype', dataId: '3' },
      ]);
    await tx.insert(roleUsers).values([
      { tenantId: tenantA, roleId: A.role[0]!, userId: holder },
      { tenantId: tenantA, roleId: A.role[1]!, userId: plain },
    ]);
    await tx.insert(orgUsers).values({ tenantId: tenantA, orgId: A.org[0]!, userId: plain });
    await tx
      .insert(orgMappings)
      .values({ id: A.orgMapping[0]!, tenantId: tenantA, productId, orgId: A.org[1]!, externalCode: `${M}EXT`, externalName: `${M} ext org` });
    await tx
      .insert(userMappings)
      .values({ id: A.userMapping[0]!, tenantId: tenantA, productId, userId: plain, externalAccount: `${M}acct`, externalName: `${M} ext user` });
    await tx.insert(userAccounts).values({ id: A.account[0]!, tenantId: tenantA, accountType: 1, account: `${M}openid`, nickname: `${M}nick`, userId: plain });
    await tx.insert(jobs).values({
      id: A.job[0]!,
      tenantId: tenantA,
      kind: 'import.users',
      state: 'done',
      fileName: `${M} import.xlsx`,
      total: 1,
      processed: 1,
      createdBy: adminA,
    });
    await tx.insert(tenantSettings).values({ tenantId: tenantA, key: 'probe', value: { secret: `${M}-setting` } });
    await tx.insert(auditLog).values({
      id: A.audit[0]!,
      tenantId: tenantA,
      userId: plain,
      username: `${M.toLowerCase()}-user`,
      action: 'user.edit',
      entity: 'user',
      entityId: plain,
      after: { name: `${M} Org` },
    });
  });
  for (const r of probeRoutes(t.app)) {
    const access = r.access as Route['access'] | undefined;
    if (access && typeof access === 'object' && access.tenant) routes.push({ ...r, access });
  }
  routes = routes.filter((r) => !r.url.includes(':')); // no tenant-area route takes path parameters today
});
afterAll(async () => {
  await t.close();
});

const KINDS = ['org', 'user', 'station', 'role', 'product', 'orgMapping', 'userMapping', 'account', 'job', 'audit', 'tenant'];

describe('tenant isolation over the whole tenant API', () => {
  it('covers the tenant API catalogue (every tenant-area route naming its menu)', () => {
    const catalogue = tenantApiCatalogue(t.app).map((x) => `${x.method} ${x.url}`);
    expect(catalogue.length).toBeGreaterThan(5);
    console.info(`tenant isolation: ${routes.length} tenant-area routes, ${catalogue.length} in the API catalogue`);
    for (const c of catalogue) expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(c);
  });

  it("(b) another tenant's administrator sending A's ids sees none of A's data and changes nothing", async () => {
    const before = await snapshotA();
    const bella = await as('bella', tenantB);
    const leaks: string[] = [];
    const invalid: string[] = [];
    for (const r of routes) {
      for (const kind of KINDS) {
        const { sent, res } = await callRoute(bella, r, A, kind);
        const text = res.raw.toString('utf8');
        if (res.status === 400) invalid.push(`${r.method} ${r.url} [${kind}] ${text.slice(0, 200)}`);
        // A refusal may repeat what the caller sent (e.g. "API 'x' is not in this tenant's catalogue");
        // anything else of A's — or anything of A's in an answer that succeeded — is a leak.
        const found = [
          ...names,
          ...Object.values(A)
            .flat()
            .filter((x): x is string => !!x),
        ].filter((x) => text.includes(x) && (res.body.result === '1' || !sent.includes(x)));
        if (found.length) leaks.push(`${r.method} ${r.url} [${kind}] ${res.body.result}/${res.body.scode}: ${found.join(', ')} in ${text.slice(0, 300)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshotA()).toEqual(before);
    // the bodies are real calls, not schema refusals
    expect(invalid.length, invalid.join('\n')).toBeLessThan(routes.length * KINDS.length * 0.1);
  }, 600_000);

  it("control: the same probes as A's own administrator do find A's data (the search above can see a leak)", async () => {
    const own = await as(`${M.toLowerCase()}-admin`, tenantA);
    const seen = new Set<string>();
    for (const r of routes.filter((x) => /\/(list|get|query)/.test(x.url))) {
      const { res } = await callRoute(own, r, A, 'org');
      if (names.some((x) => res.raw.toString('utf8').includes(x))) seen.add(r.url);
    }
    console.info(`tenant isolation control: A's names found by ${seen.size} read routes`);
    expect(seen.size).toBeGreaterThan(5);
  }, 300_000);

  it('(c) a role holder of A without API grants is refused every catalogue and administrators-only route', async () => {
    const holder = await as(`${M.toLowerCase()}-holder`, tenantA);
    const before = await snapshotA();
    const answered: string[] = [];
    for (const r of routes.filter((x) => x.access.menu || x.access.tenant === 'admin')) {
      const { res } = await callRoute(holder, r, A, 'org');
      if (res.body.scode !== Codes.NO_PERMISSION) answered.push(`${r.method} ${r.url}: ${res.status} ${res.body.result}/${res.body.scode}`);
    }
    expect(answered).toEqual([]);
    expect(await snapshotA()).toEqual(before);
  }, 300_000);

  it("(d) another tenant's administrator naming A in TENANTID is refused every tenant-area route", async () => {
    const before = await snapshotA();
    const bella = await as('bella', tenantA);
    const answered: string[] = [];
    for (const r of routes) {
      const { res } = await callRoute(bella, r, A, 'org');
      if (res.body.scode !== Codes.NO_PERMISSION) answered.push(`${r.method} ${r.url}: ${res.status} ${res.body.result}/${res.body.scode}`);
    }
    expect(answered).toEqual([]);
    expect(await snapshotA()).toEqual(before);
  }, 300_000);
});
