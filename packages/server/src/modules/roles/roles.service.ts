/**
 * Data role management for the platform administrator (SPEC §2 roleManager, §3 Role, §5 Role, §7
 * /plat/role/listrole, addrole, editrole, deleterole): validated on the server with the console's
 * rules (ROLE_RULES), one transaction per write (the caller's `inTenant`), audited with before/after.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Codes, pageInfo, ROLE_RULES, RoleCodes, type Paged, type RoleAddBody, type RoleEditBody, type RoleListBody, type RoleRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findOrganisationById } from '../organisations/organisations.repository.js';
import * as repo from './roles.repository.js';

/** The API shape of a role (SPEC §3 Role). */
export function toRoleRow(r: repo.RoleWithOrg): RoleRow {
  return {
    roleId: r.id,
    tenantId: r.tenantId,
    orgId: r.orgId ?? '',
    orgName: r.orgName ?? '',
    roleNo: r.code,
    roleName: r.name,
    roleCategory: r.category,
    roleStatus: r.status === 1 ? 1 : 0,
    builtIn: r.builtIn,
    description: r.description,
    creator: r.creator,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Checks the editable fields in SPEC §5's order (number, name, organisation) and normalises them.
 * @throws AppError validation.required / too_long / script_tag, role.no_pattern, role.name_pattern,
 *   role.org_required, role.org_not_found.
 */
async function checkFields(tx: Tx, b: RoleAddBody) {
  const code = checkText('roleNo', b.roleNo, {
    required: true,
    max: ROLE_RULES.roleNo.max,
    pattern: ROLE_RULES.roleNo.pattern,
    patternCode: RoleCodes.NO_PATTERN,
  });
  const name = checkText('roleName', b.roleName, {
    required: true,
    max: ROLE_RULES.roleName.max,
    pattern: ROLE_RULES.roleName.pattern,
    patternCode: RoleCodes.NAME_PATTERN,
  });
  const orgId = (b.orgId ?? '').trim();
  if (!orgId) throw new AppError(RoleCodes.ORG_REQUIRED);
  if (!(await findOrganisationById(tx, b.tenantId, orgId))) throw new AppError(RoleCodes.ORG_NOT_FOUND);
  const category = checkText('roleCategory', b.roleCategory, { max: ROLE_RULES.roleCategory.max });
  const description = checkText('description', b.description, { max: ROLE_RULES.description.max });
  return { code, name, orgId, category, description, status: b.roleStatus ?? 1 };
}

/** One page of the tenant's roles (`listrole`; the tenant area passes the caller's `scope`). */
export async function listRolePage(tx: Tx, q: repo.Scoped<RoleListBody>): Promise<Paged<RoleRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listRoles(tx, { ...q, page, pageSize });
  return { rows: rows.map(toRoleRow), ...pageInfo(page, pageSize, records) };
}

/** The tenant's role or `role.not_found`. */
export async function getRole(tx: Tx, tenantId: string, roleId: string): Promise<repo.RoleWithOrg> {
  const r = await repo.findRoleById(tx, tenantId, roleId);
  if (!r) throw new AppError(RoleCodes.NOT_FOUND);
  return r;
}

/** `addrole`: a new role in the tenant. @throws role.no_in_use besides the field checks. */
export async function addRole(tx: Tx, request: FastifyRequest, b: RoleAddBody): Promise<RoleRow> {
  const f = await checkFields(tx, b);
  const inUse = new AppError(RoleCodes.NO_IN_USE, { roleNo: f.code });
  if (await repo.findRoleByCode(tx, b.tenantId, f.code)) throw inUse;
  const id = randomUUID();
  await withUniqueErrors({ roles_tenant_code_uq: inUse }, () => repo.insertRole(tx, { id, tenantId: b.tenantId, ...f, creator: request.auth?.username ?? '' }));
  const row = toRoleRow(await getRole(tx, b.tenantId, id));
  await insertAuditEntry(tx, request, { tenantId: b.tenantId, action: 'role.add', entity: 'role', entityId: id, after: row });
  return row;
}

/** `editrole`: exactly one role, by id. @throws role.not_found, role.no_in_use besides the field checks. */
export async function editRole(tx: Tx, request: FastifyRequest, b: RoleEditBody): Promise<RoleRow> {
  const before = toRoleRow(await getRole(tx, b.tenantId, b.roleId));
  const f = await checkFields(tx, b);
  const inUse = new AppError(RoleCodes.NO_IN_USE, { roleNo: f.code });
  if (await repo.findRoleByCode(tx, b.tenantId, f.code, b.roleId)) throw inUse;
  await withUniqueErrors({ roles_tenant_code_uq: inUse }, () => repo.updateRoleById(tx, b.tenantId, b.roleId, f));
  const after = toRoleRow(await getRole(tx, b.tenantId, b.roleId));
  await insertAuditEntry(tx, request, { tenantId: b.tenantId, action: 'role.edit', entity: 'role', entityId: b.roleId, before, after });
  return after;
}

/**
 * `deleterole`: deletes the roles with their members and grants, all or none.
 * @throws validation.choose_at_least_one, role.not_found (an id not in the tenant), role.built_in.
 */
export async function deleteRoles(tx: Tx, request: FastifyRequest, tenantId: string, roleIds: string[]): Promise<{ count: number }> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) throw new AppError(Codes.CHOOSE_AT_LEAST_ONE);
  const found = await repo.findRolesByIds(tx, tenantId, ids);
  if (found.length !== ids.length) throw new AppError(RoleCodes.NOT_FOUND);
  const builtIn = found.find((r) => r.builtIn);
  if (builtIn) throw new AppError(RoleCodes.BUILT_IN, { name: builtIn.name });
  const count = await repo.deleteRolesByIds(tx, tenantId, ids);
  for (const r of found) {
    await insertAuditEntry(tx, request, { tenantId, action: 'role.delete', entity: 'role', entityId: r.id, before: toRoleRow({ ...r, orgName: null }) });
  }
  return { count };
}
