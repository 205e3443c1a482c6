/**
 * Who may act on whom (issue 12 §1; modules/tenancy/acting-on.ts): every user-changing call of the
 * tenant area, made by a department manager holding the grants for it, is refused against the tenant
 * administrator, a holder of a role with more grants, administrators of other kinds (platform,
 * application, another tenant's), the super manager, and a user outside the manager's subtree — with
 * nothing changed — and allowed against an ordinary user and a lesser role holder in the subtree. A
 * tenant administrator is refused against platform administrators, the super manager and another
 * tenant's administrators. And every tenant-area write route whose body carries user ids declares them.
 *
 *   acme: root ─ east ─ e-sales
 *              └ west
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { Codes, Identity, Paths, UserCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import {
  auditLog,
  orgUsers,
  roleGrants,
  roles,
  roleUsers,
  sessions,
  stations,
  userAccounts,
  userIdentities,
  userMappings,
  users,
} from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { createTenantTree } from '../roles/roles.fixtures.js';
import { authoriseProduct, createProductRow } from '../apptenants/apptenants.fixtures.js';
import { uploadTo } from '../users/users.testing.js';
import { pollJob, tenantUser } from '../users/users.tenant.testing.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
let acme: string;
let rival: string;
let east: string;
let esales: string;
let west: string;
const uid: Record<string, string> = {};
let mgr: GatewayClient;
let ada: GatewayClient;

/** The calls of the manager's role (every acting call of this test, and the lists their screens need). */
const MGR_APIS = [
  Paths.listtenantuser,
  Paths.edittenantuser,
  Paths.resettenantuserpassword,
  Paths.locktenantuser,
  Paths.statustenantuser,
  Paths.deletetenantuser,
  Paths.importtenantuser,
  Paths.addtenantroleuser,
  Paths.deletetenantroleuser,
  Paths.addstationuser,
  Paths.deletestationuser,
  Paths.addorguser,
  Paths.deleteorguser,
  Paths.editaccount,
  Paths.deleteaccount,
  Paths.bindaccount,
  Paths.unbindaccount,
  Paths.addusermapping,
  Paths.editusermapping,
  Paths.deleteusermapping,
];
const MENUS = ['employeeManagement', 'roleManagement', 'stationManagement', 'orgEmployeeRelation', 'accountManagement', 'employeeMappingManagement'];

async function signedIn(username: string, tenantId: string, password = PASSWORD): Promise<GatewayClient> {
  const c = await t.client();
  c.tenantId = tenantId;
  await c.signIn(username, password);
  return c;
}

/** A user of acme in `orgId`, with identities; returns its id. */
async function member(name: string, orgId: string, extra: { identities?: number[]; superManager?: boolean } = {}): Promise<string> {
  const id = await createUserRow(t.app, { tenantId: acme, username: name, password: PASSWORD, ...extra });
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.update(users).set({ orgId, employeeName: 'Person', effectiveDate: '2026-01-01', expiryDate: '2099-12-31' }).where(eq(users.id, id)),
  );
  return id;
}

