/**
 * Stations (positions) of a tenant (SPEC §3 Station): lookups, the paged lists and the writes, in SQL.
 * Every function names the tenant and runs inside `inScope`, so row-level security also holds.
 *
 * Indexes: stations (tenant_id, name) for the name-prefix search and name order, (tenant_id, parent_id)
 * for children, (tenant_id, org_id) for organisations. Code lookups and member counts use small tenant
 * ranges (see docs/stations.md for the indexes they would like).
 */
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organisations, stations, users } from '../../db/schema/index.js';
import { orgIdInScope, WHOLE_TENANT, type DataScope } from '../tenancy/data-scope.js';

export type StationRecord = typeof stations.$inferSelect;

/** The station `id` of `tenantId`, or undefined (a station of another tenant is not found). */
export async function findStationById(tx: Tx, tenantId: string, id: string): Promise<StationRecord | undefined> {
  const [row] = await tx
    .select()
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), eq(stations.id, id)));
  return row;
}

/** The stations among `ids` of `tenantId`. */
export async function findStationsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<StationRecord[]> {
  return tx
    .select()
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), inArray(stations.id, ids)));
}

/** The station of the tenant with this code (case-insensitive), other than `exceptId`. */
export async function findStationByCode(tx: Tx, tenantId: string, code: string, exceptId?: string): Promise<StationRecord | undefined> {
  const [row] = await tx
    .select()
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), sql`lower(${stations.code}) = ${code.toLowerCase()}`, exceptId ? ne(stations.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/**
 * A page of a tenant's stations ordered by name (index stations_tenant_name_idx); `keyword` matches the
 * start of the name (`starts_with`, leakproof, so an index range under row-level security). `scope`: the
 * caller's data scope (a station is in it by its organisation; default the whole tenant).
 */
export async function listStations(
  tx: Tx,
  q: { tenantId: string; keyword?: string; page: number; pageSize: number },
  scope: DataScope = WHOLE_TENANT,
): Promise<{ rows: StationRecord[]; records: number }> {
  const k = q.keyword?.trim();
  const where = and(eq(stations.tenantId, q.tenantId), orgIdInScope(scope, stations.orgId), k ? sql`starts_with(${stations.name}, ${k})` : undefined);
  const [total] = await tx.select({ n: count() }).from(stations).where(where);
  const rows = await tx
    .select()
    .from(stations)
    .where(where)
    .orderBy(asc(stations.name), asc(stations.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

/** A station with its parent's and organisation's names and its member count (tenant-area grid). */
export interface StationListRecord extends StationRecord {
  parentName: string | null;
  orgName: string | null;
  members: number;
}

/** True when `orgId` is an organisation of the tenant. */
export async function existsTenantOrg(tx: Tx, tenantId: string, orgId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, orgId)));
  return !!row;
}

export async function insertStation(tx: Tx, row: typeof stations.$inferInsert): Promise<void> {
  await tx.insert(stations).values(row);
}

export async function updateStationById(tx: Tx, tenantId: string, id: string, patch: Partial<typeof stations.$inferInsert>): Promise<void> {
  await tx
    .update(stations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(stations.tenantId, tenantId), eq(stations.id, id)));
}

/**
 * Rewrites the tree place of every descendant of `id` after it moved: their `parent_id_list` starts
 * with `oldPrefix` (the moved station's list plus its id), which becomes `newPrefix`; the layer shifts
 * by `layerDelta`. One statement.
 */
export async function updateDescendantPaths(tx: Tx, tenantId: string, oldPrefix: string, newPrefix: string, layerDelta: number): Promise<void> {
  await tx
    .update(stations)
    .set({
      parentIdList: sql`${newPrefix} || substr(${stations.parentIdList}, ${oldPrefix.length + 1})`,
      stationLayer: sql`${stations.stationLayer} + ${layerDelta}`,
    })
    .where(and(eq(stations.tenantId, tenantId), or(eq(stations.parentIdList, oldPrefix), sql`starts_with(${stations.parentIdList}, ${`${oldPrefix},`})`)));
}

export async function updateStationsEnabled(tx: Tx, tenantId: string, ids: string[], enabled: 0 | 1): Promise<void> {
  await tx
    .update(stations)
    .set({ enabled, updatedAt: new Date() })
    .where(and(eq(stations.tenantId, tenantId), inArray(stations.id, ids)));
}

export async function deleteStationsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  const r = await tx
    .delete(stations)
    .where(and(eq(stations.tenantId, tenantId), inArray(stations.id, ids)))
    .returning({ id: stations.id });
  return r.length;
}

/** The first station among `ids` that still has members, or undefined. */
export async function findStationWithMembers(tx: Tx, tenantId: string, ids: string[]): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: users.stationId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.stationId, ids)))
    .limit(1);
  return row?.id ?? undefined;
}

/** The first station among `ids` that has a child station outside `ids`, or undefined. */
export async function findStationWithChildren(tx: Tx, tenantId: string, ids: string[]): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: stations.parentId })
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), inArray(stations.parentId, ids), sql`not (${inArray(stations.id, ids)})`))
    .limit(1);
  return row?.id ?? undefined;
}

// ---------------------------------------------------------------- members

/** A user as the member grids show it. */
export interface StationMemberRecord {
  userId: string;
  username: string;
  employeeName: string;
  orgId: string | null;
  orgName: string | null;
  stationName: string | null;
  status: number;
  updatedAt: Date;
}

/** The users among `userIds` of the tenant, with the station they hold. */
export async function findTenantUsers(tx: Tx, tenantId: string, userIds: string[]): Promise<{ id: string; username: string; stationId: string | null }[]> {
  return tx
    .select({ id: users.id, username: users.username, stationId: users.stationId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
}

/** Sets (or clears, with null) the station of the given users of the tenant. */
export async function updateUsersStation(tx: Tx, tenantId: string, userIds: string[], stationId: string | null): Promise<void> {
  await tx
    .update(users)
    .set({ stationId, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
}
