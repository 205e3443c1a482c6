/**
 * Typed calls of the mobile app menus of the current application (SPEC §2 Mobile app menu list;
 * docs/applications.md "Mobile app menus"). The application is named by the APPID header. Every
 * function rejects with the client's `ApiError` on `result: '0'`.
 */
import {
  AppMobileMenuPaths as P,
  type AppMobileMenuAddBody,
  type AppMobileMenuEditBody,
  type AppMobileMenuListBody,
  type AppMobileMenuRow,
  type Paged,
  type StatusValue,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

export type AppMobileMenuFilters = Pick<AppMobileMenuListBody, 'keyword' | 'enabled'>;

/** One page of the application's mobile app menus. */
export function listMobileMenus(query: AppMobileMenuListBody, opts?: RequestOptions): Promise<Paged<AppMobileMenuRow>> {
  return post<Paged<AppMobileMenuRow>>(P.listappmobilemenu, query, opts);
}

/** One mobile app menu (rejects with `appmobilemenu.not_found`). */
export async function getMobileMenu(id: string, opts?: RequestOptions): Promise<AppMobileMenuRow> {
  return (await post<{ row: AppMobileMenuRow }>(P.getappmobilemenu, { id }, opts)).row;
}

/** Adds a mobile app menu → the stored row. */
export async function addMobileMenu(body: AppMobileMenuAddBody, opts?: RequestOptions): Promise<AppMobileMenuRow> {
  return (await post<{ row: AppMobileMenuRow }>(P.addappmobilemenu, body, opts)).row;
}

/** 'Edit App' → the stored row. */
export async function editMobileMenu(body: AppMobileMenuEditBody, opts?: RequestOptions): Promise<AppMobileMenuRow> {
  return (await post<{ row: AppMobileMenuRow }>(P.editappmobilemenu, body, opts)).row;
}

/** Enables (1) / disables (0) → how many. */
export async function setMobileMenusEnabled(ids: string[], enabled: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(P.statusappmobilemenu, { ids, enabled }, opts)).count;
}

/** Deletes (all or none) → how many. */
export async function deleteMobileMenus(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(P.deleteappmobilemenu, { ids }, opts)).count;
}
