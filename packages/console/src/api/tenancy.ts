/** Typed calls of the tenant administrator's area (SPEC §2 Tenant admin; docs/tenancy.md). */
import { Paths, type MyTenantListBody, type MyTenantRow, type Paged } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** A page of the tenants the caller administers: `POST listmytenant`. */
export function listMyTenants(query: MyTenantListBody, opts?: RequestOptions): Promise<Paged<MyTenantRow>> {
  return post<Paged<MyTenantRow>>(Paths.listmytenant, query, opts);
}
