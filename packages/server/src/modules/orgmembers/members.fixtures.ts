/**
 * Test fixtures of the members, accounts and tenant configuration modules (docs/tenant-members.md):
 * two tenants, east (administered by nina) and west (by walt); east's organisations
 *   e-root ─ e-a ─ e-a1
 *          └ e-b
 * with users alice (e-a), bob (e-a1), carol (e-b), dave (no organisation), and `holder`, a role holder
 * whose role grants the subtree e-a and the API grants given to `seedMembersFixture`.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, roleGrants, roles, roleUsers, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, type testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

export const PASSWORD = 'Passw0rd!x';
export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** Builds the fixture; `apis` are the urls the holder's role may call. Returns the ids by name. */
export async function seedMembersFixture(t: TestApp, apis: string[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const code of ['east', 'west']) ids[code] = await createTenantRow(t.app, code);
  ids.nina = await createUserRow(t.app, { tenantId: ids.east, username: 'nina', password: PASSWORD });
  ids.walt = await createUserRow(t.app, { tenantId: ids.west, username: 'walt', password: PASSWORD });
  for (const name of ['alice', 'bob', 'carol', 'dave', 'holder', 'idle'])
    ids[name] = await createUserRow(t.app, { tenantId: ids.east, username: name, password: PASSWORD });
  ids.wendy = await createUserRow(t.app, { tenantId: ids.west, username: 'wendy', password: PASSWORD });
  for (const [tenantId, userId] of [
    [ids.east, ids.nina],
    [ids.west, ids.walt],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds: [userId] })).body.result).toBe('1');
  }
  const east = ids.east!;
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'e-root', tenantId: east, parentId: east, code: 'ER', name: 'East root', type: 2 },
      { id: 'w-root', tenantId: ids.west!, parentId: ids.west!, code: 'WR', name: 'West root', type: 2 },
    ]);
    await tx.insert(organisations).values([
      { id: 'e-a', tenantId: east, parentId: 'e-root', code: 'EA', name: 'East A', type: 3 },
      { id: 'e-b', tenantId: east, parentId: 'e-root', code: 'EB', name: 'East B', type: 3 },
    ]);
    await tx.insert(organisations).values({ id: 'e-a1', tenantId: east, parentId: 'e-a', code: 'EA1', name: 'East A1', type: 4 });
    for (const [u, org] of [
      ['alice', 'e-a'],
      ['bob', 'e-a1'],
      ['carol', 'e-b'],
      ['holder', 'e-a'],
      ['idle', 'e-b'],
      ['wendy', 'w-root'],
    ] as const) {
      await tx
        .update(users)
        .set({ orgId: org, employeeName: `${u[0]!.toUpperCase()}${u.slice(1)} Emp` })
        .where(eq(users.id, ids[u]!));
    }
    await tx.insert(roles).values([
      { id: 'r-a', tenantId: east, code: 'suba', name: 'Sub A' },
      { id: 'r-none', tenantId: east, code: 'noapi', name: 'No API' },
    ]);
    await tx
      .insert(roleGrants)
      .values([
        { tenantId: east, roleId: 'r-a', kind: 'org', dataId: 'e-a' },
        ...apis.map((dataId) => ({ tenantId: east, roleId: 'r-a', kind: 'api', dataId })),
        { tenantId: east, roleId: 'r-none', kind: 'org', dataId: 'e-root' },
      ]);
    await tx.insert(roleUsers).values([
      { tenantId: east, roleId: 'r-a', userId: ids.holder! },
      { tenantId: east, roleId: 'r-none', userId: ids.idle! },
    ]);
  });
  return ids;
}

/** A signed-in client of `username` with TENANTID `tenant`, answering in English. */
export async function signedIn(t: TestApp, username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  c.language = 'EN_US';
  return c;
}
