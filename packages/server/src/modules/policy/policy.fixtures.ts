/**
 * Test fixtures of the policy service (tests only). Two applications A ('crm') and B ('erp') with
 * backend clients; tenant 'acme' uses both, tenant 'other' only B. In acme: alice (roles a_clerk,
 * b_manager and the disabled c_off), bob (disabled), dave (locked), carol (no roles), tess (tenant
 * administrator, role a_clerk). Application A: module 'sales' with pages 'orders' (both platforms),
 * 'reports' (PC) and 'hidden' (disabled); page definition 'Orders' with a button 'approve' and an input
 * 'note'; APIs /orders/list.do and /orders/delete.do. Application B: module 'stock', page 'items',
 * button 'b-save', API /items/list.do. Design and grants are written as rows (the designers and the
 * grant dialogs are other modules).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Identity, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appApis, appMenus, appPageNodes, appPages, organisations, roleGrants, roles, roleUsers, tenantProducts } from '../../db/schema/index.js';
import type { TestAppTarget } from '../../testing/postgres-admin.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import { clearAppClientCache } from '../../plugins/app-client.js';
import { policyCacheOf } from './policy.cache.js';

export type PolicyWorld = Awaited<ReturnType<typeof policyWorld>>;

/** `Authorization: Basic` of a client id and secret (RFC 6749 §2.3.1 encoding). */
export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** Opens the target with the decision cache on, or off (MP_POLICY_CACHE=0: every answer from SQL). */
export async function openWith(open: TestAppTarget['open'], noCache: boolean) {
  const prev = process.env.MP_POLICY_CACHE;
  if (noCache) process.env.MP_POLICY_CACHE = '0';
  try {
    return await open();
  } finally {
    if (prev === undefined) delete process.env.MP_POLICY_CACHE;
    else process.env.MP_POLICY_CACHE = prev;
  }
}

