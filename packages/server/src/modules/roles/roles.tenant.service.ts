/**
 * Role management of the tenant area (SPEC §2 Tenant → roleManagement; §3 Role, Role member; §5 Role;
 * issue 5 "Grants are enforced, not only stored"; docs/tenant-roles.md): the platform's role and member
 * services (roles.service.ts, roles.members.service.ts) run for the TENANTID tenant, limited to the
 * caller's data scope — a role is reached through its organisation, a user through their affiliated
 * organisation. Anything outside the scope is refused with `10009029001`; ids of another tenant are
 * "not found". Callers run each call in one transaction of the tenant's scope (roles.tenant.routes.ts).
 */
import type { FastifyRequest } from 'fastify';
import {
  Codes,
  RoleCodes,
  type Paged,
  type RoleMemberRow,
  type RoleRow,
  type TenantRoleAddBody,
  type TenantRoleEditBody,
  type TenantRoleListBody,
  type TenantRoleUserBody,
  type TenantRoleUserListBody,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { TenantContext } from '../../types.js';
import { assertOrgsInScope } from '../tenancy/data-scope.js';
import * as repo from './roles.repository.js';
import * as roleSvc from './roles.service.js';
import * as memberSvc from './roles.members.service.js';
import { assertRoleGrantsHeld } from './roles.tenant.grants.service.js';
import { getRoleInScope } from './roles.tenant.scope.js';

export { getRoleInScope } from './roles.tenant.scope.js';

/** `listtenantrole`: one page of the roles whose organisation is in the caller's scope. */
export function listTenantRolePage(tx: Tx, ctx: TenantContext, q: TenantRoleListBody): Promise<Paged<RoleRow>> {
  return roleSvc.listRolePage(tx, { ...q, tenantId: ctx.id, scope: ctx.scope });
}

/** `addtenantrole`: the organisation must be in the caller's scope. @throws as addrole, 10009029001. */
export async function addTenantRole(tx: Tx, request: FastifyRequest, ctx: TenantContext, b: TenantRoleAddBody): Promise<RoleRow> {
  await assertOrgsInScope(tx, ctx.scope, [b.orgId?.trim()]);
  return roleSvc.addRole(tx, request, { ...b, tenantId: ctx.id });
}

/** `edittenantrole`: the role and its new organisation must be in scope. @throws as editrole, 10009029001. */
export async function editTenantRole(tx: Tx, request: FastifyRequest, ctx: TenantContext, b: TenantRoleEditBody): Promise<RoleRow> {
  await getRoleInScope(tx, ctx, b.roleId);
  await assertOrgsInScope(tx, ctx.scope, [b.orgId?.trim()]);
  return roleSvc.editRole(tx, request, { ...b, tenantId: ctx.id });
}

/** `deletetenantrole`: all or none; every role must be in scope. @throws as deleterole, 10009029001. */
export async function deleteTenantRoles(tx: Tx, request: FastifyRequest, ctx: TenantContext, roleIds: string[]): Promise<{ count: number }> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) throw new AppError(Codes.CHOOSE_AT_LEAST_ONE);
  const found = await repo.findRolesByIds(tx, ctx.id, ids);
  if (found.length !== ids.length) throw new AppError(RoleCodes.NOT_FOUND);
  if (!ctx.scope.all && found.some((r) => !r.orgId)) throw new AppError(Codes.NO_PERMISSION);
  await assertOrgsInScope(
    tx,
    ctx.scope,
    found.map((r) => r.orgId),
  );
  return roleSvc.deleteRoles(tx, request, ctx.id, ids);
}

/** `listtenantroleuser` / `listusernotintenantrole`: members of a role in scope, or candidates; only users in scope. */
export async function listTenantRoleUserPage(tx: Tx, ctx: TenantContext, q: TenantRoleUserListBody, inRole: boolean): Promise<Paged<RoleMemberRow>> {
  await getRoleInScope(tx, ctx, q.roleId);
  return memberSvc.listRoleUserPage(tx, { ...q, tenantId: ctx.id, scope: ctx.scope }, inRole);
}

/**
 * `addtenantroleuser`. Whom the caller may add (inside their scope, holding nothing more than the
 * caller) is the route's declared rule (`actsOn`, modules/tenancy/acting-on.ts). A caller who is not
 * the tenant's administrator may add members only to a role whose grants they hold themselves (no
 * privilege escalation). @throws as addroleuser, 10009029001.
 */
export async function addTenantRoleUsers(tx: Tx, request: FastifyRequest, ctx: TenantContext, b: TenantRoleUserBody): Promise<{ count: number }> {
  await getRoleInScope(tx, ctx, b.roleId);
  await assertRoleGrantsHeld(tx, request, ctx, b.roleId);
  return memberSvc.addRoleUsers(tx, request, { ...b, tenantId: ctx.id });
}

/** `deletetenantroleuser` (whom: the route's declared `actsOn`). @throws as deleteroleuser, 10009029001. */
export async function deleteTenantRoleUsers(tx: Tx, request: FastifyRequest, ctx: TenantContext, b: TenantRoleUserBody): Promise<{ count: number }> {
  await getRoleInScope(tx, ctx, b.roleId);
  return memberSvc.deleteRoleUsers(tx, request, { ...b, tenantId: ctx.id });
}
