/**
 * Response codes of tenant roles' application grants (`appgrant.reason`); messages under
 * `errors:appgrant.<reason>` in @mp/i18n (locales/<locale>/errors-appgrant.ts). Duplicates and bad bits
 * answer the role area's `role.grant_duplicate` / `role.grant_purview` (codes/role.ts). docs/applications.md
 * "Grants reach the tenants".
 */
export const AppGrantCodes = {
  /** The application is not one the tenant uses (unknown, or not authorised for the tenant; params: id). */
  APP_NOT_USED: 'appgrant.app_not_used',
  /** A grant item names no item of this application's tree (unknown, another application's, or not a `uniqueId`; params: id). */
  ITEM_UNKNOWN: 'appgrant.item_unknown',
} as const;
