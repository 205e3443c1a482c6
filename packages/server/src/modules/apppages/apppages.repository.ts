/**
 * Pages, their nodes and the API picker of an application (tables `app_pages`, `app_page_nodes`,
 * `app_apis`; SPEC §2 Page manager): verb-first queries, every one bounded by the application
 * (`product_id`), paged, filtered and sorted in SQL. Platform-level tables (no tenant, no row-level
 * security): callers run in the platform scope and always pass the application's id.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { APP_API_OPTION_SORT_FIELDS, APP_PAGE_SORT_FIELDS, AppApiOptionListBody, AppPageListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { appApis, appPageNodes, appPages, productAdmins, products, roleGrants } from '../../db/schema/index.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { like } from '../products/products.repository.js';

export type PageRecord = typeof appPages.$inferSelect;
export type NodeRecord = typeof appPageNodes.$inferSelect;
export type ApiRecord = typeof appApis.$inferSelect;
export type NodeInsert = typeof appPageNodes.$inferInsert;

const PAGE_SORTS: SortColumns<typeof APP_PAGE_SORT_FIELDS> = {
  formId: appPages.formId,
  name: appPages.name,
  path: appPages.path,
  platformType: appPages.platformType,
  updatedAt: appPages.updatedAt,
};
const API_SORTS: SortColumns<typeof APP_API_OPTION_SORT_FIELDS> = { name: appApis.name, url: appApis.url };

/** One page of an application's pages (keyword: formID, name or path contains) and the number matching. */
export async function listPages(
  tx: Tx,
  productId: string,
  q: AppPageListBody & { page: number; pageSize: number },
): Promise<{ rows: PageRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [eq(appPages.productId, productId)];
  const k = q.keyword?.trim();
  if (k) parts.push(or(ilike(appPages.formId, like(k)), ilike(appPages.name, like(k)), ilike(appPages.path, like(k))));
  if (q.platformType !== undefined) parts.push(eq(appPages.platformType, q.platformType));
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(appPages).where(where);
  const rows = await tx
    .select()
    .from(appPages)
    .where(where)
    .orderBy(...orderTerms(PAGE_SORTS, q, desc(appPages.updatedAt), appPages.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}

/** The application's page with this id (another application's is undefined). */
export async function findPageById(tx: Tx, productId: string, id: string, lock = false): Promise<PageRecord | undefined> {
  const q = tx
    .select()
    .from(appPages)
    .where(and(eq(appPages.productId, productId), eq(appPages.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The application's pages among `ids`. */
export async function findPagesByIds(tx: Tx, productId: string, ids: string[]): Promise<PageRecord[]> {
  return ids.length
    ? tx
        .select()
        .from(appPages)
        .where(and(eq(appPages.productId, productId), inArray(appPages.id, ids)))
    : [];
}

/** The application's page with this formID (case-insensitive). */
export async function findPageByFormId(tx: Tx, productId: string, formId: string): Promise<PageRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appPages)
    .where(and(eq(appPages.productId, productId), sql`lower(${appPages.formId}) = ${formId.toLowerCase()}`));
  return row;
}

/** The application's page with this path (case-insensitive). */
export async function findPageByPath(tx: Tx, productId: string, path: string): Promise<PageRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appPages)
    .where(and(eq(appPages.productId, productId), sql`lower(${appPages.path}) = ${path.toLowerCase()}`));
  return row;
}

/** Inserts a page row; answers it. */
export async function insertPage(tx: Tx, row: typeof appPages.$inferInsert): Promise<PageRecord> {
  const [r] = await tx.insert(appPages).values(row).returning();
  return r!;
}

/** Updates a page (and its `updated_at`, the grid's "last update time"). */
export async function updatePageById(tx: Tx, productId: string, id: string, patch: Partial<typeof appPages.$inferInsert>): Promise<PageRecord | undefined> {
  const [r] = await tx
    .update(appPages)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(appPages.productId, productId), eq(appPages.id, id)))
    .returning();
  return r;
}

/** Deletes pages; their nodes go by cascade and the nodes' grants by trigger (migration 0018). */
export async function deletePagesByIds(tx: Tx, productId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await tx
    .delete(appPages)
    .where(and(eq(appPages.productId, productId), inArray(appPages.id, ids)))
    .returning({ id: appPages.id });
  return rows.length;
}

/** Every node of a page (parents before children is not promised), in sibling order. */
export async function listNodesOfPage(tx: Tx, productId: string, pageId: string): Promise<NodeRecord[]> {
  return tx
    .select()
    .from(appPageNodes)
    .where(and(eq(appPageNodes.productId, productId), eq(appPageNodes.pageId, pageId)))
    .orderBy(asc(appPageNodes.sort), asc(appPageNodes.createdAt), asc(appPageNodes.id));
}

/** Every node of these pages (export, grants of a page delete). */
export async function listNodeIdsOfPages(tx: Tx, productId: string, pageIds: string[]): Promise<string[]> {
  if (!pageIds.length) return [];
  const rows = await tx
    .select({ id: appPageNodes.id })
    .from(appPageNodes)
    .where(and(eq(appPageNodes.productId, productId), inArray(appPageNodes.pageId, pageIds)));
  return rows.map((r) => r.id);
}

