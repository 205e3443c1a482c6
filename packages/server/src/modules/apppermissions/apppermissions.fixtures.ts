/**
 * Fixtures of the application grant tests (tests only; docs/applications.md "Grants reach the tenants"):
 * the tenant-role world of roles.tenant.testing.ts (tenants 'acme' with administrator ada and role
 * holder hal, 'rival' with rex) plus three applications, inserted as rows:
 * - 'crm' (used by acme and rival): module Sales → pages Orders (page ord: form fOrd with button bSave,
 *   composite cBox holding input iNote, grid gList with a column) and Quotes (page quo: form fQuo with
 *   button bSend), a disabled module Old; APIs aList (load of bSave), aSave (save of fQuo), aLoose (no page);
 * - 'erp' (used by acme): module Ledger, API eApi;
 * - 'hr' (used by rival only): module People.
 */
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appApis, appMenus, appPageNodes, appPages } from '../../db/schema/index.js';
import { authoriseProduct, createProductRow } from '../apptenants/apptenants.fixtures.js';
import { setUp, type TestApp } from '../roles/roles.tenant.testing.js';

/** Item ids of the applications (short ids: the grant items are `menu:<id>` and so on). */
export const ID = {
  crm: 'p-crm',
  erp: 'p-erp',
  hr: 'p-hr',
  sales: 'm-sales',
  orders: 'm-orders',
  quotes: 'm-quotes',
  old: 'm-old',
  ledger: 'm-ledger',
  people: 'm-people',
  ord: 'pg-ord',
  quo: 'pg-quo',
  fOrd: 'n-ford',
  bSave: 'n-bsave',
  cBox: 'n-cbox',
  iNote: 'n-inote',
  gList: 'n-glist',
  col: 'n-col',
  fQuo: 'n-fquo',
  bSend: 'n-bsend',
  aList: 'a-list',
  aSave: 'a-save',
  aLoose: 'a-loose',
  eApi: 'a-erp',
} as const;

/** Inserts the three applications' designs and the tenants' use of them. */
export async function createApps(t: TestApp, tenants: { acme: string; rival: string }): Promise<void> {
  await createProductRow(t.app, ID.crm, 'crm', 'CRM');
  await createProductRow(t.app, ID.erp, 'erp', 'ERP');
  await createProductRow(t.app, ID.hr, 'hr', 'HR');
  await authoriseProduct(t.app, tenants.acme, ID.crm, { name: 'Acme CRM' });
  await authoriseProduct(t.app, tenants.acme, ID.erp);
  await authoriseProduct(t.app, tenants.rival, ID.crm);
  await authoriseProduct(t.app, tenants.rival, ID.hr);
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(appPages).values([
      { id: ID.ord, productId: ID.crm, formId: 'ord', name: 'Orders', path: '/orders' },
      { id: ID.quo, productId: ID.crm, formId: 'quo', name: 'Quotes', path: '/quotes' },
    ]);
    await tx.insert(appApis).values([
      { id: ID.aList, productId: ID.crm, name: 'List orders', serviceName: 'crm', moduleName: 'orders', url: '/crm/orders/list.do' },
      { id: ID.aSave, productId: ID.crm, name: 'Save quote', serviceName: 'crm', moduleName: 'quotes', url: '/crm/quotes/save.do' },
      { id: ID.aLoose, productId: ID.crm, name: 'Ping', serviceName: 'crm', moduleName: 'misc', url: '/crm/ping.do' },
      { id: ID.eApi, productId: ID.erp, name: 'Post entry', serviceName: 'erp', moduleName: 'ledger', url: '/erp/post.do' },
    ]);
    await tx.insert(appPageNodes).values([
      { id: ID.fOrd, productId: ID.crm, pageId: ID.ord, nodeType: 'form', name: 'orderForm', sort: 1 },
      { id: ID.bSave, productId: ID.crm, pageId: ID.ord, parentId: ID.fOrd, nodeType: 'button', name: 'save', alias: 'Save', sort: 1, loadApiIds: [ID.aList] },
      { id: ID.cBox, productId: ID.crm, pageId: ID.ord, parentId: ID.fOrd, nodeType: 'composite', name: 'box', sort: 2 },
      { id: ID.iNote, productId: ID.crm, pageId: ID.ord, parentId: ID.cBox, nodeType: 'input', name: 'note', sort: 1 },
      { id: ID.gList, productId: ID.crm, pageId: ID.ord, parentId: ID.fOrd, nodeType: 'grid', name: 'lines', sort: 3 },
      { id: ID.col, productId: ID.crm, pageId: ID.ord, parentId: ID.gList, nodeType: 'column', name: 'qty', sort: 1 },
      { id: ID.fQuo, productId: ID.crm, pageId: ID.quo, nodeType: 'form', name: 'quoteForm', sort: 1, saveApiIds: [ID.aSave] },
      { id: ID.bSend, productId: ID.crm, pageId: ID.quo, parentId: ID.fQuo, nodeType: 'button', name: 'send', sort: 1 },
    ]);
    await tx.insert(appMenus).values([
      { id: ID.sales, productId: ID.crm, code: 'sales', name: 'Sales', menuType: 'module', sort: 1 },
      { id: ID.old, productId: ID.crm, code: 'old', name: 'Old', menuType: 'module', sort: 2, enabled: 0 },
      { id: ID.ledger, productId: ID.erp, code: 'ledger', name: 'Ledger', menuType: 'module', sort: 1 },
      { id: ID.people, productId: ID.hr, code: 'people', name: 'People', menuType: 'module', sort: 1 },
    ]);
    await tx.insert(appMenus).values([
      { id: ID.orders, productId: ID.crm, parentId: ID.sales, code: 'orders', name: 'Orders', menuType: 'page', pageId: ID.ord, target: '/orders', sort: 1 },
      { id: ID.quotes, productId: ID.crm, parentId: ID.sales, code: 'quotes', name: 'Quotes', menuType: 'page', pageId: ID.quo, target: '/quotes', sort: 2 },
    ]);
  });
}

/** The tenant-role world with the applications. */
export async function appWorld(t: TestApp) {
  const f = await setUp(t);
  await createApps(t, { acme: f.tenantId, rival: f.rivalId });
  return f;
}

/** A grant item. */
export const item = (dpDataid: string, dpPurview = 1) => ({ dpDataid, dpPurview });
