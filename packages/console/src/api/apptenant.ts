/**
 * Typed calls of the tenant area's app management (SPEC §2 appManagement, §3 Application tenant; issue 5;
 * docs/tenant-apps.md). They act on the current tenant (TENANTID, stores/current-tenant.ts). Every
 * function rejects with the client's `ApiError` when the envelope says `result: '0'` (a toast is
 * already shown unless `noToast`).
 */
import { Paths, type AppTenantEditBody, type AppTenantListBody, type AppTenantRow, type Paged, type StatusValue } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of the tenant's application tenants: name prefix (`keyword`), code prefix, status; sorted on the server. */
export function listAppTenants(query: AppTenantListBody, opts?: RequestOptions): Promise<Paged<AppTenantRow>> {
  return post<Paged<AppTenantRow>>(Paths.listapptenant, query, opts);
}

/** Renames / recodes an application tenant. Rejects with apptenant.* and validation codes. */
export function editAppTenant(body: AppTenantEditBody, opts?: RequestOptions): Promise<{ productId: string }> {
  return post<{ productId: string }>(Paths.editapptenant, body, opts);
}

/** Enables (1) or disables (0) application tenants by product id → how many changed. */
export async function setAppTenantStatus(productIds: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statusapptenant, { productIds, status }, opts)).count;
}
