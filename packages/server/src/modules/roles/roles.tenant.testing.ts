/**
 * Fixtures of the tenant-area role tests (tests only; docs/tenant-roles.md): two tenants, each with an
 * administrator, and in 'acme' the tree root ─ east ─ e-sales, root ─ west, users in each, and a role
 * holder 'hal' whose role grants the east subtree, the roleManagement menu and some of its APIs.
 */
import { eq } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, roleGrants, roles, roleUsers, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, type testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { createMember, createTenantTree, USER_PASSWORD } from './roles.fixtures.js';

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** `url?roleId=…&…` for the GET calls. */
export function q(url: string, params: Record<string, string | number>): string {
  return `${url}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** A signed-in client of `username` sending TENANTID `tenant`. */
export async function as(t: TestApp, username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, USER_PASSWORD);
  c.tenantId = tenant;
  return c;
}

/** Roles, members, grants and role audit entries of every tenant (to prove a refused call wrote nothing). */
export function snapshot(t: TestApp) {
  return inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    roles: await tx.select().from(roles).orderBy(roles.id),
    members: await tx.select({ r: roleUsers.roleId, u: roleUsers.userId }).from(roleUsers).orderBy(roleUsers.roleId, roleUsers.userId),
    grants: await tx.select().from(roleGrants).orderBy(roleGrants.roleId, roleGrants.kind, roleGrants.dataId),
    audit: (await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, 'role'))).length,
  }));
}

/** The APIs the holder's role 'r-hal' is granted (the rest of roleManagement's calls are not). */
export const HAL_APIS = [
  Paths.listtenantrole,
  Paths.addtenantrole,
  Paths.edittenantrole,
  Paths.listtenantroleuser,
  Paths.listusernotintenantrole,
  Paths.addtenantroleuser,
  Paths.deletetenantroleuser,
  Paths.listtenantmenupurview,
  Paths.savetenantmenupurview,
  Paths.listtenantorgpurview,
  Paths.savetenantorgpurview,
  Paths.listtenantapipurview,
  Paths.savetenantapipurview,
  Paths.savetenantorgtypepurview,
  Paths.listtenantgrantview,
  Paths.listtenantstation,
];

/** Builds the two tenants and signs in their administrators and the holder. */
export async function setUp(t: TestApp) {
  const platform = await t.client();
  await platform.signIn('admin', ADMIN_PASSWORD);
  const acme = await createTenantTree(t.app, 'acme', [{ code: 'east' }, { code: 'esales', parent: 'east' }, { code: 'west' }]);
  const rival = await createTenantTree(t.app, 'rival', [{ code: 'rnorth' }]);
  const tenantId = acme.tenantId;
  const { east, esales, west } = acme.orgs as Record<'east' | 'esales' | 'west', string>;
  const u: Record<string, string> = {};
  u.ada = await createMember(t.app, tenantId, 'ada', 'Ada Admin');
  u.rex = await createMember(t.app, rival.tenantId, 'rex', 'Rex Rival', rival.orgs.rnorth);
  u.hal = await createMember(t.app, tenantId, 'hal', 'Hal Holder', east);
  u.eve = await createMember(t.app, tenantId, 'eve', 'Eve East', east);
  u.sam = await createMember(t.app, tenantId, 'sam', 'Sam Sales', esales);
  u.wes = await createMember(t.app, tenantId, 'wes', 'Wes West', west);
  u.rob = await createMember(t.app, rival.tenantId, 'rob', 'Rob Rival', rival.orgs.rnorth);
  for (const [tid, admin] of [
    [tenantId, u.ada],
    [rival.tenantId, u.rex],
  ] as const) {
    const r = await platform.post(Paths.savetenantadmin, { tenantId: tid, userIds: [admin] });
    if (r.body.result !== '1') throw new Error(`savetenantadmin: ${r.body.msg}`);
  }
  await inScope(t.app.database.db, { scope: 'tenant', tenantId }, async (tx) => {
    await tx.insert(roles).values([
      { id: 'r-hal', tenantId, orgId: east, code: 'east_admin', name: 'East admins' },
      { id: 'r-west', tenantId, orgId: west, code: 'west_staff', name: 'West staff' },
      { id: 'r-builtin', tenantId, orgId: tenantId, code: 'everyone', name: 'Everyone', builtIn: true },
    ]);
    await tx
      .insert(roleGrants)
      .values([
        { tenantId, roleId: 'r-hal', kind: 'menu', dataId: 'roleManagement', purview: 3 },
        { tenantId, roleId: 'r-hal', kind: 'menu', dataId: 'stationManagement', purview: 1 },
        { tenantId, roleId: 'r-hal', kind: 'org', dataId: east },
        ...HAL_APIS.map((dataId) => ({ tenantId, roleId: 'r-hal', kind: 'api', dataId })),
        { tenantId, roleId: 'r-west', kind: 'menu', dataId: 'auditlog', purview: 1 },
      ]);
    await tx.insert(roleUsers).values([
      { tenantId, roleId: 'r-hal', userId: u.hal! },
      { tenantId, roleId: 'r-west', userId: u.wes! },
    ]);
    await tx.update(users).set({ employeeName: 'Ada Admin' }).where(eq(users.id, u.ada!));
  });
  return {
    tenantId,
    rivalId: rival.tenantId,
    east,
    esales,
    west,
    rnorth: rival.orgs.rnorth!,
    u,
    admin: await as(t, 'ada', tenantId),
    rival: await as(t, 'rex', rival.tenantId),
    hal: await as(t, 'hal', tenantId),
    platform,
  };
}
