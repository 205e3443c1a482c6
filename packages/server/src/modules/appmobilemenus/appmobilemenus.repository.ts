/**
 * Mobile app menus of an application (table `app_mobile_menus`; SPEC §2 Mobile app menu list, §3 Mobile
 * app menu): verb-first queries, paged, filtered and sorted in SQL. A platform table (no tenant, no
 * row-level security): EVERY statement is bounded by the application (`product_id`), so an id of
 * another application is simply not found.
 */
import { and, asc, count, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { APP_MOBILE_MENU_SORT_FIELDS, AppMobileMenuListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { appMobileMenus, files } from '../../db/schema/index.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { like } from '../products/products.repository.js';

export type MobileMenuRecord = typeof appMobileMenus.$inferSelect;

const SORTS: SortColumns<typeof APP_MOBILE_MENU_SORT_FIELDS> = {
  sort: appMobileMenus.sort,
  name: appMobileMenus.name,
  enabled: appMobileMenus.enabled,
  updatedAt: appMobileMenus.updatedAt,
};

function filters(productId: string, q: AppMobileMenuListBody): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(appMobileMenus.productId, productId)];
  if (q.keyword?.trim()) parts.push(ilike(appMobileMenus.name, like(q.keyword.trim())));
  if (q.enabled !== undefined) parts.push(eq(appMobileMenus.enabled, q.enabled));
  return and(...parts);
}

/** One page of the application's mobile app menus and the number matching; by sequence then name unless a sort is given. */
export async function listMobileMenus(
  tx: Tx,
  productId: string,
  q: AppMobileMenuListBody & { page: number; pageSize: number },
): Promise<{ rows: MobileMenuRecord[]; records: number }> {
  const where = filters(productId, q);
  const order = orderTerms(SORTS, q, [asc(appMobileMenus.sort), asc(appMobileMenus.name)], appMobileMenus.id);
  const [n] = await tx.select({ n: count() }).from(appMobileMenus).where(where);
  const rows = await tx
    .select()
    .from(appMobileMenus)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}

/** The application's mobile app menus among `ids`. */
export async function findMobileMenusByIds(tx: Tx, productId: string, ids: string[]): Promise<MobileMenuRecord[]> {
  return ids.length
    ? tx
        .select()
        .from(appMobileMenus)
        .where(and(eq(appMobileMenus.productId, productId), inArray(appMobileMenus.id, ids)))
    : [];
}

/** The application's mobile app menu named `name` (case-insensitive; index app_mobile_menus_name_uq). */
export async function findMobileMenuByName(tx: Tx, productId: string, name: string): Promise<MobileMenuRecord | undefined> {
  const [r] = await tx
    .select()
    .from(appMobileMenus)
    .where(and(eq(appMobileMenus.productId, productId), sql`lower(${appMobileMenus.name}) = ${name.toLowerCase()}`));
  return r;
}

/** The next sequence number of the application (highest + 1; 0 for the first). */
export async function nextMobileMenuSort(tx: Tx, productId: string): Promise<number> {
  const [r] = await tx
    .select({ m: max(appMobileMenus.sort) })
    .from(appMobileMenus)
    .where(eq(appMobileMenus.productId, productId));
  return r?.m === null || r?.m === undefined ? 0 : r.m + 1;
}

export async function insertMobileMenu(tx: Tx, row: typeof appMobileMenus.$inferInsert): Promise<MobileMenuRecord> {
  const [r] = await tx.insert(appMobileMenus).values(row).returning();
  return r!;
}

export async function updateMobileMenuById(
  tx: Tx,
  productId: string,
  id: string,
  patch: Partial<typeof appMobileMenus.$inferInsert>,
): Promise<MobileMenuRecord | undefined> {
  const [r] = await tx
    .update(appMobileMenus)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(appMobileMenus.productId, productId), eq(appMobileMenus.id, id)))
    .returning();
  return r;
}

export async function updateMobileMenuEnabledByIds(tx: Tx, productId: string, ids: string[], enabled: number): Promise<number> {
  const r = await tx
    .update(appMobileMenus)
    .set({ enabled, updatedAt: new Date() })
    .where(and(eq(appMobileMenus.productId, productId), inArray(appMobileMenus.id, ids)))
    .returning({ id: appMobileMenus.id });
  return r.length;
}

export async function deleteMobileMenusByIds(tx: Tx, productId: string, ids: string[]): Promise<number> {
  const r = await tx
    .delete(appMobileMenus)
    .where(and(eq(appMobileMenus.productId, productId), inArray(appMobileMenus.id, ids)))
    .returning({ id: appMobileMenus.id });
  return r.length;
}

/** The type of an uploaded file (id, its tenant, MIME type), or undefined when there is none with this id. */
export async function findFileType(tx: Tx, id: string): Promise<{ id: string; tenantId: string; mime: string } | undefined> {
  const [r] = await tx.select({ id: files.id, tenantId: files.tenantId, mime: files.mime }).from(files).where(eq(files.id, id));
  return r;
}
