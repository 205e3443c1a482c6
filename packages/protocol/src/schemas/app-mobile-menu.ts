/**
 * The mobile app menus of an application (SPEC §2 Mobile app menu list, §3 Mobile app menu: AM_ID, app
 * name, list icon, normal icon, highlight icon, enabled, description; Phone platform; issue 14 "Mobile
 * app menus"; docs/applications.md "Mobile app menus"): gateway paths, rules as data, request bodies
 * and rows. Icons are ids of images uploaded through the files module (png/jpg/jpeg/gif, ≤ 10M).
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { pageQuery, StatusValueSchema } from './common.js';

export * from '../codes/app-mobile-menu.js';

/** Gateway paths of the mobile app menus (all POST, `{ app: 'admin' }`, the application named by APPID). */
export const AppMobileMenuPaths = {
  listappmobilemenu: '/gateway/tenant/plat/appmobilemenu/listappmobilemenu',
  getappmobilemenu: '/gateway/tenant/plat/appmobilemenu/getappmobilemenu',
  addappmobilemenu: '/gateway/tenant/plat/appmobilemenu/addappmobilemenu',
  editappmobilemenu: '/gateway/tenant/plat/appmobilemenu/editappmobilemenu',
  statusappmobilemenu: '/gateway/tenant/plat/appmobilemenu/statusappmobilemenu',
  deleteappmobilemenu: '/gateway/tenant/plat/appmobilemenu/deleteappmobilemenu',
} as const;

/** SPEC §5/§9 limits of a mobile app menu (characters after trimming; sequence 0…MAX). */
export const APP_MOBILE_MENU_RULES = {
  name: { max: MAX_LEN.middle },
  description: { max: MAX_LEN.huge },
  sort: { min: 0, max: 999_999 },
  /** SPEC §5 Icon: png/jpg/jpeg/gif only (checked by the stored file's sniffed type). */
  iconMimeTypes: ['image/png', 'image/jpeg', 'image/gif'] as const,
} as const;

/** The three icons of a mobile app menu, in dialog order. */
export const APP_MOBILE_MENU_ICONS = ['listIcon', 'normalIcon', 'highlightIcon'] as const;
export type AppMobileMenuIcon = (typeof APP_MOBILE_MENU_ICONS)[number];

const id = Type.String({ minLength: 1, maxLength: 64 });
/** A file id of an uploaded image, or '' for none. */
const icon = Type.Optional(Type.String({ maxLength: 64 }));

const fields = {
  name: Type.String({ maxLength: APP_MOBILE_MENU_RULES.name.max * 4 }),
  listIcon: icon,
  normalIcon: icon,
  highlightIcon: icon,
  enabled: Type.Optional(StatusValueSchema),
  description: Type.Optional(Type.String({ maxLength: APP_MOBILE_MENU_RULES.description.max * 4 })),
  sort: Type.Optional(Type.Integer({ minimum: APP_MOBILE_MENU_RULES.sort.min, maximum: APP_MOBILE_MENU_RULES.sort.max })),
};

/** `addappmobilemenu` → `{ row }`. Enabled by default; sequence defaults to after the last one. */
export const AppMobileMenuAddBody = Type.Object(fields);
export type AppMobileMenuAddBody = Static<typeof AppMobileMenuAddBody>;
/** `editappmobilemenu` ('Edit App'): the id names the menu; fields given replace the stored ones. */
export const AppMobileMenuEditBody = Type.Object({ id, ...fields });
export type AppMobileMenuEditBody = Static<typeof AppMobileMenuEditBody>;
/** `getappmobilemenu`. */
export const AppMobileMenuIdBody = Type.Object({ id });
export type AppMobileMenuIdBody = Static<typeof AppMobileMenuIdBody>;
/** `deleteappmobilemenu` → `{ count }` (all or none). */
export const AppMobileMenuIdsBody = Type.Object({ ids: Type.Array(id, { minItems: 1, maxItems: 1000 }) });
export type AppMobileMenuIdsBody = Static<typeof AppMobileMenuIdsBody>;
/** `statusappmobilemenu`: enable (1) / disable (0) → `{ count }` (all or none). */
export const AppMobileMenuStatusBody = Type.Object({ ids: AppMobileMenuIdsBody.properties.ids, enabled: StatusValueSchema });
export type AppMobileMenuStatusBody = Static<typeof AppMobileMenuStatusBody>;

/** Sortable columns of the mobile app menu grid. */
export const APP_MOBILE_MENU_SORT_FIELDS = ['sort', 'name', 'enabled', 'updatedAt'] as const;

/** `listappmobilemenu`: paging, sort (default: sequence, then name), keyword (app name, contains) and enabled. */
export const AppMobileMenuListBody = Type.Object({
  ...pageQuery(APP_MOBILE_MENU_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  enabled: Type.Optional(StatusValueSchema),
});
export type AppMobileMenuListBody = Static<typeof AppMobileMenuListBody>;

/** A mobile app menu as the grid and the 'Edit App' dialog see it; `*Url` are the icons' addresses ('' when none). */
export interface AppMobileMenuRow {
  /** AM_ID. */
  id: string;
  name: string;
  listIcon: string;
  listIconUrl: string;
  normalIcon: string;
  normalIconUrl: string;
  highlightIcon: string;
  highlightIconUrl: string;
  enabled: 0 | 1;
  description: string;
  sort: number;
  createdAt: string;
  updatedAt: string;
}
