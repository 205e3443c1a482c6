/**
 * Organisations of the tenant area (SPEC §3 Organisation, §5 Organisation; issue 5; docs/tenancy.md
 * "Organisations at scale"): the lazy tree's level call and its search. The tenant is the TENANTID
 * header; what a caller sees is limited to their data scope. Organisation management (add, edit, move,
 * import) extends this file.
 */
import Type, { type Static } from 'typebox';

/** One organisation as the lazy tree and the grids show it. */
export interface TenantOrgNode {
  id: string;
  /** '' for a top of the caller's tree. */
  parentId: string;
  code: string;
  name: string;
  description: string;
  /** 0–6: none, group, company, department, sub-department, field, franchise store (SPEC §3). */
  type: number;
  /** Organisation category (0: the main tree). */
  category: number;
  sort: number;
  /** 1 enabled, 0 disabled. */
  status: number;
  /** Users whose affiliated organisation this is (SPEC §3 "number of users"). */
  userCount: number;
  hasChildren: boolean;
  /** Materialised path: '/' + ids from the top + '/'. */
  path: string;
  updatedAt: string;
}

/**
 * `listorgchildren`: one level of the tree, sorted by sort order then name. Without `parentId`: the
 * tops of the caller's tree (for the tenant's administrator the root organisation(s) of `category`;
 * for a role holder the highest organisations of their data scope). Paged when a level is large.
 */
export const OrgChildrenBody = Type.Object({
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
  category: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200 })),
});
export type OrgChildrenBody = Static<typeof OrgChildrenBody>;

/** `searchorg`: organisations whose name or code starts with `keyword` (at most `limit`), each with its ancestors' ids so a tree can expand to it. */
export const OrgSearchBody = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: 50 }),
  category: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type OrgSearchBody = Static<typeof OrgSearchBody>;

/** A search hit: the node and the ids from the caller's top down to its parent. */
export interface OrgSearchHit extends TenantOrgNode { ancestorIds: string[] }
