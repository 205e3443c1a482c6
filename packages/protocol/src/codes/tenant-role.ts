/**
 * Response codes of the tenant area's role management (`tenantrole.reason`); messages under
 * `errors:tenantrole.<reason>` in @mp/i18n (locales/<locale>/errors-tenantrole.ts). The field rules and
 * the other role messages are the role area's (codes/role.ts); docs/tenant-roles.md.
 */
export const TenantRoleCodes = {
  /** An API grant names a url that is not in the tenant API catalogue (params: id). */
  GRANT_API_UNKNOWN: 'tenantrole.grant_api_unknown',
} as const;
