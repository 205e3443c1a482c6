/**
 * Station (position) schemas (SPEC §3 Station): the list the user form chooses a station from. Station
 * management itself (SPEC §2 stationManagement) grows these with issue 5.
 */
import Type, { type Static } from 'typebox';
import { pageQuery, PagingSchema } from './common.js';
import { STATION_MEMBER_SORT_FIELDS, STATION_SORT_FIELDS } from '../rules/station.js';

/** `liststation`: a tenant's stations, paged, optionally filtered by a name prefix. */
export const StationListBody = Type.Object({
  ...PagingSchema,
  tenantId: Type.String({ minLength: 1, maxLength: 64 }),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type StationListBody = Static<typeof StationListBody>;

/** A station as lists show it (SPEC §3 Station). */
export interface StationRow {
  id: string;
  tenantId: string;
  orgId: string;
  parentId: string;
  code: string;
  name: string;
  level: string;
  type: string;
  description: string;
  enabled: 0 | 1;
  updatedAt: string;
}

// ---------------------------------------------------------------- tenant area (issue 5)

const id = Type.String({ minLength: 1, maxLength: 64 });
const optionalId = Type.Optional(Type.String({ maxLength: 64 }));

/** `listtenantstation`: the TENANTID tenant's stations; `keyword` is a name prefix, `code` a code prefix. */
export const TenantStationListBody = Type.Object({
  ...pageQuery(STATION_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  code: Type.Optional(Type.String({ maxLength: 50 })),
  enabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type TenantStationListBody = Static<typeof TenantStationListBody>;

/**
 * The fields of a station form (SPEC §3 Station). Lengths are checked by the service with localised
 * messages (STATION_RULES), so the schema only bounds the size.
 */
const stationFields = {
  name: Type.String({ maxLength: 200 }),
  level: Type.String({ maxLength: 200 }),
  code: Type.Optional(Type.String({ maxLength: 200 })),
  parentId: optionalId,
  orgId: optionalId,
  type: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  enabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
};
export const StationAddBody = Type.Object(stationFields);
export type StationAddBody = Static<typeof StationAddBody>;
export const StationEditBody = Type.Object({ id, ...stationFields });
export type StationEditBody = Static<typeof StationEditBody>;

/** `liststationuser` / `listusernotinstation`: members (or candidates) of one station, searched by user or employee name. */
export const StationUserListBody = Type.Object({
  ...pageQuery(STATION_MEMBER_SORT_FIELDS),
  stationId: id,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type StationUserListBody = Static<typeof StationUserListBody>;

/** `addstationuser` / `deletestationuser`: users to add to, or remove from, one station. */
export const StationUserBody = Type.Object({
  stationId: id,
  userIds: Type.Array(id, { maxItems: 1000 }),
});
export type StationUserBody = Static<typeof StationUserBody>;

/** A station in the tenant area's grid: the list row plus its tree place, organisation and member count. */
export interface TenantStationRow extends StationRow {
  parentName: string;
  parentIdList: string;
  stationLayer: number;
  orgName: string;
  members: number;
  createdAt: string;
}

/** A member of a station (or a candidate in the add-member picker). */
export interface StationMemberRow {
  userId: string;
  username: string;
  employeeName: string;
  orgId: string;
  orgName: string;
  /** The station the user holds now (candidates: adding moves them from it). */
  stationName: string;
  status: number;
  updatedAt: string;
}
