/**
 * My apps (issue 15; docs/users.md "My apps"): a user sees exactly the applications they may use — not
 * one their tenant does not use, a disabled one, one whose application tenant is disabled, or one whose
 * root organisations they are outside; not another tenant's; anonymous callers are refused; bad input is
 * a localised 400. On real PGlite through the gateway (signed requests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Identity, MyAppsPaths, type UserAppRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { clientsWorld, USER_PASSWORD, type ClientsWorld } from '../clients/clients.fixtures.js';
import { loginInitiationUrl } from './myapps.routes.js';

let w: ClientsWorld;
const ids: Record<string, string> = {};

async function exec(q: ReturnType<typeof sql>): Promise<void> {
  await inScope(w.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(q));
}

async function product(code: string, name: string, status = 1): Promise<string> {
  const r = await w.admin.post('/gateway/tenant/plat/product/addproduct', {
    code,
    name,
    abbreviation: name,
    version: 'V1',
    status,
    callbackUrl: `https://${code}.example.com/sso/start?x=1`,
    department: 'IT',
    ownerName: 'Owner',
    ownerEmail: 'owner@example.com',
    ownerPhone: '13800138000',
    opsOwner: 'Ops',
    adminIds: [],
  });
  if (r.body.result !== '1') throw new Error(`product ${code}: ${r.body.scode}`);
  return (r.body.data.row as { id: string }).id;
}

async function signedIn(username: string) {
  const c = await w.t.client();
  await c.signIn(username, USER_PASSWORD);
  return c;
}

async function myApps(c: Awaited<ReturnType<typeof signedIn>>, body: Record<string, unknown> = {}) {
  const r = await c.post(MyAppsPaths.listmyapps, { page: 1, pageSize: 50, ...body });
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  return r.body.data as { rows: UserAppRow[]; records: number };
}

beforeAll(async () => {
  w = await clientsWorld();
  ids.t1 = await createTenantRow(w.t.app, 'acme');
  ids.t2 = await createTenantRow(w.t.app, 'globex');
  // acme: organisations root ⊃ sales ⊃ east, and hr
  for (const [id, parent, name] of [
    ['o-root', null, 'Acme'],
    ['o-sales', 'o-root', 'Sales'],
    ['o-east', 'o-sales', 'East'],
    ['o-hr', 'o-root', 'HR'],
  ] as const) {
    await exec(sql`insert into organisations (id, tenant_id, parent_id, code, name) values (${id}, ${ids.t1}, ${parent}, ${id}, ${name})`);
  }
  ids.alice = await createUserRow(w.t.app, { tenantId: ids.t1, username: 'alice', password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] });
  ids.harry = await createUserRow(w.t.app, { tenantId: ids.t1, username: 'harry', password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] });
  ids.gina = await createUserRow(w.t.app, { tenantId: ids.t2, username: 'gina', password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] });
  await exec(sql`update users set org_id = 'o-east' where id = ${ids.alice}`);
  await exec(sql`update users set org_id = 'o-hr' where id = ${ids.harry}`);
  ids.mail = await product('mail', 'Mail'); // acme uses it, no root organisations: every acme user
  ids.crm2 = await product('crm2', 'Customer desk'); // acme uses it with root organisation Sales: alice only
  ids.off = await product('off', 'Retired', 0); // disabled application
  ids.paused = await product('paused', 'Paused'); // acme's application tenant is disabled
  ids.other = await product('other', 'Other'); // only globex uses it
  ids.unused = await product('unused', 'Unused'); // nobody uses it
  for (const [t, p, s] of [
    [ids.t1, ids.mail, 1],
    [ids.t1, ids.crm2, 1],
    [ids.t1, ids.off, 1],
    [ids.t1, ids.paused, 0],
    [ids.t2, ids.other, 1],
    [ids.t2, ids.mail, 1],
  ] as const) {
    await exec(sql`insert into tenant_products (tenant_id, product_id, status) values (${t}, ${p}, ${s})`);
  }
  await exec(sql`insert into app_root_orgs (product_id, tenant_id, org_id) values (${ids.crm2}, ${ids.t1}, 'o-sales')`);
  await exec(sql`insert into app_menus (id, product_id, parent_id, code, name, menu_type, sort, open_type, platform_type) values
    ('m-late', ${ids.crm2}, null, 'late', 'Late', 'module', 2, 1, 3),
    ('m-first', ${ids.crm2}, null, 'first', 'First', 'module', 1, 2, 1),
    ('m-phone', ${ids.crm2}, null, 'phone', 'Phone', 'module', 0, 1, 2)`);
}, 120_000);

afterAll(async () => {
  await w?.t.close();
});

describe('listmyapps', () => {
  it('lists only the applications the user may use, with the login initiation address and the open type', async () => {
    const alice = await myApps(await signedIn('alice'));
    expect(alice.rows.map((r) => r.code)).toEqual(['crm2', 'mail']);
    expect(alice.records).toBe(2);
    const crm = alice.rows[0]!;
    expect(crm.openType).toBe(2); // first enabled top-level PC menu by sort ('phone' is Phone only)
    expect(alice.rows[1]!.openType).toBe(3); // no menu: new window
    const u = new URL(crm.loginUrl);
    expect(u.origin + u.pathname).toBe('https://crm2.example.com/sso/start');
    expect(u.searchParams.get('x')).toBe('1');
    expect(u.searchParams.get('iss')).toBe(w.t.app.config.oidcIssuer);
    expect(u.searchParams.get('target_link_uri')).toBe('https://crm2.example.com/');
    expect(crm.loginUrl).not.toMatch(/token|ticket|sessionId/i);
  });

  it('leaves out an application whose root organisations the user is outside', async () => {
    expect((await myApps(await signedIn('harry'))).rows.map((r) => r.code)).toEqual(['mail']);
  });

  it("answers only the caller's own tenant's applications (cross-tenant)", async () => {
    const gina = await myApps(await signedIn('gina'));
    expect(gina.rows.map((r) => r.code)).toEqual(['mail', 'other']);
    // a user with no application at all
    expect((await myApps(w.plain)).records).toBe(0);
  });

  it('follows changes at once: enabling the application tenant, a root organisation added for the user', async () => {
    await exec(sql`update tenant_products set status = 1 where tenant_id = ${ids.t1} and product_id = ${ids.paused}`);
    await exec(sql`insert into app_root_orgs (product_id, tenant_id, org_id) values (${ids.crm2}, ${ids.t1}, 'o-hr')`);
    expect((await myApps(await signedIn('harry'))).rows.map((r) => r.code)).toEqual(['crm2', 'mail', 'paused']);
    await exec(sql`update tenant_products set status = 0 where tenant_id = ${ids.t1} and product_id = ${ids.paused}`);
    await exec(sql`delete from app_root_orgs where product_id = ${ids.crm2} and org_id = 'o-hr'`);
  });

  it('searches by name or code (contains, case-insensitive) and pages', async () => {
    const alice = await signedIn('alice');
    expect((await myApps(alice, { keyword: 'DESK' })).rows.map((r) => r.code)).toEqual(['crm2']);
    expect((await myApps(alice, { keyword: 'mai' })).rows.map((r) => r.code)).toEqual(['mail']);
    expect((await myApps(alice, { keyword: '%' })).records).toBe(0);
    const p2 = await myApps(alice, { page: 2, pageSize: 1 });
    expect(p2.rows.map((r) => r.code)).toEqual(['mail']);
    expect(p2.records).toBe(2);
  });

  it('refuses anonymous callers and answers bad input with a localised 400', async () => {
    const anon = await w.t.client();
    const r = await anon.post(MyAppsPaths.listmyapps, { page: 1, pageSize: 10 });
    expect(r.body.result).toBe('0');
    const bad = await w.plain.post(MyAppsPaths.listmyapps, { page: 0, keyword: 'x'.repeat(51) }, { headers: { 'x-language': 'EN_US' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[a-z]/i);
    expect(bad.body.result).toBe('0');
  });
});

describe('loginInitiationUrl', () => {
  it('adds iss and target_link_uri, drops a fragment, refuses what is not http(s)', () => {
    expect(loginInitiationUrl('https://a.example.com/login#x', 'https://iam.example.com/oidc')).toBe(
      'https://a.example.com/login?iss=https%3A%2F%2Fiam.example.com%2Foidc&target_link_uri=https%3A%2F%2Fa.example.com%2F',
    );
    expect(loginInitiationUrl('javascript:alert(1)', 'https://iam/oidc')).toBe('');
    expect(loginInitiationUrl('not a url', 'https://iam/oidc')).toBe('');
  });
});