beforeAll(async () => {
  t = await testApp();
  const tree = await createTenantTree(t.app, 'aoacme', [{ code: 'east' }, { code: 'esales', parent: 'east' }, { code: 'west' }]);
  acme = tree.tenantId;
  ({ east, esales, west } = tree.orgs as Record<'east' | 'esales' | 'west', string>);
  rival = (await createTenantTree(t.app, 'aorival')).tenantId;
  for (const name of ['ao-ada', 'ao-mgr', 'ao-big', 'ao-small', 'ao-joe', 'ao-kim'])
    uid[name] = await member(name, name === 'ao-joe' || name === 'ao-kim' ? esales : east);
  uid['ao-wes'] = await member('ao-wes', west);
  uid['ao-plato'] = await member('ao-plato', east, { identities: [Identity.PLATFORM_ADMIN, Identity.ENTERPRISE_USER] });
  uid['ao-boss'] = await member('ao-boss', east, { superManager: true });
  uid['ao-rex'] = await member('ao-rex', east);
  uid['ao-appy'] = await member('ao-appy', east, { identities: [Identity.APP_ADMIN, Identity.ENTERPRISE_USER] });
  const platform = await t.client();
  await platform.signIn('admin', ADMIN_PASSWORD);
  expect((await platform.post(Paths.savetenantadmin, { tenantId: acme, userIds: [uid['ao-ada']] })).body.result).toBe('1');
  // rex, a user of acme, administers the rival tenant (the identity row lives in the administered tenant)
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(userIdentities).values({ tenantId: rival, userId: uid['ao-rex']!, identity: Identity.TENANT_ADMIN }),
  );
  await createProductRow(t.app, 'p-ao', 'aoapp', 'AO app');
  await createProductRow(t.app, 'p-ao2', 'aoapp2', 'AO app 2');
  await authoriseProduct(t.app, acme, 'p-ao');
  await authoriseProduct(t.app, acme, 'p-ao2');
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(roles).values([
      { id: 'ao-r-mgr', tenantId: acme, orgId: east, code: 'ao_mgr', name: 'Department managers' },
      { id: 'ao-r-big', tenantId: acme, orgId: east, code: 'ao_big', name: 'Directors' },
      { id: 'ao-r-small', tenantId: acme, orgId: east, code: 'ao_small', name: 'Clerks' },
    ]);
    await tx.insert(roleGrants).values([
      // the manager: the east subtree, read on the menus, the APIs of every acting call
      { tenantId: acme, roleId: 'ao-r-mgr', kind: 'org', dataId: east },
      ...MENUS.map((dataId) => ({ tenantId: acme, roleId: 'ao-r-mgr', kind: 'menu', dataId, purview: 1 })),
      ...MGR_APIS.map((dataId) => ({ tenantId: acme, roleId: 'ao-r-mgr', kind: 'api', dataId })),
      // a director: the same and more (write on a menu, the whole tree, one more API)
      { tenantId: acme, roleId: 'ao-r-big', kind: 'org', dataId: acme },
      ...MENUS.map((dataId) => ({ tenantId: acme, roleId: 'ao-r-big', kind: 'menu', dataId, purview: 3 })),
      ...[...MGR_APIS, Paths.exporttenantuser].map((dataId) => ({ tenantId: acme, roleId: 'ao-r-big', kind: 'api', dataId })),
      // a clerk: less than the manager
      { tenantId: acme, roleId: 'ao-r-small', kind: 'org', dataId: esales },
      { tenantId: acme, roleId: 'ao-r-small', kind: 'menu', dataId: 'employeeManagement', purview: 1 },
      { tenantId: acme, roleId: 'ao-r-small', kind: 'api', dataId: Paths.listtenantuser },
    ]);
    await tx.insert(roleUsers).values([
      { tenantId: acme, roleId: 'ao-r-mgr', userId: uid['ao-mgr']! },
      { tenantId: acme, roleId: 'ao-r-big', userId: uid['ao-big']! },
      { tenantId: acme, roleId: 'ao-r-small', userId: uid['ao-small']! },
    ]);
    await tx.insert(stations).values({ id: 'ao-st', tenantId: acme, orgId: east, name: 'Clerk', level: 'P1' });
    const people = Object.entries(uid);
    await tx
      .insert(userAccounts)
      .values([
        ...people.map(([name, userId]) => ({ id: `acc-${name}`, tenantId: acme, accountType: 1, account: `acc-${name}`, userId, boundAt: new Date() })),
        { id: 'acc-free', tenantId: acme, accountType: 2, account: 'acc-free' },
      ]);
    await tx
      .insert(userMappings)
      .values(people.map(([name, userId]) => ({ id: `m-${name}`, tenantId: acme, productId: 'p-ao', userId, externalAccount: `m-${name}` })));
  });
  mgr = await signedIn('ao-mgr', acme);
  ada = await signedIn('ao-ada', acme);
});
afterAll(async () => {
  await t.close();
});

/** Everything of acme a call on a person could change, and the audit trail. */
function snapshot() {
  return inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    users: await tx.select().from(users).where(eq(users.tenantId, acme)).orderBy(users.id),
    roleUsers: await tx
      .select({ r: roleUsers.roleId, u: roleUsers.userId })
      .from(roleUsers)
      .where(eq(roleUsers.tenantId, acme))
      .orderBy(roleUsers.roleId, roleUsers.userId),
    orgUsers: await tx
      .select({ o: orgUsers.orgId, u: orgUsers.userId })
      .from(orgUsers)
      .where(eq(orgUsers.tenantId, acme))
      .orderBy(orgUsers.orgId, orgUsers.userId),
    accounts: await tx.select().from(userAccounts).where(eq(userAccounts.tenantId, acme)).orderBy(userAccounts.id),
    mappings: await tx.select().from(userMappings).where(eq(userMappings.tenantId, acme)).orderBy(userMappings.id),
    sessions: await tx.select({ id: sessions.id, state: sessions.state }).from(sessions).where(eq(sessions.tenantId, acme)).orderBy(sessions.id),
    audit: (await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.tenantId, acme))).length,
  }));
}

type Call = [string, (c: GatewayClient, name: string, id: string, orgId: string) => Promise<{ body: { result: string; scode?: string; msg: string } }>];

