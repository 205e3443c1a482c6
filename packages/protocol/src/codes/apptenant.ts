/**
 * Response codes of application tenants (`apptenant.reason`) and of organisation / user mappings
 * (`mapping.reason`); messages under `errors:apptenant.<reason>` and `errors:mapping.<reason>` in
 * @mp/i18n (locales/<locale>/errors-apptenant.ts, errors-mapping.ts). SPEC §3 Application tenant, §8.
 */
export const AppTenantCodes = {
  /** The application tenant is not one of the tenant's (or was withdrawn by the platform). */
  NOT_FOUND: 'apptenant.not_found',
  /** SPEC §8 'The application tenant code must consist of letters and numbers'. */
  CODE_PATTERN: 'apptenant.code_pattern',
  /** Another application tenant of the tenant has this code (params: code). */
  CODE_IN_USE: 'apptenant.code_in_use',
} as const;

export const MappingCodes = {
  /** The mapping does not exist in the tenant (or was deleted). */
  NOT_FOUND: 'mapping.not_found',
  /** The application is not one of the tenant's application tenants. */
  APP_NOT_FOUND: 'mapping.app_not_found',
  /** The organisation is not one of the tenant's. */
  ORG_NOT_FOUND: 'mapping.org_not_found',
  /** The user is not one of the tenant's. */
  USER_NOT_FOUND: 'mapping.user_not_found',
  /** The organisation already has a mapping in that application (params: name). */
  ORG_MAPPED: 'mapping.org_mapped',
  /** The application organisation code is already mapped in that application (params: code). */
  CODE_IN_USE: 'mapping.code_in_use',
  /** The user already has a mapping in that application (params: name). */
  USER_MAPPED: 'mapping.user_mapped',
  /** The application account is already mapped in that application (params: account). */
  ACCOUNT_IN_USE: 'mapping.account_in_use',
  /** The external code / account is not letters, digits and . _ - @. */
  CODE_PATTERN: 'mapping.code_pattern',
} as const;
