/**
 * The page designer (issue 14; SPEC §2 Page manager, §3 Page, Control, Platform type, §4 Editing, §5 Page,
 * §8 Menu messages; docs/applications.md "Page designer", "Setting file format"): gateway paths, rules
 * as data, the nesting rules of §4 as one pure function shared by the console and the server, request
 * bodies (TypeBox), row types, and the setting file's schema.
 *
 * Decisions:
 * - formID: optional on add (the server makes `page_<10 hex>`), letters, digits, '_' and '-', ≤ 50,
 *   unique per application case-insensitively; page path ≤ 200, unique per application likewise;
 *   page name ≤ 50, letters, digits and Chinese characters only (SPEC §5 Page);
 * - a page's tree: forms at the top; a form holds controls; a composite holds buttons, inputs and
 *   displays; a grid holds columns; sibling names are unique (case-insensitively);
 * - sharing (SPEC §4 "Sharing can be cancelled after confirmation"): a page is shared by copying its
 *   definition into another application the same administrator administers; the copy is the target's
 *   page with the same formID; cancelling deletes that copy after confirmation.
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { PLATFORM_TYPES, type PageNodeTypeValue, type PlatformTypeValue } from './app-common.js';
import { AppPageCodes } from '../codes/app-page.js';
import { pageQuery } from './common.js';

export * from '../codes/app-page.js';

/** Gateway paths of the page designer (tenant service, `plat/apppage`). */
export const AppPagePaths = {
  listapppage: '/gateway/tenant/plat/apppage/listapppage',
  getapppage: '/gateway/tenant/plat/apppage/getapppage',
  addapppage: '/gateway/tenant/plat/apppage/addapppage',
  editapppage: '/gateway/tenant/plat/apppage/editapppage',
  deleteapppage: '/gateway/tenant/plat/apppage/deleteapppage',
  addappnode: '/gateway/tenant/plat/apppage/addappnode',
  editappnode: '/gateway/tenant/plat/apppage/editappnode',
  deleteappnode: '/gateway/tenant/plat/apppage/deleteappnode',
  moveappnode: '/gateway/tenant/plat/apppage/moveappnode',
  listapioption: '/gateway/tenant/plat/apppage/listapioption',
  exportapppage: '/gateway/tenant/plat/apppage/exportapppage',
  importapppage: '/gateway/tenant/plat/apppage/importapppage',
  listpageshare: '/gateway/tenant/plat/apppage/listpageshare',
  shareapppage: '/gateway/tenant/plat/apppage/shareapppage',
  unshareapppage: '/gateway/tenant/plat/apppage/unshareapppage',
} as const;

/** SPEC §5 Page and the designer's field limits (characters). */
export const APP_PAGE_RULES = {
  name: { max: MAX_LEN.middle, pattern: /^[A-Za-z0-9\u3400-\u4dbf\u4e00-\u9fff]+$/ },
  formId: { max: MAX_LEN.middle, pattern: /^[A-Za-z0-9_-]+$/ },
  path: { max: MAX_LEN.huge },
  /** Form, control and column names, aliases and field names: letters (any script), digits, space, _ - . ( ). */
  nodeName: { max: MAX_LEN.middle, pattern: /^[\p{L}\p{N}_\-. ()（）]+$/u },
  fieldName: { max: MAX_LEN.middle, pattern: /^[A-Za-z0-9_.$-]+$/ },
  selector: { max: MAX_LEN.huge },
  dataSource: { max: MAX_LEN.huge },
  selectorIndex: { max: 10_000 },
  /** Load-data and save-data APIs per node. */
  apis: { max: 50 },
} as const;

/** The setting file: at most 1 MiB of UTF-8, at most this many nodes; the version this server writes. */
export const SETTING_FILE_MAX_BYTES = 1024 * 1024;
export const SETTING_FILE_MAX_NODES = 5000;
export const SETTING_FILE_VERSION = 1;

export const APP_PAGE_SORT_FIELDS = ['formId', 'name', 'path', 'platformType', 'updatedAt'] as const;
export const APP_API_OPTION_SORT_FIELDS = ['name', 'url'] as const;

/** What a node may hold (SPEC §4): null parent = the page's top level. */
export type NodeParentType = PageNodeTypeValue | null;

/**
 * The SPEC §4 nesting rule for putting a `child` under `parent` (null = top level): null when allowed,
 * else the AppPageCodes reason. Forms only at the top; a form holds controls; a composite holds
 * button/input/display; a grid holds columns; no other node has children.
 */
