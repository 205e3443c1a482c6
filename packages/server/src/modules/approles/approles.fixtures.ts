/**
 * Test fixtures of application roles (tests only): the client-access world (apps crm (A, admin `a`) and
 * erp (B, admin `b`), platform `admin`, `loner`, `plain`) plus tenants and users:
 * - acme uses crm with root organisation Sales: ann (in Sales) is crm's user, bob (in Works) is not;
 * - beta uses crm with no root organisation: cat is crm's user;
 * - other uses erp only: dan is erp's user, not crm's;
 * and crm's design: module Sales → page menu Orders (page with form f1 holding button b1 loading API api1),
 * an API api2 on no page; erp: module m-erp, API e-api.
 */
import { eq } from 'drizzle-orm';
import { appApis, appMenus, appPageNodes, appPages, appRootOrgs, organisations, users } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { authoriseProduct } from '../apptenants/apptenants.fixtures.js';
import { clientsWorld, inApp, USER_PASSWORD } from '../clients/clients.fixtures.js';

export { inApp };

/** Item ids of the designs. */
export const ITEM = {
  sales: 'ar-m-sales',
  orders: 'ar-m-orders',
  page: 'ar-pg',
  form: 'ar-f1',
  button: 'ar-b1',
  api1: 'ar-api1',
  api2: 'ar-api2',
  erpMenu: 'ar-m-erp',
  erpApi: 'ar-e-api',
} as const;

export type RolesWorld = Awaited<ReturnType<typeof rolesWorld>>;

/** Builds the world (see the file's comment). */
export async function rolesWorld() {
  const w = await clientsWorld();
  const app = w.t.app;
  const acme = await createTenantRow(app, 'acme');
  const beta = await createTenantRow(app, 'beta');
  const other = await createTenantRow(app, 'other');
  await authoriseProduct(app, acme, w.appA.id);
  await authoriseProduct(app, beta, w.appA.id);
  await authoriseProduct(app, other, w.appB.id);
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'ar-org-sales', tenantId: acme, code: 'sales', name: 'Sales' },
      { id: 'ar-org-works', tenantId: acme, code: 'works', name: 'Works' },
    ]);
    await tx.insert(appRootOrgs).values({ productId: w.appA.id, tenantId: acme, orgId: 'ar-org-sales' });
    await tx.insert(appPages).values({ id: ITEM.page, productId: w.appA.id, formId: 'orders', name: 'Orders', path: '/orders' });
    await tx.insert(appApis).values([
      { id: ITEM.api1, productId: w.appA.id, name: 'List orders', serviceName: 'crm', moduleName: 'orders', url: '/crm/orders/list.do' },
      { id: ITEM.api2, productId: w.appA.id, name: 'Ping', serviceName: 'crm', moduleName: 'misc', url: '/crm/ping.do' },
      { id: ITEM.erpApi, productId: w.appB.id, name: 'Post', serviceName: 'erp', moduleName: 'ledger', url: '/erp/post.do' },
    ]);
    await tx.insert(appPageNodes).values([
      { id: ITEM.form, productId: w.appA.id, pageId: ITEM.page, nodeType: 'form', name: 'orderForm', sort: 1 },
      { id: ITEM.button, productId: w.appA.id, pageId: ITEM.page, parentId: ITEM.form, nodeType: 'button', name: 'save', sort: 1, loadApiIds: [ITEM.api1] },
    ]);
    await tx.insert(appMenus).values([
      { id: ITEM.sales, productId: w.appA.id, code: 'sales', name: 'Sales', menuType: 'module', sort: 1 },
      { id: ITEM.erpMenu, productId: w.appB.id, code: 'ledger', name: 'Ledger', menuType: 'module', sort: 1 },
    ]);
    await tx.insert(appMenus).values({
      id: ITEM.orders,
      productId: w.appA.id,
      parentId: ITEM.sales,
      code: 'orders',
      name: 'Orders',
      menuType: 'page',
      pageId: ITEM.page,
      target: '/orders',
      sort: 1,
    });
  });
  const user = async (tenantId: string, username: string, orgId?: string) => {
    const id = await createUserRow(app, { tenantId, username, password: USER_PASSWORD });
    if (orgId) await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId }).where(eq(users.id, id)));
    return id;
  };
  const people = {
    ann: await user(acme, 'ann', 'ar-org-sales'),
    bob: await user(acme, 'bob', 'ar-org-works'),
    cat: await user(beta, 'cat'),
    dan: await user(other, 'dan'),
  };
  return { ...w, tenants: { acme, beta, other }, people };
}

/** A valid role body. */
export const validRole = (patch: Record<string, unknown> = {}) => ({ code: 'sales_rep', name: '销售代表', description: 'Sells', ...patch });

/** A grant item. */
export const item = (dpDataid: string, dpPurview = 1) => ({ dpDataid, dpPurview });
