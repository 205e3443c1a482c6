/**
 * The API registry of an application (SPEC §2 App `api`, §3 API: name, service name, module name,
 * description, URL; §5 "API service interface must end with .do", Import files; issue 14 "API
 * registry"; docs/applications.md "API registry"): gateway paths, rules as data (one check shared by
 * the console's form and the server), request bodies (TypeBox), rows, the service → module grouping,
 * and the Excel columns of import / export / template.
 *
 * Decisions: an API is identified inside its application by its URL (unique case-insensitively, index
 * app_apis_url_uq), so an import matches rows to existing APIs by URL (update) and creates the rest.
 * Lengths are checked after trimming by the service (localised "{{field}} cannot be longer than …"); the
 * schemas only bound the input.
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN, SCRIPT_TAG } from '../rules.js';
import { AppApiCodes } from '../codes/app-api.js';
import { pageQuery } from './common.js';

export * from '../codes/app-api.js';

/** Gateway paths of the API registry (all POST, `{ app: 'admin' }`, the application named by APPID). */
export const AppApiPaths = {
  listappapi: '/gateway/tenant/plat/appapi/listappapi',
  groupappapi: '/gateway/tenant/plat/appapi/groupappapi',
  getappapi: '/gateway/tenant/plat/appapi/getappapi',
  addappapi: '/gateway/tenant/plat/appapi/addappapi',
  editappapi: '/gateway/tenant/plat/appapi/editappapi',
  deleteappapi: '/gateway/tenant/plat/appapi/deleteappapi',
  importappapi: '/gateway/tenant/plat/appapi/importappapi',
  exportappapi: '/gateway/tenant/plat/appapi/exportappapi',
  templateappapi: '/gateway/tenant/plat/appapi/templateappapi',
} as const;

/** SPEC §5/§9 limits of an API's fields (characters, after trimming). */
export const APP_API_RULES = {
  name: { max: MAX_LEN.middle },
  serviceName: { max: MAX_LEN.middle },
  moduleName: { max: MAX_LEN.middle },
  description: { max: MAX_LEN.huge },
  url: { max: MAX_LEN.huge, suffix: '.do' },
} as const;

/** The most rows one import may carry. */
export const APP_API_IMPORT_MAX_ROWS = 5000;
/** The most rows one export writes. */
export const APP_API_EXPORT_MAX_ROWS = 20000;

/** The editable fields of an API, in form (and Excel column) order. */
export const APP_API_FIELDS = ['serviceName', 'moduleName', 'name', 'url', 'description'] as const;
export type AppApiField = (typeof APP_API_FIELDS)[number];

/** A failed rule of one field: the code and its params (`fieldKey` names the field). */
export interface AppApiProblem {
  field: AppApiField;
  code: string;
  params?: Record<string, unknown>;
}

/**
 * Checks an API URL (already trimmed, non-empty): no white space, and it ends with `.do` (SPEC §5;
 * §8 'The service url must end with .do'). Returns the code of the failure, or null.
 */
export function checkApiUrl(url: string): string | null {
  if (/\s/.test(url)) return AppApiCodes.URL_SPACE;
  if (!url.endsWith(APP_API_RULES.url.suffix)) return AppApiCodes.URL_SUFFIX;
  return null;
}

/**
 * Trims the fields and checks every rule (required name, service, module and URL; lengths; script
 * tags; the URL rule). Returns the clean values and the problems in field order (none: valid).
 * Codes: `validation.required`, `validation.too_long` (param `max`), `validation.script_tag`,
 * `appapi.url_space`, `appapi.url_suffix`.
 */
