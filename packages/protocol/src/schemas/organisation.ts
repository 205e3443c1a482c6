/**
 * Organisations of the tenant area (SPEC §3 Organisation, §5 Organisation; issue 5; docs/tenancy.md
 * "Organisations at scale"): the lazy tree's level call and its search. The tenant is the TENANTID
 * header; what a caller sees is limited to their data scope. Organisation management (add, edit, move,
 * import) extends this file.
 */
import Type, { type Static } from 'typebox';
import { pageQuery, PagingSchema, StatusValueSchema } from './common.js';
import { ORG_SORT_FIELDS } from '../rules/organisation.js';

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
  page: PagingSchema.page,
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
export interface OrgSearchHit extends TenantOrgNode {
  ancestorIds: string[];
}

// ---------------------------------------------------------------- management and element library

/** The tree calls answer the usual paged shape: `rows`, `page`, `total` (pages), `records`, `lastPage`. */

/** An organisation as the grids show it: a node with its parent's name; `single` when not in the tree. */
export interface TenantOrgRow extends TenantOrgNode {
  parentName: string;
  /** A single organisation (SPEC §3 relation type): not placed in the tree (no parent, not the root). */
  single: boolean;
  /** The tenant's root organisation (no parent; cannot move, leave the tree, be disabled or deleted). */
  root: boolean;
}

/**
 * `listorg`: one page of the tenant's organisations in the caller's scope. With `parentId`: that
 * organisation's children, or with `includeDescendants` its whole subtree (organisation management);
 * without: every organisation (element library), `singleOnly` for those not placed in the tree.
 * `code` and `name` match the start (case-insensitive); `type` and `status` exactly.
 */
export const OrgListBody = Type.Object({
  ...pageQuery(ORG_SORT_FIELDS),
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
  includeDescendants: Type.Optional(Type.Boolean()),
  singleOnly: Type.Optional(Type.Boolean()),
  code: Type.Optional(Type.String({ maxLength: 50 })),
  name: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  status: Type.Optional(StatusValueSchema),
  category: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
});
export type OrgListBody = Static<typeof OrgListBody>;

/**
 * The fields of an organisation form (SPEC §3, §5 Organisation). Required-ness, lengths, patterns and
 * ranges are checked by the service with localised messages (ORG_RULES), so the schema only bounds sizes.
 */
const orgFields = {
  code: Type.String({ maxLength: 200 }),
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  type: Type.Optional(Type.Integer({ minimum: -1000000, maximum: 1000000 })),
  sort: Type.Optional(Type.Number({ minimum: -1e9, maximum: 1e9 })),
  status: Type.Optional(StatusValueSchema),
};

/** `addorg`: a new organisation under `parentId` (organisation management), or a single one without it (library). */
export const OrgAddBody = Type.Object({
  ...orgFields,
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
  category: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
});
export type OrgAddBody = Static<typeof OrgAddBody>;

/** `editorg`: changes an organisation's fields (its place in the tree changes only with `moveorg` / `detachorg`). */
export const OrgEditBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), ...orgFields });
export type OrgEditBody = Static<typeof OrgEditBody>;

/** `moveorg` (choose-parent dialog): places the organisation, with its subtree, under `parentId` (required). */
export const OrgMoveBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), parentId: Type.String({ maxLength: 64 }) });
export type OrgMoveBody = Static<typeof OrgMoveBody>;

/** `getorg` and `detachorg`: one organisation by id. */
export const OrgIdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type OrgIdBody = Static<typeof OrgIdBody>;
