/**
 * OpenID Connect clients of an app (table `oidc_clients`; SPEC §2 App `client`) and the apps a user
 * administers (`product_admins`): verb-first queries, paged, filtered and sorted in SQL. Every list is
 * bounded by the app (`product_id`, index oidc_clients_product_idx). Rows carry `secret_hash`; callers
 * turn them into ClientRow, which never does.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CLIENT_SORT_FIELDS, ClientListBody, MyAppListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { oidcClients, productAdmins, products } from '../../db/schema/index.js';
import { like } from '../products/products.repository.js';

export type ClientRecord = typeof oidcClients.$inferSelect;
export type ProductRecord = typeof products.$inferSelect;

const SORTS: SortColumns<typeof CLIENT_SORT_FIELDS> = {
  clientId: oidcClients.clientId,
  name: oidcClients.name,
  status: oidcClients.status,
  createdAt: oidcClients.createdAt,
  updatedAt: oidcClients.updatedAt,
};

function filters(productId: string, q: ClientListBody): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(oidcClients.productId, productId)];
  if (q.keyword?.trim()) {
    const k = like(q.keyword.trim());
    parts.push(or(ilike(oidcClients.clientId, k), ilike(oidcClients.name, k)));
  }
  if (q.status !== undefined) parts.push(eq(oidcClients.status, q.status));
  return and(...parts);
}

/** One page of an app's clients and the number matching; newest first unless a sort is given. */
export async function listClients(
  tx: Tx,
  productId: string,
  q: ClientListBody & { page: number; pageSize: number },
): Promise<{ rows: ClientRecord[]; records: number }> {
  const where = filters(productId, q);
  const order = orderTerms(SORTS, q, desc(oidcClients.createdAt), oidcClients.clientId);
  const [n] = await tx.select({ n: count() }).from(oidcClients).where(where);
  const rows = await tx
    .select()
    .from(oidcClients)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}

/** The client with this id (primary key), in any app. */
export async function findClientById(tx: Tx, clientId: string): Promise<ClientRecord | undefined> {
  const [row] = await tx.select().from(oidcClients).where(eq(oidcClients.clientId, clientId));
  return row;
}

/** The clients among `ids` that belong to the app. */
export async function findClientsOfProduct(tx: Tx, productId: string, ids: string[]): Promise<ClientRecord[]> {
  return ids.length
    ? tx
        .select()
        .from(oidcClients)
        .where(and(eq(oidcClients.productId, productId), inArray(oidcClients.clientId, ids)))
    : [];
}

export async function insertClient(tx: Tx, row: typeof oidcClients.$inferInsert): Promise<ClientRecord> {
  const [r] = await tx.insert(oidcClients).values(row).returning();
  return r!;
}

export async function updateClientById(tx: Tx, clientId: string, patch: Partial<typeof oidcClients.$inferInsert>): Promise<ClientRecord | undefined> {
  const [r] = await tx
    .update(oidcClients)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(oidcClients.clientId, clientId))
    .returning();
  return r;
}

export async function updateClientStatusByIds(tx: Tx, ids: string[], status: number): Promise<number> {
  const r = await tx
    .update(oidcClients)
    .set({ status, updatedAt: new Date() })
    .where(inArray(oidcClients.clientId, ids))
    .returning({ id: oidcClients.clientId });
  return r.length;
}

export async function deleteClientsByIds(tx: Tx, ids: string[]): Promise<number> {
  const r = await tx.delete(oidcClients).where(inArray(oidcClients.clientId, ids)).returning({ id: oidcClients.clientId });
  return r.length;
}

/** The product named by its id or its code (case-insensitive; index products_code_uq), as TENANTID is resolved. */
export async function resolveProduct(tx: Tx, idOrCode: string): Promise<ProductRecord | undefined> {
  const [row] = await tx
    .select()
    .from(products)
    .where(or(eq(products.id, idOrCode), sql`lower(${products.code}) = ${idOrCode.toLowerCase()}`))
    .limit(1);
  return row;
}

/** True when the user is an administrator of the product (primary key of product_admins). */
export async function isProductAdmin(tx: Tx, productId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ p: productAdmins.productId })
    .from(productAdmins)
    .where(and(eq(productAdmins.productId, productId), eq(productAdmins.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * One page of apps by name: every product when `userId` is undefined (platform administrators),
 * else the products the user administers. Keyword: name or code, contains.
 */
export async function listMyProducts(
  tx: Tx,
  userId: string | undefined,
  q: MyAppListBody & { page: number; pageSize: number },
): Promise<{ rows: ProductRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [];
  if (userId !== undefined) {
    parts.push(inArray(products.id, tx.select({ id: productAdmins.productId }).from(productAdmins).where(eq(productAdmins.userId, userId))));
  }
  if (q.keyword?.trim()) {
    const k = like(q.keyword.trim());
    parts.push(or(ilike(products.name, k), ilike(products.code, k)));
  }
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(products).where(where);
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}
