/**
 * Response codes of the mobile app menus of an application (`appmobilemenu.reason`; SPEC §2 Mobile app
 * menu list, §3 Mobile app menu, §5 Icon, §8 Menu messages); messages under `errors:appmobilemenu.<reason>`
 * in @mp/i18n (locales/<locale>/errors-appmobilemenu.ts).
 */
export const AppMobileMenuCodes = {
  /** No such mobile app menu in this application (unknown id, deleted, or another application's). */
  NOT_FOUND: 'appmobilemenu.not_found',
  /** Another mobile app menu of the application has this app name (case-insensitive; param `name`). */
  NAME_IN_USE: 'appmobilemenu.name_in_use',
  /** An icon names no uploaded file the caller may use (param `field`). */
  ICON_NOT_FOUND: 'appmobilemenu.icon_not_found',
  /** SPEC §8: 'Can only upload image (.png, .jpg, .jpeg, .gif)' — the icon file is another type. */
  ICON_TYPE: 'appmobilemenu.icon_type',
} as const;
