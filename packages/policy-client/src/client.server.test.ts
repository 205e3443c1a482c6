/**
 * The policy client against the REAL policy service: the in-process server (testing/test-app.ts on
 * PGlite) listening on 127.0.0.1 with the policy world of modules/policy/policy.fixtures.ts (application
 * A 'crm' with its confidential backend client, tenants acme/other). Local decisions agree with the
 * service's own; a sync after a grant, membership or design change drops exactly the users the change
 * concerns and the next answer is the new one; paging; refusals as PolicyError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inScope, PLATFORM_SCOPE } from '../../server/src/db/context.js';
import { policyWorld, type PolicyWorld } from '../../server/src/modules/policy/policy.fixtures.js';
import { PolicyPaths } from '@mp/protocol';
import { PolicyClient, PolicyError, type DecisionQuery } from './index.js';

let w: PolicyWorld;
let baseUrl: string;
beforeAll(async () => {
  w = await policyWorld();
  await w.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(w.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await w?.t.close();
});

const clientA = (patch: Partial<ConstructorParameters<typeof PolicyClient>[0]> = {}) =>
  new PolicyClient({ baseUrl, clientId: w.clients.a.id, clientSecret: w.clients.a.secret, ...patch });
const run = (statement: ReturnType<typeof sql>) => inScope(w.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(statement));

describe('PolicyClient against the policy service', () => {
  it('local decisions agree with decision/check for every question', async () => {
    const c = clientA();
    const qs: DecisionQuery[] = [
      { api: '/orders/list.do' },
      { api: '/ORDERS/LIST.DO' },
      { api: '/orders/delete.do' },
      { api: '/items/list.do' },
      { control: w.ids.approve, need: 'write' },
      { control: w.ids.approve },
      { control: w.ids.note, need: 'write' },
      { control: w.ids.note },
      { control: w.ids.saveB },
      { menu: 'orders' },
      { menu: 'ORDERS' },
      { menu: w.ids.orders, need: 'write' },
      { menu: 'reports', need: 'write' },
      { menu: 'sales' },
      { menu: 'hidden' },
      { menu: 'items' },
    ];
    for (const username of ['alice', 'carol', 'bob', 'tess']) {
      for (const q of qs) {
        const local = await c.can('acme', { username }, q);
        const remote = await c.check('acme', { username }, q);
        expect(local, `${username} ${JSON.stringify(q)}`).toBe(remote.allow);
      }
    }
    // four users, each fetched once
    expect(c.cachedUsers).toBe(4);
  });

  it('a removed write grant is still allowed from the cache until sync, then refused; others stay cached', async () => {
    const c = clientA();
    const alice = { userId: w.users.alice };
    expect(await c.can(w.acme, alice, { control: w.ids.approve, need: 'write' })).toBe(true);
    const cursor = c.cursor;
    expect(cursor).toBeTruthy();
    expect((await c.sync()).changes).toBe(0);
    await run(
      sql`update role_grants set purview = 1 where tenant_id = ${w.acme} and role_id = ${w.ids.clerk} and kind = 'appcontrol' and data_id = ${w.ids.approve}`,
    );
    expect(await c.can(w.acme, alice, { control: w.ids.approve, need: 'write' })).toBe(true); // cached
    const out = await c.sync();
    expect(out.changes).toBeGreaterThan(0);
    expect(out.dropped).toBe(1);
    expect(c.cursor).not.toBe(cursor);
    expect(await c.can(w.acme, alice, { control: w.ids.approve, need: 'write' })).toBe(false);
    expect(await c.can(w.acme, alice, { control: w.ids.approve })).toBe(true);
    await run(
      sql`update role_grants set purview = 3 where tenant_id = ${w.acme} and role_id = ${w.ids.clerk} and kind = 'appcontrol' and data_id = ${w.ids.approve}`,
    );
  });

  it('a membership change drops that user only; a design change drops everyone', async () => {
    const c = clientA();
    await c.permissions('acme', { username: 'alice' });
    await c.permissions('acme', { username: 'tess' });
    await run(sql`delete from role_users where tenant_id = ${w.acme} and role_id = ${w.ids.manager} and user_id = ${w.users.alice}`);
    expect(await c.sync()).toMatchObject({ dropped: 1 });
    expect(c.cachedUsers).toBe(1);
    expect(await c.can('acme', { username: 'alice' }, { menu: 'reports' })).toBe(false); // b_manager granted it
    await run(sql`insert into role_users (tenant_id, role_id, user_id) values (${w.acme}, ${w.ids.manager}, ${w.users.alice})`);
    await run(sql`update app_menus set name = 'Sales and more' where id = ${w.ids.sales}`);
    expect(await c.sync()).toMatchObject({ dropped: 2 });
    const p = await c.permissions('acme', { username: 'alice' });
    expect(p.menus[0]!.name).toBe('Sales and more');
    expect(await c.can('acme', { username: 'alice' }, { menu: 'reports' })).toBe(true);
  });

  it('pages with a small limit until hasMore is false', async () => {
    const c = clientA({ syncLimit: 1 });
    await c.permissions('acme', { username: 'carol' });
    await run(sql`update app_apis set description = 'x' where product_id = ${w.appA.id}`); // two API rows: two changes
    await run(sql`update roles set name = 'Clerk 2' where id = ${w.ids.clerk}`);
    const out = await c.sync();
    expect(out.changes).toBeGreaterThanOrEqual(3);
    expect(out.pages).toBeGreaterThanOrEqual(3);
    expect(c.cachedUsers).toBe(0);
  });

  it('refusals are PolicyError with the scode and status', async () => {
    const wrong = new PolicyClient({ baseUrl, clientId: w.clients.a.id, clientSecret: 'not-the-secret' });
    const e = await wrong.permissions('acme', { username: 'alice' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PolicyError);
    expect(e).toMatchObject({ scode: 'policy.client_unauthorized', status: 401 });
    await expect(clientA().permissions('other', { username: 'olga' })).rejects.toMatchObject({ scode: 'policy.tenant_not_subscribed' });
    await expect(clientA().permissions('acme', { username: 'nobody' })).rejects.toMatchObject({ scode: 'policy.user_not_found' });
    // application B's client never learns A's items
    const b = new PolicyClient({ baseUrl, clientId: w.clients.b.id, clientSecret: w.clients.b.secret });
    expect(await b.can('acme', { username: 'alice' }, { api: '/orders/list.do' })).toBe(false);
    expect(await b.can('acme', { username: 'alice' }, { menu: 'items' })).toBe(true);
  });
});

describe('PolicyClient with a client_credentials access token', () => {
  it('gets a token once, sends it as Bearer, renews it when the service refuses it', async () => {
    const calls: string[] = [];
    let refuseNext = false;
    const spy: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      calls.push(`${url.pathname} ${new Headers(init?.headers).get('authorization')?.split(' ')[0]}`);
      if (refuseNext && url.pathname.startsWith('/gateway/policy/')) {
        // as the service answers a token it no longer knows (revoked, expired early)
        refuseNext = false;
        return new Response(JSON.stringify({ result: '0', scode: 'policy.client_unauthorized', message: 'no', data: {} }), { status: 401 });
      }
      return fetch(input, init);
    };
    const c = clientA({ auth: 'client_credentials', fetch: spy });
    expect(await c.can('acme', { username: 'alice' }, { api: '/orders/list.do' })).toBe(true);
    expect(await c.check('acme', { username: 'alice' }, { menu: 'orders' })).toMatchObject({ allow: true });
    expect(calls).toEqual(['/oidc/token Basic', `${PolicyPaths.permissions} Bearer`, `${PolicyPaths.check} Bearer`]);
    // refused once: a new token is fetched (a real one: the service accepts it) and the call repeated
    refuseNext = true;
    calls.length = 0;
    expect(await c.check('acme', { username: 'alice' }, { menu: 'orders' })).toMatchObject({ allow: true });
    expect(calls).toEqual([`${PolicyPaths.check} Bearer`, '/oidc/token Basic', `${PolicyPaths.check} Bearer`]);
    // a bad token is refused by the real service
    const bad = await fetch(new URL(PolicyPaths.check, baseUrl), {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(401);
  });

  it('a client not registered for the grant is refused at the token endpoint', async () => {
    const web = new PolicyClient({ baseUrl, clientId: w.clients.aWeb.id, clientSecret: w.clients.aWeb.secret, auth: 'client_credentials' });
    await expect(web.permissions('acme', { username: 'alice' })).rejects.toMatchObject({ scode: 'policy.client_unauthorized', status: 400 });
  });
});
