/**
 * Role members (SPEC §3 Role-user link, Role member; §5 "at least one member to delete; at least one
 * user to add"; §7 listroleuser, listusernotinrole, addroleuser, deleteroleuser). Members are users of
 * the role's tenant. Writes are all-or-nothing and audited.
 */
import type { FastifyRequest } from 'fastify';
import { pageInfo, RoleCodes, type Paged, type RoleMemberRow, type RoleUserBody, type RoleUserListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './roles.repository.js';
import { getRole } from './roles.service.js';

function toMemberRow(m: repo.MemberRecord): RoleMemberRow {
  return {
    userId: m.userId,
    orgId: m.orgId ?? '',
    orgName: m.orgName ?? '',
    username: m.username,
    employeeName: m.employeeName,
    builtIn: m.builtIn,
    status: m.status,
    updatedAt: m.updatedAt.toISOString(),
  };
}

/**
 * One page of the role's members (`inRole`) or of the tenant's users not in it (add-member dialog);
 * the tenant area passes the caller's `scope` (only users whose organisation is in it).
 * @throws role.not_found.
 */
export async function listRoleUserPage(tx: Tx, q: repo.Scoped<RoleUserListBody>, inRole: boolean): Promise<Paged<RoleMemberRow>> {
  await getRole(tx, q.tenantId, q.roleId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listRoleUsers(tx, { ...q, page, pageSize }, inRole);
  return { rows: rows.map(toMemberRow), ...pageInfo(page, pageSize, records) };
}

/**
 * `addroleuser`: adds users of the tenant to the role (users already in it are kept).
 * @throws role.not_found, role.user_required (none given), role.user_not_in_tenant (nothing added).
 */
export async function addRoleUsers(tx: Tx, request: FastifyRequest, b: RoleUserBody): Promise<{ count: number }> {
  const role = await getRole(tx, b.tenantId, b.roleId);
  const ids = [...new Set(b.userIds)];
  if (!ids.length) throw new AppError(RoleCodes.USER_REQUIRED);
  const known = await repo.findTenantUserIds(tx, b.tenantId, ids);
  if (known.length !== ids.length) throw new AppError(RoleCodes.USER_NOT_IN_TENANT);
  const count = await repo.insertRoleUsers(tx, b.tenantId, b.roleId, ids);
  await insertAuditEntry(tx, request, {
    tenantId: b.tenantId,
    action: 'role.member.add',
    entity: 'role',
    entityId: role.id,
    after: { roleNo: role.code, userIds: ids },
  });
  return { count };
}

/**
 * `deleteroleuser`: removes members from the role.
 * @throws role.not_found, role.member_required (none given).
 */
export async function deleteRoleUsers(tx: Tx, request: FastifyRequest, b: RoleUserBody): Promise<{ count: number }> {
  const role = await getRole(tx, b.tenantId, b.roleId);
  const ids = [...new Set(b.userIds)];
  if (!ids.length) throw new AppError(RoleCodes.MEMBER_REQUIRED);
  const members = await repo.findRoleMemberIds(tx, b.tenantId, b.roleId, ids);
  const count = members.length ? await repo.deleteRoleUsers(tx, b.tenantId, b.roleId, members) : 0;
  await insertAuditEntry(tx, request, {
    tenantId: b.tenantId,
    action: 'role.member.delete',
    entity: 'role',
    entityId: role.id,
    before: { roleNo: role.code, userIds: members },
  });
  return { count };
}
