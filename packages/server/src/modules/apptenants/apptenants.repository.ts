/**
 * Application tenants (SPEC §3 Application tenant): the tenant's authorised products (`tenant_products`
 * joined with `products`) with the tenant's own name and code. Every function names the tenant and runs
 * inside `inScope`, so row-level security also holds.
 *
 * Indexes: the primary key (tenant_id, product_id) bounds every query to the tenant's few applications
 * (a tenant holds tens of products, not thousands), and `tenant_products_tenant_code_uq`
 * (tenant_id, lower(code)) backs the code check. The effective name/code fall back to the product's when
 * the tenant's own are empty (rows authorised by the platform after migration 0010 start empty).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { APP_TENANT_SORT_FIELDS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { products, tenantProducts } from '../../db/schema/index.js';

/** The name the tenant gives the application (its own, else the product's). */
export const appName = sql<string>`coalesce(nullif(${tenantProducts.name}, ''), ${products.name})`;
/** The tenant's code of the application (empty when the product's code is not letters and digits). */
export const appCode = sql<string>`${tenantProducts.code}`;

export interface AppTenantRecord {
  productId: string;
  tenantId: string;
  name: string;
  code: string;
  ownName: string;
  productName: string;
  productCode: string;
  version: string;
  status: number;
  creator: string;
  updatedAt: Date;
}

const columns = {
  productId: tenantProducts.productId,
  tenantId: tenantProducts.tenantId,
  name: appName,
  code: appCode,
  ownName: tenantProducts.name,
  productName: products.name,
  productCode: products.code,
  version: tenantProducts.version,
  status: tenantProducts.status,
  creator: tenantProducts.creator,
  updatedAt: tenantProducts.updatedAt,
};

const SORTS: SortColumns<typeof APP_TENANT_SORT_FIELDS> = {
  name: appName,
  code: sql`lower(${tenantProducts.code})`,
  productName: sql`${products.name}`,
  status: tenantProducts.status,
  updatedAt: sql`${tenantProducts.updatedAt}`,
};

/**
 * A page of the tenant's application tenants: `keyword` the start of the name, `code` the start of
 * the code (both case-insensitive), `status` exact; by name unless a sort is given (product id breaks ties).
 */
export async function listAppTenants(
  tx: Tx,
  q: { tenantId: string; keyword?: string; code?: string; status?: number; sortField?: string; sortOrder?: string; page: number; pageSize: number },
): Promise<{ rows: AppTenantRecord[]; records: number }> {
  const k = q.keyword?.trim().toLowerCase();
  const c = q.code?.trim().toLowerCase();
  const where = and(
    eq(tenantProducts.tenantId, q.tenantId),
    k ? sql`starts_with(lower(${appName}), ${k})` : undefined,
    c ? sql`starts_with(lower(${tenantProducts.code}), ${c})` : undefined,
    q.status === undefined ? undefined : eq(tenantProducts.status, q.status),
  );
  const order = orderTerms(SORTS, q, asc(appName), tenantProducts.productId);
  const join = eq(products.id, tenantProducts.productId);
  const [total] = await tx.select({ n: count() }).from(tenantProducts).innerJoin(products, join).where(where);
  const rows = await tx
    .select(columns)
    .from(tenantProducts)
    .innerJoin(products, join)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

/** The application tenants among `productIds` of the tenant (another tenant's are not found). */
export async function findAppTenantsByIds(tx: Tx, tenantId: string, productIds: string[]): Promise<AppTenantRecord[]> {
  if (!productIds.length) return [];
  return tx
    .select(columns)
    .from(tenantProducts)
    .innerJoin(products, eq(products.id, tenantProducts.productId))
    .where(and(eq(tenantProducts.tenantId, tenantId), inArray(tenantProducts.productId, productIds)));
}

/** The application tenant `productId` of the tenant, or undefined. */
export async function findAppTenantById(tx: Tx, tenantId: string, productId: string): Promise<AppTenantRecord | undefined> {
  return (await findAppTenantsByIds(tx, tenantId, [productId]))[0];
}

/** Another application tenant of the tenant with this code (case-insensitive), or undefined. */
export async function findAppTenantByCode(tx: Tx, tenantId: string, code: string, exceptProductId: string): Promise<{ productId: string } | undefined> {
  const [row] = await tx
    .select({ productId: tenantProducts.productId })
    .from(tenantProducts)
    .where(
      and(
        eq(tenantProducts.tenantId, tenantId),
        sql`lower(${tenantProducts.code}) = ${code.toLowerCase()}`,
        sql`${tenantProducts.productId} <> ${exceptProductId}`,
      ),
    )
    .limit(1);
  return row;
}

/** Every application of the tenant for the choosers of the mapping screens, by name (at most 500). */
export async function listAppTenantOptions(tx: Tx, tenantId: string): Promise<{ productId: string; name: string; code: string; status: number }[]> {
  return tx
    .select({ productId: tenantProducts.productId, name: appName, code: appCode, status: tenantProducts.status })
    .from(tenantProducts)
    .innerJoin(products, eq(products.id, tenantProducts.productId))
    .where(eq(tenantProducts.tenantId, tenantId))
    .orderBy(asc(appName), asc(tenantProducts.productId))
    .limit(500);
}

export async function updateAppTenantById(tx: Tx, tenantId: string, productId: string, patch: { name: string; code: string }): Promise<void> {
  await tx
    .update(tenantProducts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(tenantProducts.tenantId, tenantId), eq(tenantProducts.productId, productId)));
}

export async function updateAppTenantsStatus(tx: Tx, tenantId: string, productIds: string[], status: 0 | 1): Promise<void> {
  await tx
    .update(tenantProducts)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(tenantProducts.tenantId, tenantId), inArray(tenantProducts.productId, productIds)));
}
