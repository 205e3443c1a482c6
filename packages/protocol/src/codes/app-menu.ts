/**
 * Response codes of the menu designer (`appmenu.reason`; SPEC §5 Menu, §8 Menu messages); messages under
 * `errors:appmenu.<reason>` in @mp/i18n (locales/<locale>/errors-appmenu.ts). Callers who may not design
 * the application answer the spec's `10009029001` (Codes.NO_PERMISSION) from the guard.
 */
export const AppMenuCodes = {
  /** No such menu in this application (unknown id, deleted, or another application's). */
  NOT_FOUND: 'appmenu.not_found',
  /** The menu code is empty. */
  CODE_REQUIRED: 'appmenu.code_required',
  /** The menu code is not digits and English letters (APP_MENU_RULES.code). */
  CODE_PATTERN: 'appmenu.code_pattern',
  /** The menu code is longer than APP_MENU_RULES.code.max (param max). */
  CODE_TOO_LONG: 'appmenu.code_too_long',
  /** Another menu of the application has this code, case-insensitively (param code). */
  CODE_IN_USE: 'appmenu.code_in_use',
  /** The menu name is empty. */
  NAME_REQUIRED: 'appmenu.name_required',
  /** The menu name has characters other than digits, letters, Chinese, _ ( ) （ ） - (APP_MENU_RULES.name). */
  NAME_PATTERN: 'appmenu.name_pattern',
  /** The menu name is longer than APP_MENU_RULES.name.max (param max). */
  NAME_TOO_LONG: 'appmenu.name_too_long',
  /** SPEC §8 'Target page can not be a empty value': a page menu without a target page. */
  TARGET_REQUIRED: 'appmenu.target_required',
  /** The target address is longer than APP_MENU_RULES.target.max or carries a script tag (param max). */
  TARGET_INVALID: 'appmenu.target_invalid',
  /** The chosen page (`pageId`) is not a page of this application. */
  PAGE_NOT_FOUND: 'appmenu.page_not_found',
  /** SPEC §8 'You can not add a menu to the web page': the parent is a page (add, move, or a module with children turned into a page). */
  UNDER_PAGE: 'appmenu.under_page',
  /** The parent menu is not a menu of this application. */
  PARENT_NOT_FOUND: 'appmenu.parent_not_found',
  /** A menu cannot be moved under itself or one of its descendants. */
  MOVE_CYCLE: 'appmenu.move_cycle',
  /** SPEC §8 'Root node can not be deleted' (also: the root cannot be edited, moved or disabled). */
  ROOT_DELETE: 'appmenu.root_delete',
  /** The root node '0' is not a stored menu: it cannot be edited, moved or disabled. */
  ROOT_READONLY: 'appmenu.root_readonly',
  /** Deleting a module that still has sub-menus without confirming the subtree (params name, count). */
  HAS_CHILDREN: 'appmenu.has_children',
  /** The description is longer than APP_MENU_RULES.description.max or carries a script tag (param max). */
  DESCRIPTION_INVALID: 'appmenu.description_invalid',
  /** The icon is neither an Ant Design icon name nor `file:<id>` of an uploaded image. */
  ICON_INVALID: 'appmenu.icon_invalid',
  /** SPEC §8 'Can only upload image (.png, .jpg, .jpeg, .gif)'. */
  ICON_TYPE: 'appmenu.icon_type',
  /** SPEC §8 'File size can not over 10M'. */
  ICON_TOO_LARGE: 'appmenu.icon_too_large',
  /** The application already has APP_MENU_RULES.maxMenus menus (param max). */
  TOO_MANY: 'appmenu.too_many',
} as const;
