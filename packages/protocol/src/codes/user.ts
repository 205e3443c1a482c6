/**
 * Response codes of the user area (`user.reason`); messages under `errors:user.<reason>` in @mp/i18n
 * (locales/<locale>/errors-user.ts). SPEC §5 User, §4 Records (super manager), §8 import messages.
 */
export const UserCodes = {
  USERNAME_PATTERN: 'user.username_pattern',
  EMPLOYEE_NAME_PATTERN: 'user.employee_name_pattern',
  EMPLOYEE_CODE_PATTERN: 'user.employee_code_pattern',
  MOBILE_PATTERN: 'user.mobile_pattern',
  EMAIL_PATTERN: 'user.email_pattern',
  PHONE_PATTERN: 'user.phone_pattern',
  ID_CARD_PATTERN: 'user.id_card_pattern',
  DATE_INVALID: 'user.date_invalid',
  /** Effective date later than expiry date. */
  DATE_ORDER: 'user.date_order',
  /** User name, mobile, e-mail: sign-in names, unique across all tenants (docs/login.md "One account per sign-in name"). */
  USERNAME_IN_USE: 'user.username_in_use',
  MOBILE_IN_USE: 'user.mobile_in_use',
  EMAIL_IN_USE: 'user.email_in_use',
  /** One of the user's sign-in names was taken by another account at the same moment (a lost race; saving again names it). */
  SIGN_IN_NAME_IN_USE: 'user.sign_in_name_in_use',
  NOT_FOUND: 'user.not_found',
  /** The organisation does not exist in the user's tenant. */
  ORG_NOT_FOUND: 'user.org_not_found',
  /** The super manager cannot be disabled, locked or deleted. */
  SUPER_MANAGER: 'user.super_manager',
  /** Only the super manager may set the super manager's password. */
  SUPER_MANAGER_PASSWORD: 'user.super_manager_password',
  /** A platform administrator cannot disable, lock or delete their own account. */
  SELF: 'user.self',
  /**
   * The user holds rights the caller does not (an administrator, the super manager, or a role the caller
   * could not grant), so the caller cannot change them (issue 12; modules/tenancy/acting-on.ts). params: username.
   */
  OUTRANKS_CALLER: 'user.outranks_caller',
  AVATAR_NOT_IMAGE: 'user.avatar_not_image',
  AVATAR_TOO_LARGE: 'user.avatar_too_large',
  FACE_PHOTO_NOT_IMAGE: 'user.face_photo_not_image',
  FACE_PHOTO_TOO_LARGE: 'user.face_photo_too_large',
  /** The station does not exist in the user's tenant. */
  STATION_NOT_FOUND: 'user.station_not_found',
  /** Import: some rows failed; `data.errors` lists them and nothing was imported. */
  /** SPEC §8 'Only Excel files can be uploaded.' */
  IMPORT_EXCEL_ONLY: 'user.import_excel_only',
  IMPORT_INVALID: 'user.import_invalid',
  IMPORT_EMPTY: 'user.import_empty',
  IMPORT_TOO_MANY: 'user.import_too_many',
  IMPORT_UNREADABLE: 'user.import_unreadable',
  IMPORT_COLUMN_MISSING: 'user.import_column_missing',
  IMPORT_DUPLICATE: 'user.import_duplicate',
  IMPORT_TENANT_MISMATCH: 'user.import_tenant_mismatch',
  IMPORT_VALUE: 'user.import_value',
} as const;
