/**
 * Response codes of the accounts area (`account.reason`); messages under `errors:account.<reason>` in
 * @mp/i18n (locales/<locale>/errors-account.ts). SPEC §2 accountManagement, §3 WeChat type;
 * docs/tenant-members.md.
 */
export const AccountCodes = {
  /** The account does not exist in the tenant (another tenant's id included). */
  NOT_FOUND: 'account.not_found',
  /** The account id is not letters, digits and `_ - . @`. */
  ACCOUNT_PATTERN: 'account.account_pattern',
  /** The account type is not 1, 2 or 3 (SPEC §3 WeChat type). */
  TYPE_INVALID: 'account.type_invalid',
  /** Another account of the same type has this account id (params: account). */
  ACCOUNT_IN_USE: 'account.account_in_use',
  /** The user is not a user of the tenant (or not in the caller's data scope). */
  USER_NOT_FOUND: 'account.user_not_found',
  /** The account is associated with another user: unbind it first (params: username). */
  ALREADY_BOUND: 'account.already_bound',
  /** The user already has an account of this type (params: username, account). */
  USER_HAS_TYPE: 'account.user_has_type',
  /** unbindaccount on an account associated with nobody. */
  NOT_BOUND: 'account.not_bound',
} as const;
