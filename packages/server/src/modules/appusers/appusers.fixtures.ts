/**
 * Test fixtures of the application's people (tests only): the clients world (apps `crm` / `erp` with their
 * administrators) plus tenants: `t1` and `t2` use crm, `t3` uses only erp, `t4` has crm disabled. t1's tree:
 * root → east (→ east-sub), west. Users: `u_east`, `u_eastsub`, `u_west` (t1), `u_t2` (t2), `u_t3` (t3),
 * `u_t4` (t4), the tenant administrator `ta_t1` (identity 3, in east) and the super manager `sm_t1` (east).
 */
import { eq } from 'drizzle-orm';
import { Identity } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, users } from '../../db/schema/index.js';
import { createUserRow } from '../../testing/test-app.js';
import { authoriseProduct } from '../apptenants/apptenants.fixtures.js';
import { clientsWorld, USER_PASSWORD } from '../clients/clients.fixtures.js';
import { createTenantWithOrgs, validUser } from '../users/users.testing.js';

export { inApp } from '../clients/clients.fixtures.js';
export type PeopleWorld = Awaited<ReturnType<typeof peopleWorld>>;

/** Builds the world of the module comment. */
export async function peopleWorld() {
  const w = await clientsWorld();
  const app = w.t.app;
  const t1 = (await createTenantWithOrgs(app, 'pt1')).tenantId;
  const t2 = await createTenantWithOrgs(app, 'pt2');
  const t3 = await createTenantWithOrgs(app, 'pt3');
  const t4 = await createTenantWithOrgs(app, 'pt4');
  const org = { east: `${t1}-east`, eastSub: `${t1}-eastsub`, west: `${t1}-west` };
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(organisations).values({ id: org.east, tenantId: t1, parentId: t1, code: 'east', name: 'East', type: 3 });
    await tx.insert(organisations).values({ id: org.west, tenantId: t1, parentId: t1, code: 'west', name: 'West', type: 3 });
    await tx.insert(organisations).values({ id: org.eastSub, tenantId: t1, parentId: org.east, code: 'eastsub', name: 'East sub', type: 4 });
  });
  await authoriseProduct(app, t1, w.appA.id);
  await authoriseProduct(app, t2.tenantId, w.appA.id);
  await authoriseProduct(app, t3.tenantId, w.appB.id);
  await authoriseProduct(app, t4.tenantId, w.appA.id, { status: 0 });
  const user = async (username: string, tenantId: string, orgId: string, extra: { identities?: number[]; superManager?: boolean } = {}) => {
    const id = await createUserRow(app, {
      tenantId,
      username,
      password: USER_PASSWORD,
      identities: extra.identities ?? [Identity.ENTERPRISE_USER],
      superManager: extra.superManager,
    });
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId }).where(eq(users.id, id)));
    return id;
  };
  const u = {
    east: await user('u_east', t1, org.east),
    eastSub: await user('u_eastsub', t1, org.eastSub),
    west: await user('u_west', t1, org.west),
    t2: await user('u_t2', t2.tenantId, t2.deptId),
    t3: await user('u_t3', t3.tenantId, t3.deptId),
    t4: await user('u_t4', t4.tenantId, t4.deptId),
    ta: await user('ta_t1', t1, org.east, { identities: [Identity.TENANT_ADMIN] }),
    sm: await user('sm_t1', t1, org.east, { superManager: true }),
  };
  return { ...w, t1, t2: t2.tenantId, t3: t3.tenantId, t4: t4.tenantId, t2dept: t2.deptId, t3dept: t3.deptId, org, u };
}

/** A valid add body for an application user (password to be encrypted by the caller's client). */
export function appUserBody(w: PeopleWorld, tenantId: string, orgId: string, username: string, extra: Record<string, unknown> = {}) {
  return { ...validUser(tenantId, orgId, username), password: w.a.encrypt('Passw0rd!new'), ...extra };
}
