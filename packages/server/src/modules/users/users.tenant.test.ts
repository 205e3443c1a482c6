import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, Identity, Paths, UserCodes, type UserRow } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { auditLog, userIdentities, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { buildWorld, PASSWORD, tenantUser, type TenantUserWorld } from './users.tenant.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let w: TenantUserWorld;
let nora: GatewayClient;
let rita: GatewayClient;
let a: string;

const names = (rows: UserRow[]) => rows.map((r) => r.username).sort();
const acmeUsers = () => inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) => tx.select().from(users));
const userRow = async (id: string) => (await acmeUsers()).find((u) => u.id === id)!;

beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t, 'tu');
  a = w.acme.tenantId;
  nora = await w.as('tunora', a);
  rita = await w.as('rita', a);
});
afterAll(async () => {
  await t.close();
});

describe('tenant-area users: the tenant administrator', () => {
  it('adds a user with organisations and a position: enterprise-user identity, audited, no hash in the answer', async () => {
    const r = await nora.post(
      Paths.addtenantuser,
      tenantUser(nora, 'anna', `${a}-esales`, { defaultOrgId: `${a}-east`, stationId: w.station, mobile: '13800000011' }),
    );
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({
      username: 'anna',
      tenantId: a,
      orgName: 'East sales',
      defaultOrgName: 'East',
      stationName: 'Clerk',
      creator: 'tunora',
    });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|passwordHash/);
    const id = r.body.data.row.id;
    const ids = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.userId, id)),
    );
    expect(ids.map((i) => i.identity)).toEqual([Identity.ENTERPRISE_USER]);
    const audit = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, id)));
    expect(audit.map((e) => e.action)).toEqual(['user.add']);
    expect((await nora.post(Paths.gettenantuser, { id })).body.data.row.mobile).toBe('13800000011');
  });

  it('checks every rule of the form on the server and writes nothing on a refusal', async () => {
    const before = (await acmeUsers()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ orgId: '' }, Codes.REQUIRED],
      [{ username: 'bad name!' }, UserCodes.USERNAME_PATTERN],
      [{ employeeName: 'x'.repeat(31) }, Codes.TOO_LONG],
      [{ effectiveDate: '2031-01-01' }, UserCodes.DATE_ORDER],
      [{ mobile: '123' }, UserCodes.MOBILE_PATTERN],
      [{ orgId: `${w.beta.tenantId}-dept` }, UserCodes.ORG_NOT_FOUND],
      [{ defaultOrgId: 'nowhere' }, UserCodes.ORG_NOT_FOUND],
      [{ stationId: w.betaStation }, UserCodes.STATION_NOT_FOUND],
      [{ username: 'anna' }, UserCodes.USERNAME_IN_USE],
      [{ password: nora.encrypt('short') }, Codes.PASSWORD_WEAK],
      [{ password: '' }, Codes.REQUIRED],
      [{ description: '<script>x</script>' }, Codes.SCRIPT_TAG],
    ];
    for (const [patch, code] of cases) {
      const r = await nora.post(Paths.addtenantuser, tenantUser(nora, 'bella', `${a}-east`, patch));
      expect(r.body.scode, JSON.stringify(patch)).toBe(code);
    }
    expect((await acmeUsers()).length).toBe(before);
  });

  it('lists in SQL: the tenant only, an organisation or its subtree, a position, search, sort and paging', async () => {
    const list = (q: Record<string, unknown>) => nora.post(Paths.listtenantuser, { pageSize: 50, ...q });
    const all = (await list({})).body.data;
    expect(names(all.rows)).toEqual(['anna', 'boss', 'rita', 'u-east', 'u-esales', 'u-west']);
    expect(names((await list({ orgId: `${a}-east` })).body.data.rows)).toEqual(['rita', 'u-east']);
    expect(names((await list({ orgId: `${a}-east`, includeSub: true })).body.data.rows)).toEqual(['anna', 'rita', 'u-east', 'u-esales']);
    expect(names((await list({ stationId: w.station })).body.data.rows)).toEqual(['anna']);
    expect(names((await list({ keyword: 'u-e' })).body.data.rows)).toEqual(['u-east', 'u-esales']);
    const page = (await list({ page: 2, pageSize: 2, sortField: 'username', sortOrder: 'descend' })).body.data;
    expect(page.rows.map((r: UserRow) => r.username)).toEqual(['u-east', 'rita']);
    expect(page).toMatchObject({ page: 2, records: 6, total: 3, lastPage: false });
  });

  it('edits, disables, locks, resets the password and deletes; the super manager is never disabled or locked', async () => {
    const id = w.uid['u-west']!;
    const e = await nora.post(Paths.edittenantuser, {
      ...tenantUser(nora, 'u-west', `${a}-west`, { employeeName: 'Westman', stationId: w.station }),
      id,
      password: undefined,
    });
    expect(e.body.data?.row, e.body.msg).toMatchObject({ employeeName: 'Westman', stationName: 'Clerk' });
    expect((await nora.post(Paths.statustenantuser, { ids: [id], status: 0 })).body.data).toEqual({ count: 1 });
    expect((await userRow(id)).status).toBe(0);
    expect((await nora.post(Paths.statustenantuser, { ids: [id], status: 1 })).body.result).toBe('1');
    expect((await nora.post(Paths.locktenantuser, { ids: [id], locked: true })).body.result).toBe('1');
    expect((await userRow(id)).locked).toBe(true);
    expect((await nora.post(Paths.locktenantuser, { ids: [id], locked: false })).body.result).toBe('1');
    // the super manager outranks every tenant administrator (modules/tenancy/acting-on.ts)
    expect((await nora.post(Paths.statustenantuser, { ids: [w.uid.boss!], status: 0 })).body.scode).toBe(UserCodes.OUTRANKS_CALLER);
    expect((await nora.post(Paths.locktenantuser, { ids: [w.uid.boss!, id], locked: true })).body.scode).toBe(UserCodes.OUTRANKS_CALLER);
    expect((await userRow(id)).locked).toBe(false); // nothing of the refused batch was applied
    expect((await nora.post(Paths.resettenantuserpassword, { id, password: nora.encrypt('NewPassw0rd!') })).body.result).toBe('1');
    const u = await t.client();
    expect((await u.signIn('u-west', 'NewPassw0rd!')).userId).toBe(id);
    const anna = (await nora.post(Paths.listtenantuser, { username: 'anna' })).body.data.rows[0].id;
    expect((await nora.post(Paths.deletetenantuser, { ids: [anna] })).body.data).toEqual({ count: 1 });
    expect((await acmeUsers()).some((x) => x.id === anna)).toBe(false);
  });

  it("lists the tenant's positions for the form, by name prefix, and never another tenant's", async () => {
    const r = await nora.post(Paths.listtenantuserstation, { keyword: 'Cl' });
    expect(r.body.data.rows.map((s: { id: string }) => s.id)).toEqual([w.station]);
    // a role holder sees only positions of their subtree: this one has no organisation, so administrators only (issue 12)
    expect((await rita.post(Paths.listtenantuserstation, {})).body.data.records).toBe(0);
  });

  it('exports the grid as .xlsx and downloads the template', async () => {
    const r = await nora.post(Paths.exporttenantuser, { orgId: `${a}-east`, includeSub: true });
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect((await nora.post(Paths.templatetenantuser, {})).headers['content-type']).toContain('spreadsheetml');
  });
});

