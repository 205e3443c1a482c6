/**
 * Response codes of the application's people (`appuser.reason`; issue 15; SPEC §2 App org, user,
 * orgUserRelation); messages under `errors:appuser.<reason>` in @mp/i18n (locales/<locale>/errors-appuser.ts).
 * docs/applications.md "Application people: organisations, users, relations".
 */
export const AppUserCodes = {
  /** The tenant does not use the application (no tenant_products row with status 1), or is unknown. */
  TENANT_NOT_USING: 'appuser.tenant_not_using',
  /** The organisation is not one of the tenant's. */
  ORG_NOT_FOUND: 'appuser.org_not_found',
  /** The organisation is inside a root organisation already chosen (params: name, root). */
  ROOT_REDUNDANT: 'appuser.root_redundant',
  /** The organisation is not one of the application's organisations of the tenant (outside its roots). */
  ORG_OUTSIDE_ROOTS: 'appuser.org_outside_roots',
  /** No such user among the application's users (unknown, another tenant's, outside the roots). */
  USER_NOT_FOUND: 'appuser.user_not_found',
  /** The user is an administrator (tenant, application, platform) or the super manager, or the caller (params: username). */
  ADMIN_UNTOUCHABLE: 'appuser.admin_untouchable',
  /** The account name in the application is used by another user of the tenant (params: account). */
  ACCOUNT_IN_USE: 'appuser.account_in_use',
  /** At least one record must be chosen (SPEC §5 Generic). */
  SELECTION_REQUIRED: 'appuser.selection_required',
} as const;
export type AppUserCode = (typeof AppUserCodes)[keyof typeof AppUserCodes];
