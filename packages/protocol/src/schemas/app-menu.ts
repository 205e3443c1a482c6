/**
 * The menu designer of an application (issue 14; SPEC §2 Menu manager, §3 Menu node, §4 Editing, §5 Menu,
 * §8 Menu messages, §9 root menu id '0'; docs/applications.md "Menu designer"): gateway paths, rules as data
 * with one pure check shared by the console's form and the server, request bodies (TypeBox) and row types.
 * Every call is `{ app: 'admin' }`: the application is the APPID header's, never a body field.
 */
import Type, { type Static } from 'typebox';
import { AppMenuCodes } from '../codes/app-menu.js';
import { FILE_LIMITS, MAX_LEN, SCRIPT_TAG } from '../rules.js';
import { APP_MENU_ROOT, MenuType, OPEN_TYPES, PLATFORM_TYPES, type MenuTypeValue } from './app-common.js';

export * from '../codes/app-menu.js';

/** Gateway paths of the menu designer (all POST with a JSON body, except the multipart icon upload). */
export const AppMenuPaths = {
  /** The whole tree of the application under the root '0' → `{ root: AppMenuNode }`. */
  treeappmenu: '/gateway/tenant/plat/appmenu/treeappmenu',
  /** One menu → `{ row: AppMenuRow }`. */
  getappmenu: '/gateway/tenant/plat/appmenu/getappmenu',
  /** A new menu under `parentId` ('0' the root) → `{ row }`. */
  addappmenu: '/gateway/tenant/plat/appmenu/addappmenu',
  /** Replaces a menu's fields (not its place: see moveappmenu) → `{ row }`. */
  editappmenu: '/gateway/tenant/plat/appmenu/editappmenu',
  /** Deletes a menu; a module with sub-menus only with `withChildren: true` → `{ count }` (nodes deleted). */
  deleteappmenu: '/gateway/tenant/plat/appmenu/deleteappmenu',
  /** Drag and drop: new parent and position among its children; the siblings' sequences are renumbered → `{ row }`. */
  moveappmenu: '/gateway/tenant/plat/appmenu/moveappmenu',
  /** Enables (1) or disables (0) menus → `{ count }`. */
  statusappmenu: '/gateway/tenant/plat/appmenu/statusappmenu',
  /** The application's pages a page menu can target → `{ rows: AppMenuPageOption[] }`. */
  pagesappmenu: '/gateway/tenant/plat/appmenu/pagesappmenu',
  /** Multipart field `file`: a custom icon (png/jpg/jpeg/gif, ≤ 10M) → `{ row: { fileId, icon, url, name, size } }`. */
  uploadappmenuicon: '/gateway/tenant/plat/appmenu/uploadappmenuicon',
} as const;

/** MIME types of a custom menu icon (SPEC §5 Icon: png, jpg, jpeg, gif). */
export const APP_MENU_ICON_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** Their file extensions, as SPEC §8's message lists them. */
export const APP_MENU_ICON_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

/**
 * SPEC §5 Menu as data. Lengths in characters. `name`: digits, letters, Chinese characters and
 * _ ( ) （ ） - ; `code`: digits or English letters, unique in the application case-insensitively.
 */
export const APP_MENU_RULES = {
  code: { max: MAX_LEN.middle, pattern: /^[0-9A-Za-z]+$/ },
  name: { max: MAX_LEN.middle, pattern: /^[0-9A-Za-z\p{Script=Han}_()（）-]+$/u },
  /** The target page's address (a page menu's route or URL). */
  target: { max: 500 },
  description: { max: MAX_LEN.huge },
  /** Sibling order: a non-negative integer. */
  sequence: { min: 0, max: 999_999 },
  /** An Ant Design icon component name (e.g. `AppstoreOutlined`), or `file:<id>` of an uploaded image. */
  icon: { namePattern: /^[A-Za-z]{1,64}$/, filePattern: /^file:[0-9A-Za-z-]{1,64}$/, maxBytes: FILE_LIMITS.imageBytes },
  /** Menus an application may have (the tree is read whole in one call). */
  maxMenus: 5000,
} as const;

