import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { auditLog, organisations, roleGrants, roles, roleUsers, stations, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

// The tenant dashboard's figures follow the caller's data scope (docs/tenancy.md "Data scope").
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
  const platform = await t.client();
  await platform.signIn('admin', ADMIN_PASSWORD);
  ids.t = await createTenantRow(t.app, 'figures');
  const tenantId = ids.t;
  ids.nina = await createUserRow(t.app, { username: 'nina', password: PASSWORD });
  expect((await platform.post(Paths.savetenantadmin, { tenantId, userIds: [ids.nina] })).body.result).toBe('1');
  for (const name of ['rho', 'ua', 'ua2', 'ub']) ids[name] = await createUserRow(t.app, { tenantId, username: name, password: PASSWORD });
  await inScope(t.app.database.db, { scope: 'tenant', tenantId }, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'o-a', tenantId, parentId: tenantId, code: 'A', name: 'Org A', type: 2 },
      { id: 'o-a1', tenantId, parentId: 'o-a', code: 'A1', name: 'Org A1', type: 3 },
      { id: 'o-b', tenantId, parentId: tenantId, code: 'B', name: 'Org B', type: 2 },
    ]);
    for (const [u, org] of [
      ['ua', 'o-a'],
      ['ua2', 'o-a1'],
      ['ub', 'o-b'],
    ] as const)
      await tx.update(users).set({ orgId: org }).where(eq(users.id, ids[u]!));
    await tx.update(users).set({ status: 0 }).where(eq(users.id, ids.ua2!));
    await tx.insert(stations).values([
      { id: 'st-a', tenantId, name: 'A', level: 'P1', orgId: 'o-a1' },
      { id: 'st-b', tenantId, name: 'B', level: 'P1', orgId: 'o-b' },
      { id: 'st-n', tenantId, name: 'N', level: 'P1' },
    ]);
    await tx.insert(roles).values([
      { id: 'r-a', tenantId, code: 'a', name: 'A', orgId: 'o-a' },
      { id: 'r-b', tenantId, code: 'b', name: 'B', orgId: 'o-b' },
    ]);
    await tx.insert(roleGrants).values([
      { tenantId, roleId: 'r-a', kind: 'menu', dataId: 'auditlog', purview: 1 },
      { tenantId, roleId: 'r-a', kind: 'org', dataId: 'o-a' },
    ]);
    await tx.insert(roleUsers).values({ tenantId, roleId: 'r-a', userId: ids.rho! });
    await tx
      .insert(auditLog)
      .values(['ua', 'ua', 'ub', 'rho'].map((u) => ({ id: randomUUID(), tenantId, userId: ids[u]!, username: u, action: 'signin', entity: 'session' })));
  });
});
afterAll(async () => {
  await t.close();
});

describe('tenant dashboard figures by data scope', () => {
  it('counts the whole tenant for its administrator', async () => {
    const r = await (await as('nina', ids.t!)).get(Paths.tenancydashboard);
    expect(r.body.data.row).toMatchObject({ users: 4, enabledUsers: 3, organisations: 3, roles: 2, stations: 3 });
    expect(r.body.data.row.signIns.at(-1).count).toBe(4); // nina signs in to her own (platform) tenant
  });

  it('counts only the granted subtree for a role holder', async () => {
    const r = await (await as('rho', ids.t!)).get(Paths.tenancydashboard);
    expect(r.body.data.row).toMatchObject({ users: 2, enabledUsers: 1, organisations: 2, roles: 1, stations: 1 });
    expect(r.body.data.row.signIns.at(-1).count).toBe(2);
  });
});