/** Every user-changing call of the tenant area, aimed at one user. */
const CALLS: Call[] = [
  ['edit', (c, name, id, orgId) => c.post(Paths.edittenantuser, { ...tenantUser(c, name, orgId, { expiryDate: '2099-12-31' }), id, password: undefined })],
  ['reset password', (c, _n, id) => c.post(Paths.resettenantuserpassword, { id, password: c.encrypt('An0ther!Pass') })],
  ['lock', (c, _n, id) => c.post(Paths.locktenantuser, { ids: [id], locked: true })],
  ['unlock', (c, _n, id) => c.post(Paths.locktenantuser, { ids: [id], locked: false })],
  ['disable', (c, _n, id) => c.post(Paths.statustenantuser, { ids: [id], status: 0 })],
  ['enable', (c, _n, id) => c.post(Paths.statustenantuser, { ids: [id], status: 1 })],
  ['add to a role', (c, _n, id) => c.post(Paths.addtenantroleuser, { roleId: 'ao-r-small', userIds: [id] })],
  ['remove from a role', (c, _n, id) => c.post(Paths.deletetenantroleuser, { roleId: 'ao-r-small', userIds: [id] })],
  ['add to a station', (c, _n, id) => c.post(Paths.addstationuser, { stationId: 'ao-st', userIds: [id] })],
  ['remove from a station', (c, _n, id) => c.post(Paths.deletestationuser, { stationId: 'ao-st', userIds: [id] })],
  ['add to an organisation', (c, _n, id) => c.post(Paths.addorguser, { orgId: east, userIds: [id] })],
  ['remove from an organisation', (c, _n, id) => c.post(Paths.deleteorguser, { members: [{ orgId: east, userId: id }] })],
  ['associate an account', (c, _n, id) => c.post(Paths.bindaccount, { id: 'acc-free', userId: id })],
  ['edit their account', (c, name) => c.post(Paths.editaccount, { id: `acc-${name}`, accountType: 1, account: `acc-${name}-x`, nickname: 'x' })],
  ['unbind their account', (c, name) => c.post(Paths.unbindaccount, { id: `acc-${name}` })],
  ['delete their account', (c, name) => c.post(Paths.deleteaccount, { ids: [`acc-${name}`] })],
  ['map them', (c, _n, id) => c.post(Paths.addusermapping, { productId: 'p-ao2', userId: id, externalAccount: `new-${id.slice(0, 8)}` })],
  [
    'edit their mapping',
    (c, name, id) => c.post(Paths.editusermapping, { id: `m-${name}`, productId: 'p-ao', userId: id, externalAccount: `m-${name}`, externalName: 'x' }),
  ],
  ['delete their mapping', (c, name) => c.post(Paths.deleteusermapping, { ids: [`m-${name}`] })],
  ['delete', (c, _n, id) => c.post(Paths.deletetenantuser, { ids: [id] })],
];

/** Makes every call against `name` as `c`, expecting `code` each time and nothing changed. */
async function refusedAll(c: GatewayClient, name: string, orgId: string, code: string): Promise<void> {
  const before = await snapshot();
  for (const [label, call] of CALLS) {
    const r = await call(c, name, uid[name]!, orgId);
    expect(r.body.scode, `${label} on ${name}: ${r.body.msg}`).toBe(code);
    if (code === UserCodes.OUTRANKS_CALLER) expect(r.body.msg).toContain(name);
  }
  expect(await snapshot()).toEqual(before);
}

describe('a department manager acting on people (issue 12 §1)', () => {
  it('is refused against the tenant administrator, changing nothing', async () => {
    await refusedAll(mgr, 'ao-ada', east, UserCodes.OUTRANKS_CALLER);
  });

  it('is refused against a holder of a role with more grants, changing nothing', async () => {
    await refusedAll(mgr, 'ao-big', east, UserCodes.OUTRANKS_CALLER);
  });

  it("is refused against platform, application and other tenants' administrators and the super manager", async () => {
    for (const name of ['ao-plato', 'ao-appy', 'ao-rex', 'ao-boss']) await refusedAll(mgr, name, east, UserCodes.OUTRANKS_CALLER);
  });

  it('is refused against a user outside the subtree (10009029001), changing nothing', async () => {
    await refusedAll(mgr, 'ao-wes', west, Codes.NO_PERMISSION);
  });

  it('refuses a batch with one person beyond reach as a whole', async () => {
    const before = await snapshot();
    const r = await mgr.post(Paths.locktenantuser, { ids: [uid['ao-joe'], uid['ao-ada']], locked: true });
    expect(r.body.scode).toBe(UserCodes.OUTRANKS_CALLER);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an import that would update the tenant administrator', async () => {
    const before = await snapshot();
    const head = ['User name', 'Employee name', 'Affiliated organisation code', 'Effective date', 'Expiry date', 'Password'];
    const sheet = (await writeExcelFile(
      [head, ['ao-ada', 'Imported', 'east', '2026-01-01', '2030-12-31', 'Passw0rd!x']].map((r) => r.map((value) => ({ value }))) as never,
    ).toBuffer()) as Buffer;
    mgr.language = 'EN_US';
    const started = await uploadTo(t.app, mgr, Paths.importtenantuser, 'users.xlsx', sheet);
    const job = await pollJob(mgr, started.data.row.jobId);
    expect(job.state).toBe('failed');
    expect(job.report!.errors.map((e) => [e.row, e.message])).toEqual([[2, expect.stringContaining('ao-ada')]]);
    expect(job.report!.errors[0]!.message).toContain('rights you do not hold');
    expect(await snapshot()).toEqual(before);
  });

  it('is allowed every call against an ordinary user and a lesser role holder in the subtree', async () => {
    for (const name of ['ao-joe', 'ao-small']) {
      for (const [label, call] of CALLS) {
        if (label === 'delete' && name === 'ao-small') continue;
        if (label === 'associate an account' && name === 'ao-small') continue; // acc-free is joe's by then
        const r = await call(mgr, name, uid[name]!, esales);
        expect(r.body.result, `${label} on ${name}: ${r.body.scode} ${r.body.msg}`).toBe('1');
      }
    }
    const left = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [uid['ao-joe']!, uid['ao-small']!])),
    );
    expect(left.map((u) => u.id)).toEqual([uid['ao-small']]);
  });
});