/** The editable fields of a menu, as the form holds them. */
export interface AppMenuFields {
  code: string;
  name: string;
  menuType: MenuTypeValue;
  /** The page of the page designer this menu opens (optional). */
  pageId?: string | null | undefined;
  /** The target page's address (required for a page menu; filled from the chosen page when empty). */
  target?: string | undefined;
  enabled?: 0 | 1 | undefined;
  sequence?: number | undefined;
  icon?: string | undefined;
  description?: string | undefined;
  platformType?: 1 | 2 | 3 | undefined;
  openType?: 1 | 2 | 3 | undefined;
  refresh?: 0 | 1 | undefined;
}

/** A failed menu rule: the code and its message parameters. */
export interface AppMenuProblem {
  code: string;
  params?: Record<string, unknown>;
}

/**
 * Checks the editable fields in form order (code, name, target, icon, description) after trimming.
 * `hasPage`: a page is chosen (`pageId`), which stands for the target when the address is empty.
 * Returns the first problem, or null. Pure: the console's form and the server use it alike.
 */
export function checkAppMenuFields(f: AppMenuFields): AppMenuProblem | null {
  const R = APP_MENU_RULES;
  const code = f.code.trim();
  if (!code) return { code: AppMenuCodes.CODE_REQUIRED };
  if ([...code].length > R.code.max) return { code: AppMenuCodes.CODE_TOO_LONG, params: { max: R.code.max } };
  if (!R.code.pattern.test(code)) return { code: AppMenuCodes.CODE_PATTERN };
  const name = f.name.trim();
  if (!name) return { code: AppMenuCodes.NAME_REQUIRED };
  if ([...name].length > R.name.max) return { code: AppMenuCodes.NAME_TOO_LONG, params: { max: R.name.max } };
  if (!R.name.pattern.test(name)) return { code: AppMenuCodes.NAME_PATTERN };
  const target = (f.target ?? '').trim();
  if (f.menuType === MenuType.PAGE && !target && !f.pageId) return { code: AppMenuCodes.TARGET_REQUIRED };
  if ([...target].length > R.target.max || SCRIPT_TAG.test(target)) return { code: AppMenuCodes.TARGET_INVALID, params: { max: R.target.max } };
  const icon = (f.icon ?? '').trim();
  if (icon && !R.icon.namePattern.test(icon) && !R.icon.filePattern.test(icon)) return { code: AppMenuCodes.ICON_INVALID };
  const description = (f.description ?? '').trim();
  if ([...description].length > R.description.max || SCRIPT_TAG.test(description))
    return { code: AppMenuCodes.DESCRIPTION_INVALID, params: { max: R.description.max } };
  return null;
}

/** The minimal shape of a tree node the move rule needs. */
export interface AppMenuTreeShape {
  id: string;
  menuType: MenuTypeValue | 'root';
  children?: AppMenuTreeShape[] | undefined;
}

/**
 * SPEC §4 rules of a drop or add: may `movingId` (undefined for a new menu) go under `parentId`
 * ('0' the root) of `root`? No menu under a page; not under itself or its descendants; the parent must
 * exist. Returns the problem, or null.
 */
export function checkAppMenuPlace(root: AppMenuTreeShape, parentId: string, movingId?: string): AppMenuProblem | null {
  if (movingId === APP_MENU_ROOT) return { code: AppMenuCodes.ROOT_READONLY };
  if (parentId === APP_MENU_ROOT) return null;
  const path: AppMenuTreeShape[] = [];
  const find = (n: AppMenuTreeShape): boolean => {
    path.push(n);
    if (n.id === parentId) return true;
    for (const c of n.children ?? []) if (find(c)) return true;
    path.pop();
    return false;
  };
  if (!find(root)) return { code: AppMenuCodes.PARENT_NOT_FOUND };
  if (movingId !== undefined && path.some((n) => n.id === movingId)) return { code: AppMenuCodes.MOVE_CYCLE };
  if (path[path.length - 1]!.menuType === MenuType.PAGE) return { code: AppMenuCodes.UNDER_PAGE };
  return null;
}

