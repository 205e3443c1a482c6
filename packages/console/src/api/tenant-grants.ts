/**
 * Typed calls of tenant product authorisation and set administrator (SPEC §2 "Tenant list with …
 * product authorisation, set administrator"; docs/protocol.md "Calls").
 */
import {
  Paths,
  type AdminCandidateListBody,
  type AdminUserRow,
  type Paged,
  type TenantProductListBody,
  type TenantProductPage,
  type TenantProductSaveBody,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of products with the tenant's authorisation of each, plus the tenant's whole authorised set. */
export function listTenantProducts(query: TenantProductListBody, opts?: RequestOptions): Promise<TenantProductPage> {
  return post<TenantProductPage>(Paths.listtenantproduct, query, opts);
}

/** Replaces the tenant's authorised products (one transaction: all or nothing) → how many are authorised. */
export async function saveTenantProducts(body: TenantProductSaveBody, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.savetenantproduct, body, opts)).count;
}

/** The users holding the tenant-admin identity for the tenant. */
export async function listTenantAdmins(tenantId: string, opts?: RequestOptions): Promise<AdminUserRow[]> {
  return (await post<{ rows: AdminUserRow[] }>(Paths.listtenantadmin, { tenantId }, opts)).rows;
}

/** Makes `userIds` the tenant's administrators → the new list. */
export async function saveTenantAdmins(tenantId: string, userIds: string[], opts?: RequestOptions): Promise<AdminUserRow[]> {
  return (await post<{ rows: AdminUserRow[] }>(Paths.savetenantadmin, { tenantId, userIds }, opts)).rows;
}

/** One page of users who may become the tenant's administrators (its own users first, then platform users). */
export function listTenantAdminCandidates(query: AdminCandidateListBody & { tenantId: string }, opts?: RequestOptions): Promise<Paged<AdminUserRow>> {
  return post<Paged<AdminUserRow>>(Paths.listtenantadmincandidate, query, opts);
}
