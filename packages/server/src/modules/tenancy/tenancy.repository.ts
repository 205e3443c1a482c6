/** The tenants a user administers (identity 3 rows of `user_identities`; docs/tenancy.md). */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { Identity } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { tenants, userIdentities } from '../../db/schema/index.js';
import { like } from '../products/products.repository.js';

export type TenantRecord = typeof tenants.$inferSelect;

/**
 * A page of the tenants `userId` administers, by name; `keyword` matches name, code or abbreviation
 * (contains, case-insensitive; trigram indexes behind it). Runs in the platform scope: the identity rows
 * live in the administered tenants.
 */
export async function listTenantsAdministeredBy(
  tx: Tx,
  userId: string,
  q: { keyword?: string; page: number; pageSize: number },
): Promise<{ rows: TenantRecord[]; records: number }> {
  const mine = tx
    .select({ id: userIdentities.tenantId })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.identity, Identity.TENANT_ADMIN)));
  const parts: (SQL | undefined)[] = [inArray(tenants.id, mine)];
  const k = q.keyword?.trim();
  if (k) parts.push(or(ilike(tenants.name, like(k)), ilike(tenants.code, like(k)), ilike(tenants.abbreviation, like(k))));
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(tenants).where(where);
  const rows = await tx
    .select()
    .from(tenants)
    .where(where)
    .orderBy(asc(tenants.name), asc(tenants.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: n?.n ?? 0 };
}
