/**
 * Test fixtures of the menu designer (tests only): the two-application world of client access
 * (modules/clients/clients.fixtures.ts), a menu body builder, a page row of an application (pages are
 * the page designer's; inserted directly here), and the tree helpers the tests read.
 */
import { randomUUID } from 'node:crypto';
import { AppMenuPaths, type AppMenuNode } from '@mp/protocol';
import { appPages } from '../../db/schema/index.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { clientsWorld, inApp } from '../clients/clients.fixtures.js';

export { inApp };
export type MenusWorld = Awaited<ReturnType<typeof clientsWorld>>;
export const menusWorld = clientsWorld;

/** A valid add body: a module under the root unless patched. */
export const menuBody = (code: string, patch: Record<string, unknown> = {}) => ({
  parentId: '0',
  code,
  name: `Menu_${code}`,
  menuType: 'module',
  ...patch,
});

/** Inserts a page of application `productId` (the page designer's table) and answers its id. */
export async function insertPage(w: MenusWorld, productId: string, name: string, path: string): Promise<string> {
  const id = randomUUID();
  await w.t.app.database.db.insert(appPages).values({ id, productId, formId: `F${name}`, name, path });
  return id;
}

/** Adds a menu as `c` in application `app` and answers its id (fails the test when refused). */
export async function addMenu(c: GatewayClient, app: string, body: Record<string, unknown>): Promise<string> {
  const r = await c.post(AppMenuPaths.addappmenu, body, inApp(app));
  if (r.body.result !== '1') throw new Error(`addappmenu ${String(body.code)}: ${r.body.scode} ${r.body.msg}`);
  return (r.body.data as { row: { id: string } }).row.id;
}

/** The tree of application `app` as `c` sees it. */
export async function treeOf(c: GatewayClient, app: string): Promise<AppMenuNode> {
  const r = await c.post(AppMenuPaths.treeappmenu, {}, inApp(app));
  if (r.body.result !== '1') throw new Error(`treeappmenu: ${r.body.scode}`);
  return (r.body.data as { root: AppMenuNode }).root;
}

/** The tree as nested `code[sequence]` strings, for compact assertions. */
export function shape(n: AppMenuNode): unknown {
  return n.children.map((c) => (c.children.length ? { [`${c.code}#${c.sequence}`]: shape(c) } : `${c.code}#${c.sequence}`));
}

/** Sends a multipart upload of one file to `url` as `c` in application `app`. */
export async function uploadAs(w: MenusWorld, c: GatewayClient, app: string, url: string, name: string, data: Buffer, type = 'image/png') {
  const boundary = `----mp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { ...c.headersFor('POST', undefined), appid: app, 'content-type': `multipart/form-data; boundary=${boundary}` };
  const r = await w.t.app.inject({ method: 'POST', url, headers, payload });
  return { ...r.json(), status: r.statusCode };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
