/**
 * What the application area's designers, the tenant's role grants and the policy service share (issue
 * 14; SPEC §3 Menu node, Control, Platform type, API-permission tree node; §9 platform and open types;
 * docs/applications.md).
 */

/** SPEC §3/§9 Platform type: PC, Phone, both. */
export const PlatformType = { PC: 1, PHONE: 2, BOTH: 3 } as const;
export type PlatformTypeValue = (typeof PlatformType)[keyof typeof PlatformType];
export const PLATFORM_TYPES = [1, 2, 3] as const;

/** SPEC §2/§9 open types: in the framework; new window with the framework; new window without it. */
export const OpenType = { IN_FRAMEWORK: 1, NEW_WINDOW_WITH_FRAMEWORK: 2, NEW_WINDOW_WITHOUT_FRAMEWORK: 3 } as const;
export type OpenTypeValue = (typeof OpenType)[keyof typeof OpenType];
export const OPEN_TYPES = [1, 2, 3] as const;

/** SPEC §3 Menu node type: modules hold menus; pages only under modules (or the root), never under a page. */
export const MenuType = { MODULE: 'module', PAGE: 'page' } as const;
export type MenuTypeValue = (typeof MenuType)[keyof typeof MenuType];

/** The root of every application's menu tree (SPEC §3/§9: root menu id '0'); stored as a null parent. */
export const APP_MENU_ROOT = '0';

/**
 * Nodes of a page (SPEC §3 Control, §4): a form (top level), the five control types, and a grid's
 * columns. Only composite and grid controls have children; neither nests under a composite or grid.
 */
export const PageNodeType = {
  FORM: 'form',
  COMPOSITE: 'composite',
  BUTTON: 'button',
  GRID: 'grid',
  INPUT: 'input',
  DISPLAY: 'display',
  COLUMN: 'column',
} as const;
export type PageNodeTypeValue = (typeof PageNodeType)[keyof typeof PageNodeType];
/** The control types of SPEC §3 Control (a form and a column are not controls). */
export const CONTROL_TYPES = ['composite', 'button', 'grid', 'input', 'display'] as const;

/**
 * Grants of application items in `role_grants.kind` (the tenant's role authorisation): a menu node
 * (module or page; read 1 / write 2, write implies read), a control of a page (read / write), an API of
 * the registry (granted or not, stored as read).
 */
export const AppGrantKind = { MENU: 'appmenu', CONTROL: 'appcontrol', API: 'appapi' } as const;
export type AppGrantKindValue = (typeof AppGrantKind)[keyof typeof AppGrantKind];
export const APP_GRANT_KINDS = ['appmenu', 'appcontrol', 'appapi'] as const;

/**
 * The `uniqueId` of a permission-tree node (SPEC §3 API-permission tree node) and the `dpDataid` of an
 * application grant item: `<kind>:<id>`, kind one of `menu`, `control`, `api` (e.g. `menu:5f0c…`).
 */
export type AppItemKind = 'menu' | 'control' | 'api';
export const appUniqueId = (kind: AppItemKind, id: string): string => `${kind}:${id}`;

/** Parses a `uniqueId`; undefined when it is not one. */
export function parseAppUniqueId(uniqueId: string): { kind: AppItemKind; id: string } | undefined {
  const m = /^(menu|control|api):(.{1,64})$/.exec(uniqueId);
  return m ? { kind: m[1] as AppItemKind, id: m[2]! } : undefined;
}

/** The role_grants kind of an item kind. */
export const appGrantKindOf = (kind: AppItemKind): AppGrantKindValue =>
  kind === 'menu' ? AppGrantKind.MENU : kind === 'control' ? AppGrantKind.CONTROL : AppGrantKind.API;
