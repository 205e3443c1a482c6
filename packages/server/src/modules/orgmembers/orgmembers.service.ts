/**
 * Organisation members of the tenant area (SPEC §2 orgEmployeeRelation; §5 "at least one user to add",
 * Generic "select at least one record"; docs/tenant-members.md). The organisation must be one of the
 * tenant's (another tenant's id is "not found") and inside the caller's data scope (`10009029001`
 * otherwise); users added must be users of the tenant inside the scope. Writes are all-or-nothing in the
 * caller's one transaction and audited.
 */
import type { FastifyRequest } from 'fastify';
import {
  OrgMemberCodes,
  pageInfo,
  type OrgMemberAddBody,
  type OrgMemberCandidateBody,
  type OrgMemberCandidateRow,
  type OrgMemberDeleteBody,
  type OrgMemberListBody,
  type OrgMemberRow,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { assertOrgsInScope, type DataScope } from '../tenancy/data-scope.js';
import * as repo from './orgmembers.repository.js';

/** The caller's tenant and data scope (request.tenant). */
export interface TenantCaller {
  tenantId: string;
  scope: DataScope;
}

/** The organisation of the tenant inside the scope. @throws orgmember.org_not_found, 10009029001. */
async function orgInScope(tx: Tx, c: TenantCaller, orgId: string) {
  const org = await repo.findOrgById(tx, c.tenantId, orgId);
  if (!org) throw new AppError(OrgMemberCodes.ORG_NOT_FOUND);
  await assertOrgsInScope(tx, c.scope, [org.id]);
  return org;
}

/** `listorguser`: one page of the organisation's (or subtree's) memberships. */
export async function listOrgMemberPage(tx: Tx, c: TenantCaller, q: OrgMemberListBody): Promise<Paged<OrgMemberRow>> {
  const org = await orgInScope(tx, c, q.orgId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listOrgMembers(tx, {
    ...q,
    tenantId: c.tenantId,
    orgPath: org.path,
    includeSub: q.includeSub ?? false,
    scope: c.scope,
    page,
    pageSize,
  });
  return {
    rows: rows.map((r) => ({ ...r, key: `${r.orgId}:${r.userId}`, createdAt: r.createdAt ? r.createdAt.toISOString() : '' })),
    ...pageInfo(page, pageSize, records),
  };
}

/** `listusernotinorg`: one page of users in scope not yet in the organisation. */
export async function listOrgCandidatePage(tx: Tx, c: TenantCaller, q: OrgMemberCandidateBody): Promise<Paged<OrgMemberCandidateRow>> {
  await orgInScope(tx, c, q.orgId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listOrgCandidates(tx, { ...q, tenantId: c.tenantId, scope: c.scope, page, pageSize });
  return { rows: rows.map((r) => ({ ...r, orgName: r.orgName ?? '' })), ...pageInfo(page, pageSize, records) };
}

/**
 * `addorguser`: adds users as members of the organisation (already members and the affiliated are
 * skipped). @throws orgmember.org_not_found, orgmember.user_required, orgmember.user_not_found, 10009029001.
 */
export async function addOrgMembers(tx: Tx, request: FastifyRequest, c: TenantCaller, b: OrgMemberAddBody): Promise<{ count: number }> {
  const org = await orgInScope(tx, c, b.orgId);
  const ids = [...new Set(b.userIds)];
  if (!ids.length) throw new AppError(OrgMemberCodes.USER_REQUIRED);
  const found = await repo.findUsersInScope(tx, c.tenantId, c.scope, ids);
  if (found.length !== ids.length) throw new AppError(OrgMemberCodes.USER_NOT_FOUND);
  const already = new Set(await repo.findOrgUserIds(tx, c.tenantId, org.id, ids));
  const added = found.filter((u) => u.orgId !== org.id && !already.has(u.id));
  await repo.insertOrgUsers(
    tx,
    c.tenantId,
    org.id,
    added.map((u) => u.id),
    request.auth?.username ?? '',
  );
  await insertAuditEntry(tx, request, {
    tenantId: c.tenantId,
    action: 'orgmember.add',
    entity: 'organisation',
    entityId: org.id,
    before: null,
    after: { name: org.name, users: added.map((u) => ({ id: u.id, username: u.username })) },
  });
  return { count: added.length };
}

/**
 * `deleteorguser`: removes memberships. An affiliation cannot be removed here (the user form changes
 * it); pairs that are no membership are ignored. @throws orgmember.member_required, orgmember.org_not_found,
 * orgmember.affiliated, 10009029001 (an organisation or user outside the scope).
 */
export async function deleteOrgMembers(tx: Tx, request: FastifyRequest, c: TenantCaller, b: OrgMemberDeleteBody): Promise<{ count: number }> {
  if (!b.members.length) throw new AppError(OrgMemberCodes.MEMBER_REQUIRED);
  const byOrg = new Map<string, Set<string>>();
  for (const m of b.members) byOrg.set(m.orgId, (byOrg.get(m.orgId) ?? new Set()).add(m.userId));
  const removed: { orgId: string; orgName: string; users: { id: string; username: string }[] }[] = [];
  for (const [orgId, set] of byOrg) {
    const org = await orgInScope(tx, c, orgId);
    const ids = [...set];
    const users = await repo.findUsersInScope(tx, c.tenantId, c.scope, ids);
    if (users.length !== ids.length) throw new AppError(OrgMemberCodes.USER_NOT_FOUND);
    const members = new Set(await repo.findOrgUserIds(tx, c.tenantId, org.id, ids));
    const affiliated = users.find((u) => u.orgId === org.id && !members.has(u.id));
    if (affiliated) throw new AppError(OrgMemberCodes.AFFILIATED, { name: affiliated.username });
    const gone = new Set(await repo.deleteOrgUsers(tx, c.tenantId, org.id, ids));
    removed.push({ orgId: org.id, orgName: org.name, users: users.filter((u) => gone.has(u.id)).map((u) => ({ id: u.id, username: u.username })) });
  }
  for (const r of removed) {
    await insertAuditEntry(tx, request, {
      tenantId: c.tenantId,
      action: 'orgmember.delete',
      entity: 'organisation',
      entityId: r.orgId,
      before: { name: r.orgName, users: r.users },
      after: null,
    });
  }
  return { count: removed.reduce((n, r) => n + r.users.length, 0) };
}
