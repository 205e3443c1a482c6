/**
 * Response codes of service accounts (`serviceaccount.reason`); messages under `errors:serviceaccount.<reason>`
 * in @mp/i18n (locales/<locale>/errors-serviceaccount.ts). docs/service-accounts.md.
 */
export const ServiceAccountCodes = {
  /** Not a service account of the caller's scope. */
  NOT_FOUND: 'serviceaccount.not_found',
  NAME_REQUIRED: 'serviceaccount.name_required',
  /** params: max */
  NAME_TOO_LONG: 'serviceaccount.name_too_long',
  /** params: max */
  DESCRIPTION_TOO_LONG: 'serviceaccount.description_too_long',
  /** No role given (params: none), or more than the rule allows (params: max). */
  ROLE_REQUIRED: 'serviceaccount.role_required',
  ROLE_TOO_MANY: 'serviceaccount.role_too_many',
  /** A role id that is not an enabled-or-disabled role of the service account's tenant (params: id). */
  ROLE_UNKNOWN: 'serviceaccount.role_unknown',
  /** The expiry date is not a real date, or is before today. */
  EXPIRY_INVALID: 'serviceaccount.expiry_invalid',
  /** Token call: unknown key id or wrong secret (the same answer for both). */
  CREDENTIAL_INVALID: 'serviceaccount.credential_invalid',
  /** Token call with the right secret: the service account is disabled. */
  DISABLED: 'serviceaccount.disabled',
  /** Token call with the right secret: the credential's expiry has passed. */
  EXPIRED: 'serviceaccount.expired',
  /** Interactive sign-in (password, code, MFA) of a service account's user name. */
  NOT_INTERACTIVE: 'serviceaccount.not_interactive',
  /** Giving a service account's user an identity (an administrator, application administrator, enterprise user or test account). */
  NO_IDENTITY: 'serviceaccount.no_identity',
  /** `renewaltoken` on a service account's session: it asks for a new token instead. */
  NO_RENEWAL: 'serviceaccount.no_renewal',
} as const;
