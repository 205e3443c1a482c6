/**
 * Response codes of the role area (`role.reason`); messages under `errors:role.<reason>` in @mp/i18n
 * (locales/<locale>/errors-role.ts). SPEC §5 Role, §7 /plat/role/* and /plat/rolepurview/*.
 */
export const RoleCodes = {
  /** The role does not exist in the tenant (or was deleted). */
  NOT_FOUND: 'role.not_found',
  /** Role number: letters, digits and underscore only. */
  NO_PATTERN: 'role.no_pattern',
  /** Role number already used in the tenant (params: roleNo). */
  NO_IN_USE: 'role.no_in_use',
  /** Role name: Chinese characters, letters, digits and underscore only. */
  NAME_PATTERN: 'role.name_pattern',
  /** No organisation or group chosen for the role. */
  ORG_REQUIRED: 'role.org_required',
  /** The organisation is not one of the tenant's. */
  ORG_NOT_FOUND: 'role.org_not_found',
  /** A built-in role cannot be deleted (params: name). */
  BUILT_IN: 'role.built_in',
  /** addroleuser without users. */
  USER_REQUIRED: 'role.user_required',
  /** deleteroleuser without members. */
  MEMBER_REQUIRED: 'role.member_required',
  /** A user id that is not a user of the tenant. */
  USER_NOT_IN_TENANT: 'role.user_not_in_tenant',
  /** A grant names the root menu node (params: id). */
  GRANT_ROOT: 'role.grant_root',
  /** A grant names a menu that is not in the tenant menu (params: id). */
  GRANT_MENU_UNKNOWN: 'role.grant_menu_unknown',
  /** A grant names an organisation type outside 0–6 (params: id). */
  GRANT_ORGTYPE_UNKNOWN: 'role.grant_orgtype_unknown',
  /** A grant names an organisation outside the tenant's tree of that category (params: id). */
  GRANT_ORG_UNKNOWN: 'role.grant_org_unknown',
  /** A permission value outside the bits 1 read, 2 write (params: id, value). */
  GRANT_PURVIEW: 'role.grant_purview',
  /** The same id twice in one grant list (params: id). */
  GRANT_DUPLICATE: 'role.grant_duplicate',
  /** An organisation category that is not configured (params: category). */
  CATEGORY_UNKNOWN: 'role.category_unknown',
} as const;