export function nestingProblem(parent: NodeParentType, child: PageNodeTypeValue): string | null {
  if (child === 'form') return parent === null ? null : AppPageCodes.FORM_TOP_LEVEL;
  if (parent === null) return AppPageCodes.SELECT_NODE;
  if (child === 'column') return parent === 'grid' ? null : AppPageCodes.COLUMN_IN_GRID;
  if (parent === 'grid') return AppPageCodes.GRID_COLUMNS_ONLY;
  if (parent === 'form') return null;
  if (parent === 'composite') return child === 'composite' || child === 'grid' ? AppPageCodes.NO_NESTING : null;
  return AppPageCodes.NO_CHILDREN;
}

/** The node types that may be added under `parent` (the console's add menu), in display order. */
export function childTypesOf(parent: NodeParentType): PageNodeTypeValue[] {
  const all: PageNodeTypeValue[] = ['form', 'composite', 'button', 'grid', 'input', 'display', 'column'];
  return all.filter((t) => nestingProblem(parent, t) === null);
}

const NODE_TYPE_SCHEMA = Type.Enum(['form', 'composite', 'button', 'grid', 'input', 'display', 'column']);
const CONTROL_TYPE_SCHEMA = Type.Enum(['composite', 'button', 'grid', 'input', 'display']);
/** Platform type 1 PC, 2 Phone, 3 both (SPEC §3). */
export const PlatformTypeSchema = Type.Union([Type.Literal(PLATFORM_TYPES[0]), Type.Literal(PLATFORM_TYPES[1]), Type.Literal(PLATFORM_TYPES[2])]);
const Id = Type.String({ minLength: 1, maxLength: 64 });
const ApiIds = Type.Array(Id, { maxItems: APP_PAGE_RULES.apis.max });

/** The page grid's filters: keyword (formID, name or path, contains), platform type. */
export const AppPageListBody = Type.Object({
  ...pageQuery(APP_PAGE_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: MAX_LEN.huge })),
  platformType: Type.Optional(PlatformTypeSchema),
});
export type AppPageListBody = Static<typeof AppPageListBody>;

/** An uploaded setting file: its name (kept in `settingFile`) and its text. */
export const SettingFileSchema = Type.Object({
  fileName: Type.String({ maxLength: 255 }),
  // Longer than SETTING_FILE_MAX_BYTES on purpose: a too large file gets the localised setting-file message.
  content: Type.String({ maxLength: 2 * SETTING_FILE_MAX_BYTES }),
});
export type SettingFile = Static<typeof SettingFileSchema>;

const pageFields = {
  formId: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.String({ maxLength: 100 }),
  path: Type.String({ maxLength: 400 }),
  platformType: PlatformTypeSchema,
  /** Optional: the page's tree is filled from this file in the same transaction. */
  settingFile: Type.Optional(SettingFileSchema),
  /** Needed when the file's tree drops controls that roles hold (see DeleteOutcome). */
  confirm: Type.Optional(Type.Boolean()),
};
export const AppPageAddBody = Type.Object(pageFields);
export type AppPageAddBody = Static<typeof AppPageAddBody>;
export const AppPageEditBody = Type.Object({ id: Id, ...pageFields });
export type AppPageEditBody = Static<typeof AppPageEditBody>;
export const AppPageIdBody = Type.Object({ id: Id });
export type AppPageIdBody = Static<typeof AppPageIdBody>;
/** Deleting pages or a node: `confirm` true once the caller agreed that roles lose their grants. */
export const AppPageDeleteBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }), confirm: Type.Optional(Type.Boolean()) });
export type AppPageDeleteBody = Static<typeof AppPageDeleteBody>;

