/**
 * Tenants (SPEC §3 Tenant): platform-level rows, paged, filtered and sorted in SQL.
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TENANT_SORT_FIELDS, TenantListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { deleteOrgCategoriesOfTenant } from '../sysconfig/sysconfig.repository.js';
import { organisations, roles, tenants, userIdentities, users } from '../../db/schema/index.js';

export type TenantRecord = typeof tenants.$inferSelect;

/** A tenant by id or code (the TENANTID header may carry either); undefined when none. */
export async function resolveTenant(tx: Tx, idOrCode: string): Promise<TenantRecord | undefined> {
  const [row] = await tx
    .select()
    .from(tenants)
    .where(or(eq(tenants.id, idOrCode), eq(tenants.code, idOrCode)))
    .limit(1);
  return row;
}

export async function findTenantById(tx: Tx, id: string): Promise<TenantRecord | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function findTenantByCode(tx: Tx, code: string): Promise<TenantRecord | undefined> {
  const [row] = await tx.select().from(tenants).where(sql`lower(${tenants.code}) = ${code.toLowerCase()}`);
  return row;
}

export async function findTenantsByIds(tx: Tx, ids: string[]): Promise<TenantRecord[]> {
  return tx.select().from(tenants).where(inArray(tenants.id, ids));
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
function like(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORTS: SortColumns<typeof TENANT_SORT_FIELDS> = {
  code: tenants.code,
  name: tenants.name,
  status: tenants.status,
  createdAt: tenants.createdAt,
  updatedAt: tenants.updatedAt,
};

function filters(q: TenantListBody): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.keyword?.trim()) {
    const k = like(q.keyword.trim());
    parts.push(or(ilike(tenants.name, k), ilike(tenants.code, k), ilike(tenants.abbreviation, k)));
  }
  if (q.name?.trim()) parts.push(ilike(tenants.name, like(q.name.trim())));
  if (q.code?.trim()) parts.push(ilike(tenants.code, like(q.code.trim())));
  if (q.status !== undefined) parts.push(eq(tenants.status, q.status));
  return and(...parts);
}

/** One page of tenants and the number matching; newest first unless a sort is given. */
export async function listTenants(tx: Tx, q: TenantListBody & { page: number; pageSize: number }): Promise<{ rows: TenantRecord[]; records: number }> {
  const where = filters(q);
  const order = orderTerms(SORTS, q, desc(tenants.createdAt), tenants.id);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(tenants).where(where);
  const rows = await tx
    .select()
    .from(tenants)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: count?.n ?? 0 };
}

/** Every tenant matching the filters (export), in list order, at most `limit`. */
export async function listAllTenants(tx: Tx, q: TenantListBody, limit: number): Promise<TenantRecord[]> {
  const order = orderTerms(SORTS, q, desc(tenants.createdAt), tenants.id);
  return tx
    .select()
    .from(tenants)
    .where(filters(q))
    .orderBy(...order)
    .limit(limit);
}

export async function insertTenant(tx: Tx, row: typeof tenants.$inferInsert): Promise<TenantRecord> {
  const [r] = await tx.insert(tenants).values(row).returning();
  return r!;
}

export async function updateTenantById(tx: Tx, id: string, patch: Partial<typeof tenants.$inferInsert>): Promise<TenantRecord | undefined> {
  const [r] = await tx
    .update(tenants)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(tenants.id, id))
    .returning();
  return r;
}

export async function updateTenantStatusByIds(tx: Tx, ids: string[], status: number): Promise<number> {
  const r = await tx.update(tenants).set({ status, updatedAt: new Date() }).where(inArray(tenants.id, ids)).returning({ id: tenants.id });
  return r.length;
}

/**
 * Deletes tenants that have no users and no organisations besides their root (callers check with
 * `findTenantsWithUsers`), with their root organisation, their organisation categories and the
 * administrator assignments made for them.
 */
export async function deleteTenantsByIds(tx: Tx, ids: string[]): Promise<number> {
  for (const id of ids) await deleteOrgCategoriesOfTenant(tx, id);
  await tx.delete(userIdentities).where(inArray(userIdentities.tenantId, ids));
  await tx.delete(organisations).where(and(inArray(organisations.tenantId, ids), sql`${organisations.id} = ${organisations.tenantId}`));
  const r = await tx.delete(tenants).where(inArray(tenants.id, ids)).returning({ id: tenants.id });
  return r.length;
}

/** Tenants among `ids` that still have users, roles or organisations besides their root (they cannot be deleted). */
export async function findTenantsWithUsers(tx: Tx, ids: string[]): Promise<string[]> {
  const withUsers = await tx.selectDistinct({ id: users.tenantId }).from(users).where(inArray(users.tenantId, ids));
  const withOrgs = await tx
    .selectDistinct({ id: organisations.tenantId })
    .from(organisations)
    .where(and(inArray(organisations.tenantId, ids), sql`${organisations.id} <> ${organisations.tenantId}`));
  const withRoles = await tx.selectDistinct({ id: roles.tenantId }).from(roles).where(inArray(roles.tenantId, ids));
  return [...new Set([...withUsers, ...withOrgs, ...withRoles].map((r) => r.id))];
}
