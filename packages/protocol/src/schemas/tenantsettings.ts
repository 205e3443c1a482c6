/**
 * The tenant's own configuration (SPEC §2 Tenant sysconfig; docs/tenant-members.md): settings the
 * server uses, for the tenant's administrators. New users: `userValidityDays` — when a user of this
 * tenant is created without an expiry date, it is the effective date plus this many days (null: no
 * default, the form must give one). Organisation categories of the tenant are kept with the platform's
 * code table calls' services (tenant-area calls listorgcate / saveorgcate / delorgcate).
 */
import Type, { type Static } from 'typebox';

/** Limits of the tenant settings. */
export const TENANT_SETTINGS_RULES = {
  /** Default validity of a new user in days: 1 … 36500 (100 years). */
  userValidityDays: { min: 1, max: 36500 },
} as const;

/** What `gettenantsettings` answers (`data.row`) and `savetenantsettings` takes (all keys). */
export interface TenantSettings {
  /** Default validity of a new user in days, or null for none. */
  userValidityDays: number | null;
}

/**
 * The expiry date (YYYY-MM-DD) a new user of the tenant gets by default: the effective date (or today,
 * UTC) plus `userValidityDays`; undefined when the tenant has no default. The server applies it when the
 * user add call leaves the expiry empty; the console pre-fills the add form with it (docs/tenant-members.md).
 */
export function defaultExpiryDate(settings: TenantSettings, effectiveDate?: string | null): string | undefined {
  if (!settings.userValidityDays) return undefined;
  const start = effectiveDate && /^\d{4}-\d{2}-\d{2}/.test(effectiveDate) ? new Date(`${effectiveDate.slice(0, 10)}T00:00:00Z`) : new Date();
  start.setUTCDate(start.getUTCDate() + settings.userValidityDays);
  return start.toISOString().slice(0, 10);
}

/**
 * An integer bounded on the wire (no 2^53 reaches the server); its domain (TENANT_SETTINGS_RULES,
 * SYSCONFIG_RULES.orgCategoryKey) is checked by the service with a localised, field-named message.
 */
const BoundedInt = Type.Integer({ minimum: -1000000, maximum: 1000000 });

/** `savetenantsettings`: `userValidityDays` 1–36500, or 0 for "no default" (answered as null). */
export const TenantSettingsSaveBody = Type.Object({
  userValidityDays: BoundedInt,
});
export type TenantSettingsSaveBody = Static<typeof TenantSettingsSaveBody>;

/** `saveorgcate` (tenant area): adds or renames a category of the TENANTID tenant (key 1–9999). */
export const TenantOrgCategorySaveBody = Type.Object({
  codeKey: BoundedInt,
  codeVal: Type.String({ maxLength: 200 }),
});
export type TenantOrgCategorySaveBody = Static<typeof TenantOrgCategorySaveBody>;

/** `delorgcate` (tenant area): removes a category (refused while organisations use it). */
export const TenantOrgCategoryDeleteBody = Type.Object({
  codeKey: BoundedInt,
  codeVal: Type.Optional(Type.String({ maxLength: 200 })),
});
export type TenantOrgCategoryDeleteBody = Static<typeof TenantOrgCategoryDeleteBody>;
