/**
 * Station members (SPEC §2 Station management "member management", §3 Position members, §5 Station
 * "at least one user chosen to add as member"). A user holds one station (`users.station_id`); the
 * members of a station are the tenant's users holding it. Writes are all-or-nothing and audited.
 */
import type { FastifyRequest } from 'fastify';
import { StationCodes, type StationUserBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './stations.repository.js';
import { getStation } from './stations.service.js';

/**
 * `addstationuser`: gives users of the tenant this station (a user's previous station is replaced).
 * @throws station.not_found, station.user_required (none given), station.user_not_in_tenant.
 */
export async function addStationUsers(tx: Tx, request: FastifyRequest, tenantId: string, b: StationUserBody): Promise<{ count: number }> {
  const station = await getStation(tx, tenantId, b.stationId);
  const ids = [...new Set(b.userIds)];
  if (!ids.length) throw new AppError(StationCodes.USER_REQUIRED);
  const found = await repo.findTenantUsers(tx, tenantId, ids);
  if (found.length !== ids.length) throw new AppError(StationCodes.USER_NOT_IN_TENANT);
  const added = found.filter((u) => u.stationId !== station.id);
  if (added.length)
    await repo.updateUsersStation(
      tx,
      tenantId,
      added.map((u) => u.id),
      station.id,
    );
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'station.member.add',
    entity: 'station',
    entityId: station.id,
    before: { users: added.map((u) => ({ id: u.id, stationId: u.stationId })) },
    after: { name: station.name, userIds: added.map((u) => u.id) },
  });
  return { count: added.length };
}

/**
 * `deletestationuser`: takes the station from its members among `userIds` (others are ignored).
 * @throws station.not_found, station.member_required (none given).
 */
export async function deleteStationUsers(tx: Tx, request: FastifyRequest, tenantId: string, b: StationUserBody): Promise<{ count: number }> {
  const station = await getStation(tx, tenantId, b.stationId);
  const ids = [...new Set(b.userIds)];
  if (!ids.length) throw new AppError(StationCodes.MEMBER_REQUIRED);
  const members = (await repo.findTenantUsers(tx, tenantId, ids)).filter((u) => u.stationId === station.id).map((u) => u.id);
  if (members.length) await repo.updateUsersStation(tx, tenantId, members, null);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'station.member.delete',
    entity: 'station',
    entityId: station.id,
    before: { name: station.name, userIds: members },
  });
  return { count: members.length };
}
