/**
 * Organisation calls (SPEC §3 Organisation): the platform's tree for pickers, and the tenant area's lazy
 * tree, search, grids and writes (organisation management and element library).
 */
import {
  Paths,
  type OrgAddBody,
  type OrgChildrenBody,
  type OrgEditBody,
  type OrgListBody,
  type OrgMoveBody,
  type OrgSearchBody,
  type OrgSearchHit,
  type OrgTreeNode,
  type Paged,
  type StatusValue,
  type TenantOrgNode,
  type TenantOrgRow,
} from '@mp/protocol';
import { download, get, post, type RequestOptions } from './client';

/** A tenant's organisation tree (root first) of `category` (0 the main tree). */
export async function listOrgTree(tenantId: string, category = 0): Promise<OrgTreeNode[]> {
  const data = await get<{ rows: OrgTreeNode[] }>(Paths.listorgtree, { tenantId, category });
  return data.rows;
}

// ---------------------------------------------------------------- tenant area (issue 5; docs/organisations.md)
// These act on the current tenant (TENANTID, stores/current-tenant.ts) and reject with the client's
// `ApiError` when the envelope says `result: '0'` (a toast is already shown unless `noToast`).

/** One page of a level of the tenant's tree (`parentId` absent: the tops of the caller's tree). */
export function listOrgChildren(body: OrgChildrenBody, opts?: RequestOptions): Promise<Paged<TenantOrgNode>> {
  return post<Paged<TenantOrgNode>>(Paths.listorgchildren, body, { noLoading: true, ...opts });
}

/** Organisations of the tree whose name or code starts with `keyword`, with their ancestors' ids. */
export async function searchOrgs(body: OrgSearchBody, opts?: RequestOptions): Promise<OrgSearchHit[]> {
  return (await post<{ rows: OrgSearchHit[] }>(Paths.searchorg, body, { noLoading: true, ...opts })).rows;
}

/** One organisation of the caller's scope. */
export async function getOrg(id: string, opts?: RequestOptions): Promise<TenantOrgRow> {
  return (await post<{ row: TenantOrgRow }>(Paths.getorg, { id }, { noLoading: true, ...opts })).row;
}

/** One page of the organisation grids (children or subtree of `parentId`, or the whole library). */
export function listOrgs(body: OrgListBody, opts?: RequestOptions): Promise<Paged<TenantOrgRow>> {
  return post<Paged<TenantOrgRow>>(Paths.listorg, body, opts);
}

/** Creates an organisation (under `parentId`, or single without it) → its id. */
export function addOrg(body: OrgAddBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.addorg, body, opts);
}

/** Modifies an organisation's fields. */
export function editOrg(body: OrgEditBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.editorg, body, opts);
}

/** Deletes organisations, all or none (refused while one has children, users, positions or roles). */
export async function deleteOrgs(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteorg, { ids }, opts)).count;
}

/** Enables (1) or disables (0) organisations. */
export async function setOrgStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statusorg, { ids, status }, opts)).count;
}

/** Choose parent: moves the organisation with its subtree under `parentId`. */
export function moveOrg(body: OrgMoveBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.moveorg, body, opts);
}

/** Takes a leaf out of the tree: it becomes a single organisation. */
export function detachOrg(id: string, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.detachorg, { id }, opts);
}

/** Exports the library with the grid's filters and sort (.xlsx; re-imports unchanged). */
export function exportOrgs(filters: OrgListBody, fileName: string, opts?: RequestOptions): Promise<void> {
  return download(Paths.exportorg, filters, fileName, opts);
}

/** Downloads the organisation import template (.xlsx). */
export function downloadOrgTemplate(fileName: string, opts?: RequestOptions): Promise<void> {
  return download(Paths.templateorg, {}, fileName, opts);
}
