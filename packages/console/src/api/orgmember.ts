/**
 * Typed calls of the tenant area's organisation members (SPEC §2 orgEmployeeRelation; issue 5;
 * docs/tenant-members.md). They act on the current tenant (TENANTID, stores/current-tenant.ts). Every
 * function rejects with the client's `ApiError` when the envelope says `result: '0'` (a toast is already
 * shown unless `noToast`).
 */
import { Paths, type OrgMemberCandidateBody, type OrgMemberCandidateRow, type OrgMemberListBody, type OrgMemberRow, type Paged } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of the memberships of an organisation (with `includeSub`, of its subtree). */
export function listOrgMembers(query: OrgMemberListBody, opts?: RequestOptions): Promise<Paged<OrgMemberRow>> {
  return post<Paged<OrgMemberRow>>(Paths.listorguser, query, opts);
}

/** One page of users of the caller's scope not yet in the organisation (the add-member picker). */
export function listOrgCandidates(query: OrgMemberCandidateBody, opts?: RequestOptions): Promise<Paged<OrgMemberCandidateRow>> {
  return post<Paged<OrgMemberCandidateRow>>(Paths.listusernotinorg, query, { noLoading: true, ...opts });
}

/** Adds users as members → how many were added. */
export async function addOrgMembers(orgId: string, userIds: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.addorguser, { orgId, userIds }, opts)).count;
}

/** Removes memberships (pairs of organisation and user) → how many were removed. */
export async function deleteOrgMembers(members: { orgId: string; userId: string }[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteorguser, { members }, opts)).count;
}
