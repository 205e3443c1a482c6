/**
 * What a tenant is granted (SPEC §2 "product authorisation, set administrator"): the products and
 * versions it may use (`tenant_products`) and the users holding the tenant-admin identity for it
 * (`user_identities` rows with `tenant_id` = the tenant and identity 3). Platform-scope work only.
 */
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Identity, type AdminUserRow, type TenantProductRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { products, sessions, tenantProducts, tenants, userIdentities, users } from '../../db/schema/index.js';

const likeOf = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the products a tenant can see in its authorisation dialog: every enabled product, and the
 * disabled ones it is still authorised for. Authorised first, then by name.
 */
export async function listProductsForTenant(
  tx: Tx,
  tenantId: string,
  q: { keyword?: string; page: number; pageSize: number },
): Promise<{ rows: TenantProductRow[]; records: number }> {
  const joined = and(eq(tenantProducts.productId, products.id), eq(tenantProducts.tenantId, tenantId));
  const parts: (SQL | undefined)[] = [or(eq(products.status, 1), sql`${tenantProducts.productId} is not null`)];
  if (q.keyword?.trim()) {
    const k = likeOf(q.keyword.trim());
    parts.push(or(ilike(products.name, k), ilike(products.code, k)));
  }
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(products).leftJoin(tenantProducts, joined).where(where);
  const rows = await tx
    .select({
      productId: products.id,
      code: products.code,
      name: products.name,
      version: products.version,
      status: products.status,
      authorisedVersion: tenantProducts.version,
    })
    .from(products)
    .leftJoin(tenantProducts, joined)
    .where(where)
    .orderBy(desc(sql`${tenantProducts.productId} is not null`), asc(products.name), asc(products.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    rows: rows.map((r) => ({ ...r, status: r.status === 1 ? 1 : 0, authorised: r.authorisedVersion !== null, authorisedVersion: r.authorisedVersion ?? '' })),
    records: n?.n ?? 0,
  };
}

/** The tenant's whole authorised set, with each product's code (for audit entries). */
export async function listTenantProducts(tx: Tx, tenantId: string): Promise<{ productId: string; code: string; version: string }[]> {
  return tx
    .select({ productId: tenantProducts.productId, code: products.code, version: tenantProducts.version })
    .from(tenantProducts)
    .innerJoin(products, eq(products.id, tenantProducts.productId))
    .where(eq(tenantProducts.tenantId, tenantId))
    .orderBy(asc(products.code));
}

/**
 * Makes `items` the tenant's authorised set: removes the others, adds new ones (their application
 * tenant created by `creator`), updates versions.
 */
export async function replaceTenantProducts(tx: Tx, tenantId: string, items: { productId: string; version: string }[], creator = ''): Promise<void> {
  const keep = items.map((i) => i.productId);
  await tx.delete(tenantProducts).where(and(eq(tenantProducts.tenantId, tenantId), keep.length ? notInArray(tenantProducts.productId, keep) : undefined));
  if (!items.length) return;
  await tx
    .insert(tenantProducts)
    .values(items.map((i) => ({ tenantId, productId: i.productId, version: i.version, creator })))
    .onConflictDoUpdate({ target: [tenantProducts.tenantId, tenantProducts.productId], set: { version: sql`excluded.version` } });
}

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

/** Users holding the tenant-admin identity for `tenantId`, by user name. */
export async function listTenantAdmins(tx: Tx, tenantId: string): Promise<AdminUserRow[]> {
  const rows = await tx
    .select(adminColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(userIdentities.tenantId, tenantId), eq(userIdentities.identity, Identity.TENANT_ADMIN)))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return rows.map(toAdmin);
}

/** Users among `ids` as administrator rows (any status), for validation. */
export async function findUsersByIds(tx: Tx, ids: string[]): Promise<AdminUserRow[]> {
  if (!ids.length) return [];
  const rows = await tx.select(adminColumns).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(inArray(users.id, ids));
  return rows.map(toAdmin);
}

/** Makes `userIds` the tenant's administrators (identity 3 rows for that tenant). */
export async function replaceTenantAdmins(tx: Tx, tenantId: string, userIds: string[]): Promise<void> {
  await tx
    .delete(userIdentities)
    .where(
      and(
        eq(userIdentities.tenantId, tenantId),
        eq(userIdentities.identity, Identity.TENANT_ADMIN),
        userIds.length ? notInArray(userIdentities.userId, userIds) : undefined,
      ),
    );
  if (userIds.length) {
    await tx
      .insert(userIdentities)
      .values(userIds.map((userId) => ({ tenantId, userId, identity: Identity.TENANT_ADMIN })))
      .onConflictDoNothing();
  }
}

/**
 * Refreshes the identity snapshot of the user's active sessions (sessions snapshot identities at
 * sign-in), so a removed tenant-admin identity stops working at once. The caller must then call
 * `guardStore.forgetSessions({ userId })`. A session restricted to the first-sign-in password change
 * stays restricted (its own flag, modules/auth/password-change.ts).
 */
export async function refreshSessionIdentities(tx: Tx, userId: string): Promise<void> {
  const rows = await tx.select({ identity: userIdentities.identity }).from(userIdentities).where(eq(userIdentities.userId, userId));
  const identities = [...new Set(rows.map((r) => r.identity))].sort((a, b) => b - a);
  await tx
    .update(sessions)
    .set({ identities })
    .where(and(eq(sessions.userId, userId), eq(sessions.state, 'active')));
}
