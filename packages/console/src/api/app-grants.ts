/**
 * Typed calls granting a tenant role the permissions of the applications the tenant uses (issue 14
 * "Grants reach the tenants"; docs/applications.md; shapes in @mp/protocol schemas/app-grants.ts). They
 * act on the current tenant (TENANTID). Every function rejects with the client's `ApiError` when the
 * envelope says `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import { AppGrantPaths, type AppGrantItem, type TenantAppOption, type TenantAppPurviewData } from '@mp/protocol';
import { get, post, type RequestOptions } from './client';

/**
 * The applications the tenant uses (the dialogs' tabs). Silent, and none when refused: a role holder
 * without this call's API grant still gets the console's own tabs.
 */
export async function listTenantApps(): Promise<TenantAppOption[]> {
  try {
    return (await get<{ rows: TenantAppOption[] }>(AppGrantPaths.listtenantapp, undefined, { noToast: true })).rows;
  } catch {
    return [];
  }
}

/** The application's permission tree (menus → pages → controls) with the role's bits. */
export function listTenantAppPurview(roleId: string, productId: string): Promise<TenantAppPurviewData> {
  return get<TenantAppPurviewData>(AppGrantPaths.listtenantapppurview, { roleId, productId });
}

/** Replaces the role's menu and control grants of the application (`menu:<id>` / `control:<id>` items). */
export async function saveTenantAppPurview(roleId: string, productId: string, dataPurview: AppGrantItem[], opts?: RequestOptions): Promise<void> {
  await post(AppGrantPaths.savetenantapppurview, { roleId, productId, dataPurview }, opts);
}

/** The application's API-permission tree with the role's API grants. */
export function listTenantAppApiPurview(roleId: string, productId: string): Promise<TenantAppPurviewData> {
  return get<TenantAppPurviewData>(AppGrantPaths.listtenantappapipurview, { roleId, productId });
}

/** Replaces the role's API grants of the application with the `api:<id>` items given. */
export async function saveTenantAppApiPurview(roleId: string, productId: string, uniqueIds: string[], opts?: RequestOptions): Promise<void> {
  await post(AppGrantPaths.savetenantappapipurview, { roleId, productId, dataPurview: uniqueIds.map((dpDataid) => ({ dpDataid, dpPurview: 1 })) }, opts);
}
