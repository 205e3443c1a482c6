/**
 * Response codes of the policy service (`policy.reason`; issue 14 "The policy service"; SPEC §7 Policy
 * service; docs/applications.md "Policy service"). Messages under `errors:policy.<reason>` in @mp/i18n
 * (locales/<locale>/errors-policy.ts).
 */
export const PolicyCodes = {
  /**
   * HTTP 401 with `WWW-Authenticate: Basic realm="policy"`: no credentials, wrong ones, a public
   * client, a disabled client or application, an unknown, expired or foreign access token.
   */
  CLIENT_UNAUTHORIZED: 'policy.client_unauthorized',
  /** The tenant (id or code) is unknown, or it does not use the client's application (no enabled tenant_products row). */
  TENANT_NOT_SUBSCRIBED: 'policy.tenant_not_subscribed',
  /** No such user in that tenant. */
  USER_NOT_FOUND: 'policy.user_not_found',
  /** HTTP 400: the body names the user by neither or both of `userId` and `username`. */
  USER_REQUIRED: 'policy.user_required',
  /** HTTP 400: a decision names none, or more than one, of `api`, `control`, `menu`. */
  TARGET_REQUIRED: 'policy.target_required',
  /** HTTP 400: the sync cursor is not one this service issued. */
  CURSOR_INVALID: 'policy.cursor_invalid',
  /** The sync cursor is older than the change log keeps (read the permissions again, then sync from the new cursor). */
  CURSOR_EXPIRED: 'policy.cursor_expired',
  /**
   * HTTP 400: an SSO-query ticket that is unknown, used, expired, issued for another application, or whose
   * console session has ended or whose user may no longer use the application (one answer for all).
   */
  TICKET_INVALID: 'policy.ticket_invalid',
} as const;
