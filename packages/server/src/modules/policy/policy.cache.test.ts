/**
 * The decision cache (policy.cache.ts; docs/applications.md "Decision cache"): cached decisions and
 * permissions equal the SQL answers over randomised grants; every change that alters an answer (grant,
 * membership, menu deletion, user locked / expired / disabled / lock end, role disabled, tenant disabled,
 * user types) is dropped by the poller reading the change log (awaited, not slept for), and is stale
 * without it; one application's entries never answer another; the LRU bound holds; an entry ends when
 * the user's lock or validity ends. On PGlite and on the test run's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { PolicyCheckBody } from '@mp/protocol';
import { testAppTargets, type TestAppTarget } from '../../testing/postgres-admin.js';
import { policyWorld, type PolicyWorld } from './policy.fixtures.js';
import { activeChangesAt, PolicyCache } from './policy.cache.js';
import * as svc from './policy.service.js';

const OPTS = { enabled: true, size: 100, pollMs: 1e9, maxAgeMs: 60_000, clientTtlMs: 5000 };

function cacheTests(label: string, open: TestAppTarget['open']) {
  let w: PolicyWorld;
  let close: () => Promise<void>;
  let cache: PolicyCache;
  const db = () => w.app.database.db;
  beforeAll(async () => {
    const o = await open();
    close = o.close;
    w = await policyWorld(o.t);
    cache = new PolicyCache(db(), OPTS);
    await cache.pollOnce(); // sets the poller's cursor; the timer is not started: polls only when a test says so
  }, 60_000);
  afterAll(async () => {
    await cache.stop();
    await close();
  });

  /** The decision with the cache and from SQL. */
  const both = async (productId: string, b: PolicyCheckBody) => [await svc.decide(db(), productId, b, cache), await svc.decide(db(), productId, b)] as const;
  const alice = () => ({ tenantId: 'acme', username: 'alice' });

  describe(`${label}: equals SQL`, () => {
    it('decisions and permissions over randomised grants, users, targets, case and applications', async () => {
      const roles = [w.ids.clerk, w.ids.manager, w.ids.off];
      const items = [
        ['appmenu', w.ids.orders],
        ['appmenu', w.ids.reports],
        ['appmenu', w.ids.hidden],
        ['appmenu', w.ids.items],
        ['appmenu', w.ids.sales],
        ['appcontrol', w.ids.approve],
        ['appcontrol', w.ids.note],
        ['appcontrol', w.ids.form],
        ['appcontrol', w.ids.saveB],
        ['appapi', w.ids.list],
        ['appapi', w.ids.del],
        ['appapi', w.ids.itemsApi],
      ] as const;
      const targets = [
        { api: '/orders/list.do' },
        { api: '/ORDERS/Delete.do' },
        { api: '/items/list.do' },
        { api: '/none.do' },
        { control: w.ids.approve },
        { control: w.ids.note },
        { control: w.ids.form },
        { control: w.ids.saveB },
        { menu: 'orders' },
        { menu: 'REPORTS' },
        { menu: w.ids.reports },
        { menu: 'hidden' },
        { menu: 'items' },
        { menu: 'sales' },
        { menu: 'nope' },
      ];
      const grant = fc.record({ role: fc.constantFrom(...roles), item: fc.constantFrom(...items), purview: fc.constantFrom(1, 2, 3) });
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(grant, { selector: (g) => `${g.role}|${g.item[1]}`, maxLength: 12 }), async (grants) => {
          await db().execute(sql`delete from role_grants where tenant_id = ${w.acme} and kind in ('appmenu', 'appcontrol', 'appapi')`);
          for (const g of grants) {
            await db().execute(
              sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview) values (${w.acme}, ${g.role}, ${g.item[0]}, ${g.item[1]}, ${g.purview})`,
            );
          }
          await cache.flush();
          for (const productId of [w.appA.id, w.appB.id]) {
            for (const user of ['alice', 'bob', 'carol', 'tess']) {
              const who = { tenantId: 'acme', username: user };
              expect(await svc.userPermissions(db(), productId, who, cache)).toEqual({
                ...(await svc.userPermissions(db(), productId, who)),
                cursor: expect.any(String),
              });
              for (const t of targets)
                for (const need of ['read', 'write'] as const) {
                  const [cached, fromSql] = await both(productId, { ...who, ...t, need });
                  expect(cached, JSON.stringify({ productId, user, t, need })).toEqual(fromSql);
                }
            }
          }
        }),
        { numRuns: 8 },
      );
    }, 120_000);
  });

  describe(`${label}: kept current by the change log`, () => {
    const cases: [string, () => Promise<unknown>, () => Promise<unknown>, PolicyCheckBody][] = [
      [
        'a grant removed',
        () => db().execute(sql`delete from role_grants where role_id = ${w.ids.clerk} and data_id = ${w.ids.list}`),
        () =>
          db().execute(
            sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview) values (${w.acme}, ${w.ids.clerk}, 'appapi', ${w.ids.list}, 1)`,
          ),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a membership removed',
        () => db().execute(sql`delete from role_users where role_id = ${w.ids.clerk} and user_id = ${w.users.alice}`),
        () => db().execute(sql`insert into role_users (tenant_id, role_id, user_id) values (${w.acme}, ${w.ids.clerk}, ${w.users.alice})`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a user locked until later',
        () => db().execute(sql`update users set locked_until = now() + interval '1 hour' where id = ${w.users.alice}`),
        () => db().execute(sql`update users set locked_until = null where id = ${w.users.alice}`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a user expired',
        () => db().execute(sql`update users set expiry_date = current_date - 1 where id = ${w.users.alice}`),
        () => db().execute(sql`update users set expiry_date = null where id = ${w.users.alice}`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a user disabled',
        () => db().execute(sql`update users set status = 0 where id = ${w.users.alice}`),
        () => db().execute(sql`update users set status = 1 where id = ${w.users.alice}`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a user left with a test account only',
        () => db().execute(sql`update user_identities set identity = 5 where user_id = ${w.users.alice}`),
        () => db().execute(sql`update user_identities set identity = 1 where user_id = ${w.users.alice}`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a role disabled',
        () => db().execute(sql`update roles set status = 0 where id = ${w.ids.clerk}`),
        () => db().execute(sql`update roles set status = 1 where id = ${w.ids.clerk}`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a tenant disabled',
        () => db().execute(sql`update tenants set status = 0 where id = ${w.acme}`),
        () => db().execute(sql`update tenants set status = 1 where id = ${w.acme}`),
        { ...alice(), api: '/orders/list.do' },
      ],
      [
        'a module disabled',
        () => db().execute(sql`update app_menus set enabled = 0 where id = ${w.ids.sales}`),
        () => db().execute(sql`update app_menus set enabled = 1 where id = ${w.ids.sales}`),
        { ...alice(), menu: 'orders' },
      ],
    ];
    beforeAll(async () => {
      // The equality property left random grants: back to the fixture's grants of application A in acme.
      await db().execute(sql`delete from role_grants where tenant_id = ${w.acme} and kind in ('appmenu', 'appcontrol', 'appapi')`);
      await db().execute(sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview) values
        (${w.acme}, ${w.ids.clerk}, 'appmenu', ${w.ids.orders}, 1), (${w.acme}, ${w.ids.clerk}, 'appapi', ${w.ids.list}, 1)`);
      await cache.flush();
    });

    it.each(cases)('%s: stale until the poller reads the log, then refused; restored likewise', async (_name, change, undo, body) => {
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow).toBe(true);
      await change();
      expect((await svc.decide(db(), w.appA.id, body)).allow).toBe(false);
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow, 'cached until the poll').toBe(true);
      await cache.flush();
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow).toBe(false);
      await undo();
      await cache.flush();
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow).toBe(true);
    });

    it('a menu deleted: its decisions and the permissions tree drop it', async () => {
      const body = { tenantId: 'acme', username: 'alice', menu: 'orders' };
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow).toBe(true);
      await db().execute(sql`delete from app_menus where id = ${w.ids.orders}`);
      await cache.flush();
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow).toBe(false);
      expect(JSON.stringify((await svc.userPermissions(db(), w.appA.id, body, cache)).menus)).not.toContain(w.ids.orders);
    });
  });

  describe(`${label}: bounds`, () => {
    it('an entry of application A never answers application B', async () => {
      const body = { tenantId: 'acme', username: 'alice', api: '/orders/list.do' };
      expect((await svc.decide(db(), w.appA.id, body, cache)).allow).toBe(true);
      expect(await svc.decide(db(), w.appB.id, body, cache)).toEqual({ allow: false, by: null });
      expect((await svc.userPermissions(db(), w.appB.id, body, cache)).apis).toEqual([]);
    });

    it('holds at most `size` entries (least recently used dropped)', async () => {
      const small = new PolicyCache(db(), { ...OPTS, size: 2 });
      await small.pollOnce();
      for (const username of ['alice', 'bob', 'carol', 'dave', 'tess']) await small.user(w.appA.id, 'acme', { username });
      expect(small.size).toBe(2);
      await small.stop();
    });

    it('an entry ends when the lock ends or the validity dates start or end', () => {
      const now = Date.parse('2026-01-10T12:00:00Z');
      const s = {
        tenantId: 't',
        subscription: 1,
        userId: 'u',
        username: 'u',
        active: false,
        tenantAdmin: false,
        lockedUntil: null,
        effectiveDate: null,
        expiryDate: null,
      };
      expect(activeChangesAt(s, now)).toBe(Infinity);
      expect(activeChangesAt({ ...s, lockedUntil: '2026-01-10T12:05:00.000Z' }, now)).toBe(Date.parse('2026-01-10T12:05:00Z'));
      expect(activeChangesAt({ ...s, effectiveDate: '2026-01-12', expiryDate: '2026-01-11' }, now)).toBe(Date.parse('2026-01-12T00:00:00Z'));
      expect(activeChangesAt({ ...s, lockedUntil: '2026-01-09T00:00:00.000Z', expiryDate: '2026-01-10' }, now)).toBe(Date.parse('2026-01-11T00:00:00Z'));
    });
  });
}

for (const { label, open } of testAppTargets('mp_policy_cache')) describe(label, () => cacheTests(label, open));
