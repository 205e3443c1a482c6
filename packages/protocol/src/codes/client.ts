/**
 * Response codes of client access management (`client.reason`; SPEC §2 App `client`); messages under
 * `errors:client.<reason>` in @mp/i18n (locales/<locale>/errors-client.ts). Refusals of callers who
 * may not manage the app's clients answer the spec's `10009029001` (Codes.NO_PERMISSION).
 */
export const ClientCodes = {
  /** The client id is not letters, digits, '-' and '_' (CLIENT_RULES.clientId). */
  ID_PATTERN: 'client.id_pattern',
  /** Another client already has this client id. */
  ID_IN_USE: 'client.id_in_use',
  /** No such client in this app (unknown id, deleted, or another app's). */
  NOT_FOUND: 'client.not_found',
  /** No app named: neither `productId` nor the APPID header names an existing app. */
  APP_REQUIRED: 'client.app_required',
  /** A redirect URI is not an absolute http(s) URL (param `uri`). */
  URI_INVALID: 'client.uri_invalid',
  /** A redirect URI carries a fragment (`#…`), which OAuth 2.0 forbids (param `uri`). */
  URI_FRAGMENT: 'client.uri_fragment',
  /** A redirect URI uses http for a host other than localhost / 127.0.0.1 (param `uri`). */
  URI_HTTPS_REQUIRED: 'client.uri_https_required',
  /** A redirect URI is longer than CLIENT_RULES.redirectUri.max (params `uri`, `max`). */
  URI_TOO_LONG: 'client.uri_too_long',
  /** More redirect URIs than CLIENT_RULES.redirectUris.max (param `max`). */
  URIS_TOO_MANY: 'client.uris_too_many',
  /** The authorization-code grant needs at least one redirect URI. */
  REDIRECT_URI_REQUIRED: 'client.redirect_uri_required',
  /** No grant type chosen. */
  GRANT_TYPE_REQUIRED: 'client.grant_type_required',
  /** A grant type the provider does not support (param `grantType`). */
  GRANT_TYPE_INVALID: 'client.grant_type_invalid',
  /** The refresh-token grant only makes sense with the authorization-code grant. */
  REFRESH_NEEDS_CODE: 'client.refresh_needs_code',
  /** A public client (`none`) has no secret, so it cannot be reset. */
  PUBLIC_NO_SECRET: 'client.public_no_secret',
  /** The client_credentials grant needs a secret: a public client cannot have it. */
  CREDENTIALS_NEED_SECRET: 'client.credentials_need_secret',
} as const;
