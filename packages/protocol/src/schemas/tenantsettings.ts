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

/** `savetenantsettings`: `userValidityDays` 1–36500, or 0 for "no default" (answered as null). */
export const TenantSettingsSaveBody = Type.Object({
  userValidityDays: Type.Integer(),
});
export type TenantSettingsSaveBody = Static<typeof TenantSettingsSaveBody>;

/** `saveorgcate` (tenant area): adds or renames a category of the TENANTID tenant (key 1–9999). */
export const TenantOrgCategorySaveBody = Type.Object({
  codeKey: Type.Integer(),
  codeVal: Type.String({ maxLength: 200 }),
});
export type TenantOrgCategorySaveBody = Static<typeof TenantOrgCategorySaveBody>;

/** `delorgcate` (tenant area): removes a category (refused while organisations use it). */
export const TenantOrgCategoryDeleteBody = Type.Object({
  codeKey: Type.Integer(),
  codeVal: Type.Optional(Type.String({ maxLength: 200 })),
});
export type TenantOrgCategoryDeleteBody = Static<typeof TenantOrgCategoryDeleteBody>;
