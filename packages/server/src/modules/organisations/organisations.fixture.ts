/**
 * Test fixture of the organisation calls (tests only): tenant "treeco" administered by `nora`, tenant
 * "otherco" administered by `sam`, role holders of treeco, and a small tree:
 *
 *   treeco (root) ─ east (2) ─ e-sales (3) ─ e-field (5)
 *                 └ west (2) ─ w-sales (3)
 *   lonely (single, not in the tree)
 *
 * `rita` holds a role granting the subtree `east` (+ the API grants given), `tina` a role granting
 * organisation type 3 (departments), `otto` is a user of treeco without a role.
 */
import { eq } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, roleGrants, roles, roleUsers, users } from '../../db/schema/index.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import { insertRootOrganisation } from './organisations.repository.js';

export const PASSWORD = 'Passw0rd!x';

export async function orgFixture(apiGrants: string[] = []) {
  const t = await testApp();
  const ids: Record<string, string> = {};
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  ids.treeco = await createTenantRow(t.app, 'treeco');
  ids.otherco = await createTenantRow(t.app, 'otherco');
  const T = ids.treeco;
  const nora = await createUserRow(t.app, { username: 'nora', password: PASSWORD });
  const sam = await createUserRow(t.app, { tenantId: ids.otherco, username: 'sam', password: PASSWORD });
  for (const name of ['rita', 'tina', 'otto', 'ulla']) ids[name] = await createUserRow(t.app, { tenantId: T, username: name, password: PASSWORD });
  for (const [tenantId, userIds] of [
    [T, [nora]],
    [ids.otherco, [sam]],
  ] as const) {
    const r = await admin.post(Paths.savetenantadmin, { tenantId, userIds });
    if (r.body.result !== '1') throw new Error(`savetenantadmin: ${JSON.stringify(r.body)}`);
  }
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await insertRootOrganisation(tx, { id: T, code: 'treeco', name: 'Tree Co' });
    await insertRootOrganisation(tx, { id: ids.otherco!, code: 'otherco', name: 'Other Co' });
    await tx.insert(organisations).values([
      { id: 'east', tenantId: T, parentId: T, code: 'E', name: 'East', type: 2, sort: 1 },
      { id: 'e-sales', tenantId: T, parentId: 'east', code: 'ES', name: 'East sales', type: 3 },
      { id: 'e-field', tenantId: T, parentId: 'e-sales', code: 'EF', name: 'East field', type: 5 },
      { id: 'west', tenantId: T, parentId: T, code: 'W', name: 'West', type: 2, sort: 2 },
      { id: 'w-sales', tenantId: T, parentId: 'west', code: 'WS', name: 'West sales', type: 3 },
      { id: 'lonely', tenantId: T, parentId: null, code: 'L', name: 'Lonely', type: 6 },
      { id: 'o-dept', tenantId: ids.otherco!, parentId: ids.otherco!, code: 'OD', name: 'Other dept', type: 3 },
    ]);
    await tx.update(users).set({ orgId: 'e-sales' }).where(eq(users.id, ids.ulla!));
    await tx.insert(roles).values([
      { id: 'r-east', tenantId: T, code: 'east', name: 'East' },
      { id: 'r-dept', tenantId: T, code: 'dept', name: 'Departments' },
    ]);
    await tx
      .insert(roleGrants)
      .values([
        { tenantId: T, roleId: 'r-east', kind: 'org', dataId: 'east' },
        { tenantId: T, roleId: 'r-dept', kind: 'orgtype', dataId: '3' },
        ...apiGrants.map((url) => ({ tenantId: T, roleId: 'r-east', kind: 'api', dataId: url })),
      ]);
    await tx.insert(roleUsers).values([
      { tenantId: T, roleId: 'r-east', userId: ids.rita! },
      { tenantId: T, roleId: 'r-dept', userId: ids.tina! },
    ]);
  });

  /** A signed-in client of `username` sending TENANTID `tenant` (default treeco). */
  async function as(username: string, tenant = T): Promise<GatewayClient> {
    const c = await t.client();
    await c.signIn(username, username === 'admin' ? ADMIN_PASSWORD : PASSWORD);
    c.tenantId = tenant;
    return c;
  }
  return { t, ids, T, as };
}
