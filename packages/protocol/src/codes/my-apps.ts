/**
 * Response codes of My apps (`myapps.reason`; issue 15; docs/users.md "Opening an application"). Messages
 * under `errors:myapps.<reason>` in @mp/i18n (locales/<locale>/errors-myapps.ts).
 */
export const MyAppsCodes = {
  /** Not one of the caller's applications: unknown, disabled, not used by their tenant, or outside its users. */
  APP_NOT_FOUND: 'myapps.app_not_found',
  /** The application opens by OpenID Connect login initiation, not by the SSO query: use its `loginUrl`. */
  NOT_SSO_QUERY: 'myapps.not_sso_query',
  /** The application's callback address is not an absolute http(s) address: it cannot be opened. */
  NO_ADDRESS: 'myapps.no_address',
} as const;
