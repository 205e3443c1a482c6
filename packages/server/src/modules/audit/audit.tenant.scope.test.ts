import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { auditLog, organisations, roleGrants, roles, roleUsers, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

// Who reads what in the tenant audit log (docs/auditlog.md "Who reads what"): the administrators every
// entry of the tenant; a role holder granted the auditlog APIs the entries of actors in their scope.
const PASSWORD = 'Passw0rd!x';
const now = Date.now();
const range = { startTime: new Date(now - 7 * 86_400_000).toISOString(), endTime: new Date(now + 60_000).toISOString() };
let t: Awaited<ReturnType<typeof testApp>>;
const ids: Record<string, string> = {};

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}
const entityIds = async (c: GatewayClient, body: Record<string, unknown> = {}) => {
  const r = await c.post(Paths.listtenantauditlog, { ...range, pageSize: 50, entity: 'thing', ...body });
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  return (r.body.data.rows as { entityId: string }[]).map((x) => x.entityId).sort();
};

beforeAll(async () => {
  t = await testApp();
  const platform = await t.client();
  await platform.signIn('admin', ADMIN_PASSWORD);
  ids.t = await createTenantRow(t.app, 'audited');
  const tenantId = ids.t;
  ids.other = await createTenantRow(t.app, 'elsewhere');
  ids.nina = await createUserRow(t.app, { username: 'nina', password: PASSWORD });
  expect((await platform.post(Paths.savetenantadmin, { tenantId, userIds: [ids.nina] })).body.result).toBe('1');
  for (const name of ['rho', 'exporter', 'ua', 'ub']) ids[name] = await createUserRow(t.app, { tenantId, username: name, password: PASSWORD });
  await inScope(t.app.database.db, { scope: 'tenant', tenantId }, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'o-a', tenantId, parentId: tenantId, code: 'A', name: 'Org A', type: 2 },
      { id: 'o-a1', tenantId, parentId: 'o-a', code: 'A1', name: 'Org A1', type: 3 },
      { id: 'o-b', tenantId, parentId: tenantId, code: 'B', name: 'Org B', type: 2 },
    ]);
    for (const [u, org] of [
      ['ua', 'o-a1'],
      ['ub', 'o-b'],
    ] as const)
      await tx.update(users).set({ orgId: org }).where(eq(users.id, ids[u]!));
    await tx.insert(roles).values([
      { id: 'r-a', tenantId, code: 'a', name: 'A auditors' },
      { id: 'r-x', tenantId, code: 'x', name: 'Exporters' },
    ]);
    await tx.insert(roleGrants).values([
      { tenantId, roleId: 'r-a', kind: 'menu', dataId: 'auditlog', purview: 1 },
      { tenantId, roleId: 'r-a', kind: 'org', dataId: 'o-a' },
      { tenantId, roleId: 'r-a', kind: 'api', dataId: Paths.listtenantauditlog },
      { tenantId, roleId: 'r-x', kind: 'menu', dataId: 'auditlog', purview: 1 },
      { tenantId, roleId: 'r-x', kind: 'org', dataId: 'o-b' },
      { tenantId, roleId: 'r-x', kind: 'api', dataId: Paths.exporttenantauditlog },
    ]);
    await tx.insert(roleUsers).values([
      { tenantId, roleId: 'r-a', userId: ids.rho! },
      { tenantId, roleId: 'r-x', userId: ids.exporter! },
    ]);
    await tx.insert(auditLog).values(
      [
        { userId: ids.ua, username: 'ua', entityId: 'by-ua' },
        { userId: ids.ub, username: 'ub', entityId: 'by-ub' },
        { userId: ids.nina, username: 'nina', entityId: 'by-admin' },
        { userId: ids.rho, username: 'rho', entityId: 'by-rho' },
        { userId: '', username: '', entityId: 'by-system' },
      ].map((r) => ({ id: randomUUID(), tenantId, action: 'thing.edit', entity: 'thing', at: new Date(now - 86_400_000), ...r })),
    );
  });
  await inScope(t.app.database.db, { scope: 'tenant', tenantId: ids.other }, (tx) =>
    tx.insert(auditLog).values({
      id: randomUUID(),
      tenantId: ids.other!,
      userId: ids.ua,
      username: 'ua',
      action: 'thing.edit',
      entity: 'thing',
      entityId: 'elsewhere',
      at: new Date(now - 86_400_000),
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('tenant audit log limited to the data scope', () => {
  it("the administrator reads every entry of the tenant, never another tenant's", async () => {
    expect(await entityIds(await as('nina', ids.t!))).toEqual(['by-admin', 'by-rho', 'by-system', 'by-ua', 'by-ub']);
  });

  it('a role holder reads the entries of actors inside their subtree only, whatever the filters', async () => {
    const rho = await as('rho', ids.t!);
    expect(await entityIds(rho)).toEqual(['by-ua']);
    expect(await entityIds(rho, { userId: ids.ub })).toEqual([]);
    expect(await entityIds(rho, { username: 'nina' })).toEqual([]);
    expect((await rho.post(Paths.listtenantauditlog, { ...range, entityId: 'elsewhere' })).body.data.records).toBe(0);
  });

  it('export follows its own API grant and the same scope', async () => {
    const rho = await as('rho', ids.t!);
    expect((await rho.post(Paths.exporttenantauditlog, range)).body.scode).toBe(Codes.NO_PERMISSION);
    const exporter = await as('exporter', ids.t!);
    const r = await exporter.post(Paths.exporttenantauditlog, { ...range, entity: 'thing' });
    expect(r.headers['content-type']).toContain('spreadsheet');
    expect((await exporter.post(Paths.listtenantauditlog, range)).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
