/**
 * The data scope of station management in the tenant area (issue 5 "Grants are enforced, not only
 * stored"; docs/stations.md "Data scope"). A role holder reaches a station when its organisation is in
 * their scope and a user when the user's affiliated organisation is; stations and users without an
 * organisation only the tenant's administrators (`scope.all`). Lists are limited in SQL
 * (stations.tenant.repository.ts); writes call the `assert…` checks first, in the same transaction,
 * and are refused with `10009029001` when they touch anything outside the scope (an unknown id is left
 * to the service, which answers "not found"). Administrators pass every check without a query. Whom a
 * membership change may touch is the routes' declared rule (`actsOn`, modules/tenancy/acting-on.ts).
 */
import {
  Codes,
  pageInfo,
  type Paged,
  type StationAddBody,
  type StationMemberRow,
  type StationUserListBody,
  type TenantStationListBody,
  type TenantStationRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { assertOrgsInScope, type DataScope } from '../tenancy/data-scope.js';
import { getStation, toTenantStationRow } from './stations.service.js';
import { listScopedStationUsers, listScopedTenantStations, listStationOrgs } from './stations.tenant.repository.js';

/** One page of the tenant's stations in `scope` (`listtenantstation`). */
export async function listScopedStationPage(tx: Tx, tenantId: string, scope: DataScope, q: TenantStationListBody): Promise<Paged<TenantStationRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await listScopedTenantStations(tx, scope, { ...q, tenantId, page, pageSize });
  return { rows: rows.map(toTenantStationRow), ...pageInfo(page, pageSize, records) };
}

/**
 * One page of a station's members (`inStation`) or of the candidates, users in `scope` only
 * (`liststationuser`, `listusernotinstation`). @throws station.not_found, 10009029001 (station outside).
 */
export async function listScopedStationUserPage(
  tx: Tx,
  tenantId: string,
  scope: DataScope,
  q: StationUserListBody,
  inStation: boolean,
): Promise<Paged<StationMemberRow>> {
  await getStation(tx, tenantId, q.stationId);
  await assertStationsInScope(tx, tenantId, scope, [q.stationId]);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await listScopedStationUsers(tx, scope, { ...q, tenantId, page, pageSize }, inStation);
  return {
    rows: rows.map((m) => ({
      userId: m.userId,
      username: m.username,
      employeeName: m.employeeName,
      orgId: m.orgId ?? '',
      orgName: m.orgName ?? '',
      stationName: m.stationName ?? '',
      status: m.status,
      updatedAt: m.updatedAt.toISOString(),
    })),
    ...pageInfo(page, pageSize, records),
  };
}

/** Refuses unless every organisation id is present (not null) and in `scope`. */
async function assertOwnedOrgs(tx: Tx, scope: DataScope, orgIds: (string | null)[]): Promise<void> {
  if (scope.all) return;
  if (orgIds.some((o) => !o)) throw new AppError(Codes.NO_PERMISSION);
  await assertOrgsInScope(tx, scope, orgIds);
}

/** Refuses (`10009029001`) when a known station among `ids` lies outside `scope`. */
export async function assertStationsInScope(tx: Tx, tenantId: string, scope: DataScope, ids: string[]): Promise<void> {
  if (scope.all) return;
  await assertOwnedOrgs(
    tx,
    scope,
    (await listStationOrgs(tx, tenantId, [...new Set(ids)])).map((s) => s.orgId),
  );
}

/**
 * The scope check of `addstation` / `editstation` (`id` given): the station itself (its current
 * organisation), the new organisation — which a role holder must give, a station without one being
 * outside every subtree — and the parent station must all be in `scope`.
 */
export async function assertStationWriteInScope(tx: Tx, tenantId: string, scope: DataScope, b: StationAddBody & { id?: string }): Promise<void> {
  if (scope.all) return;
  const ids = [b.id, b.parentId?.trim()].filter((x): x is string => !!x);
  await assertStationsInScope(tx, tenantId, scope, ids);
  await assertOwnedOrgs(tx, scope, [b.orgId?.trim() || null]);
}
