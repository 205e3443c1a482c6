/**
 * The one gate to a tenant role for the tenant area's role services (SPEC §6 roles per organisation;
 * docs/tenant-roles.md): both the role service and the grant service read a role through it, so it lives
 * apart from both (no import circle between them).
 */
import { Codes } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { TenantContext } from '../../types.js';
import { assertOrgsInScope } from '../tenancy/data-scope.js';
import type * as repo from './roles.repository.js';
import * as roleSvc from './roles.service.js';

/**
 * The tenant's role `roleId` when the caller reaches it (its organisation is in their scope).
 * @throws role.not_found (not a role of this tenant), 10009029001 (outside the caller's scope).
 */
export async function getRoleInScope(tx: Tx, ctx: TenantContext, roleId: string): Promise<repo.RoleWithOrg> {
  const role = await roleSvc.getRole(tx, ctx.id, roleId);
  if (!ctx.scope.all && !role.orgId) throw new AppError(Codes.NO_PERMISSION);
  await assertOrgsInScope(tx, ctx.scope, [role.orgId]);
  return role;
}