export function checkApiFields(v: Partial<Record<AppApiField, string | undefined>>): { values: Record<AppApiField, string>; problems: AppApiProblem[] } {
  const values = {} as Record<AppApiField, string>;
  const problems: AppApiProblem[] = [];
  for (const field of APP_API_FIELDS) {
    const text = (v[field] ?? '').trim();
    values[field] = text;
    const max = APP_API_RULES[field].max;
    if (!text) {
      if (field !== 'description') problems.push({ field, code: 'validation.required' });
      continue;
    }
    if ([...text].length > max) problems.push({ field, code: 'validation.too_long', params: { max } });
    else if (SCRIPT_TAG.test(text)) problems.push({ field, code: 'validation.script_tag' });
    else if (field === 'url') {
      const code = checkApiUrl(text);
      if (code) problems.push({ field, code });
    }
  }
  return { values, problems };
}

const id = Type.String({ minLength: 1, maxLength: 64 });
/** Input bound (the service checks the real limits after trimming, with localised messages). */
const text = (max: number) => Type.String({ maxLength: max * 4 });

const fields = {
  name: text(APP_API_RULES.name.max),
  serviceName: text(APP_API_RULES.serviceName.max),
  moduleName: text(APP_API_RULES.moduleName.max),
  description: Type.Optional(text(APP_API_RULES.description.max)),
  url: text(APP_API_RULES.url.max),
};

/** `addappapi`: answers `{ row: AppApiRow }`. */
export const AppApiAddBody = Type.Object(fields);
export type AppApiAddBody = Static<typeof AppApiAddBody>;
/** `editappapi`: the id names the API; every field is replaced. Answers `{ row }`. */
export const AppApiEditBody = Type.Object({ id, ...fields });
export type AppApiEditBody = Static<typeof AppApiEditBody>;
/** `getappapi`. */
export const AppApiIdBody = Type.Object({ id });
export type AppApiIdBody = Static<typeof AppApiIdBody>;
/** `deleteappapi`: ids (all or none). Answers `{ count }`. */
export const AppApiIdsBody = Type.Object({ ids: Type.Array(id, { minItems: 1, maxItems: 1000 }) });
export type AppApiIdsBody = Static<typeof AppApiIdsBody>;

/** Sortable columns of the API grid. */
export const APP_API_SORT_FIELDS = ['name', 'serviceName', 'moduleName', 'url', 'updatedAt'] as const;

const filters = {
  /** Contains, case-insensitive, over name, URL, service name and module name. */
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  /** Exact service name (the tree's service node). */
  serviceName: Type.Optional(Type.String({ maxLength: 200 })),
  /** Exact module name (with `serviceName`: the tree's module node). */
  moduleName: Type.Optional(Type.String({ maxLength: 200 })),
};

/** `listappapi`: paging, sort, keyword and the service / module of the tree. Default order: service, module, name. */
export const AppApiListBody = Type.Object({ ...pageQuery(APP_API_SORT_FIELDS), ...filters });
export type AppApiListBody = Static<typeof AppApiListBody>;
/** `exportappapi`: the grid's filters and sort (headings in the request's language). */
export const AppApiExportBody = Type.Object({ ...pageQuery(APP_API_SORT_FIELDS), ...filters });
export type AppApiExportBody = Static<typeof AppApiExportBody>;
/** `groupappapi`: optional keyword (the counts then count matching APIs only). */
export const AppApiGroupBody = Type.Object({ keyword: filters.keyword });
export type AppApiGroupBody = Static<typeof AppApiGroupBody>;

/** An API as the grid and form see it (SPEC §3 API). */
export interface AppApiRow {
  id: string;
  name: string;
  serviceName: string;
  moduleName: string;
  description: string;
  url: string;
  createdAt: string;
  updatedAt: string;
}

/** `groupappapi` → `data.rows`: services (by name) with their modules (by name) and API counts. */
export interface AppApiServiceGroup {
  serviceName: string;
  count: number;
  modules: { moduleName: string; count: number }[];
}

/** One refused cell of an import: 1-based sheet row (the heading is row 1), field, column heading, message. */
export interface AppApiImportError {
  row: number;
  field: string;
  column: string;
  message: string;
}
/** `importappapi` → `data.row`. */
export interface AppApiImportResult {
  created: number;
  updated: number;
}
