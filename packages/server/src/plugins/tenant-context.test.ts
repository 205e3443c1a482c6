import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { auditLog, organisations, roles, roleUsers, stations, tenants } from '../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../testing/test-app.js';
import type { GatewayClient } from '../testing/gateway-client.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
const ids: Record<string, string> = {};

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}

beforeAll(async () => {
  t = await testApp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const code of ['north', 'south', 'closed']) ids[code] = await createTenantRow(t.app, code);
  // nora (of the platform tenant) administers north and closed; sam administers south
  const nora = await createUserRow(t.app, { username: 'nora', password: PASSWORD });
  const sam = await createUserRow(t.app, { tenantId: ids.south, username: 'sam', password: PASSWORD });
  const rita = await createUserRow(t.app, { tenantId: ids.north, username: 'rita', password: PASSWORD });
  await createUserRow(t.app, { tenantId: ids.north, username: 'otto', password: PASSWORD });
  for (const [tenantId, userIds] of [
    [ids.north, [nora]],
    [ids.south, [sam]],
    [ids.closed, [nora]],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds })).body.result).toBe('1');
  }
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.update(tenants).set({ status: 0 }).where(eq(tenants.id, ids.closed!));
    await tx.insert(organisations).values({ id: 'north-dept', tenantId: ids.north!, parentId: ids.north!, code: 'D1', name: 'Dept 1', type: 3 });
    await tx.insert(stations).values([
      { id: 'st-n', tenantId: ids.north!, name: 'Clerk', level: 'P1' },
      { id: 'st-s', tenantId: ids.south!, name: 'Clerk', level: 'P1' },
    ]);
    await tx.insert(roles).values([
      { id: 'role-n', tenantId: ids.north!, code: 'viewer', name: 'Viewer' },
      { id: 'role-s', tenantId: ids.south!, code: 'viewer', name: 'Viewer' },
    ]);
    await tx.insert(roleUsers).values({ tenantId: ids.north!, roleId: 'role-n', userId: rita });
    await tx
      .insert(auditLog)
      .values([ids.north, ids.north, ids.south].map((tenantId) => ({ id: randomUUID(), tenantId: tenantId!, action: 'signin', entity: 'session' })));
  });
});
afterAll(async () => {
  await t.close();
});

describe('tenant context (docs/tenancy.md) and the tenant dashboard', () => {
  it("answers the TENANTID tenant's own figures to its administrator, by id or code", async () => {
    const nora = await as('nora', ids.north!);
    const r = await nora.get(Paths.tenancydashboard);
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({
      tenant: { id: ids.north, code: 'north' },
      users: 2,
      enabledUsers: 2,
      organisations: 1,
      roles: 1,
      stations: 1,
      apps: 0,
    });
    expect(r.body.data.row.signIns.at(-1).count).toBe(2);
    nora.tenantId = 'north';
    expect((await nora.get(Paths.tenancydashboard)).body.data.row.tenant.id).toBe(ids.north);
  });

  it('lets a role holder of the tenant in, and nobody else', async () => {
    expect((await (await as('rita', ids.north!)).get(Paths.tenancydashboard)).body.data.row.tenant.code).toBe('north');
    // a user of the tenant without a role, another tenant's administrator, and the platform administrator
    expect((await (await as('otto', ids.north!)).get(Paths.tenancydashboard)).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await (await as('sam', ids.north!)).get(Paths.tenancydashboard)).body.scode).toBe(Codes.NO_PERMISSION);
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    admin.tenantId = ids.north!;
    expect((await admin.get(Paths.tenancydashboard)).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it("refuses a disabled or unknown tenant, and the default 'sys'", async () => {
    const nora = await as('nora', ids.closed!);
    expect((await nora.get(Paths.tenancydashboard)).body.scode).toBe(Codes.NO_PERMISSION);
    nora.tenantId = 'nowhere';
    expect((await nora.get(Paths.tenancydashboard)).body.scode).toBe(Codes.NO_PERMISSION);
    nora.tenantId = 'sys';
    expect((await nora.get(Paths.tenancydashboard)).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
