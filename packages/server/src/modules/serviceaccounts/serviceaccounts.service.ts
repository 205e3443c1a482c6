/**
 * Service accounts (issue 17 "The API as a product"; docs/service-accounts.md): create, edit, rotate,
 * enable/disable and delete a service account of one tenant — the platform tenant `sys` for platform
 * administrators, the TENANTID tenant in the tenant area. Each write is one transaction (the caller's) and
 * audited; every change that revokes the credential ends the sessions it opened at once.
 *
 * The principal is a users row without identities, password anyone knows, mobile, e-mail or organisation;
 * its rights are exactly its roles' grants. In the tenant area a caller who is not the administrator gives
 * only roles whose grants they hold (`assertRoleGrantsHeld`, as adding a role member), and acts only on a
 * service account they reach (`actsOn: 'id'` on the routes: data scope and rank, modules/tenancy/acting-on.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  pageInfo,
  SERVICE_ACCOUNT_RULES,
  ServiceAccountCodes,
  type Paged,
  type ServiceAccountAddBody,
  type ServiceAccountEditBody,
  type ServiceAccountListBody,
  type ServiceAccountRow,
  type ServiceAccountSecretData,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { roleUsers, serviceAccounts, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { TenantContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { getRoleInScope } from '../roles/roles.tenant.scope.js';
import { assertRoleGrantsHeld } from '../roles/roles.tenant.grants.service.js';
import { expiryInstant, hashSecret, newKeyId, newSecret } from './serviceaccounts.credential.js';
import * as repo from './serviceaccounts.repository.js';

/** Whose service accounts a call manages: the tenant, and in the tenant area the caller's context. */
export interface Owner {
  tenantId: string;
  ctx?: TenantContext;
}

/** The validated fields of an add or edit. */
interface Fields {
  name: string;
  description: string;
  roleIds: string[];
  expiresAt: Date | null;
}

function checkFields(b: ServiceAccountAddBody, now = new Date()): Fields {
  const name = b.name.trim();
  if (!name) throw new AppError(ServiceAccountCodes.NAME_REQUIRED);
  if (name.length > SERVICE_ACCOUNT_RULES.name.max) throw new AppError(ServiceAccountCodes.NAME_TOO_LONG, { max: SERVICE_ACCOUNT_RULES.name.max });
  const description = (b.description ?? '').trim();
  if (description.length > SERVICE_ACCOUNT_RULES.description.max)
    throw new AppError(ServiceAccountCodes.DESCRIPTION_TOO_LONG, { max: SERVICE_ACCOUNT_RULES.description.max });
  const roleIds = [...new Set(b.roleIds)];
  if (roleIds.length < SERVICE_ACCOUNT_RULES.roles.min) throw new AppError(ServiceAccountCodes.ROLE_REQUIRED);
  if (roleIds.length > SERVICE_ACCOUNT_RULES.roles.max) throw new AppError(ServiceAccountCodes.ROLE_TOO_MANY, { max: SERVICE_ACCOUNT_RULES.roles.max });
  let expiresAt: Date | null = null;
  if (b.expiresAt) {
    const at = expiryInstant(b.expiresAt);
    if (!at || at <= now) throw new AppError(ServiceAccountCodes.EXPIRY_INVALID);
    expiresAt = at;
  }
  return { name, description, roleIds, expiresAt };
}

/** Refuses role ids that are not the tenant's, and in the tenant area roles the caller may not give. */
async function checkRoles(tx: Tx, request: FastifyRequest, owner: Owner, roleIds: string[]): Promise<void> {
  const known = await repo.existingRoleIds(tx, owner.tenantId, roleIds);
  const unknown = roleIds.find((id) => !known.has(id));
  if (unknown) throw new AppError(ServiceAccountCodes.ROLE_UNKNOWN, { id: unknown });
  if (!owner.ctx || owner.ctx.admin) return;
  for (const id of roleIds) {
    await getRoleInScope(tx, owner.ctx, id);
    await assertRoleGrantsHeld(tx, request, owner.ctx, id);
  }
}

