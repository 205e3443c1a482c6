/**
 * Typed calls of the tenant's system configuration (SPEC §2 Tenant sysconfig; docs/tenant-members.md),
 * for the current tenant's administrators: settings of new users and the tenant's organisation categories.
 */
import { Paths, type OrgCodeRow, type TenantSettings } from '@mp/protocol';
import { get, post, type RequestOptions } from './client';

/** The tenant's settings. */
export async function getTenantSettings(opts?: RequestOptions): Promise<TenantSettings> {
  return (await get<{ row: TenantSettings }>(Paths.gettenantsettings, undefined, opts)).row;
}

/** Saves the settings (`userValidityDays` 0 = no default) → the saved settings. */
export async function saveTenantSettings(body: { userValidityDays: number }, opts?: RequestOptions): Promise<TenantSettings> {
  return (await post<{ row: TenantSettings }>(Paths.savetenantsettings, body, opts)).row;
}

/** The tenant's organisation categories (the main tree, key 0, first). */
export async function listTenantOrgCategories(opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await get<{ rows: OrgCodeRow[] }>(Paths.listtenantorgcate, undefined, opts)).rows;
}

/** Adds or renames a category → the categories after it. */
export async function saveTenantOrgCategory(codeKey: number, codeVal: string, opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await post<{ rows: OrgCodeRow[] }>(Paths.savetenantorgcate, { codeKey, codeVal }, opts)).rows;
}

/** Removes a category (refused while organisations use it) → the categories after it. */
export async function deleteTenantOrgCategory(codeKey: number, codeVal: string, opts?: RequestOptions): Promise<OrgCodeRow[]> {
  return (await post<{ rows: OrgCodeRow[] }>(Paths.deltenantorgcate, { codeKey, codeVal }, opts)).rows;
}
