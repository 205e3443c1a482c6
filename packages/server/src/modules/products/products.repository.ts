/**
 * Products (SPEC §3 Application): platform-level rows, paged, filtered and sorted in SQL; their
 * administrators (`product_admins`, users of any tenant); and the user search behind the
 * administrator pickers (never answering password hashes or other secrets).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Identity, type AdminUserRow, type PRODUCT_SORT_FIELDS, type ProductListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { productAdmins, products, tenantProducts, tenants, userIdentities, users } from '../../db/schema/index.js';

export type ProductRecord = typeof products.$inferSelect;

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
export function like(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORTS: SortColumns<typeof PRODUCT_SORT_FIELDS> = {
  code: products.code,
  name: products.name,
  version: products.version,
  status: products.status,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

function filters(q: ProductListBody): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.keyword?.trim()) {
    const k = like(q.keyword.trim());
    parts.push(or(ilike(products.name, k), ilike(products.code, k), ilike(products.abbreviation, k)));
  }
  if (q.name?.trim()) parts.push(ilike(products.name, like(q.name.trim())));
  if (q.code?.trim()) parts.push(ilike(products.code, like(q.code.trim())));
  if (q.status !== undefined) parts.push(eq(products.status, q.status));
  return and(...parts);
}

function orderOf(q: ProductListBody) {
  return orderTerms(SORTS, q, desc(products.createdAt), products.id);
}

/** One page of products and the number matching; newest first unless a sort is given. */
export async function listProducts(tx: Tx, q: ProductListBody & { page: number; pageSize: number }): Promise<{ rows: ProductRecord[]; records: number }> {
  const where = filters(q);
  const [n] = await tx.select({ n: count() }).from(products).where(where);
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}

/** Every product matching the filters (export), in list order, at most `limit`. */
export async function listAllProducts(tx: Tx, q: ProductListBody, limit: number): Promise<ProductRecord[]> {
  return tx
    .select()
    .from(products)
    .where(filters(q))
    .orderBy(...orderOf(q))
    .limit(limit);
}

export async function findProductById(tx: Tx, id: string): Promise<ProductRecord | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  return row;
}

export async function findProductsByIds(tx: Tx, ids: string[]): Promise<ProductRecord[]> {
  return ids.length ? tx.select().from(products).where(inArray(products.id, ids)) : [];
}

/** The product whose code equals `code` case-insensitively (index products_code_uq). */
export async function findProductByCode(tx: Tx, code: string): Promise<ProductRecord | undefined> {
  const [row] = await tx.select().from(products).where(sql`lower(${products.code}) = ${code.toLowerCase()}`);
  return row;
}

export async function insertProduct(tx: Tx, row: typeof products.$inferInsert): Promise<ProductRecord> {
  const [r] = await tx.insert(products).values(row).returning();
  return r!;
}

export async function updateProductById(tx: Tx, id: string, patch: Partial<typeof products.$inferInsert>): Promise<ProductRecord | undefined> {
  const [r] = await tx
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return r;
}

export async function updateProductStatusByIds(tx: Tx, ids: string[], status: number): Promise<number> {
  const r = await tx.update(products).set({ status, updatedAt: new Date() }).where(inArray(products.id, ids)).returning({ id: products.id });
  return r.length;
}

/** Deletes products (their administrators go with them: ON DELETE CASCADE). */
export async function deleteProductsByIds(tx: Tx, ids: string[]): Promise<number> {
  const r = await tx.delete(products).where(inArray(products.id, ids)).returning({ id: products.id });
  return r.length;
}