async function rowOf(tx: Tx, owner: Owner, id: string): Promise<ServiceAccountRow> {
  const r = await repo.findServiceAccount(tx, owner.tenantId, id);
  if (!r) throw new AppError(ServiceAccountCodes.NOT_FOUND);
  return repo.toRow(r, (await repo.rolesOf(tx, owner.tenantId, [id])).get(id) ?? []);
}

async function mustFind(tx: Tx, owner: Owner, id: string): Promise<repo.ServiceAccountRecord> {
  const r = await repo.findServiceAccount(tx, owner.tenantId, id, true);
  if (!r) throw new AppError(ServiceAccountCodes.NOT_FOUND);
  return r;
}

/** Ends the service account's sessions in `tx` and drops the guard's copies (docs/architecture.md "Guard store"). */
async function endSessions(app: FastifyInstance, tx: Tx, userId: string): Promise<number> {
  const n = await repo.endSessionsOfUser(tx, userId);
  app.guardStore.forgetSessions({ userId });
  return n;
}

/** `list…serviceaccount`: one page of the owner's service accounts with their roles. */
export async function listServiceAccountPage(tx: Tx, owner: Owner, q: ServiceAccountListBody): Promise<Paged<ServiceAccountRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listServiceAccounts(tx, owner.tenantId, { ...q, page, pageSize });
  const roleMap = await repo.rolesOf(
    tx,
    owner.tenantId,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return { rows: rows.map((r) => repo.toRow(r, roleMap.get(r.id) ?? [], now)), ...pageInfo(page, pageSize, records) };
}

/**
 * `add…serviceaccount`: a new service account with its roles; answers the row and the secret (once).
 * @throws serviceaccount.name_required / name_too_long / description_too_long / role_required /
 *   role_too_many / role_unknown / expiry_invalid, role.not_found, 10009029001 (a role the caller may not give).
 */
export async function addServiceAccount(tx: Tx, request: FastifyRequest, owner: Owner, b: ServiceAccountAddBody): Promise<ServiceAccountSecretData> {
  const f = checkFields(b);
  await checkRoles(tx, request, owner, f.roleIds);
  const id = randomUUID();
  const keyId = newKeyId();
  const secret = newSecret();
  const auth = request.auth!;
  await tx.insert(users).values({
    id,
    tenantId: owner.tenantId,
    username: keyId,
    employeeName: f.name,
    description: f.description,
    creator: auth.username,
    // No one knows this password: interactive sign-in is refused anyway (serviceaccount.not_interactive).
    passwordHash: await hashPassword(newSecret()),
  });
  await tx
    .insert(serviceAccounts)
    .values({ userId: id, tenantId: owner.tenantId, keyId, secretHash: hashSecret(secret), expiresAt: f.expiresAt, createdBy: auth.username });
  await tx.insert(roleUsers).values(f.roleIds.map((roleId) => ({ tenantId: owner.tenantId, roleId, userId: id })));
  await insertAuditEntry(tx, request, {
    tenantId: owner.tenantId,
    action: 'serviceaccount.add',
    entity: 'serviceaccount',
    entityId: id,
    after: { keyId, name: f.name, description: f.description, roleIds: f.roleIds, expiresAt: b.expiresAt ?? null },
  });
  return { row: await rowOf(tx, owner, id), secret };
}

/**
 * `edit…serviceaccount`: name, description, roles (the set replaces the old one; only added roles need the
 * caller to hold their grants) and expiry. A changed expiry ends the account's sessions.
 * @throws as add, serviceaccount.not_found.
 */
