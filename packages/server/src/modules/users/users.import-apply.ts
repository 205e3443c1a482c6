/**
 * Writing a checked import plan (users.import.ts) in the caller's transaction: all new users in one
 * statement and their enterprise-user identities in another (users.repository `insertUsers`), existing users updated one by one, sessions of
 * users the file disables or locks ended, the licence's user limit checked for the new ones, and one
 * audit entry per user (before/after without the password hash), written 500 to a statement.
 */
import { randomUUID } from 'node:crypto';
import { Identity, type UserImportResult } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { insertAuditEntries } from '../audit/audit.repository.js';
import { assertLicenceAllows } from '../licence/licence.limits.js';
import * as repo from './users.repository.js';
import type { ImportPlan, PlannedRow } from './users.import.js';
import { endSessionsOf, type UserWriteContext } from './users.service.js';

/** The audited shape of a planned row (no password). */
function audited(p: PlannedRow) {
  return { ...p.fields, locked: p.locked, tenantId: p.tenantId };
}

/** What an existing user looked like, for the audit (no password hash). */
function auditedBefore(u: repo.UserRow) {
  const { passwordHash: _h, failedCount: _c, failedWindowStart: _w, ...rest } = u;
  return rest;
}

function columns(p: PlannedRow) {
  const f = p.fields;
  return {
    username: f.username,
    employeeName: f.employeeName,
    employeeCode: f.employeeCode,
    gender: f.gender,
    orgId: f.orgId || null,
    defaultOrgId: f.defaultOrgId || null,
    effectiveDate: f.effectiveDate || null,
    expiryDate: f.expiryDate || null,
    status: f.status,
    locked: p.locked,
    email: f.email || null,
    mobile: f.mobile || null,
    officePhone: f.officePhone,
    homePhone: f.homePhone,
    idCard: f.idCard,
    signature: f.signature,
    description: f.description,
  };
}

/**
 * Applies the plan; `hashes` maps each plain password of the file to its hash (made before the
 * transaction, argon2id being slow). Raises the licence's `licence.*` codes when the new users would
 * pass its limit (nothing is written then: the caller's transaction rolls back).
 */
export async function applyImport(tx: Tx, ctx: UserWriteContext, plan: ImportPlan, hashes: Map<string, string>): Promise<UserImportResult> {
  const creating = plan.rows.filter((p) => !p.existing);
  const updating = plan.rows.filter((p) => p.existing);
  await assertLicenceAllows(tx, 'users', creating.length);
  const creator = ctx.request.auth?.username ?? '';
  const created = creating.map((p) => ({ id: randomUUID(), p }));
  // One statement each for all the new users and their identities (repo.insertUsers: triggers once).
  await repo.insertUsers(
    tx,
    created.map(({ id, p }) => ({ id, tenantId: p.tenantId, ...columns(p), passwordHash: hashes.get(p.password)!, creator })),
  );
  await repo.insertIdentities(
    tx,
    created.map(({ id, p }) => ({ tenantId: p.tenantId, userId: id, identity: Identity.ENTERPRISE_USER })),
  );
  const stopped: string[] = [];
  for (const p of updating) {
    const u = p.existing!;
    const hash = p.password ? hashes.get(p.password) : undefined;
    await repo.updateUserById(tx, u.id, { ...columns(p), ...(hash ? { passwordHash: hash, passwordChangedAt: null } : {}) });
    if ((p.fields.status !== 1 && u.status === 1) || (p.locked && !u.locked)) stopped.push(u.id);
  }
  await endSessionsOf(tx, ctx.guardStore, stopped);
  await insertAuditEntries(tx, ctx.request, [
    ...created.map(({ id, p }) => ({ tenantId: p.tenantId, action: 'user.import.add', entity: 'user', entityId: id, after: audited(p) })),
    ...updating.map((p) => ({
      tenantId: p.tenantId,
      action: 'user.import.edit',
      entity: 'user',
      entityId: p.existing!.id,
      before: auditedBefore(p.existing!),
      after: audited(p),
    })),
  ]);
  return { created: created.length, updated: updating.length };
}
