/**
 * Typed calls of the menu designer (SPEC §2 Menu manager; docs/applications.md "Menu designer"). The
 * application is the APPID header the HTTP client sends (the one chosen on the workbench). Every
 * function rejects with the client's `ApiError` when the envelope says `result: '0'` (a toast is already
 * shown unless `opts.noToast`).
 */
import {
  AppMenuPaths,
  type AppMenuAddBody,
  type AppMenuEditBody,
  type AppMenuIconUpload,
  type AppMenuMoveBody,
  type AppMenuNode,
  type AppMenuPageOption,
  type AppMenuRow,
} from '@mp/protocol';
import { post, upload, type RequestOptions } from './client';

/** The application's whole menu tree under the root '0' (named after the application). */
export async function treeAppMenus(opts?: RequestOptions): Promise<AppMenuNode> {
  return (await post<{ root: AppMenuNode }>(AppMenuPaths.treeappmenu, {}, opts)).root;
}

/** Adds a menu under `parentId` ('0' the root) → the stored row. */
export async function addAppMenu(body: AppMenuAddBody, opts?: RequestOptions): Promise<AppMenuRow> {
  return (await post<{ row: AppMenuRow }>(AppMenuPaths.addappmenu, body, opts)).row;
}

/** Replaces a menu's fields → the stored row. */
export async function editAppMenu(body: AppMenuEditBody, opts?: RequestOptions): Promise<AppMenuRow> {
  return (await post<{ row: AppMenuRow }>(AppMenuPaths.editappmenu, body, opts)).row;
}

/** Deletes a menu (with its subtree when `withChildren`) → how many menus were deleted. */
export async function deleteAppMenu(id: string, withChildren: boolean, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(AppMenuPaths.deleteappmenu, { id, withChildren }, opts)).count;
}

/** Moves a menu under `parentId` at `index` among the other children → the moved row. */
export async function moveAppMenu(body: AppMenuMoveBody, opts?: RequestOptions): Promise<AppMenuRow> {
  return (await post<{ row: AppMenuRow }>(AppMenuPaths.moveappmenu, body, opts)).row;
}

/** The application's pages a page menu can target. */
export async function listAppMenuPages(opts?: RequestOptions): Promise<AppMenuPageOption[]> {
  return (await post<{ rows: AppMenuPageOption[] }>(AppMenuPaths.pagesappmenu, {}, opts)).rows;
}

/** Uploads a custom icon (png/jpg/jpeg/gif ≤ 10M) → `icon` (`file:<id>`) and its `url`. */
export async function uploadAppMenuIcon(file: Blob, fileName: string, opts?: RequestOptions): Promise<AppMenuIconUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return (await upload<{ row: AppMenuIconUpload }>(AppMenuPaths.uploadappmenuicon, form, opts)).row;
}