export async function editServiceAccount(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  owner: Owner,
  b: ServiceAccountEditBody,
): Promise<ServiceAccountRow> {
  const before = await mustFind(tx, owner, b.id);
  const f = checkFields(b);
  const oldRoles = (await repo.rolesOf(tx, owner.tenantId, [b.id])).get(b.id) ?? [];
  const oldIds = new Set(oldRoles.map((r) => r.id));
  await checkRoles(
    tx,
    request,
    owner,
    f.roleIds.filter((id) => !oldIds.has(id)),
  );
  const now = new Date();
  await tx
    .update(users)
    .set({ employeeName: f.name, description: f.description, updatedAt: now })
    .where(and(eq(users.tenantId, owner.tenantId), eq(users.id, b.id)));
  await tx
    .update(serviceAccounts)
    .set({ expiresAt: f.expiresAt, updatedAt: now })
    .where(and(eq(serviceAccounts.tenantId, owner.tenantId), eq(serviceAccounts.userId, b.id)));
  const removed = [...oldIds].filter((id) => !f.roleIds.includes(id));
  if (removed.length)
    await tx.delete(roleUsers).where(and(eq(roleUsers.tenantId, owner.tenantId), eq(roleUsers.userId, b.id), inArray(roleUsers.roleId, removed)));
  const added = f.roleIds.filter((id) => !oldIds.has(id));
  if (added.length) await tx.insert(roleUsers).values(added.map((roleId) => ({ tenantId: owner.tenantId, roleId, userId: b.id })));
  if ((before.expiresAt?.getTime() ?? null) !== (f.expiresAt?.getTime() ?? null)) await endSessions(app, tx, b.id);
  const row = await rowOf(tx, owner, b.id);
  await insertAuditEntry(tx, request, {
    tenantId: owner.tenantId,
    action: 'serviceaccount.edit',
    entity: 'serviceaccount',
    entityId: b.id,
    before: { name: before.name, description: before.description, roleIds: [...oldIds], expiresAt: repo.toRow(before, []).expiresAt },
    after: { name: row.name, description: row.description, roleIds: row.roles.map((r) => r.id), expiresAt: row.expiresAt },
  });
  return row;
}

/** `rotate…serviceaccount`: a new secret (answered once); the old one and its sessions stop at once. @throws serviceaccount.not_found. */
export async function rotateServiceAccount(app: FastifyInstance, tx: Tx, request: FastifyRequest, owner: Owner, id: string): Promise<ServiceAccountSecretData> {
  const r = await mustFind(tx, owner, id);
  const secret = newSecret();
  const now = new Date();
  await tx
    .update(serviceAccounts)
    .set({ secretHash: hashSecret(secret), secretRotatedAt: now, updatedAt: now })
    .where(and(eq(serviceAccounts.tenantId, owner.tenantId), eq(serviceAccounts.userId, id)));
  const ended = await endSessions(app, tx, id);
  await insertAuditEntry(tx, request, {
    tenantId: owner.tenantId,
    action: 'serviceaccount.rotate',
    entity: 'serviceaccount',
    entityId: id,
    after: { keyId: r.keyId, sessionsEnded: ended },
  });
  return { row: await rowOf(tx, owner, id), secret };
}

/** `status…serviceaccount`: enable (1) or disable (0); disabling ends its sessions at once. @throws serviceaccount.not_found. */
export async function setServiceAccountStatus(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  owner: Owner,
  id: string,
  status: 0 | 1,
): Promise<ServiceAccountRow> {
  const r = await mustFind(tx, owner, id);
  await tx
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.tenantId, owner.tenantId), eq(users.id, id)));
  const ended = status === 0 ? await endSessions(app, tx, id) : 0;
  await insertAuditEntry(tx, request, {
    tenantId: owner.tenantId,
    action: status === 1 ? 'serviceaccount.enable' : 'serviceaccount.disable',
    entity: 'serviceaccount',
    entityId: id,
    before: { keyId: r.keyId, status: r.status },
    after: { status, sessionsEnded: ended },
  });
  return rowOf(tx, owner, id);
}

/** `delete…serviceaccount`: the account, its user row and role memberships; its sessions end at once. @throws serviceaccount.not_found. */
export async function deleteServiceAccount(app: FastifyInstance, tx: Tx, request: FastifyRequest, owner: Owner, id: string): Promise<{ count: number }> {
  const r = await mustFind(tx, owner, id);
  const roleList = (await repo.rolesOf(tx, owner.tenantId, [id])).get(id) ?? [];
  await endSessions(app, tx, id);
  await tx.delete(users).where(and(eq(users.tenantId, owner.tenantId), eq(users.id, id))); // cascades: credential, role memberships
  await insertAuditEntry(tx, request, {
    tenantId: owner.tenantId,
    action: 'serviceaccount.delete',
    entity: 'serviceaccount',
    entityId: id,
    before: { keyId: r.keyId, name: r.name, roleIds: roleList.map((x) => x.id), status: r.status },
  });
  return { count: 1 };
}
