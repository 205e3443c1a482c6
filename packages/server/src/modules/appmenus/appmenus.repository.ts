/**
 * Statements of the menu designer (table `app_menus`, platform-level: every statement filters by the
 * application's `product_id`; docs/applications.md "Menu designer"). The root '0' is not stored: a menu
 * under the root has `parent_id` null.
 */
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appMenus, appPages } from '../../db/schema/index.js';

export type MenuRecord = typeof appMenus.$inferSelect;
export type MenuInsert = typeof appMenus.$inferInsert;

/**
 * Serialises the tree writes of one application (add, move, delete, type change) with a transaction
 * advisory lock, so two simultaneous moves cannot build a cycle nor interleave sibling renumbering.
 */
export async function lockAppMenus(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mp.appmenu.${productId}`}))`);
}

/** Every menu of the application in sibling order (sort, then creation). */
export async function listMenus(tx: Tx, productId: string): Promise<MenuRecord[]> {
  return tx.select().from(appMenus).where(eq(appMenus.productId, productId)).orderBy(asc(appMenus.sort), asc(appMenus.createdAt), asc(appMenus.id));
}

/** The menu `id` of the application; undefined for another application's id. */
export async function findMenu(tx: Tx, productId: string, id: string): Promise<MenuRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appMenus)
    .where(and(eq(appMenus.productId, productId), eq(appMenus.id, id)));
  return row;
}

/** The menus among `ids` of the application. */
export async function findMenus(tx: Tx, productId: string, ids: string[]): Promise<MenuRecord[]> {
  return tx
    .select()
    .from(appMenus)
    .where(and(eq(appMenus.productId, productId), inArray(appMenus.id, ids)));
}

/** How many menus the application has. */
export async function countMenus(tx: Tx, productId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(appMenus).where(eq(appMenus.productId, productId));
  return row?.n ?? 0;
}

/** The menu of the application with this code (case-insensitive), other than `exceptId`. */
export async function findByCode(tx: Tx, productId: string, code: string, exceptId?: string): Promise<MenuRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appMenus)
    .where(
      and(eq(appMenus.productId, productId), sql`lower(${appMenus.code}) = ${code.toLowerCase()}`, exceptId ? sql`${appMenus.id} <> ${exceptId}` : undefined),
    );
  return row;
}

const parentIs = (parentId: string | null) => (parentId === null ? isNull(appMenus.parentId) : eq(appMenus.parentId, parentId));

/** The highest sibling sequence under `parentId` (null = the root); -1 when there is none. */
export async function maxSiblingSort(tx: Tx, productId: string, parentId: string | null): Promise<number> {
  const [row] = await tx
    .select({ m: max(appMenus.sort) })
    .from(appMenus)
    .where(and(eq(appMenus.productId, productId), parentIs(parentId)));
  return row?.m ?? -1;
}

/** The children of `parentId` (null = the root) in sibling order. */
export async function listChildren(tx: Tx, productId: string, parentId: string | null): Promise<MenuRecord[]> {
  return tx
    .select()
    .from(appMenus)
    .where(and(eq(appMenus.productId, productId), parentIs(parentId)))
    .orderBy(asc(appMenus.sort), asc(appMenus.createdAt), asc(appMenus.id));
}

/** Inserts a menu row; answers the stored row. Raises the unique violation of app_menus_code_uq on a duplicate code. */
export async function insertMenu(tx: Tx, row: MenuInsert): Promise<MenuRecord> {
  const [r] = await tx.insert(appMenus).values(row).returning();
  return r!;
}

/** Updates the menu `id` of the application (and its `updated_at`); answers the stored row, undefined when not there. */
export async function updateMenu(tx: Tx, productId: string, id: string, patch: Partial<MenuInsert>): Promise<MenuRecord | undefined> {
  const [r] = await tx
    .update(appMenus)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(appMenus.productId, productId), eq(appMenus.id, id)))
    .returning();
  return r;
}

/**
 * Gives `orderedIds` (siblings, in their new order) the sequences 0, 1, 2, … and `parentId`, in one
 * statement; rows whose place does not change keep their `updated_at`.
 */
export async function renumberSiblings(tx: Tx, productId: string, parentId: string | null, orderedIds: string[]): Promise<void> {
  if (!orderedIds.length) return;
  const values = sql.join(
    orderedIds.map((id, i) => sql`(${id}::text, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${appMenus} m set sort = v.pos, parent_id = ${parentId}::text,
      updated_at = case when m.sort is distinct from v.pos or m.parent_id is distinct from ${parentId}::text then now() else m.updated_at end
    from (values ${values}) as v(id, pos)
    where m.id = v.id and m.product_id = ${productId}`);
}

/** Deletes the menus `ids` of the application (their subtrees and grants go by cascade and trigger); answers how many. */
export async function deleteMenus(tx: Tx, productId: string, ids: string[]): Promise<number> {
  const rows = await tx
    .delete(appMenus)
    .where(and(eq(appMenus.productId, productId), inArray(appMenus.id, ids)))
    .returning({ id: appMenus.id });
  return rows.length;
}

/** Sets `enabled` of the menus `ids` of the application; answers how many rows changed. */
export async function setEnabled(tx: Tx, productId: string, ids: string[], enabled: 0 | 1): Promise<number> {
  const rows = await tx
    .update(appMenus)
    .set({ enabled, updatedAt: new Date() })
    .where(and(eq(appMenus.productId, productId), inArray(appMenus.id, ids), sql`${appMenus.enabled} <> ${enabled}`))
    .returning({ id: appMenus.id });
  return rows.length;
}

/** The page `id` of the application (a page menu's target); undefined for another application's page. */
export async function findPage(tx: Tx, productId: string, id: string) {
  const [row] = await tx
    .select({ id: appPages.id, path: appPages.path, name: appPages.name })
    .from(appPages)
    .where(and(eq(appPages.productId, productId), eq(appPages.id, id)));
  return row;
}

/** The application's pages by name (the target-page chooser; an application has hundreds at most). */
export async function listPages(tx: Tx, productId: string) {
  return tx
    .select({ id: appPages.id, formId: appPages.formId, name: appPages.name, path: appPages.path, platformType: appPages.platformType })
    .from(appPages)
    .where(eq(appPages.productId, productId))
    .orderBy(asc(appPages.name), asc(appPages.id))
    .limit(5000);
}