/** Builds the world on a fresh app (PGlite, or the database of `overrides.databaseUrl`). */
export async function policyWorld(t?: Awaited<ReturnType<typeof testApp>>) {
  t ??= await testApp();
  const { app } = t;
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  const product = async (code: string) => {
    const r = await admin.post(Paths.addproduct, {
      code,
      name: code.toUpperCase(),
      abbreviation: code,
      version: 'V1',
      status: 1,
      callbackUrl: `https://${code}.example.com/cb`,
      department: 'IT',
      ownerName: 'Owner',
      ownerEmail: 'owner@example.com',
      ownerPhone: '13800138000',
      opsOwner: 'Ops',
      adminIds: [],
    });
    if (r.body.result !== '1') throw new Error(`product ${code}: ${r.body.scode}`);
    return r.body.data.row as { id: string; code: string };
  };
  const appA = await product('crm');
  const appB = await product('erp');
  const client = async (productId: string, clientId: string, patch: Record<string, unknown> = {}) => {
    const r = await admin.post(Paths.addclient, { productId, clientId, name: clientId, redirectUris: [], grantTypes: ['client_credentials'], ...patch });
    if (r.body.result !== '1') throw new Error(`client ${clientId}: ${r.body.scode}`);
    return { id: clientId, secret: (r.body.data as { clientSecret: string | null }).clientSecret ?? '' };
  };
  const clients = {
    a: await client(appA.id, 'crm-backend'),
    aWeb: await client(appA.id, 'crm-web', { grantTypes: ['authorization_code'], redirectUris: ['https://crm.example.com/cb'] }),
    aSpa: await client(appA.id, 'crm-spa', {
      tokenEndpointAuthMethod: 'none',
      grantTypes: ['authorization_code'],
      redirectUris: ['https://crm.example.com/spa'],
    }),
    aOff: await client(appA.id, 'crm-off', { status: 0 }),
    b: await client(appB.id, 'erp-backend'),
  };

  const acme = await createTenantRow(app, 'acme');
  const other = await createTenantRow(app, 'other');
  const pw = 'Passw0rd!x';
  const user = (username: string, identities: number[] = [Identity.ENTERPRISE_USER], tenantId = acme) =>
    createUserRow(app, { tenantId, username, password: pw, identities });
  const users = {
    alice: await user('alice'),
    bob: await user('bob'),
    carol: await user('carol'),
    dave: await user('dave'),
    tess: await user('tess', [Identity.TENANT_ADMIN]),
    olga: await user('olga', [Identity.ENTERPRISE_USER], other),
  };
  const id = (): string => randomUUID();
  const ids = {
    sales: id(),
    orders: id(),
    reports: id(),
    hidden: id(),
    page: id(),
    form: id(),
    approve: id(),
    note: id(),
    list: id(),
    del: id(),
    stock: id(),
    items: id(),
    pageB: id(),
    formB: id(),
    saveB: id(),
    itemsApi: id(),
    clerk: id(),
    manager: id(),
    off: id(),
    otherRole: id(),
    org1: id(),
  };
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(tenantProducts).values([
      { tenantId: acme, productId: appA.id },
      { tenantId: acme, productId: appB.id },
      { tenantId: other, productId: appB.id },
    ]);
    await tx.execute(sql`update users set status = 0 where id = ${users.bob}`);
    await tx.execute(sql`update users set locked = true where id = ${users.dave}`);
    await tx.insert(organisations).values({ id: ids.org1, tenantId: acme, code: 'org1', name: 'Org 1', type: 2, path: `/${ids.org1}/` });
    await tx.insert(appPages).values([
      { id: ids.page, productId: appA.id, formId: 'orders', name: 'Orders', path: '/orders' },
      { id: ids.pageB, productId: appB.id, formId: 'items', name: 'Items', path: '/items' },
    ]);
    await tx.insert(appPageNodes).values([
      { id: ids.form, productId: appA.id, pageId: ids.page, nodeType: 'form', name: 'Order form' },
      { id: ids.approve, productId: appA.id, pageId: ids.page, parentId: ids.form, nodeType: 'button', name: 'Approve', alias: 'approve' },
      { id: ids.note, productId: appA.id, pageId: ids.page, parentId: ids.form, nodeType: 'input', name: 'Note', alias: 'note' },
      { id: ids.formB, productId: appB.id, pageId: ids.pageB, nodeType: 'form', name: 'Item form' },
      { id: ids.saveB, productId: appB.id, pageId: ids.pageB, parentId: ids.formB, nodeType: 'button', name: 'Save', alias: 'b-save' },
    ]);
    await tx.insert(appMenus).values([
      { id: ids.sales, productId: appA.id, code: 'sales', name: 'Sales', menuType: 'module', sort: 1 },
      {
        id: ids.orders,
        productId: appA.id,
        parentId: ids.sales,
        code: 'orders',
        name: 'Orders',
        menuType: 'page',
        pageId: ids.page,
        target: '/orders',
        sort: 1,
        platformType: 3,
      },
      {
        id: ids.reports,
        productId: appA.id,
        parentId: ids.sales,
        code: 'reports',
        name: 'Reports',
        menuType: 'page',
        target: '/reports',
        sort: 2,
        platformType: 1,
        openType: 2,
        refresh: 1,
      },
      { id: ids.hidden, productId: appA.id, parentId: ids.sales, code: 'hidden', name: 'Hidden', menuType: 'page', target: '/hidden', sort: 3, enabled: 0 },
      { id: ids.stock, productId: appB.id, code: 'stock', name: 'Stock', menuType: 'module' },
      { id: ids.items, productId: appB.id, parentId: ids.stock, code: 'items', name: 'Items', menuType: 'page', target: '/items', pageId: ids.pageB },
    ]);
    await tx.insert(appApis).values([
      { id: ids.list, productId: appA.id, name: 'List orders', serviceName: 'sales', moduleName: 'orders', url: '/orders/list.do' },
      { id: ids.del, productId: appA.id, name: 'Delete order', serviceName: 'sales', moduleName: 'orders', url: '/orders/delete.do' },
      { id: ids.itemsApi, productId: appB.id, name: 'List items', serviceName: 'stock', moduleName: 'items', url: '/items/list.do' },
    ]);
    await tx.insert(roles).values([
      { id: ids.clerk, tenantId: acme, code: 'a_clerk', name: 'Clerk' },
      { id: ids.manager, tenantId: acme, code: 'b_manager', name: 'Manager' },
      { id: ids.off, tenantId: acme, code: 'c_off', name: 'Off', status: 0 },
      { id: ids.otherRole, tenantId: other, code: 'o_role', name: 'Other' },
    ]);
    await tx
      .insert(roleUsers)
      .values([
        ...[ids.clerk, ids.manager, ids.off].map((roleId) => ({ tenantId: acme, roleId, userId: users.alice })),
        ...[ids.clerk, ids.manager].flatMap((roleId) => [users.bob, users.dave].map((userId) => ({ tenantId: acme, roleId, userId }))),
        { tenantId: acme, roleId: ids.clerk, userId: users.tess },
        { tenantId: other, roleId: ids.otherRole, userId: users.olga },
      ]);
    await tx.insert(roleGrants).values([
      { tenantId: acme, roleId: ids.clerk, kind: 'appmenu', dataId: ids.orders, purview: 1 },
      { tenantId: acme, roleId: ids.clerk, kind: 'appcontrol', dataId: ids.approve, purview: 3 },
      { tenantId: acme, roleId: ids.clerk, kind: 'appapi', dataId: ids.list, purview: 1 },
      { tenantId: acme, roleId: ids.clerk, kind: 'org', dataId: ids.org1, purview: 1 },
      { tenantId: acme, roleId: ids.clerk, kind: 'orgtype', dataId: '2', purview: 1 },
      { tenantId: acme, roleId: ids.clerk, kind: 'appmenu', dataId: ids.items, purview: 1 },
      { tenantId: acme, roleId: ids.manager, kind: 'appmenu', dataId: ids.reports, purview: 3 },
      { tenantId: acme, roleId: ids.manager, kind: 'appmenu', dataId: ids.hidden, purview: 1 },
      { tenantId: acme, roleId: ids.manager, kind: 'appcontrol', dataId: ids.note, purview: 1 },
      { tenantId: acme, roleId: ids.manager, kind: 'appcontrol', dataId: ids.approve, purview: 1 },
      { tenantId: acme, roleId: ids.off, kind: 'appapi', dataId: ids.del, purview: 1 },
      { tenantId: other, roleId: ids.otherRole, kind: 'appmenu', dataId: ids.items, purview: 1 },
    ]);
  });

  /** POSTs `body` to a policy path with the Authorization header `auth` (none when undefined). */
  const call = async <D = Record<string, unknown>>(path: string, body: unknown, auth?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, headers: res.headers, body: res.json() as { result: string; scode: string; message: string; data: D } };
  };
  /**
   * After a direct write: waits until the decision cache has read every committed change (the poller's
   * bound, without sleeping) and forgets authenticated clients (their TTL passed). No-op with the cache off.
   */
  const flush = async () => {
    await policyCacheOf(app.database)?.flush();
    clearAppClientCache(app);
  };
  return {
    t,
    app,
    admin,
    appA,
    appB,
    clients,
    acme,
    other,
    users,
    ids,
    call,
    flush,
    asA: basic(clients.a.id, clients.a.secret),
    asB: basic(clients.b.id, clients.b.secret),
  };
}
