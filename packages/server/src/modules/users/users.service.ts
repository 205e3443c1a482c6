/**
 * User management for the platform administrator (SPEC §2 employeeManagement, §3 User, §5 User, §4
 * Records): validated on the server with the console's rules (protocol `checkUserFields`), one
 * transaction per write, audited with before/after (never the password hash).
 *
 * Protections: the super manager cannot be disabled, locked or deleted (`user.super_manager`), and only
 * the super manager may set its password; nobody disables, locks or deletes their own account
 * (`user.self`). Disabling, locking or deleting users ends their sessions in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Codes, Identity, pageInfo, UserCodes, type Paged, type UserAddBody, type UserEditBody, type UserListBody, type UserRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { assertLicenceAllows } from '../licence/licence.limits.js';
import { findTenantById } from '../tenants/tenants.repository.js';
import type { GuardStore } from '../session/guard-store.js';
import * as repo from './users.repository.js';
import { findUserRecordById, listUsers, type UserListRecord, type UserListScope } from './users.query.js';
import { checkEditableFields, checkImage, uniqueKeyErrors, type UserFields } from './users.validate.js';
import { fileUrl } from '../files/file-url.js';

/** What a write needs besides the transaction: the caller (audit, self checks) and the guard store. */
export interface UserWriteContext {
  request: FastifyRequest;
  guardStore: GuardStore;
}

