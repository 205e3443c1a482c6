/**
 * Typed calls of the API registry of the current application (SPEC §2 App `api`; docs/applications.md
 * "API registry"). The application is named by the APPID header (the HTTP client takes it from the
 * current-app choice). Every function rejects with the client's `ApiError` on `result: '0'` (a toast is
 * already shown unless `opts.noToast`).
 */
import {
  AppApiPaths as P,
  type AppApiAddBody,
  type AppApiEditBody,
  type AppApiImportResult,
  type AppApiListBody,
  type AppApiRow,
  type AppApiServiceGroup,
  type Paged,
} from '@mp/protocol';
import { download, post, upload, type RequestOptions } from './client';

/** Filters of the API grid (the search bar's keyword and the tree's service / module). */
export type AppApiFilters = Pick<AppApiListBody, 'keyword' | 'serviceName' | 'moduleName'>;

/** One page of the application's APIs: `POST listappapi`. */
export function listApis(query: AppApiListBody, opts?: RequestOptions): Promise<Paged<AppApiRow>> {
  return post<Paged<AppApiRow>>(P.listappapi, query, opts);
}

/** Services → modules with their API counts (the screen's tree). */
export async function groupApis(keyword?: string, opts?: RequestOptions): Promise<AppApiServiceGroup[]> {
  return (await post<{ rows: AppApiServiceGroup[] }>(P.groupappapi, keyword ? { keyword } : {}, opts)).rows;
}

/** One API (rejects with `appapi.not_found`). */
export async function getApi(id: string, opts?: RequestOptions): Promise<AppApiRow> {
  return (await post<{ row: AppApiRow }>(P.getappapi, { id }, opts)).row;
}

/** Registers an API → the stored row. */
export async function addApi(body: AppApiAddBody, opts?: RequestOptions): Promise<AppApiRow> {
  return (await post<{ row: AppApiRow }>(P.addappapi, body, opts)).row;
}

/** Replaces an API's fields → the stored row. */
export async function editApi(body: AppApiEditBody, opts?: RequestOptions): Promise<AppApiRow> {
  return (await post<{ row: AppApiRow }>(P.editappapi, body, opts)).row;
}

/** Deletes APIs (all or none) → how many. */
export async function deleteApis(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(P.deleteappapi, { ids }, opts)).count;
}

/** Imports an Excel file → created / updated; rejects with `appapi.import_invalid` and `data.errors` when a row fails. */
export async function importApis(file: File, opts?: RequestOptions): Promise<AppApiImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await upload<{ row: AppApiImportResult }>(P.importappapi, form, opts)).row;
}

/** Downloads the APIs matching the filters as .xlsx. */
export function exportApis(filters: AppApiFilters & Pick<AppApiListBody, 'sortField' | 'sortOrder'>, fileName: string, opts?: RequestOptions): Promise<void> {
  return download(P.exportappapi, filters, fileName, opts);
}

/** Downloads the import template. */
export function downloadApiTemplate(fileName: string, opts?: RequestOptions): Promise<void> {
  return download(P.templateappapi, {}, fileName, opts);
}
