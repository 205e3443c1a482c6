/**
 * The application administrator's dashboards (issue 15; docs/applications.md "Dashboards"): figures on a
 * seeded world (expected numbers computed here from the seed, not by the server's SQL), an administrator of
 * application A never sees B's figures, refusal by user type, bad input → 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AppDashboardPaths, Codes, Paths, type AppDashboardSummary, type WorkbenchSummary } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appMenus, auditLog, organisations, sessions, tenantProducts } from '../../db/schema/index.js';
import { appRoles, appRootOrgs } from '../../db/schema/app-people.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { clientsWorld, inApp, validClient, type ClientsWorld } from '../clients/clients.fixtures.js';

const DAY = 86_400_000;
let w: ClientsWorld;
const now = Date.now();

/** The seed, as data the expectations are computed from. */
const seed = {
  // tenant → products it uses (status)
  uses: [
    ['alpha', 'A', 1],
    ['beta', 'A', 1],
    ['beta', 'B', 1],
    ['gamma', 'A', 0],
  ] as const,
  orgs: { R: '/R/', C: '/R/C/', O: '/O/' } as Record<string, string>,
  rootOrgs: [['A', 'beta', 'R']] as const,
  users: [
    ['u1', 'alpha', null],
    ['u2', 'alpha', null],
    ['u3', 'beta', 'R'],
    ['u4', 'beta', 'C'],
    ['u5', 'beta', 'O'],
    ['u6', 'beta', null],
    ['u7', 'gamma', null],
  ] as const,
  // user, state, expires in (ms from now)
  sessions: [
    ['u1', 'active', DAY],
    ['u1', 'active', DAY],
    ['u3', 'active', -60_000],
    ['u4', 'ended', DAY],
    ['u5', 'active', DAY],
    ['u7', 'active', DAY],
  ] as const,
  // client, action, age (ms)
  ssoEvents: [
    ['a-web', 'sso.signin', 0],
    ['a-web', 'sso.signin', 1000],
    ['a-web', 'sso.signin', 2 * DAY],
    ['a-web', 'sso.signin', 8 * DAY],
    ['a-web', 'sso.refused', 0],
    ['b-web', 'sso.signin', 0],
    ['b-web', 'sso.signin', 6 * DAY],
  ] as const,
};

/** Who the users of app `app` are, by the rule of docs/applications.md (tenant uses it; inside its root orgs if any). */
function expectedUsers(app: 'A' | 'B'): Set<string> {
  const out = new Set<string>();
  for (const [u, tenant, org] of seed.users) {
    if (!seed.uses.some(([t, a, s]) => t === tenant && a === app && s === 1)) continue;
    const roots = seed.rootOrgs.filter(([a, t]) => a === app && t === tenant).map(([, , o]) => seed.orgs[o]!);
    if (roots.length === 0 || (org !== null && roots.some((r) => seed.orgs[org]!.startsWith(r)))) out.add(u);
  }
  return out;
}
const activeSessionsOf = (users: Set<string>) => seed.sessions.filter(([u, state, exp]) => users.has(u) && state === 'active' && exp > 0).length;
function sevenDays(): string[] {
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  return Array.from({ length: 7 }, (_, i) => new Date(start.getTime() - (6 - i) * DAY).toISOString().slice(0, 10));
}
const signInsPerDay = (clients: string[]) =>
  sevenDays().map((date) => ({
    date,
    count: seed.ssoEvents.filter(([c, a, age]) => clients.includes(c) && a === 'sso.signin' && new Date(now - age).toISOString().slice(0, 10) === date).length,
  }));

const ids: Record<string, string> = {};
const appOf = (k: 'A' | 'B') => (k === 'A' ? w.appA : w.appB);

