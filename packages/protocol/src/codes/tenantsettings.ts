/**
 * Response codes of the tenant's own configuration (`tenantsettings.reason`); messages under
 * `errors:tenantsettings.<reason>` in @mp/i18n (locales/<locale>/errors-tenantsettings.ts).
 * SPEC §2 Tenant sysconfig; docs/tenant-members.md.
 */
export const TenantSettingsCodes = {
  /** A number outside its range (params: fieldKey, min, max). */
  NUMBER_RANGE: 'tenantsettings.number_range',
} as const;
