/**
 * Test fixtures of the page designer (tests only): the client-access world (apps `crm` of adminA and
 * `erp` of adminB, a platform administrator, an application administrator of no app, an ordinary user)
 * plus a third app `hr` that adminA also administers (sharing), API registry rows, and grants of a
 * control held by roles (any tenant).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { AppPagePaths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appApis, appPageNodes, appPages, auditLog, productAdmins, products, roleGrants, roles } from '../../db/schema/index.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { clientsWorld, inApp } from '../clients/clients.fixtures.js';

export type PagesWorld = Awaited<ReturnType<typeof pagesWorld>>;

/** The world: clientsWorld + app `hr` (adminA too) + APIs in crm (`/crm/list.do`, `/crm/save.do`), erp (`/erp/list.do`) and hr (`/crm/list.do`). */
export async function pagesWorld() {
  const w = await clientsWorld();
  const db = w.t.app.database.db;
  const hr = { id: randomUUID(), code: 'hr' };
  await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const [crm] = await tx.select().from(products).where(eq(products.id, w.appA.id));
    await tx.insert(products).values({ ...crm!, id: hr.id, code: 'hr', name: 'HR', createdAt: new Date(), updatedAt: new Date() });
    await tx.insert(productAdmins).values({ productId: hr.id, userId: w.ids.adminA });
  });
  const api = async (productId: string, name: string, url: string) => {
    const id = randomUUID();
    await inScope(db, PLATFORM_SCOPE, (tx) => tx.insert(appApis).values({ id, productId, name, serviceName: 'svc', moduleName: 'mod', url }));
    return id;
  };
  const apis = {
    crmList: await api(w.appA.id, 'List customers', '/crm/list.do'),
    crmSave: await api(w.appA.id, 'Save customer', '/crm/save.do'),
    erpList: await api(w.appB.id, 'List orders', '/erp/list.do'),
    hrList: await api(hr.id, 'List people', '/crm/list.do'),
  };
  return { ...w, hr, apis };
}

/** POSTs with APPID naming `app` and answers the envelope's body. */
export async function call(c: GatewayClient, path: string, body: unknown, app: string) {
  return (await c.post(path, body, inApp(app))).body;
}

/** Adds a page in `app` through the API and answers its id (fails the test on refusal). */
export async function addPage(c: GatewayClient, app: string, patch: Record<string, unknown> = {}): Promise<string> {
  const b = await call(c, AppPagePaths.addapppage, { name: 'Customers', path: '/crm/customers', platformType: 3, ...patch }, app);
  if (b.result !== '1') throw new Error(`addapppage refused: ${b.scode} ${b.msg}`);
  return (b.data as { row: { id: string } }).row.id;
}

/** Adds a node through the API and answers its id (fails the test on refusal). */
export async function addNode(c: GatewayClient, app: string, body: Record<string, unknown>): Promise<string> {
  const b = await call(c, AppPagePaths.addappnode, body, app);
  if (b.result !== '1') throw new Error(`addappnode refused: ${b.scode} ${b.msg}`);
  return (b.data as { id: string }).id;
}

/** Gives `count` roles of the `sys` tenant a control grant on `nodeId`; answers the role ids. */
export async function grantControl(w: PagesWorld, nodeId: string, count = 1): Promise<string[]> {
  const ids: string[] = [];
  await inScope(w.t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      ids.push(id);
      await tx.insert(roles).values({ id, tenantId: 'sys', code: `r${id.slice(0, 8)}`, name: `Role ${id.slice(0, 8)}` });
      await tx.insert(roleGrants).values({ tenantId: 'sys', roleId: id, kind: 'appcontrol', dataId: nodeId, purview: 3 });
    }
  });
  return ids;
}

/** The control grants held on these nodes. */
export async function grantsOn(w: PagesWorld, nodeIds: string[]) {
  return w.t.app.database.db.select().from(roleGrants).where(inArray(roleGrants.dataId, nodeIds));
}

/** Every page and node row of an app (for "nothing changed" comparisons), in a stable order. */
export async function snapshot(w: PagesWorld, productId: string) {
  const db = w.t.app.database.db;
  const p = await db.select().from(appPages).where(eq(appPages.productId, productId));
  const n = await db.select().from(appPageNodes).where(eq(appPageNodes.productId, productId));
  return { pages: p.sort((x, y) => x.id.localeCompare(y.id)), nodes: n.sort((x, y) => x.id.localeCompare(y.id)) };
}

/** The audit actions recorded so far for an entity id. */
export async function auditActions(w: PagesWorld, entityId: string): Promise<string[]> {
  const rows = await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.map((r) => r.action);
}

export { inApp };