/** The application's node with this id. */
export async function findNodeById(tx: Tx, productId: string, id: string): Promise<NodeRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appPageNodes)
    .where(and(eq(appPageNodes.productId, productId), eq(appPageNodes.id, id)));
  return row;
}

/** The nodes under `parentId` (null: the page's forms), in sibling order. */
export async function listSiblings(tx: Tx, pageId: string, parentId: string | null): Promise<NodeRecord[]> {
  return tx
    .select()
    .from(appPageNodes)
    .where(and(eq(appPageNodes.pageId, pageId), parentId === null ? isNull(appPageNodes.parentId) : eq(appPageNodes.parentId, parentId)))
    .orderBy(asc(appPageNodes.sort), asc(appPageNodes.createdAt), asc(appPageNodes.id));
}

/** Inserts node rows (parents before children), 500 per statement. */
export async function insertNodes(tx: Tx, rows: NodeInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(appPageNodes).values(rows.slice(i, i + 500));
}

/** Updates the application's node (and its `updated_at`); undefined when not the application's. */
export async function updateNodeById(tx: Tx, productId: string, id: string, patch: Partial<NodeInsert>): Promise<NodeRecord | undefined> {
  const [r] = await tx
    .update(appPageNodes)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(appPageNodes.productId, productId), eq(appPageNodes.id, id)))
    .returning();
  return r;
}

/** Deletes nodes (their descendants by cascade, the grants of all by trigger). */
export async function deleteNodesByIds(tx: Tx, productId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await tx
    .delete(appPageNodes)
    .where(and(eq(appPageNodes.productId, productId), inArray(appPageNodes.id, ids)))
    .returning({ id: appPageNodes.id });
  return rows.length;
}

/** How many roles (over every tenant) hold a control grant on one of these nodes. */
export async function countRolesGranted(tx: Tx, nodeIds: string[]): Promise<number> {
  if (!nodeIds.length) return 0;
  const [r] = await tx
    .select({ n: sql<number>`count(distinct (${roleGrants.tenantId}, ${roleGrants.roleId}))::int` })
    .from(roleGrants)
    .where(and(eq(roleGrants.kind, 'appcontrol'), inArray(roleGrants.dataId, nodeIds)));
  return r?.n ?? 0;
}

/** The API picker: one page of the application's registry (keyword: name, url, service or module contains). */
export async function listApiOptions(
  tx: Tx,
  productId: string,
  q: AppApiOptionListBody & { page: number; pageSize: number },
): Promise<{ rows: ApiRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [eq(appApis.productId, productId)];
  const k = q.keyword?.trim();
  if (k) parts.push(or(ilike(appApis.name, like(k)), ilike(appApis.url, like(k)), ilike(appApis.serviceName, like(k)), ilike(appApis.moduleName, like(k))));
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(appApis).where(where);
  const rows = await tx
    .select()
    .from(appApis)
    .where(where)
    .orderBy(...orderTerms(API_SORTS, q, [asc(appApis.serviceName), asc(appApis.moduleName), asc(appApis.name)], appApis.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}

/** The application's APIs among `ids`. */
export async function findApisByIds(tx: Tx, productId: string, ids: string[]): Promise<ApiRecord[]> {
  return ids.length
    ? tx
        .select()
        .from(appApis)
        .where(and(eq(appApis.productId, productId), inArray(appApis.id, ids)))
    : [];
}

/** The application's APIs whose url is among `urls` (case-insensitive, as the registry's unique key). */
export async function findApisByUrls(tx: Tx, productId: string, urls: string[]): Promise<ApiRecord[]> {
  if (!urls.length) return [];
  const lower = [...new Set(urls.map((u) => u.toLowerCase()))];
  return tx
    .select()
    .from(appApis)
    .where(and(eq(appApis.productId, productId), inArray(sql`lower(${appApis.url})`, lower)));
}

/** The applications `userId` administers (every application when undefined: a platform administrator), by name. */
export async function listAdministeredApps(tx: Tx, userId: string | undefined): Promise<{ id: string; code: string; name: string }[]> {
  const cols = { id: products.id, code: products.code, name: products.name };
  if (userId === undefined) return tx.select(cols).from(products).orderBy(asc(products.name), asc(products.id));
  return tx
    .select(cols)
    .from(products)
    .innerJoin(productAdmins, eq(productAdmins.productId, products.id))
    .where(eq(productAdmins.userId, userId))
    .orderBy(asc(products.name), asc(products.id));
}

/** The pages with this formID (case-insensitive) in each of these applications. */
export async function findPagesByFormIdIn(tx: Tx, productIds: string[], formId: string): Promise<PageRecord[]> {
  if (!productIds.length) return [];
  return tx
    .select()
    .from(appPages)
    .where(and(inArray(appPages.productId, productIds), sql`lower(${appPages.formId}) = ${formId.toLowerCase()}`));
}
