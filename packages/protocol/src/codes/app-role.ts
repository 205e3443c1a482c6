/**
 * Response codes of application roles and permission templates (`approle.reason`, `apptemplate.reason`);
 * messages under `errors:approle.<reason>` / `errors:apptemplate.<reason>` in @mp/i18n
 * (locales/<locale>/errors-approle.ts). Role number and name patterns answer the role area's
 * `role.no_pattern` / `role.name_pattern`; bad grant bits and duplicates `role.grant_purview` /
 * `role.grant_duplicate`; unknown items `appgrant.item_unknown`. docs/applications.md "Application roles
 * and permission templates".
 */
export const AppRoleCodes = {
  /** The role is not one of this application's (params: none). */
  NOT_FOUND: 'approle.not_found',
  /** Role number already used in the application, case-insensitively (params: code). */
  CODE_IN_USE: 'approle.code_in_use',
  /** addapproleuser without users. */
  USER_REQUIRED: 'approle.user_required',
  /** deleteapproleuser without members. */
  MEMBER_REQUIRED: 'approle.member_required',
  /** A user who is not a user of the application (params: id). */
  NOT_APP_USER: 'approle.not_app_user',
} as const;

export const AppTemplateCodes = {
  /** The template is not one of this application's. */
  NOT_FOUND: 'apptemplate.not_found',
  /** A sibling template already has this name (params: name). */
  NAME_IN_USE: 'apptemplate.name_in_use',
  /** SPEC §5 'template must be selected before permission configuration'. */
  REQUIRED: 'apptemplate.required',
  /** SPEC §5 'root node does not support permission configuration'. */
  ROOT: 'apptemplate.root',
  /** A template moved under itself or its own subtree. */
  MOVE_CYCLE: 'apptemplate.move_cycle',
} as const;