describe('tenant-area users: data scope and API grants of a role holder', () => {
  it('sees only users of the granted subtree', async () => {
    const rows = (await rita.post(Paths.listtenantuser, { pageSize: 50 })).body.data.rows;
    expect(names(rows)).toEqual(['rita', 'u-east', 'u-esales']);
    expect((await rita.post(Paths.listtenantuser, { orgId: `${a}-west`, includeSub: true })).body.data.records).toBe(0);
    expect((await rita.post(Paths.gettenantuser, { id: w.uid['u-west'] })).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('changes users inside the subtree, and is refused outside it with nothing changed', async () => {
    const id = w.uid['u-esales']!;
    const ok = await rita.post(Paths.edittenantuser, { ...tenantUser(rita, 'u-esales', `${a}-east`), id, password: undefined, employeeName: 'Moved' });
    expect(ok.body.data.row).toMatchObject({ orgName: 'East', employeeName: 'Moved' });
    const out = await rita.post(Paths.edittenantuser, { ...tenantUser(rita, 'u-esales', `${a}-west`), id, password: undefined });
    expect(out.body.scode).toBe(Codes.NO_PERMISSION);
    expect((await userRow(id)).orgId).toBe(`${a}-east`);
    const west = w.uid['u-west']!;
    for (const [path, body] of [
      [Paths.edittenantuser, { ...tenantUser(rita, 'u-west', `${a}-east`), id: west, password: undefined }],
      [Paths.statustenantuser, { ids: [id, west], status: 0 }],
      [Paths.locktenantuser, { ids: [west], locked: true }],
      [Paths.addtenantuser, tenantUser(rita, 'wendy', `${a}-west`)],
      [Paths.addtenantuser, tenantUser(rita, 'wendy', `${a}-east`, { defaultOrgId: `${a}-west` })],
    ] as const) {
      expect((await rita.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
    }
    const after = await userRow(west);
    expect([after.status, after.locked, after.orgId, (await userRow(id)).status]).toEqual([1, false, `${a}-west`, 1]);
    expect((await acmeUsers()).some((u) => u.username === 'wendy')).toBe(false);
  });

  it('is refused the calls its roles grant no API for', async () => {
    expect((await rita.post(Paths.deletetenantuser, { ids: [w.uid['u-east']] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.resettenantuserpassword, { id: w.uid['u-east'], password: rita.encrypt(PASSWORD) })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await rita.post(Paths.templatetenantuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await userRow(w.uid['u-east']!)).toBeTruthy();
  });
});

describe('tenant-area users: other tenants and other callers', () => {
  it('gives another tenant\'s administrator "not found" or nothing for this tenant\'s ids, and changes nothing', async () => {
    const sam = await w.as('tusam', w.beta.tenantId);
    const id = w.uid['u-east']!;
    expect((await sam.post(Paths.listtenantuser, { pageSize: 50 })).body.data.rows.map((r: UserRow) => r.username)).toEqual(['tusam']);
    expect((await sam.post(Paths.listtenantuser, { orgId: `${a}-east`, includeSub: true })).body.data.records).toBe(0);
    for (const [path, body] of [
      [Paths.gettenantuser, { id }],
      [Paths.edittenantuser, { ...tenantUser(sam, 'u-east', `${w.beta.tenantId}-dept`), id, password: undefined }],
      [Paths.statustenantuser, { ids: [id], status: 0 }],
      [Paths.locktenantuser, { ids: [id], locked: true }],
      [Paths.resettenantuserpassword, { id, password: sam.encrypt(PASSWORD) }],
      [Paths.deletetenantuser, { ids: [id] }],
    ] as const) {
      expect((await sam.post(path, body)).body.scode, path).toBe(UserCodes.NOT_FOUND);
    }
    const u = await userRow(id);
    expect([u.status, u.locked, u.orgId]).toEqual([1, false, `${a}-east`]);
    sam.tenantId = a; // naming the other tenant itself is refused outright
    expect((await sam.post(Paths.listtenantuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('refuses the platform administrator and a user of the tenant without a role', async () => {
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    admin.tenantId = a;
    expect((await admin.post(Paths.listtenantuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
    const plain = await w.as('u-east', a);
    expect((await plain.post(Paths.listtenantuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
