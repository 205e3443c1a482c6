/**
 * Organisation–user relations of the application (issue 15; SPEC §2 App `orgUserRelation`; docs/applications.md
 * "Application people"): memberships (org_users) of a tenant using the application, limited to organisations
 * inside its roots and to its users. The tenant area's membership functions (modules/orgmembers) do the work,
 * with the application's roots as their data scope (`appScopeOf`); adding or removing a membership is a write
 * on the user, so administrators are refused as in appusers.service.ts (`assertOrdinaryUsers`).
 */
import type { FastifyRequest } from 'fastify';
import {
  AppUserCodes,
  type AppOrgCandidateBody,
  type AppOrgMemberBody,
  type AppOrgMemberListBody,
  type OrgMemberCandidateRow,
  type OrgMemberRow,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as members from '../orgmembers/orgmembers.service.js';
import { appScopeOf, assertOrgsInRoots, assertTenantUsesApp } from './appusers.roots.js';
import { assertOrdinaryUsers, loadAppUsers } from './appusers.service.js';

/** The tenant caller the membership functions expect, after checking tenant and organisation. */
async function callerFor(tx: Tx, productId: string, tenantId: string, orgId: string): Promise<members.TenantCaller> {
  await assertTenantUsesApp(tx, productId, tenantId);
  await assertOrgsInRoots(tx, productId, tenantId, [orgId]);
  return { tenantId, scope: await appScopeOf(tx, productId, tenantId) };
}

/** `listapporguser`: one page of the organisation's memberships (users inside the roots). */
export async function listAppOrgMembers(tx: Tx, productId: string, q: AppOrgMemberListBody): Promise<Paged<OrgMemberRow>> {
  const { tenantId, ...body } = q;
  return members.listOrgMemberPage(tx, await callerFor(tx, productId, tenantId, q.orgId), body);
}

/** `listappusernotinorg`: application users of the tenant not yet in the organisation. */
export async function listAppOrgCandidates(tx: Tx, productId: string, q: AppOrgCandidateBody): Promise<Paged<OrgMemberCandidateRow>> {
  const { tenantId, ...body } = q;
  return members.listOrgCandidatePage(tx, await callerFor(tx, productId, tenantId, q.orgId), body);
}

/** Checks the users: application users of this tenant, ordinary. @throws appuser.selection_required, user_not_found, admin_untouchable */
async function checkUsers(tx: Tx, request: FastifyRequest, productId: string, b: AppOrgMemberBody): Promise<void> {
  if (!b.userIds.length) throw new AppError(AppUserCodes.SELECTION_REQUIRED);
  const found = await loadAppUsers(tx, productId, b.userIds);
  if (found.some((u) => u.tenantId !== b.tenantId)) throw new AppError(AppUserCodes.USER_NOT_FOUND);
  await assertOrdinaryUsers(tx, request.auth?.userId, found);
}

/** `addapporguser`: adds memberships (existing ones and the affiliated organisation skipped). Audited by the membership service. */
export async function addAppOrgMembers(tx: Tx, request: FastifyRequest, productId: string, b: AppOrgMemberBody): Promise<{ count: number }> {
  const c = await callerFor(tx, productId, b.tenantId, b.orgId);
  await checkUsers(tx, request, productId, b);
  return members.addOrgMembers(tx, request, c, { orgId: b.orgId, userIds: b.userIds });
}

/** `deleteapporguser`: removes memberships (an affiliation is changed in the user form: orgmember.affiliated). */
export async function deleteAppOrgMembers(tx: Tx, request: FastifyRequest, productId: string, b: AppOrgMemberBody): Promise<{ count: number }> {
  const c = await callerFor(tx, productId, b.tenantId, b.orgId);
  await checkUsers(tx, request, productId, b);
  return members.deleteOrgMembers(tx, request, c, { members: b.userIds.map((userId) => ({ orgId: b.orgId, userId })) });
}
