/**
 * Typed calls of the tenant area's station management (SPEC §2 stationManagement, §3 Station; issue 5).
 * They act on the current tenant (TENANTID, stores/current-tenant.ts). Every function rejects with the
 * client's `ApiError` when the envelope says `result: '0'` (a toast is already shown unless `noToast`).
 */
import {
  Paths,
  type Paged,
  type StationAddBody,
  type StationEditBody,
  type StationMemberRow,
  type StationUserListBody,
  type StatusValue,
  type TenantStationListBody,
  type TenantStationRow,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of the tenant's stations: name prefix (`keyword`), code prefix, enabled; sorted on the server. */
export function listTenantStations(query: TenantStationListBody, opts?: RequestOptions): Promise<Paged<TenantStationRow>> {
  return post<Paged<TenantStationRow>>(Paths.listtenantstation, query, opts);
}

/** Creates a station → its id. Rejects with station.* and validation codes. */
export function addStation(body: StationAddBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.addstation, body, opts);
}

/** Modifies a station (moving it moves its subtree). */
export function editStation(body: StationEditBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.editstation, body, opts);
}

/** Deletes stations, all or none; refused while one has members or child stations. */
export async function deleteStations(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deletestation, { ids }, opts)).count;
}

/** Enables (1) or disables (0) stations. */
export async function setStationStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statusstation, { ids, status }, opts)).count;
}

/** One page of a station's members. */
export function listStationUsers(query: StationUserListBody, opts?: RequestOptions): Promise<Paged<StationMemberRow>> {
  return post<Paged<StationMemberRow>>(Paths.liststationuser, query, opts);
}

/** One page of the tenant's users not holding the station (the add-member picker). */
export function listUsersNotInStation(query: StationUserListBody, opts?: RequestOptions): Promise<Paged<StationMemberRow>> {
  return post<Paged<StationMemberRow>>(Paths.listusernotinstation, query, { noLoading: true, ...opts });
}

/** Gives users the station → how many changed. */
export async function addStationUsers(stationId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.addstationuser, { stationId, userIds }, opts)).count;
}

/** Takes the station from members → how many changed. */
export async function deleteStationUsers(stationId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deletestationuser, { stationId, userIds }, opts)).count;
}