beforeAll(async () => {
  w = await clientsWorld();
  for (const t of ['alpha', 'beta', 'gamma']) ids[t] = await createTenantRow(w.t.app, t);
  expect((await w.a.post(Paths.addclient, validClient({ clientId: 'a-web' }), inApp(w.appA.code))).body.result).toBe('1');
  expect((await w.a.post(Paths.addclient, validClient({ clientId: 'a-two' }), inApp(w.appA.code))).body.result).toBe('1');
  expect((await w.a.post(Paths.statusclient, { ids: ['a-two'], status: 0 }, inApp(w.appA.code))).body.result).toBe('1');
  expect((await w.b.post(Paths.addclient, validClient({ clientId: 'b-web', name: 'ERP' }), inApp(w.appB.code))).body.result).toBe('1');
  for (const [u, tenant] of seed.users) ids[u] = await createUserRow(w.t.app, { tenantId: ids[tenant], username: `dash_${u}`, password: 'Passw0rd!x' });
  ids.menuA = randomUUID();
  await inScope(w.t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    for (const [t, a, status] of seed.uses) await tx.insert(tenantProducts).values({ tenantId: ids[t]!, productId: appOf(a).id, status });
    for (const [name, path] of Object.entries(seed.orgs)) {
      ids[name] = randomUUID();
      const parent = path.split('/').filter(Boolean).at(-2); // the path is kept by the database from parent_id
      await tx.insert(organisations).values({
        id: ids[name]!,
        tenantId: ids.beta!,
        parentId: parent ? ids[parent]! : null,
        code: name,
        name,
        type: 2,
        path: path.replace(/[A-Z]/g, (x) => ids[x] ?? x),
      });
    }
    for (const [a, t, o] of seed.rootOrgs) await tx.insert(appRootOrgs).values({ productId: appOf(a).id, tenantId: ids[t]!, orgId: ids[o]! });
    for (const [u, , org] of seed.users) if (org) await tx.execute(sql`update users set org_id = ${ids[org]} where id = ${ids[u]}`);
    for (const [u, state, exp] of seed.sessions) {
      const tenant = seed.users.find(([x]) => x === u)![1];
      await tx.insert(sessions).values({
        id: randomUUID(),
        tokenMd5: randomUUID(),
        userId: ids[u]!,
        tenantId: ids[tenant]!,
        username: u,
        identities: [1],
        state,
        expiresAt: new Date(now + exp),
      });
    }
    for (const [client, action, age] of seed.ssoEvents) {
      await tx.insert(auditLog).values({ id: randomUUID(), tenantId: ids.alpha!, action, entity: 'oidc_client', entityId: client, at: new Date(now - age) });
    }
    await tx.insert(appMenus).values({ id: ids.menuA!, productId: w.appA.id, code: 'sales', name: 'Sales', menuType: 'module' });
    // 12 edits of A's menu in the last hours (so the latest 10 are all of them), one of B's product, one old A change.
    for (let i = 0; i < 12; i++)
      await tx.insert(auditLog).values({
        id: randomUUID(),
        tenantId: 'sys',
        action: 'appmenu.edit',
        entity: 'appmenu',
        entityId: ids.menuA!,
        username: `editor${i}`,
        at: new Date(now - (i + 1) * 60_000),
      });
    await tx.insert(auditLog).values({
      id: randomUUID(),
      tenantId: 'sys',
      action: 'product.edit',
      entity: 'product',
      entityId: w.appB.id,
      username: 'admin',
      at: new Date(now - 30_000),
    });
    // an application role's change names the role only: attributed through app_roles
    ids.roleB = randomUUID();
    await tx.insert(appRoles).values({ id: ids.roleB!, productId: w.appB.id, code: 'clerk', name: 'Clerk' });
    await tx.insert(auditLog).values({
      id: randomUUID(),
      tenantId: 'sys',
      action: 'approle.member.add',
      entity: 'approle',
      entityId: ids.roleB!,
      username: 'appadmin_b',
      at: new Date(now - 20_000),
    });
    await tx.insert(auditLog).values({
      id: randomUUID(),
      tenantId: 'sys',
      action: 'appmenu.delete',
      entity: 'appmenu',
      entityId: 'gone',
      before: { productId: w.appA.id },
      at: new Date(now - 40 * DAY),
    });
  });
});
afterAll(async () => {
  await w.t.close();
});

const workbench = async (c: ClientsWorld['a'], body: Record<string, unknown> = {}) => {
  const r = await c.post(AppDashboardPaths.workbenchsummary, body);
  expect(r.body.result, r.body.scode).toBe('1');
  return (r.body.data as { row: WorkbenchSummary }).row;
};
const expectedFigures = (k: 'A' | 'B') => {
  const users = expectedUsers(k);
  const clients = k === 'A' ? ['a-web', 'a-two'] : ['b-web'];
  return {
    id: appOf(k).id,
    code: appOf(k).code,
    users: users.size,
    activeSessions: activeSessionsOf(users),
    signIns: signInsPerDay(clients).reduce((s, d) => s + d.count, 0),
    clients: clients.length,
    enabledClients: k === 'A' ? 1 : 1,
    tenants: new Set(seed.uses.filter(([, a, s]) => a === k && s === 1).map(([t]) => t)).size,
  };
};

