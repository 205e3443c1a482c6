/**
 * Organisation members of the tenant area (SPEC §2 orgEmployeeRelation "org members"; issue 5;
 * docs/tenant-members.md): the users of an organisation are those whose affiliated organisation it is
 * (`users.org_id`, marked, not removable here) plus users added as members (`org_users`). The tenant is
 * the TENANTID header; lists and writes are limited to the caller's data scope.
 */
import Type, { type Static } from 'typebox';
import { pageQuery } from './common.js';

const id = Type.String({ minLength: 1, maxLength: 64 });

/** Sortable columns of the member grid. */
export const ORG_MEMBER_SORT_FIELDS = ['username', 'employeeName', 'orgName', 'createdAt'] as const;

/** Sortable columns of the candidate picker (users not yet in the organisation). */
export const ORG_MEMBER_CANDIDATE_SORT_FIELDS = ['username', 'employeeName'] as const;

/**
 * `listorguser`: one page of the members of `orgId` (with `includeSub`, of its whole subtree), searched
 * by the start of the user name or employee name; by user name unless sorted.
 */
export const OrgMemberListBody = Type.Object({
  ...pageQuery(ORG_MEMBER_SORT_FIELDS),
  orgId: id,
  includeSub: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type OrgMemberListBody = Static<typeof OrgMemberListBody>;

/** `listusernotinorg`: the add-member picker — users of the caller's scope not yet in `orgId`. */
export const OrgMemberCandidateBody = Type.Object({
  ...pageQuery(ORG_MEMBER_CANDIDATE_SORT_FIELDS),
  orgId: id,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type OrgMemberCandidateBody = Static<typeof OrgMemberCandidateBody>;

/** `addorguser`: users to add as members of one organisation (at least one; checked with a localised message). */
export const OrgMemberAddBody = Type.Object({ orgId: id, userIds: Type.Array(id, { maxItems: 1000 }) });
export type OrgMemberAddBody = Static<typeof OrgMemberAddBody>;

/** `deleteorguser`: memberships to remove, each `{ orgId, userId }` (a grid with sub-organisations mixes them). */
export const OrgMemberDeleteBody = Type.Object({
  members: Type.Array(Type.Object({ orgId: id, userId: id }), { maxItems: 1000 }),
});
export type OrgMemberDeleteBody = Static<typeof OrgMemberDeleteBody>;

/** One membership as the grid shows it (`key` = orgId + ':' + userId). */
export interface OrgMemberRow {
  key: string;
  userId: string;
  username: string;
  employeeName: string;
  /** The organisation of this membership (the chosen one, or one below it with `includeSub`). */
  orgId: string;
  orgName: string;
  /** True when this organisation is the user's affiliated organisation (not removable here). */
  affiliated: boolean;
  status: number;
  /** When the member was added ('' for an affiliation). */
  createdAt: string;
}

/** A candidate of the add-member picker. */
export interface OrgMemberCandidateRow {
  userId: string;
  username: string;
  employeeName: string;
  /** The user's affiliated organisation. */
  orgName: string;
  status: number;
}
