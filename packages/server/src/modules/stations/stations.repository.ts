/** Stations (positions) of a tenant (SPEC §3 Station): lookups and the paged list, in SQL. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { stations } from '../../db/schema/index.js';

export type StationRecord = typeof stations.$inferSelect;

/** The station `id` of `tenantId`, or undefined (a station of another tenant is not found). */
export async function findStationById(tx: Tx, tenantId: string, id: string): Promise<StationRecord | undefined> {
  const [row] = await tx.select().from(stations).where(and(eq(stations.tenantId, tenantId), eq(stations.id, id)));
  return row;
}

/**
 * A page of a tenant's stations ordered by name (index stations_tenant_name_idx); `keyword` matches the
 * start of the name (`starts_with`, leakproof, so an index range under row-level security).
 */
export async function listStations(tx: Tx, q: { tenantId: string; keyword?: string; page: number; pageSize: number }): Promise<{ rows: StationRecord[]; records: number }> {
  const k = q.keyword?.trim();
  const where = and(eq(stations.tenantId, q.tenantId), k ? sql`starts_with(${stations.name}, ${k})` : undefined);
  const [total] = await tx.select({ n: count() }).from(stations).where(where);
  const rows = await tx.select().from(stations).where(where).orderBy(asc(stations.name), asc(stations.id))
    .limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}
