/**
 * Station management of the tenant area (SPEC §2 stationManagement, §3 Station, §5 Station/Position):
 * list, add, edit, enable/disable and delete the TENANTID tenant's stations. Every write is checked by
 * STATION_RULES, runs in the caller's one transaction and is audited; a refusal changes nothing.
 *
 * Tree place: `parent_id_list` is the ancestor ids joined by ',' (root first, '' for a root station)
 * and `station_layer` its depth (1 for a root station).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { STATION_RULES, StationCodes, type StationAddBody, type StationEditBody, type TenantStationRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './stations.repository.js';

/** The API shape of a station in the tenant-area grid. */
export function toTenantStationRow(r: repo.StationListRecord): TenantStationRow {
  return {
    id: r.id,
    tenantId: r.tenantId,
    orgId: r.orgId ?? '',
    orgName: r.orgName ?? '',
    parentId: r.parentId ?? '',
    parentName: r.parentName ?? '',
    parentIdList: r.parentIdList,
    stationLayer: r.stationLayer,
    code: r.code,
    name: r.name,
    level: r.level,
    type: r.type,
    description: r.description,
    enabled: r.enabled === 1 ? 1 : 0,
    members: r.members,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The station `id` of the tenant. @throws station.not_found (also for another tenant's station). */
export async function getStation(tx: Tx, tenantId: string, id: string): Promise<repo.StationRecord> {
  const s = await repo.findStationById(tx, tenantId, id);
  if (!s) throw new AppError(StationCodes.NOT_FOUND);
  return s;
}

/** The ancestors list of a child of `parent`. */
function childList(parent: repo.StationRecord): string {
  return parent.parentIdList ? `${parent.parentIdList},${parent.id}` : parent.id;
}

/**
 * Checks the form's fields (SPEC §5 Station) and resolves the parent and organisation in the tenant.
 * @throws validation.required / too_long / script_tag, station.name_pattern, station.code_pattern,
 *   station.code_in_use, station.parent_not_found, station.parent_cycle, station.org_not_found.
 */
async function checkStation(tx: Tx, tenantId: string, b: StationAddBody, self?: repo.StationRecord) {
  const name = checkText('name', b.name, {
    required: true,
    max: STATION_RULES.name.max,
    pattern: STATION_RULES.name.pattern,
    patternCode: StationCodes.NAME_PATTERN,
  });
  const level = checkText('stationLevel', b.level, { required: true, max: STATION_RULES.level.max });
  const code = checkText('code', b.code, { max: STATION_RULES.code.max, pattern: STATION_RULES.code.pattern, patternCode: StationCodes.CODE_PATTERN });
  const type = checkText('stationType', b.type, { required: true, max: STATION_RULES.type.max });
  const description = checkText('description', b.description, { max: STATION_RULES.description.max });
  if (code && (await repo.findStationByCode(tx, tenantId, code, self?.id))) throw codeInUse(code);
  const parentId = b.parentId?.trim() || null;
  let parentIdList = '';
  if (parentId) {
    const parent = await repo.findStationById(tx, tenantId, parentId);
    if (!parent) throw new AppError(StationCodes.PARENT_NOT_FOUND);
    if (self && (parent.id === self.id || parent.parentIdList.split(',').includes(self.id))) throw new AppError(StationCodes.PARENT_CYCLE);
    parentIdList = childList(parent);
  }
  const orgId = b.orgId?.trim() || null;
  if (orgId && !(await repo.existsTenantOrg(tx, tenantId, orgId))) throw new AppError(StationCodes.ORG_NOT_FOUND);
  const stationLayer = parentIdList ? parentIdList.split(',').length + 1 : 1;
  return { name, level, code, description, parentId, parentIdList, stationLayer, orgId, type, enabled: b.enabled ?? 1 };
}

/** `station.code_in_use`: raised by the pre-check, and by the unique index when a simultaneous write wins the race. */
const codeInUse = (code: string) => new AppError(StationCodes.CODE_IN_USE, { code });

/** The audited fields of a station. */
function audited(s: Partial<repo.StationRecord>) {
  return { code: s.code, name: s.name, level: s.level, parentId: s.parentId, orgId: s.orgId, type: s.type, description: s.description, enabled: s.enabled };
}

/** `addstation`: a new station of the tenant. Returns its id. */
export async function addStation(tx: Tx, request: FastifyRequest, tenantId: string, b: StationAddBody): Promise<{ id: string }> {
  const v = await checkStation(tx, tenantId, b);
  const id = randomUUID();
  await withUniqueErrors({ stations_tenant_code_uq: codeInUse(v.code) }, () => repo.insertStation(tx, { id, tenantId, ...v }));
  await insertAuditEntry(tx, request, { tenantId, action: 'station.add', entity: 'station', entityId: id, after: audited(v) });
  return { id };
}

/** `editstation`: changes a station; moving it rewrites its descendants' tree place in one statement. */
export async function editStation(tx: Tx, request: FastifyRequest, tenantId: string, b: StationEditBody): Promise<{ id: string }> {
  const before = await getStation(tx, tenantId, b.id);
  const v = await checkStation(tx, tenantId, b, before);
  await withUniqueErrors({ stations_tenant_code_uq: codeInUse(v.code) }, () => repo.updateStationById(tx, tenantId, before.id, v));
  if (v.parentIdList !== before.parentIdList) {
    const oldPrefix = before.parentIdList ? `${before.parentIdList},${before.id}` : before.id;
    const newPrefix = v.parentIdList ? `${v.parentIdList},${before.id}` : before.id;
    await repo.updateDescendantPaths(tx, tenantId, oldPrefix, newPrefix, v.stationLayer - before.stationLayer);
  }
  await insertAuditEntry(tx, request, { tenantId, action: 'station.edit', entity: 'station', entityId: before.id, before: audited(before), after: audited(v) });
  return { id: before.id };
}

/** Every id of `ids` as stations of the tenant. @throws station.not_found when one is missing. */
async function getStations(tx: Tx, tenantId: string, ids: string[]): Promise<repo.StationRecord[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findStationsByIds(tx, tenantId, unique);
  if (found.length !== unique.length) throw new AppError(StationCodes.NOT_FOUND);
  return found;
}

/** `statusstation`: enables (1) or disables (0) stations of the tenant, all or none. */
export async function setStationsEnabled(tx: Tx, request: FastifyRequest, tenantId: string, ids: string[], enabled: 0 | 1): Promise<{ count: number }> {
  const found = await getStations(tx, tenantId, ids);
  await repo.updateStationsEnabled(
    tx,
    tenantId,
    found.map((s) => s.id),
    enabled,
  );
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'station.status',
    entity: 'station',
    entityId: found.map((s) => s.id).join(','),
    before: found.map((s) => ({ id: s.id, enabled: s.enabled })),
    after: { enabled },
  });
  return { count: found.length };
}

/**
 * `deletestation`: deletes stations of the tenant, all or none. A station that still has members, or
 * child stations not deleted with it, is refused.
 * @throws station.not_found, station.has_members, station.has_children (params: name).
 */
export async function deleteStations(tx: Tx, request: FastifyRequest, tenantId: string, ids: string[]): Promise<{ count: number }> {
  const found = await getStations(tx, tenantId, ids);
  const all = found.map((s) => s.id);
  const nameOf = (id?: string) => found.find((s) => s.id === id)?.name ?? '';
  const withMembers = await repo.findStationWithMembers(tx, tenantId, all);
  if (withMembers) throw new AppError(StationCodes.HAS_MEMBERS, { name: nameOf(withMembers) });
  const withChildren = await repo.findStationWithChildren(tx, tenantId, all);
  if (withChildren) throw new AppError(StationCodes.HAS_CHILDREN, { name: nameOf(withChildren) });
  const count = await repo.deleteStationsByIds(tx, tenantId, all);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'station.delete',
    entity: 'station',
    entityId: all.join(','),
    before: found.map((s) => ({ id: s.id, ...audited(s) })),
  });
  return { count };
}
