/**
 * Station (position) rules of SPEC §5 Station / Position as data: the server checks every write with
 * them and the console's form builds its rules from them (CONVENTIONS "Validation rules come from the
 * protocol package").
 */
import { MAX_LEN } from '../rules.js';

/** Limits and patterns of a station's fields (lengths in characters). */
export const STATION_RULES = {
  /** Required, at most 50, no single quote and no angle bracket. */
  name: { max: MAX_LEN.middle, pattern: /^[^'<>]+$/ },
  /** Required, at most 20. */
  level: { max: MAX_LEN.small },
  /** Optional; letters, digits, underscore; unique in the tenant when given. */
  code: { max: MAX_LEN.middle, pattern: /^[A-Za-z0-9_]+$/ },
  /** Required position type (SPEC §3 Position type, §5 'Position: name and type required'), at most 20. */
  type: { max: MAX_LEN.small },
  description: { max: MAX_LEN.huge },
} as const;

/** Sortable columns of the station grid (each backed by an index or a small tenant range). */
export const STATION_SORT_FIELDS = ['name', 'code', 'level', 'enabled', 'updatedAt'] as const;

/** Sortable columns of the station member grids. */
export const STATION_MEMBER_SORT_FIELDS = ['username', 'employeeName', 'updatedAt'] as const;
