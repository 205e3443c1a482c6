/**
 * Organisation rules of SPEC §5 Organisation as data (CONVENTIONS "Validation rules come from the
 * protocol package"): the server checks every write and every imported row with them and the console's
 * forms build their rules from them. docs/organisations.md.
 */
import { MAX_LEN } from '../rules.js';

/** Limits and patterns of an organisation's fields (lengths in characters). */
export const ORG_RULES = {
  /** Required, at most 50, no single quote and no angle bracket. */
  name: { max: MAX_LEN.middle, pattern: /^[^'<>]+$/ },
  /** Required, at most 50, letters, digits, underscore and hyphen; unique in the tenant's category. */
  code: { max: MAX_LEN.middle, pattern: /^[A-Za-z0-9_-]+$/ },
  description: { max: MAX_LEN.huge },
  /** Required integer 0–6 (SPEC §3 types: none, group, company, department, sub-department, field, franchise store). */
  type: { min: 0, max: 6 },
  /** Integer 0–999999 (SPEC §5 "positive integers"; 0 is the default "no particular order"). */
  sort: { min: 0, max: 999999 },
} as const;

/** Sortable columns of the organisation grids. */
export const ORG_SORT_FIELDS = ['code', 'name', 'type', 'sort', 'status', 'updatedAt'] as const;

/** Most rows one organisation import accepts. */
export const ORG_IMPORT_MAX_ROWS = 10000;
