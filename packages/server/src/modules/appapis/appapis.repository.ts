/**
 * The API registry of an application (table `app_apis`; SPEC §2 App `api`, §3 API): verb-first
 * queries, paged, filtered and sorted in SQL. `app_apis` is a platform table (no tenant, no row-level
 * security), so EVERY statement here is bounded by the application (`product_id`): an id of another
 * application is simply not found.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { APP_API_SORT_FIELDS, AppApiListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { appApis, appPageNodes } from '../../db/schema/index.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { like } from '../products/products.repository.js';

export type ApiRecord = typeof appApis.$inferSelect;
export type ApiFilters = Pick<AppApiListBody, 'keyword' | 'serviceName' | 'moduleName' | 'sortField' | 'sortOrder'>;

const SORTS: SortColumns<typeof APP_API_SORT_FIELDS> = {
  name: appApis.name,
  serviceName: appApis.serviceName,
  moduleName: appApis.moduleName,
  url: appApis.url,
  updatedAt: appApis.updatedAt,
};

/** The WHERE of a list: the application, the keyword (contains, case-insensitive, over name / URL / service / module), the tree's node. */
function filters(productId: string, q: ApiFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(appApis.productId, productId)];
  const k = q.keyword?.trim();
  if (k) {
    const p = like(k);
    parts.push(or(ilike(appApis.name, p), ilike(appApis.url, p), ilike(appApis.serviceName, p), ilike(appApis.moduleName, p)));
  }
  if (q.serviceName !== undefined) parts.push(eq(appApis.serviceName, q.serviceName));
  if (q.moduleName !== undefined) parts.push(eq(appApis.moduleName, q.moduleName));
  return and(...parts);
}

const orderOf = (q: ApiFilters) => orderTerms(SORTS, q, [asc(appApis.serviceName), asc(appApis.moduleName), asc(appApis.name)], appApis.id);

/** One page of the application's APIs and the number matching; by service, module and name unless a sort is given. */
export async function listApis(tx: Tx, productId: string, q: ApiFilters & { page: number; pageSize: number }): Promise<{ rows: ApiRecord[]; records: number }> {
  const where = filters(productId, q);
  const [n] = await tx.select({ n: count() }).from(appApis).where(where);
  const rows = await tx
    .select()
    .from(appApis)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}

/** At most `limit` APIs matching the filters, in the list's order (export). */
export async function listAllApis(tx: Tx, productId: string, q: ApiFilters, limit: number): Promise<ApiRecord[]> {
  return tx
    .select()
    .from(appApis)
    .where(filters(productId, q))
    .orderBy(...orderOf(q))
    .limit(limit);
}

/** (service, module, count) of the application's APIs matching `keyword`, by service then module (index app_apis_product_group_idx). */
export async function countApisByModule(
  tx: Tx,
  productId: string,
  keyword: string | undefined,
): Promise<{ serviceName: string; moduleName: string; n: number }[]> {
  return tx
    .select({ serviceName: appApis.serviceName, moduleName: appApis.moduleName, n: count() })
    .from(appApis)
    .where(filters(productId, { keyword }))
    .groupBy(appApis.serviceName, appApis.moduleName)
    .orderBy(asc(appApis.serviceName), asc(appApis.moduleName));
}

/** The application's API with this id. */
export async function findApiById(tx: Tx, productId: string, id: string): Promise<ApiRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appApis)
    .where(and(eq(appApis.productId, productId), eq(appApis.id, id)));
  return row;
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

/** The application's APIs whose lower-cased URL is among `lowerUrls` (index app_apis_url_uq). */
export async function findApisByUrls(tx: Tx, productId: string, lowerUrls: string[]): Promise<ApiRecord[]> {
  return lowerUrls.length
    ? tx
        .select()
        .from(appApis)
        .where(and(eq(appApis.productId, productId), inArray(sql`lower(${appApis.url})`, lowerUrls)))
    : [];
}

export async function insertApis(tx: Tx, rows: (typeof appApis.$inferInsert)[]): Promise<ApiRecord[]> {
  return rows.length ? tx.insert(appApis).values(rows).returning() : [];
}

export async function updateApiById(tx: Tx, productId: string, id: string, patch: Partial<typeof appApis.$inferInsert>): Promise<ApiRecord | undefined> {
  const [r] = await tx
    .update(appApis)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(appApis.productId, productId), eq(appApis.id, id)))
    .returning();
  return r;
}

const textArray = (ids: string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/**
 * Deletes the application's APIs among `ids` and takes them out of the function definitions of the
 * application's pages (`load_api_ids` / `save_api_ids` of app_page_nodes, order kept). Their grants in
 * every tenant go by trigger (migration 0018). Answers how many APIs were deleted.
 */
export async function deleteApisByIds(tx: Tx, productId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const list = textArray(ids);
  const without = (col: SQL) => sql`ARRAY(SELECT x FROM unnest(${col}) WITH ORDINALITY AS u(x, n) WHERE NOT (x = ANY(${list})) ORDER BY n)`;
  await tx
    .update(appPageNodes)
    .set({
      loadApiIds: without(sql`${appPageNodes.loadApiIds}`),
      saveApiIds: without(sql`${appPageNodes.saveApiIds}`),
      updatedAt: new Date(),
    })
    .where(and(eq(appPageNodes.productId, productId), or(sql`${appPageNodes.loadApiIds} && ${list}`, sql`${appPageNodes.saveApiIds} && ${list}`)));
  const r = await tx
    .delete(appApis)
    .where(and(eq(appApis.productId, productId), inArray(appApis.id, ids)))
    .returning({ id: appApis.id });
  return r.length;
}
