/**
 * Typed calls of the page designer (SPEC §2 Page manager; docs/applications.md "Page designer"). The
 * application is the APPID header the HTTP client sends (the app chosen on the workbench). Calls that may
 * drop controls roles hold answer `confirmRequired` (nothing changed) until sent again with `confirm`;
 * `withGrantConfirm` runs that dialogue. Every function rejects with the client's `ApiError` on
 * `result: '0'` (toasted unless `opts.noToast`).
 */
import {
  AppPagePaths,
  type AppApiOptionListBody,
  type AppApiRef,
  type AppNodeAddBody,
  type AppNodeEditBody,
  type AppNodeMoveBody,
  type AppPageAddBody,
  type AppPageDetail,
  type AppPageEditBody,
  type AppPageListBody,
  type AppPageRow,
  type AppPageSaveOutcome,
  type AppPageShareRow,
  type ConfirmOutcome,
  type Paged,
  type SettingFile,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Filters of the page grid. */
export type AppPageFilters = Pick<AppPageListBody, 'keyword' | 'platformType'>;

/** One page of the current application's pages. */
export function listPages(query: AppPageListBody, opts?: RequestOptions): Promise<Paged<AppPageRow>> {
  return post<Paged<AppPageRow>>(AppPagePaths.listapppage, query, opts);
}

/** A page with its tree of forms, controls and columns. */
export function getPage(id: string, opts?: RequestOptions): Promise<AppPageDetail> {
  return post<AppPageDetail>(AppPagePaths.getapppage, { id }, opts);
}

/** Adds a page (optionally with a setting file filling its tree). */
export function addPage(body: AppPageAddBody, opts?: RequestOptions): Promise<AppPageSaveOutcome> {
  return post<AppPageSaveOutcome>(AppPagePaths.addapppage, body, opts);
}

/** Saves a page's fields (optionally replacing its tree by a setting file; may ask `confirm`). */
export function editPage(body: AppPageEditBody, opts?: RequestOptions): Promise<AppPageSaveOutcome> {
  return post<AppPageSaveOutcome>(AppPagePaths.editapppage, body, opts);
}

/** Deletes pages (all or none; may ask `confirm` when roles hold their controls). */
export function deletePages(ids: string[], confirm: boolean, opts?: RequestOptions): Promise<ConfirmOutcome> {
  return post<ConfirmOutcome>(AppPagePaths.deleteapppage, { ids, confirm }, opts);
}

/** Adds a form, control or column → its id and the page's tree. */
export function addNode(body: AppNodeAddBody, opts?: RequestOptions): Promise<AppPageDetail & { id: string }> {
  return post<AppPageDetail & { id: string }>(AppPagePaths.addappnode, body, opts);
}

/** Saves a node's settings and function definitions → the page's tree. */
export function editNode(body: AppNodeEditBody, opts?: RequestOptions): Promise<AppPageDetail> {
  return post<AppPageDetail>(AppPagePaths.editappnode, body, opts);
}

/** Deletes a node with its descendants (may ask `confirm`). */
export function deleteNode(id: string, confirm: boolean, opts?: RequestOptions): Promise<ConfirmOutcome> {
  return post<ConfirmOutcome>(AppPagePaths.deleteappnode, { id, confirm }, opts);
}

/** Moves a node under another parent ('' = top level) at a position → the page's tree. */
export function moveNode(body: AppNodeMoveBody, opts?: RequestOptions): Promise<AppPageDetail> {
  return post<AppPageDetail>(AppPagePaths.moveappnode, body, opts);
}

/** The API picker: one page of the application's registry. */
export function listApiOptions(query: AppApiOptionListBody, opts?: RequestOptions): Promise<Paged<AppApiRef>> {
  return post<Paged<AppApiRef>>(AppPagePaths.listapioption, query, opts);
}

/** A page's setting file → its name and JSON text. */
export function exportPage(id: string, opts?: RequestOptions): Promise<SettingFile> {
  return post<SettingFile>(AppPagePaths.exportapppage, { id }, opts);
}

/** Replaces a page's tree by a setting file (may ask `confirm`). */
export function importPage(id: string, settingFile: SettingFile, confirm: boolean, opts?: RequestOptions): Promise<AppPageSaveOutcome> {
  return post<AppPageSaveOutcome>(AppPagePaths.importapppage, { id, settingFile, confirm }, opts);
}

/** The caller's other applications and whether each holds a copy of the page. */
export async function listShares(id: string, opts?: RequestOptions): Promise<AppPageShareRow[]> {
  return (await post<{ rows: AppPageShareRow[] }>(AppPagePaths.listpageshare, { id }, opts)).rows;
}

/** Copies the page into other applications of the caller (may ask `confirm`). */
export function sharePage(id: string, appIds: string[], confirm: boolean, opts?: RequestOptions): Promise<ConfirmOutcome> {
  return post<ConfirmOutcome>(AppPagePaths.shareapppage, { id, appIds, confirm }, opts);
}

/** Cancels the sharing: deletes the copies in those applications (after the user confirmed). */
export function unsharePage(id: string, appIds: string[], opts?: RequestOptions): Promise<ConfirmOutcome> {
  return post<ConfirmOutcome>(AppPagePaths.unshareapppage, { id, appIds, confirm: true }, opts);
}

/**
 * Runs a call that may answer `confirmRequired`: first without confirmation; if the server says roles
 * hold grants that would go, `ask(roles)` decides (a confirmation dialog) and the call is sent again
 * with `confirm: true`. Resolves the final answer, or null when the user declined.
 */
export async function withGrantConfirm<R extends { confirmRequired: boolean; roles: number }>(
  run: (confirm: boolean) => Promise<R>,
  ask: (roles: number) => Promise<boolean>,
): Promise<R | null> {
  const first = await run(false);
  if (!first.confirmRequired) return first;
  if (!(await ask(first.roles))) return null;
  return run(true);
}