const id = Type.String({ minLength: 1, maxLength: 64 });
/** Text fields are bounded here and checked with localised messages by checkAppMenuFields. */
const fields = {
  code: Type.String({ maxLength: 200 }),
  name: Type.String({ maxLength: 200 }),
  menuType: Type.Enum<['module', 'page']>(['module', 'page']),
  pageId: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 64 })])),
  target: Type.Optional(Type.String({ maxLength: 2000 })),
  enabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  sequence: Type.Optional(Type.Integer({ minimum: APP_MENU_RULES.sequence.min, maximum: APP_MENU_RULES.sequence.max })),
  icon: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  platformType: Type.Optional(Type.Union([Type.Literal(PLATFORM_TYPES[0]), Type.Literal(PLATFORM_TYPES[1]), Type.Literal(PLATFORM_TYPES[2])])),
  openType: Type.Optional(Type.Union([Type.Literal(OPEN_TYPES[0]), Type.Literal(OPEN_TYPES[1]), Type.Literal(OPEN_TYPES[2])])),
  refresh: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
};

/** `addappmenu`: the parent ('0' the root) and the fields; `sequence` default: after the last sibling. */
export const AppMenuAddBody = Type.Object({ parentId: id, ...fields });
export type AppMenuAddBody = Static<typeof AppMenuAddBody>;
/** `editappmenu`: the menu and its new fields (its place changes only by moveappmenu). */
export const AppMenuEditBody = Type.Object({ id, ...fields });
export type AppMenuEditBody = Static<typeof AppMenuEditBody>;
/** `getappmenu`. */
export const AppMenuIdBody = Type.Object({ id });
export type AppMenuIdBody = Static<typeof AppMenuIdBody>;
/** `deleteappmenu`: `withChildren` confirms deleting a module's whole subtree (SPEC §4; their grants go with them). */
export const AppMenuDeleteBody = Type.Object({ id, withChildren: Type.Optional(Type.Boolean()) });
export type AppMenuDeleteBody = Static<typeof AppMenuDeleteBody>;
/** `moveappmenu`: the new parent ('0' the root) and the 0-based position among its children (past the end = last). */
export const AppMenuMoveBody = Type.Object({ id, parentId: id, index: Type.Integer({ minimum: 0, maximum: APP_MENU_RULES.maxMenus }) });
export type AppMenuMoveBody = Static<typeof AppMenuMoveBody>;
/** `statusappmenu`: menus and the new enabled flag. */
export const AppMenuStatusBody = Type.Object({
  ids: Type.Array(id, { minItems: 1, maxItems: 1000 }),
  enabled: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type AppMenuStatusBody = Static<typeof AppMenuStatusBody>;

/** A stored menu (SPEC §3 Menu node). `parentId` '0' = under the root; `iconUrl` the image of a `file:` icon. */
export interface AppMenuRow {
  id: string;
  parentId: string;
  code: string;
  name: string;
  menuType: MenuTypeValue;
  pageId: string | null;
  target: string;
  enabled: 0 | 1;
  sequence: number;
  icon: string;
  iconUrl: string;
  description: string;
  platformType: 1 | 2 | 3;
  openType: 1 | 2 | 3;
  refresh: 0 | 1;
  updatedAt: string;
}

/** A node of `treeappmenu`: the row, its depth (root 0, its children 1, …) and its children in sequence order. */
export interface AppMenuNode extends Omit<AppMenuRow, 'menuType'> {
  /** 'root' only for the root '0' (named after the application). */
  menuType: MenuTypeValue | 'root';
  level: number;
  children: AppMenuNode[];
}

/** A page the target-page chooser offers (`pagesappmenu`). */
export interface AppMenuPageOption {
  id: string;
  formId: string;
  name: string;
  path: string;
  platformType: number;
}

/** `uploadappmenuicon`: the stored image; `icon` is the value for the menu's icon field. */
export interface AppMenuIconUpload {
  fileId: string;
  icon: string;
  url: string;
  name: string;
  size: number;
}