/** The API shape of a user (SPEC §3 User), without the password hash. */
export function toUserRow(u: UserListRecord): UserRow {
  return {
    id: u.id,
    tenantId: u.tenantId,
    tenantCode: u.tenantCode,
    tenantName: u.tenantName,
    username: u.username,
    employeeName: u.employeeName,
    employeeCode: u.employeeCode,
    gender: u.gender === 'M' || u.gender === 'F' ? u.gender : '',
    orgId: u.orgId ?? '',
    orgName: u.orgName,
    defaultOrgId: u.defaultOrgId ?? '',
    defaultOrgName: u.defaultOrgName,
    stationId: u.stationId ?? '',
    stationName: u.stationName,
    effectiveDate: u.effectiveDate ?? '',
    expiryDate: u.expiryDate ?? '',
    builtIn: u.builtIn,
    superManager: u.superManager,
    status: u.status === 1 ? 1 : 0,
    locked: u.locked,
    lockedUntil: u.lockedUntil && u.lockedUntil.getTime() > Date.now() ? u.lockedUntil.toISOString() : '',
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    officePhone: u.officePhone,
    homePhone: u.homePhone,
    idCard: u.idCard,
    avatar: u.avatar,
    avatarUrl: fileUrl(u.avatar),
    facePhoto: u.facePhoto,
    facePhotoUrl: fileUrl(u.facePhoto),
    signature: u.signature,
    description: u.description,
    creator: u.creator,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

async function loadRow(tx: Tx, id: string): Promise<UserRow> {
  const r = await findUserRecordById(tx, id);
  if (!r) throw new AppError(UserCodes.NOT_FOUND);
  return toUserRow(r);
}

/**
 * Ends every active session of `userIds` now (SPEC §4: a disabled, locked or deleted user stops
 * working at once): marks the rows ended and makes the guard store forget its copies, in `tx`.
 */
export async function endSessionsOf(tx: Tx, guardStore: GuardStore, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  await repo.endActiveSessionsOfUsers(tx, userIds);
  for (const userId of userIds) guardStore.forgetSessions({ userId });
}

/** One page of the user grid; `scope`: further conditions of the caller (users.query `listUsers`). */
export async function listUserPage(tx: Tx, q: UserListBody, scope?: UserListScope): Promise<Paged<UserRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await listUsers(tx, { ...q, page, pageSize }, scope);
  return { rows: rows.map(toUserRow), ...pageInfo(page, pageSize, records) };
}

export const getUser = loadRow;

function columnsOf(f: UserFields) {
  return {
    username: f.username,
    employeeName: f.employeeName,
    employeeCode: f.employeeCode,
    gender: f.gender,
    orgId: f.orgId,
    defaultOrgId: f.defaultOrgId || null,
    stationId: f.stationId || null,
    effectiveDate: f.effectiveDate,
    expiryDate: f.expiryDate,
    status: f.status,
    email: f.email || null,
    mobile: f.mobile || null,
    officePhone: f.officePhone,
    homePhone: f.homePhone,
    idCard: f.idCard,
    avatar: f.avatar,
    facePhoto: f.facePhoto,
    signature: f.signature,
    description: f.description,
  };
}

/** Creates a user of `b.tenantId` with the enterprise-user identity; `passwordHash` from the route. */
export async function addUser(tx: Tx, ctx: UserWriteContext, b: UserAddBody, passwordHash: string): Promise<UserRow> {
  const tenant = await findTenantById(tx, b.tenantId.trim());
  if (!tenant) throw new AppError(Codes.TENANT_NOT_FOUND);
  const checked = await checkEditableFields(tx, ctx.request, tenant.id, b, undefined);
  const f = {
    ...checked,
    avatar: await checkImage(tx, 'avatar', checked.avatar, tenant.id),
    facePhoto: await checkImage(tx, 'facePhoto', checked.facePhoto, tenant.id),
  };
  await assertLicenceAllows(tx, 'users', 1);
  const id = randomUUID();
  // passwordChangedAt null: set by an administrator, a first sign-in may have to change it (docs/login.md)
  await withUniqueErrors(uniqueKeyErrors(ctx.request, f), () =>
    repo.insertUser(tx, { id, tenantId: tenant.id, ...columnsOf(f), passwordHash, passwordChangedAt: null, creator: ctx.request.auth?.username ?? '' }),
  );
  await repo.insertIdentity(tx, tenant.id, id, Identity.ENTERPRISE_USER);
  const row = await loadRow(tx, id);
  await insertAuditEntry(tx, ctx.request, { tenantId: tenant.id, action: 'user.add', entity: 'user', entityId: id, after: row });
  return row;
}

/** Modifies a user (the tenant stays); `passwordHash` only when a new password was sent. */
export async function editUser(tx: Tx, ctx: UserWriteContext, b: UserEditBody, passwordHash: string | undefined): Promise<UserRow> {
  const current = await repo.findUserById(tx, b.id);
  if (!current) throw new AppError(UserCodes.NOT_FOUND);
  const before = await loadRow(tx, b.id);
  const checked = await checkEditableFields(tx, ctx.request, current.tenantId, b, current.id);
  const f = {
    ...checked,
    avatar: checked.avatar === current.avatar ? checked.avatar : await checkImage(tx, 'avatar', checked.avatar, current.tenantId),
    facePhoto: checked.facePhoto === current.facePhoto ? checked.facePhoto : await checkImage(tx, 'facePhoto', checked.facePhoto, current.tenantId),
  };
  if (f.status !== 1) guardUsers(ctx.request, [current]);
  if (passwordHash && current.superManager && ctx.request.auth?.userId !== current.id) throw new AppError(UserCodes.SUPER_MANAGER_PASSWORD);
  await withUniqueErrors(uniqueKeyErrors(ctx.request, f), () =>
    repo.updateUserById(tx, current.id, {
      ...columnsOf(f),
      ...(passwordHash ? { passwordHash, passwordChangedAt: ctx.request.auth?.userId === current.id ? new Date() : null } : {}),
    }),
  );
  if (f.status !== 1 && current.status === 1) await endSessionsOf(tx, ctx.guardStore, [current.id]);
  const row = await loadRow(tx, current.id);
  await insertAuditEntry(tx, ctx.request, { tenantId: current.tenantId, action: 'user.edit', entity: 'user', entityId: current.id, before, after: row });
  if (passwordHash)
    await insertAuditEntry(tx, ctx.request, { tenantId: current.tenantId, action: 'user.password.reset', entity: 'user', entityId: current.id });
  return row;
}

/** Refuses to disable, lock or delete the super manager or the caller's own account. */
export function guardUsers(request: FastifyRequest, users: repo.UserRow[]): void {
  const sm = users.find((u) => u.superManager);
  if (sm) throw new AppError(UserCodes.SUPER_MANAGER, { username: sm.username });
  if (users.some((u) => u.id === request.auth?.userId)) throw new AppError(UserCodes.SELF);
}

/** The users `ids` (all must exist); with `revoking`, their service-account credentials are locked first. */
async function loadAll(tx: Tx, ids: string[], revoking = false): Promise<repo.UserRow[]> {
  const unique = [...new Set(ids)];
  if (revoking) await repo.lockServiceCredentialsOf(tx, unique);
  const found = await repo.findUsersByIds(tx, unique);
  if (found.length !== unique.length) throw new AppError(UserCodes.NOT_FOUND);
  return found;
}

export async function deleteUsers(tx: Tx, ctx: UserWriteContext, ids: string[]): Promise<{ count: number }> {
  const found = await loadAll(tx, ids, true);
  guardUsers(ctx.request, found);
  const befores = await Promise.all(found.map((u) => loadRow(tx, u.id)));
  await endSessionsOf(
    tx,
    ctx.guardStore,
    found.map((u) => u.id),
  );
  const count = await repo.deleteUsersByIds(
    tx,
    found.map((u) => u.id),
  );
  for (const b of befores) await insertAuditEntry(tx, ctx.request, { tenantId: b.tenantId, action: 'user.delete', entity: 'user', entityId: b.id, before: b });
  return { count };
}

export async function setUserStatus(tx: Tx, ctx: UserWriteContext, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const found = await loadAll(tx, ids, status !== 1);
  if (status !== 1) guardUsers(ctx.request, found);
  const count = await repo.updateUsersStatusByIds(
    tx,
    found.map((u) => u.id),
    status,
  );
  if (status !== 1)
    await endSessionsOf(
      tx,
      ctx.guardStore,
      found.map((u) => u.id),
    );
  for (const u of found)
    await insertAuditEntry(tx, ctx.request, {
      tenantId: u.tenantId,
      action: status ? 'user.enable' : 'user.disable',
      entity: 'user',
      entityId: u.id,
      before: { status: u.status },
      after: { status },
    });
  return { count };
}

export async function setUserLock(tx: Tx, ctx: UserWriteContext, ids: string[], locked: boolean): Promise<{ count: number }> {
  const found = await loadAll(tx, ids, locked);
  if (locked) guardUsers(ctx.request, found);
  const count = await repo.updateUsersLockByIds(
    tx,
    found.map((u) => u.id),
    locked,
  );
  if (locked)
    await endSessionsOf(
      tx,
      ctx.guardStore,
      found.map((u) => u.id),
    );
  for (const u of found)
    await insertAuditEntry(tx, ctx.request, {
      tenantId: u.tenantId,
      action: locked ? 'user.lock' : 'user.unlock',
      entity: 'user',
      entityId: u.id,
      before: { locked: u.locked },
      after: { locked },
    });
  return { count };
}

/** Sets a new password (already checked and hashed by the route). */
export async function resetUserPassword(tx: Tx, ctx: UserWriteContext, id: string, passwordHash: string): Promise<void> {
  const u = await repo.findUserById(tx, id);
  if (!u) throw new AppError(UserCodes.NOT_FOUND);
  if (u.superManager && ctx.request.auth?.userId !== u.id) throw new AppError(UserCodes.SUPER_MANAGER_PASSWORD);
  await repo.updateUserById(tx, u.id, {
    passwordHash,
    passwordChangedAt: ctx.request.auth?.userId === u.id ? new Date() : null,
    failedCount: 0,
    failedWindowStart: null,
    lockedUntil: null,
  });
  await insertAuditEntry(tx, ctx.request, { tenantId: u.tenantId, action: 'user.password.reset', entity: 'user', entityId: u.id });
}
