/**
 * Response codes of the product area (`product.reason`); messages under `errors:product.<reason>` in @mp/i18n
 * (locales/<locale>/errors-product.ts). The tenant-side codes of product authorisation and set
 * administrator (`tenant.reason`) are here too; their messages live in the `tenant` section of errors.ts.
 */
export const ProductCodes = {
  /** The product code is not letters, digits and underscores (PRODUCT_RULES.code). */
  CODE_PATTERN: 'product.code_pattern',
  /** Another product has this code (case-insensitive). */
  CODE_IN_USE: 'product.code_in_use',
  /** The version is not letters, digits, dots, hyphens and underscores (PRODUCT_RULES.version). */
  VERSION_PATTERN: 'product.version_pattern',
  /** The callback address is not an http(s) URL. */
  URL_INVALID: 'product.url_invalid',
  /** The person in charge's e-mail is not an e-mail address. */
  EMAIL_INVALID: 'product.email_invalid',
  /** The person in charge's telephone is not a telephone number. */
  PHONE_INVALID: 'product.phone_invalid',
  /** No such product (unknown id, or deleted). */
  NOT_FOUND: 'product.not_found',
  /** A built-in product cannot be deleted. */
  BUILT_IN: 'product.built_in',
  /** The product is authorised to tenants and cannot be deleted until that is withdrawn. */
  IN_USE: 'product.in_use',
  /** A disabled product cannot be newly authorised to a tenant. */
  NOT_ENABLED: 'product.not_enabled',
  /** A chosen administrator is not an enabled user. */
  ADMIN_NOT_FOUND: 'product.admin_not_found',
} as const;

/** Tenant-side codes of product authorisation and set administrator (messages: `errors:tenant.<reason>`). */
export const TenantGrantCodes = {
  /** A chosen tenant administrator is not an enabled user of that tenant or of the platform tenant. */
  ADMIN_USER_INVALID: 'tenant.admin_user_invalid',
  /** The same product appears twice in one authorisation. */
  PRODUCT_DUPLICATE: 'tenant.product_duplicate',
} as const;
