/**
 * Response codes of the station (position) area (`station.reason`); messages under
 * `errors:station.<reason>` in @mp/i18n (locales/<locale>/errors-station.ts). SPEC §5 Station, Position.
 */
export const StationCodes = {
  /** The station does not exist in the tenant (or was deleted). */
  NOT_FOUND: 'station.not_found',
  /** The name contains a single quote or an angle bracket. */
  NAME_PATTERN: 'station.name_pattern',
  /** The code is not letters, digits and underscores. */
  CODE_PATTERN: 'station.code_pattern',
  /** The code is already used by another station of the tenant (params: code). */
  CODE_IN_USE: 'station.code_in_use',
  /** The parent position is not a station of the tenant. */
  PARENT_NOT_FOUND: 'station.parent_not_found',
  /** The parent position is the station itself or one of its descendants. */
  PARENT_CYCLE: 'station.parent_cycle',
  /** The organisation is not one of the tenant's. */
  ORG_NOT_FOUND: 'station.org_not_found',
  /** A station that still has members cannot be deleted (params: name). */
  HAS_MEMBERS: 'station.has_members',
  /** A station that still has child stations cannot be deleted (params: name). */
  HAS_CHILDREN: 'station.has_children',
  /** addstationuser without users. */
  USER_REQUIRED: 'station.user_required',
  /** deletestationuser without members. */
  MEMBER_REQUIRED: 'station.member_required',
  /** A user id that is not a user of the tenant. */
  USER_NOT_IN_TENANT: 'station.user_not_in_tenant',
} as const;
