/**
 * Rules of application tenants (SPEC §3 Application tenant, §8) and of organisation / user mappings
 * (SPEC §2 orgMappingManagement, employeeMappingManagement) as data: the server checks every write with
 * them and the console's forms build their rules from them.
 */
import { MAX_LEN } from '../rules.js';

/** Application tenant: name required (≤ 50); code required, letters and digits only (≤ 20), unique in the tenant. */
export const APP_TENANT_RULES = {
  name: { max: MAX_LEN.middle },
  code: { max: MAX_LEN.small, pattern: /^[A-Za-z0-9]+$/ },
} as const;

/** Sortable columns of the application tenant grid. */
export const APP_TENANT_SORT_FIELDS = ['name', 'code', 'productName', 'status', 'updatedAt'] as const;

/**
 * Organisation and user mappings: the application's organisation code / the user's account in the
 * application are required, ≤ 100, letters, digits and `. _ - @` (identifiers of another system);
 * names ≤ 100.
 */
export const MAPPING_RULES = {
  externalCode: { max: MAX_LEN.large, pattern: /^[A-Za-z0-9._@-]+$/ },
  externalName: { max: MAX_LEN.large },
  externalAccount: { max: MAX_LEN.large, pattern: /^[A-Za-z0-9._@-]+$/ },
} as const;

/** Sortable columns of the organisation mapping grid. */
export const ORG_MAPPING_SORT_FIELDS = ['appName', 'orgName', 'externalCode', 'updatedAt'] as const;

/** Sortable columns of the user mapping grid. */
export const USER_MAPPING_SORT_FIELDS = ['appName', 'username', 'externalAccount', 'updatedAt'] as const;