const nodeFields = {
  name: Type.String({ maxLength: 100 }),
  alias: Type.Optional(Type.String({ maxLength: 100 })),
  selector: Type.Optional(Type.String({ maxLength: 400 })),
  selectorIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: APP_PAGE_RULES.selectorIndex.max })),
  fieldName: Type.Optional(Type.String({ maxLength: 100 })),
  dataSource: Type.Optional(Type.String({ maxLength: 400 })),
  custom: Type.Optional(Type.Boolean()),
  loadApiIds: Type.Optional(ApiIds),
  saveApiIds: Type.Optional(ApiIds),
};
/** A new form (no parent), control (parent a form or composite) or column (parent a grid). */
export const AppNodeAddBody = Type.Object({
  pageId: Id,
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
  nodeType: NODE_TYPE_SCHEMA,
  ...nodeFields,
});
export type AppNodeAddBody = Static<typeof AppNodeAddBody>;
/** A node's settings; `nodeType` changes a control's type (only while it has no children). */
export const AppNodeEditBody = Type.Object({ id: Id, nodeType: Type.Optional(CONTROL_TYPE_SCHEMA), ...nodeFields });
export type AppNodeEditBody = Static<typeof AppNodeEditBody>;
export const AppNodeDeleteBody = Type.Object({ id: Id, confirm: Type.Optional(Type.Boolean()) });
export type AppNodeDeleteBody = Static<typeof AppNodeDeleteBody>;
/** Moves a node under `parentId` ('' = top level, forms only) at `index` among its new siblings. */
export const AppNodeMoveBody = Type.Object({
  id: Id,
  parentId: Type.String({ maxLength: 64 }),
  index: Type.Integer({ minimum: 0, maximum: SETTING_FILE_MAX_NODES }),
});
export type AppNodeMoveBody = Static<typeof AppNodeMoveBody>;

/** The API picker: the application's registry, search on name, url, service, module (contains). */
export const AppApiOptionListBody = Type.Object({
  ...pageQuery(APP_API_OPTION_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: MAX_LEN.huge })),
});
export type AppApiOptionListBody = Static<typeof AppApiOptionListBody>;

/** Import: replaces the page's tree with the file's (`confirm` as for deletes). */
export const AppPageImportBody = Type.Object({ id: Id, settingFile: SettingFileSchema, confirm: Type.Optional(Type.Boolean()) });
export type AppPageImportBody = Static<typeof AppPageImportBody>;
/** Sharing: copy to (or, with `confirm: true` required, withdraw from) other applications of the caller. */
export const AppPageShareBody = Type.Object({
  id: Id,
  appIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
  confirm: Type.Optional(Type.Boolean()),
});
export type AppPageShareBody = Static<typeof AppPageShareBody>;
export const AppPageUnshareBody = Type.Object({ id: Id, appIds: AppPageShareBody.properties.appIds, confirm: Type.Literal(true) });
export type AppPageUnshareBody = Static<typeof AppPageUnshareBody>;

/** A grid row of the page manager (SPEC §2/§3 Page). */
export interface AppPageRow {
  id: string;
  formId: string;
  name: string;
  path: string;
  platformType: PlatformTypeValue;
  /** The last imported setting file's name ('' when none). */
  settingFile: string;
  updatedAt: string;
}

/** An API chosen by a node (or offered by the picker). */
export interface AppApiRef {
  id: string;
  name: string;
  url: string;
  serviceName: string;
  moduleName: string;
}

/** A form, control or column of a page's tree (SPEC §3 Control). `parentId` '' for a form. */
export interface AppPageNode {
  id: string;
  pageId: string;
  parentId: string;
  nodeType: PageNodeTypeValue;
  name: string;
  alias: string;
  selector: string;
  selectorIndex: number;
  fieldName: string;
  dataSource: string;
  custom: boolean;
  sort: number;
  loadApis: AppApiRef[];
  saveApis: AppApiRef[];
  children: AppPageNode[];
}

/** A page with its tree (`getapppage`, and the answer of writes that change the tree). */
export interface AppPageDetail {
  row: AppPageRow;
  tree: AppPageNode[];
}

/**
 * The answer of a write that may drop controls roles hold (delete pages or a node, import, share):
 * without `confirm`, nothing changes and `confirmRequired` is true with the number of roles (over every
 * tenant) holding grants on the controls that would go; with it, the write is done.
 */
export interface ConfirmOutcome {
  confirmRequired: boolean;
  roles: number;
  count: number;
}

/**
 * The answer of add/edit page and import: the page and its tree, or, when the file's tree would drop
 * controls roles hold and `confirm` was not given, `confirmRequired` with nothing changed (`row` null).
 */
export interface AppPageSaveOutcome {
  confirmRequired: boolean;
  roles: number;
  row: AppPageRow | null;
  tree: AppPageNode[];
}

/** One application of the sharing dialog: the caller's other applications and whether the page is there. */
export interface AppPageShareRow {
  appId: string;
  appCode: string;
  appName: string;
  shared: boolean;
  updatedAt: string;
}