describe('a tenant administrator acting on people (issue 12 §1)', () => {
  it("is refused against a platform administrator, the super manager and another tenant's administrator", async () => {
    for (const name of ['ao-plato', 'ao-boss', 'ao-rex']) await refusedAll(ada, name, east, UserCodes.OUTRANKS_CALLER);
  });

  it('ends online sessions only of people they may act on', async () => {
    for (const name of ['ao-plato', 'ao-boss', 'ao-kim']) await signedIn(name, acme);
    const open = async (name: string) =>
      (
        await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
          tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(eq(sessions.userId, uid[name]!), eq(sessions.state, 'active'))),
        )
      )[0]!.id;
    const before = await snapshot();
    for (const name of ['ao-plato', 'ao-boss']) {
      const r = await ada.post(Paths.endsession, { ids: [await open(name)] });
      expect(r.body.scode, name).toBe(UserCodes.OUTRANKS_CALLER);
    }
    expect(await snapshot()).toEqual(before);
    expect((await ada.post(Paths.endsession, { ids: [await open('ao-kim')] })).body.data).toEqual({ count: 1 });
  });

  it('covers application administrators and role holders of the tenant', async () => {
    for (const name of ['ao-appy', 'ao-big', 'ao-mgr']) {
      expect((await ada.post(Paths.locktenantuser, { ids: [uid[name]], locked: true })).body.result, name).toBe('1');
      expect((await ada.post(Paths.locktenantuser, { ids: [uid[name]], locked: false })).body.result, name).toBe('1');
    }
  });
});

/** Body fields (dotted paths) named `userId` / `userIds` in a JSON schema, arrays walked. */
function userIdPaths(schema: unknown, prefix = ''): string[] {
  const s = schema as { type?: string; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] } | undefined;
  if (!s || typeof s !== 'object') return [];
  if (s.items) return userIdPaths(s.items, prefix);
  if (s.anyOf) return s.anyOf.flatMap((x) => userIdPaths(x, prefix));
  return Object.entries(s.properties ?? {}).flatMap(([k, v]) => (/^userIds?$/.test(k) ? [`${prefix}${k}`] : userIdPaths(v, `${prefix}${k}.`)));
}

describe('declared access rules (issue 12 §4)', () => {
  /** Tenant-area routes whose `id` / `ids` are user ids (the user management screen's writes). */
  const BY_ID: Record<string, string> = {
    [Paths.edittenantuser]: 'id',
    [Paths.resettenantuserpassword]: 'id',
    [Paths.locktenantuser]: 'ids',
    [Paths.statustenantuser]: 'ids',
    [Paths.deletetenantuser]: 'ids',
  };
  /** Reads: a user id there filters what is shown, it changes nobody. */
  const isRead = (url: string) => /\/(list|get|export|query|search)[a-z]*$/.test(url);

  it('every tenant-area write whose body carries user ids declares them as actsOn', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const r of t.app.routeTable) {
      const a = r.access as { tenant?: string; actsOn?: string | string[] } | undefined;
      if (!a || typeof a !== 'object' || !a.tenant || r.method === 'HEAD' || isRead(r.url)) continue;
      const body = (r.schema as { body?: unknown } | undefined)?.body;
      const need = [...userIdPaths(body), ...(BY_ID[r.url] ? [BY_ID[r.url]!] : [])];
      if (!need.length) continue;
      checked++;
      const declared = [a.actsOn ?? []].flat();
      for (const p of need) if (!declared.includes(p)) missing.push(`${r.url} (${p})`);
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(14);
  });
});
