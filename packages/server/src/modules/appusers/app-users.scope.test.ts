/**
 * The set-wise forms say what `isAppUser` says (docs/benchmarks.md "My apps", "Application user grid"):
 * `appIdsOfUser` (the applications of one user, My apps) and the grid's reach (`reachCondition`, and its
 * total `countAppUsers` from the per-organisation counts plus the granted users), for every user and
 * product of a world with: a tenant serving crm from East only (East's sub-organisation inside, West outside,
 * a user of West given crm individually, a user with no organisation), a whole tenant (a user with no
 * organisation), a tenant using only erp (one of its users granted crm all the same), a disabled
 * application tenant (granted user too), and the platform tenant using nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Identity } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, products, users } from '../../db/schema/index.js';
import { createUserRow } from '../../testing/test-app.js';
import { USER_PASSWORD } from '../clients/clients.fixtures.js';
import { peopleWorld, type PeopleWorld } from './appusers.fixtures.js';
import { appIdsOfUser, isAppUser, usersAs } from './app-users.scope.js';
import { countAppUsers, readAppReach, reachCondition } from './appusers.repository.js';

let w: PeopleWorld;
let noOrgT1: string;
let noOrgT2: string;
const inPlatform = <T>(f: (tx: Tx) => Promise<T>) => inScope(w.t.app.database.db, PLATFORM_SCOPE, f);

beforeAll(async () => {
  w = await peopleWorld();
  const app = w.t.app;
  noOrgT1 = await createUserRow(app, { tenantId: w.t1, username: 'noorg_t1', password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] });
  noOrgT2 = await createUserRow(app, { tenantId: w.t2, username: 'noorg_t2', password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] });
  await inPlatform(async (tx) => {
    await tx.execute(sql`insert into app_root_orgs (product_id, tenant_id, org_id) values (${w.appA.id}, ${w.t1}, ${w.org.east})`);
    await tx.execute(sql`insert into app_user_grants (product_id, tenant_id, user_id) values
      (${w.appA.id}, ${w.t1}, ${w.u.west}), (${w.appA.id}, ${w.t3}, ${w.u.t3}), (${w.appA.id}, ${w.t4}, ${w.u.t4})`);
  });
});
afterAll(async () => {
  await w.t.close();
});

describe('set-wise forms of isAppUser', () => {
  it('appIdsOfUser: for every user, exactly the products isAppUser accepts', async () => {
    const allUsers = await inPlatform((tx) => tx.select({ id: users.id }).from(users));
    const pairs = rowsOf<{ userId: string; productId: string }>(
      await inPlatform((tx) =>
        tx.execute(sql`
      select u.id as "userId", p.id as "productId" from users u cross join products p where ${isAppUser(sql.raw('p.id'), usersAs('u'))}`),
      ),
    );
    const byUser = new Map<string, string[]>();
    for (const r of pairs) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.productId]);
    for (const u of allUsers) {
      const setWise = rowsOf<{ id: string }>(await inPlatform((tx) => tx.execute(sql`select p.id from products p where p.id in (${appIdsOfUser(u.id)})`)))
        .map((r) => r.id)
        .sort();
      expect(setWise, u.id).toEqual((byUser.get(u.id) ?? []).sort());
    }
    // The seeded cases hold as the rule says.
    const crmOf = async (id: string) =>
      rowsOf<{ id: string }>(await inPlatform((tx) => tx.execute(sql`select p.id from products p where p.id in (${appIdsOfUser(id)})`))).some(
        (r) => r.id === w.appA.id,
      );
    expect(await crmOf(w.u.east)).toBe(true);
    expect(await crmOf(w.u.eastSub)).toBe(true);
    expect(await crmOf(w.u.west)).toBe(true); // granted
    expect(await crmOf(noOrgT1)).toBe(false); // roots in t1, no organisation
    expect(await crmOf(noOrgT2)).toBe(true); // whole tenant
    expect(await crmOf(w.u.t3)).toBe(false); // granted, but t3 does not use crm
    expect(await crmOf(w.u.t4)).toBe(false); // disabled application tenant
    expect(rowsOf(await inPlatform((tx) => tx.execute(sql`select p.id from products p where p.id in (${appIdsOfUser('nobody')})`)))).toEqual([]);
  });

  it("the grid's reach and its total: exactly the users isAppUser accepts, for every product and status", async () => {
    const all = await inPlatform((tx) => tx.select({ id: products.id }).from(products));
    for (const { id: productId } of all) {
      await inPlatform(async (tx) => {
        const byRule = (await tx.select({ id: users.id, status: users.status }).from(users).where(isAppUser(productId))).map((r) => r.id).sort();
        const reach = await readAppReach(tx, productId);
        for (const shape of ['walk', 'bitmap'] as const) {
          const byReach = (await tx.select({ id: users.id }).from(users).where(reachCondition(reach, shape))).map((r) => r.id).sort();
          expect(byReach, `${productId} ${shape}`).toEqual(byRule);
        }
        expect(await countAppUsers(tx, {}, { reach }), productId).toBe(byRule.length);
        expect(await countAppUsers(tx, { keyword: '' }, { reach }), productId).toBe(byRule.length);
        expect(await countAppUsers(tx, { locked: false }, { reach }), productId).toBe(byRule.length); // counted over the users
        const enabled = (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(sql`${isAppUser(productId)} and ${users.status} = 1`)
        ).length;
        expect(await countAppUsers(tx, { status: 1 }, { reach }), productId).toBe(enabled);
      });
    }
    const crm = await inPlatform((tx) => readAppReach(tx, w.appA.id));
    // Through a subtree (the per-organisation counts narrow the roots by path): the same as the users counted.
    for (const orgId of [w.t1, w.org.east, w.org.eastSub, w.org.west, w.t2, w.t2dept, w.t3]) {
      const [root] = await inPlatform((tx) =>
        tx.select({ tenantId: organisations.tenantId, path: organisations.path }).from(organisations).where(eq(organisations.id, orgId)),
      );
      const subtree = { tenantId: root!.tenantId, path: root!.path };
      const expected = (
        await inPlatform((tx) =>
          tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                isAppUser(w.appA.id),
                sql`${users.orgId} in (select o.id from organisations o where o.tenant_id = ${subtree.tenantId} and starts_with(o.path, ${subtree.path}))`,
              ),
            ),
        )
      ).length;
      expect(await inPlatform((tx) => countAppUsers(tx, {}, { reach: crm, subtree })), orgId).toBe(expected);
      expect(await inPlatform((tx) => countAppUsers(tx, { locked: false }, { reach: crm, subtree })), orgId).toBe(expected);
    }
    expect(await inPlatform((tx) => countAppUsers(tx, {}, { reach: crm, subtree: null }))).toBe(0);
    // t1: East's three users, the administrators there and West's granted user; t2: both its users.
    expect(await inPlatform((tx) => countAppUsers(tx, { tenantId: w.t1 }, { reach: crm }))).toBe(5);
    expect(await inPlatform((tx) => countAppUsers(tx, { orgId: w.org.west }, { reach: crm }))).toBe(1);
    expect(await inPlatform((tx) => countAppUsers(tx, { tenantId: w.t2 }, { reach: crm }))).toBe(2);
    expect(await inPlatform((tx) => countAppUsers(tx, { tenantId: w.t3 }, { reach: crm }))).toBe(0);
  });
});
