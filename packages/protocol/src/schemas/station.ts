/**
 * Station (position) schemas (SPEC §3 Station): the list the user form chooses a station from. Station
 * management itself (SPEC §2 stationManagement) grows these with issue 5.
 */
import Type, { type Static } from 'typebox';
import { PageQuerySchema } from './common.js';

/** `liststation`: a tenant's stations, paged, optionally filtered by a name prefix. */
export const StationListBody = Type.Object({
  ...PageQuerySchema,
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
