/**
 * Test fixtures of the role area (tests only): tenants with their root organisation and a small tree,
 * users with an employee name and organisation, and a signed-in platform administrator.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, users } from '../../db/schema/index.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { insertRootOrganisation } from '../organisations/organisations.repository.js';

export const USER_PASSWORD = 'Passw0rd!x';

/** A tenant with its root organisation (id = tenant id) and `children` organisations under it; returns ids. */
export async function createTenantTree(app: FastifyInstance, code: string, children: { code: string; parent?: string; category?: number }[] = []) {
  const tenantId = await createTenantRow(app, code);
  const orgs: Record<string, string> = {};
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await insertRootOrganisation(tx, { id: tenantId, code, name: `Tenant ${code}` });
    for (const c of children) {
      const id = randomUUID();
      orgs[c.code] = id;
      await tx
        .insert(organisations)
        .values({ id, tenantId, parentId: c.parent ? orgs[c.parent]! : tenantId, code: c.code, name: `Org ${c.code}`, type: 3, category: c.category ?? 0 });
    }
  });
  return { tenantId, orgs };
}

/** A user of the tenant with employee name and organisation; returns its id. */
export async function createMember(
  app: FastifyInstance,
  tenantId: string,
  username: string,
  employeeName: string,
  orgId?: string,
  identities: number[] = [1],
): Promise<string> {
  const id = await createUserRow(app, { tenantId, username, password: USER_PASSWORD, identities });
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    tx
      .update(users)
      .set({ employeeName, orgId: orgId ?? tenantId })
      .where(eq(users.id, id)),
  );
  return id;
}

/** Adds a role through the API and returns its row (fails the test on refusal). */
export async function addRole(c: GatewayClient, body: Record<string, unknown>) {
  const r = await c.post(Paths.addrole, body);
  if (r.body.result !== '1') throw new Error(`addrole refused: ${r.body.scode} ${r.body.msg}`);
  return r.body.data.row as { roleId: string; roleNo: string; roleName: string; orgId: string };
}
