/**
 * Stations (positions) of the tenant area limited to the caller's data scope (issue 5 "Grants are
 * enforced, not only stored"; docs/tenancy.md "Data scope"; docs/stations.md "Data scope"): the grid's
 * page, the member / candidate pages, and the organisation ids that writes must check. A station is in
 * scope by its organisation (`stations.org_id`, `orgIdInScope`), a user by their affiliated
 * organisation (`users.org_id`); a station or user without an organisation only for administrators.
 *
 * Indexes: stations (tenant_id, name) and (tenant_id, org_id); users (tenant_id, org_id); the scope is a
 * semi-join on organisations by path prefix (`starts_with`, index organisations (tenant_id, path)).
 */
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { STATION_MEMBER_SORT_FIELDS, STATION_SORT_FIELDS } from '@mp/protocol';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { organisations, stations, users } from '../../db/schema/index.js';
import { orgIdInScope, type DataScope } from '../tenancy/data-scope.js';
import type { StationListRecord, StationMemberRecord } from './stations.repository.js';

const STATION_SORTS: SortColumns<typeof STATION_SORT_FIELDS> = {
  name: stations.name,
  code: stations.code,
  level: stations.level,
  enabled: stations.enabled,
  updatedAt: stations.updatedAt,
};

/**
 * A page of the tenant's stations in `scope` for the grid: `keyword` is a name prefix, `code` a code
 * prefix, `enabled` an exact value; by name unless a sort is given (then by that column, id as tie-break).
 */
export async function listScopedTenantStations(
  tx: Tx,
  scope: DataScope,
  q: { tenantId: string; keyword?: string; code?: string; enabled?: number; sortField?: string; sortOrder?: string; page: number; pageSize: number },
): Promise<{ rows: StationListRecord[]; records: number }> {
  const k = q.keyword?.trim();
  const c = q.code?.trim();
  const where = and(
    eq(stations.tenantId, q.tenantId),
    orgIdInScope(scope, stations.orgId),
    k ? sql`starts_with(${stations.name}, ${k})` : undefined,
    c ? sql`starts_with(${stations.code}, ${c})` : undefined,
    q.enabled === undefined ? undefined : eq(stations.enabled, q.enabled),
  );
  const order = orderTerms(STATION_SORTS, q, asc(stations.name), stations.id);
  const parent = alias(stations, 'parent');
  const [total] = await tx.select({ n: count() }).from(stations).where(where);
  const rows = await tx
    .select({
      station: stations,
      parentName: parent.name,
      orgName: organisations.name,
      members: sql<number>`(select count(*)::int from ${users} where ${users.tenantId} = ${stations.tenantId} and ${users.stationId} = ${stations.id} and ${orgIdInScope(scope, users.orgId)})`,
    })
    .from(stations)
    .leftJoin(parent, and(eq(parent.tenantId, stations.tenantId), eq(parent.id, stations.parentId)))
    .leftJoin(organisations, and(eq(organisations.tenantId, stations.tenantId), eq(organisations.id, stations.orgId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map((r) => ({ ...r.station, parentName: r.parentName, orgName: r.orgName, members: r.members })), records: total?.n ?? 0 };
}

const MEMBER_SORTS: SortColumns<typeof STATION_MEMBER_SORT_FIELDS> = { username: users.username, employeeName: users.employeeName, updatedAt: users.updatedAt };

/**
 * One page of the tenant's users in `scope` that hold the station (`inStation`) or do not (the
 * add-member picker), searched by the start of the user name or employee name (case-insensitive).
 */
export async function listScopedStationUsers(
  tx: Tx,
  scope: DataScope,
  q: { tenantId: string; stationId: string; keyword?: string; sortField?: string; sortOrder?: string; page: number; pageSize: number },
  inStation: boolean,
): Promise<{ rows: StationMemberRecord[]; records: number }> {
  const parts: (SQL | undefined)[] = [
    eq(users.tenantId, q.tenantId),
    orgIdInScope(scope, users.orgId),
    inStation ? eq(users.stationId, q.stationId) : or(isNull(users.stationId), ne(users.stationId, q.stationId)),
  ];
  const k = q.keyword?.trim().toLowerCase();
  if (k) parts.push(or(sql`starts_with(${users.usernameLc}, ${k})`, sql`starts_with(${users.employeeNameLc}, ${k})`));
  const where = and(...parts);
  const order = orderTerms(MEMBER_SORTS, q, asc(users.username), users.id);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  const rows = await tx
    .select({
      userId: users.id,
      username: users.username,
      employeeName: users.employeeName,
      orgId: users.orgId,
      orgName: organisations.name,
      stationName: stations.name,
      status: users.status,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .leftJoin(organisations, and(eq(organisations.tenantId, users.tenantId), eq(organisations.id, users.orgId)))
    .leftJoin(stations, and(eq(stations.tenantId, users.tenantId), eq(stations.id, users.stationId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

/** The organisation (or null) of each station among `ids` of the tenant (unknown ids are left out). */
export async function listStationOrgs(tx: Tx, tenantId: string, ids: string[]): Promise<{ id: string; orgId: string | null }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: stations.id, orgId: stations.orgId })
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), inArray(stations.id, ids)));
}
