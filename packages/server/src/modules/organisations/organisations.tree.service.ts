/**
 * Reading the tenant's organisation tree (SPEC §2 "Organisation relation: tree", §3 Organisation;
 * docs/organisations.md): one lazy level (`listorgchildren`), search with ancestors (`searchorg`) and
 * one organisation (`getorg`), each limited to the caller's data scope. Ids of another tenant, or
 * outside the caller's scope, are "not found".
 */
import {
  OrganisationCodes,
  pageInfo,
  type OrgChildrenBody,
  type OrgSearchBody,
  type OrgSearchHit,
  type Paged,
  type TenantOrgNode,
  type TenantOrgRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { DataScope } from '../tenancy/data-scope.js';
import * as tree from './organisations.tree.repository.js';

/** The API shape of a node. */
export function toOrgNode(r: tree.OrgNodeRecord, tenantId: string): TenantOrgNode {
  return {
    id: r.id,
    parentId: r.id === tenantId ? '' : (r.parentId ?? ''),
    code: r.code,
    name: r.name,
    description: r.description,
    type: r.type,
    category: r.category,
    sort: r.sort,
    status: r.status,
    userCount: r.userCount,
    hasChildren: r.hasChildren,
    path: r.path,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The API shape of a grid row. */
export function toOrgRow(r: tree.OrgNodeRecord & { parentName?: string | null }, tenantId: string): TenantOrgRow {
  const root = r.id === tenantId;
  return { ...toOrgNode(r, tenantId), parentName: r.parentName ?? '', root, single: !root && !r.path.startsWith(`/${tenantId}/`) };
}

/** The organisation `id` visible to `scope`. @throws organisation.not_found */
export async function getOrgNode(tx: Tx, tenantId: string, scope: DataScope, id: string): Promise<tree.OrgNodeRecord> {
  const row = await tree.findOrgNode(tx, tenantId, scope, id);
  if (!row) throw new AppError(OrganisationCodes.NOT_FOUND);
  return row;
}

/** `listorgchildren`: one page of a level (see organisations.tree.repository.ts). @throws organisation.not_found for an unknown or invisible parent. */
export async function listOrgChildrenPage(tx: Tx, tenantId: string, scope: DataScope, q: OrgChildrenBody): Promise<Paged<TenantOrgNode>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 200;
  const parentId = q.parentId?.trim();
  const parent = parentId ? await getOrgNode(tx, tenantId, scope, parentId) : undefined;
  const { rows, records } = await tree.listOrgChildren(tx, { tenantId, scope, parent, category: q.category ?? 0, page, pageSize });
  return { rows: rows.map((r) => toOrgNode(r, tenantId)), ...pageInfo(page, pageSize, records) };
}

/** `searchorg`: hits by name or code prefix with their visible ancestors' ids (top first). */
export async function searchOrgHits(tx: Tx, tenantId: string, scope: DataScope, q: OrgSearchBody): Promise<{ rows: OrgSearchHit[] }> {
  const hits = await tree.searchOrgs(tx, { tenantId, scope, keyword: q.keyword, category: q.category ?? 0, limit: q.limit ?? 50 });
  return { rows: hits.map((h) => ({ ...toOrgNode(h, tenantId), ancestorIds: h.ancestorIds })) };
}
