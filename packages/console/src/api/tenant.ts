/**
 * Typed calls of the platform tenant management (SPEC §2 tenancyManager, §3 Tenant, §5 Tenant;
 * shapes in docs/protocol.md "Calls"). Every function rejects with the client's `ApiError` when the
 * envelope says `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import { Paths, type Paged, type StatusValue, type TenantAddBody, type TenantEditBody, type TenantListBody, type TenantRow } from '@mp/protocol';
import { download, post, type RequestOptions } from './client';

/** Filters of the tenant grid (everything of `TenantListBody` except paging and sorting). */
export type TenantFilters = Omit<TenantListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** One page of tenants: `POST listtenant` with paging, sorting and filters. */
export function listTenants(query: TenantListBody, opts?: RequestOptions): Promise<Paged<TenantRow>> {
  return post<Paged<TenantRow>>(Paths.listtenant, query, opts);
}

/** One tenant by id: `POST gettenant {id}` → `data.row`. Rejects with `tenant.not_found`. */
export async function getTenant(id: string, opts?: RequestOptions): Promise<TenantRow> {
  const data = await post<{ row: TenantRow }>(Paths.gettenant, { id }, opts);
  return data.row;
}

/** Creates a tenant → the stored row. Rejects with `tenant.code_in_use`, `tenant.code_pattern`, validation codes. */
export async function addTenant(body: TenantAddBody, opts?: RequestOptions): Promise<TenantRow> {
  const data = await post<{ row: TenantRow }>(Paths.addtenant, body, opts);
  return data.row;
}

/** Modifies a tenant (its code stays as it is) → the stored row. */
export async function editTenant(body: TenantEditBody, opts?: RequestOptions): Promise<TenantRow> {
  const data = await post<{ row: TenantRow }>(Paths.edittenant, body, opts);
  return data.row;
}

/** Deletes tenants by id → how many were deleted. Rejects with `tenant.built_in` for the built-in tenant. */
export async function deleteTenants(ids: string[], opts?: RequestOptions): Promise<number> {
  const data = await post<{ count: number }>(Paths.deletetenant, { ids }, opts);
  return data.count;
}

/** Enables (1) or disables (0) tenants → how many changed. The built-in tenant cannot be disabled. */
export async function setTenantStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  const data = await post<{ count: number }>(Paths.statustenant, { ids, status }, opts);
  return data.count;
}

/** Downloads the tenants matching `filters` as an .xlsx file, saved as `fileName` unless the server names it. */
export function exportTenants(
  filters: TenantFilters & Pick<TenantListBody, 'sortField' | 'sortOrder'>,
  fileName: string,
  opts?: RequestOptions,
): Promise<void> {
  return download(Paths.exporttenant, filters, fileName, opts);
}