describe('workbench dashboard', () => {
  it("an application administrator gets their own applications' figures only, computed as the rules say", async () => {
    const a = await workbench(w.a);
    expect(a.records).toBe(1);
    expect(a.apps).toHaveLength(1);
    expect(a.apps[0]).toMatchObject(expectedFigures('A'));
    expect(expectedFigures('A')).toMatchObject({ users: 4, activeSessions: 2, signIns: 3, tenants: 2 }); // the seed is what we think it is
    expect(a.signIns).toEqual(signInsPerDay(['a-web', 'a-two']));
    expect(a.totals).toMatchObject({ applications: 1, users: 4, activeSessions: 2, signIns: 3, clients: 2, tenants: 2 });
    expect(a.recent.every((c) => c.productId === w.appA.id)).toBe(true);

    const b = await workbench(w.b);
    expect(b.apps.map((x) => x.id)).toEqual([w.appB.id]);
    expect(b.apps[0]).toMatchObject(expectedFigures('B'));
    expect(b.recent.some((c) => c.action === 'product.edit')).toBe(true);
    expect(b.recent.some((c) => c.action === 'approle.member.add')).toBe(true);
    expect(b.recent.every((c) => c.productId === w.appB.id)).toBe(true);
  });

  it('a platform administrator sees every application; totals count a person or session once across applications', async () => {
    const all = await workbench(w.admin, { pageSize: 50 });
    const mine = all.apps.filter((x) => x.id === w.appA.id || x.id === w.appB.id);
    expect(mine).toEqual([expect.objectContaining(expectedFigures('A')), expect.objectContaining(expectedFigures('B'))]);
    const union = new Set([...expectedUsers('A'), ...expectedUsers('B')]);
    expect(all.totals.users).toBe(union.size); // 6, not 4 + 4
    expect(all.totals.activeSessions).toBe(activeSessionsOf(union));
    expect(all.signIns).toEqual(signInsPerDay(['a-web', 'a-two', 'b-web']));
    // paging: one application per page, by name
    const p2 = await workbench(w.admin, { page: 2, pageSize: 1 });
    expect(p2.records).toBe(all.records);
    expect(p2.apps.map((x) => x.id)).toEqual([all.apps[1]!.id]);
    const k = await workbench(w.admin, { keyword: 'erp' });
    expect(k.apps.map((x) => x.id)).toEqual([w.appB.id]);
  });

  it('an application administrator of no application gets an empty workbench; other user types are refused', async () => {
    const none = await workbench(w.loner);
    expect(none).toMatchObject({ records: 0, apps: [], recent: [], totals: { applications: 0, users: 0 } });
    expect(none.signIns).toHaveLength(7);
    expect((await w.plain.post(AppDashboardPaths.workbenchsummary, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('refuses bad input with HTTP 400 and a localised message', async () => {
    for (const body of [{ pageSize: 51 }, { page: 0 }, { keyword: 'x'.repeat(51) }, { pageSize: 'ten' }]) {
      const r = await w.a.post(AppDashboardPaths.workbenchsummary, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toBeTruthy();
    }
  });
});

describe('application dashboard', () => {
  const summary = async (c: ClientsWorld['a'], app: string) => {
    const r = await c.post(AppDashboardPaths.appsummary, {}, inApp(app));
    return { scode: r.body.scode, row: (r.body.data as { row?: AppDashboardSummary } | undefined)?.row };
  };

  it("answers the APPID application's figures, tenants and latest changes", async () => {
    const { row } = await summary(w.a, w.appA.code);
    expect(row!.app).toMatchObject(expectedFigures('A'));
    expect(row!.signIns).toEqual(signInsPerDay(['a-web', 'a-two']));
    expect(row!.policyCalls).toHaveLength(7);
    expect(row!.tenantCount).toBe(3);
    const users = expectedUsers('A');
    expect(row!.tenants.map((t) => [t.code, t.status, t.users])).toEqual(
      ['alpha', 'beta', 'gamma'].map((t) => [
        t,
        seed.uses.find(([x, a]) => x === t && a === 'A')![2],
        seed.users.filter(([u, tenant]) => tenant === t && users.has(u)).length,
      ]),
    );
    // The latest 10 changes about A, newest first (the client changes just made, then the menu edits of the last
    // minutes), never B's, never the 40-day-old one (older than RECENT_CHANGE_DAYS).
    expect(row!.recent).toHaveLength(10);
    expect(row!.recent.every((c) => c.productId === w.appA.id && c.productName === 'CRM')).toBe(true);
    const at = row!.recent.map((c) => c.at);
    expect([...at].sort().reverse()).toEqual(at);
    expect(row!.recent.map((c) => c.action)).toContain('client.disable');
    expect(row!.recent.map((c) => c.action)).toContain('appmenu.edit');
    expect(row!.recent.some((c) => c.action === 'appmenu.delete')).toBe(false);
  });

  it("an administrator of app A never reads app B's dashboard (by code or id); ordinary users are refused", async () => {
    expect((await summary(w.a, w.appB.code)).scode).toBe(Codes.NO_PERMISSION);
    expect((await summary(w.a, w.appB.id)).scode).toBe(Codes.NO_PERMISSION);
    expect((await summary(w.b, w.appA.code)).scode).toBe(Codes.NO_PERMISSION);
    expect((await summary(w.loner, w.appA.code)).scode).toBe(Codes.NO_PERMISSION);
    expect((await summary(w.plain, w.appA.code)).scode).toBe(Codes.NO_PERMISSION);
    const b = await summary(w.b, w.appB.code);
    expect(b.row!.app).toMatchObject(expectedFigures('B'));
    expect(b.row!.recent.every((c) => c.productId === w.appB.id)).toBe(true);
    // The platform administrator reaches any application.
    expect((await summary(w.admin, w.appA.code)).row!.app.id).toBe(w.appA.id);
  });
});