/** For each of `ids` authorised to at least one tenant: the number of tenants. */
export async function countTenantsOfProducts(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: tenantProducts.productId, n: count() })
    .from(tenantProducts)
    .where(inArray(tenantProducts.productId, ids))
    .groupBy(tenantProducts.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The columns an administrator row may show: no hash, no contact data. */
const adminColumns = {
  id: users.id,
  username: users.username,
  employeeName: users.employeeName,
  tenantId: users.tenantId,
  tenantName: tenants.name,
  status: users.status,
};
const toAdmin = (r: { id: string; username: string; employeeName: string; tenantId: string; tenantName: string; status: number }): AdminUserRow => ({
  ...r,
  status: r.status === 1 ? 1 : 0,
});

/** Administrators of each product among `productIds` (ordered by user name). */
export async function listAdminsOfProducts(tx: Tx, productIds: string[]): Promise<Map<string, AdminUserRow[]>> {
  const out = new Map<string, AdminUserRow[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  const rows = await tx
    .select({ productId: productAdmins.productId, ...adminColumns })
    .from(productAdmins)
    .innerJoin(users, eq(users.id, productAdmins.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(inArray(productAdmins.productId, productIds))
    .orderBy(asc(users.username), asc(users.id));
  for (const { productId, ...r } of rows) out.get(productId)?.push(toAdmin(r));
  return out;
}

/** Replaces the administrators of a product with `userIds`. */
export async function replaceProductAdmins(tx: Tx, productId: string, userIds: string[]): Promise<void> {
  await tx.delete(productAdmins).where(eq(productAdmins.productId, productId));
  if (userIds.length) await tx.insert(productAdmins).values(userIds.map((userId) => ({ productId, userId })));
}

/**
 * Keeps the application-administrator identity (SPEC §3 Identity 2 → user types 4, 5) in step with
 * `product_admins` for `userIds`: a user who administers at least one product holds identity 2 in
 * their own tenant; one who administers none loses it. Answers the users whose identities changed.
 */
export async function syncAppAdminIdentities(tx: Tx, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const admins = new Set(
    (await tx.selectDistinct({ userId: productAdmins.userId }).from(productAdmins).where(inArray(productAdmins.userId, userIds))).map((r) => r.userId),
  );
  const people = await tx.select({ id: users.id, tenantId: users.tenantId }).from(users).where(inArray(users.id, userIds));
  const held = new Set(
    (
      await tx
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(inArray(userIdentities.userId, userIds), eq(userIdentities.identity, Identity.APP_ADMIN)))
    ).map((r) => r.userId),
  );
  const grant = people.filter((u) => admins.has(u.id) && !held.has(u.id));
  const revoke = people.filter((u) => !admins.has(u.id) && held.has(u.id));
  if (grant.length)
    await tx
      .insert(userIdentities)
      .values(grant.map((u) => ({ tenantId: u.tenantId, userId: u.id, identity: Identity.APP_ADMIN })))
      .onConflictDoNothing();
  if (revoke.length)
    await tx.delete(userIdentities).where(
      and(
        inArray(
          userIdentities.userId,
          revoke.map((u) => u.id),
        ),
        eq(userIdentities.identity, Identity.APP_ADMIN),
      ),
    );
  return [...grant, ...revoke].map((u) => u.id);
}

/** Users among `ids` that exist and are enabled, as administrator rows. */
export async function findEnabledUsersByIds(tx: Tx, ids: string[]): Promise<AdminUserRow[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select(adminColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(inArray(users.id, ids), eq(users.status, 1)));
  return rows.map(toAdmin);
}

/**
 * One page of enabled users whose user name or employee name contains `keyword` (case-insensitive),
 * in the tenants `tenantIds` (every tenant when undefined); ordered by user name, then id. When
 * `firstTenantId` is given, that tenant's users come first.
 */
export async function searchUsers(
  tx: Tx,
  q: { keyword?: string; tenantIds?: string[]; firstTenantId?: string; page: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; records: number }> {
  const parts: (SQL | undefined)[] = [eq(users.status, 1)];
  if (q.tenantIds) parts.push(inArray(users.tenantId, q.tenantIds));
  if (q.keyword?.trim()) {
    const k = like(q.keyword.trim());
    parts.push(or(ilike(users.username, k), ilike(users.employeeName, k)));
  }
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(users).where(where);
  const first = q.firstTenantId ? [sql`(${users.tenantId} = ${q.firstTenantId}) desc`] : [];
  const rows = await tx
    .select(adminColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(where)
    .orderBy(...first, asc(sql`lower(${users.username})`), asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map(toAdmin), records: n?.n ?? 0 };
}
