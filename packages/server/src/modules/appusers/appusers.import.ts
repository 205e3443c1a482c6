/**
 * `importappuser` (issue 15; SPEC §2 App `user` import, §5 Import files and User, §8 import messages;
 * docs/applications.md "Application people"): the platform's user import (users.import.ts — file rules,
 * template columns, every row rule, the per-row report `user.import_invalid`; users.import-apply.ts — the
 * writes and per-user audit) with this area's rules added per row:
 * - the row's tenant (its tenant code) must use the application (`appuser.tenant_not_using`);
 * - the affiliated and default organisations must be inside the application's roots of that tenant
 *   (`appuser.org_outside_roots`);
 * - an existing user (same user name in the tenant) must be one of the application's users (`isAppUser`;
 *   otherwise reported as the user name in use: this area cannot change them) and an ordinary one — an
 *   administrator, the super manager or the caller is `appuser.admin_untouchable` (appusers.service.ts'
 *   acting rule).
 * Synchronous, all or nothing: one failed row and nothing is written.
 */
import { and, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppUserCodes, UserCodes, type UserImportResult } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import type { ImportPlan } from '../users/users.import.js';
import { fieldLabel, problemMessage } from '../users/users.validate.js';
import { applyImport } from '../users/users.import-apply.js';
import type { UserWriteContext } from '../users/users.service.js';
import { isAppUser } from './app-users.scope.js';
import { assertOrgsInRoots, assertTenantUsesApp } from './appusers.roots.js';
import { assertOrdinaryUsers } from './appusers.service.js';
import { AppError } from '../../lib/errors.js';

/** The AppError code of `fn`, or undefined when it passes (other errors are rethrown). */
async function refusal(fn: () => Promise<void>): Promise<{ code: string; params: Record<string, unknown> } | undefined> {
  try {
    await fn();
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, params: (e.params ?? {}) as Record<string, unknown> };
    throw e;
  }
}

/**
 * Adds the application's problems to a checked plan (read only; rules in the module comment).
 * `productId`: request.application.id; `callerId`: the importing administrator.
 */
export async function addAppProblems(tx: Tx, productId: string, callerId: string, plan: ImportPlan, locale: FastifyRequest['locale']): Promise<void> {
  const failed = new Set(plan.errors.map((e) => e.row));
  const report = (row: number, field: string, code: string, params: Record<string, unknown> = {}) => {
    failed.add(row);
    plan.errors.push({ row, field, column: fieldLabel(locale, field), message: problemMessage(locale, { field, code, params }) });
  };
  const using = new Map<string, boolean>();
  for (const t of new Set(plan.rows.map((p) => p.tenantId))) using.set(t, !(await refusal(() => assertTenantUsesApp(tx, productId, t))));
  const existingIds = plan.rows.flatMap((p) => (p.existing ? [p.existing.id] : []));
  const appUsers = new Set<string>();
  for (let i = 0; i < existingIds.length; i += 1000) {
    const part = existingIds.slice(i, i + 1000);
    for (const r of await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, part), isAppUser(productId))))
      appUsers.add(r.id);
  }
  for (const p of plan.rows) {
    if (!using.get(p.tenantId)) {
      report(p.row, 'tenantCode', AppUserCodes.TENANT_NOT_USING);
      continue;
    }
    for (const [field, id] of [
      ['orgCode', p.fields.orgId],
      ['defaultOrgCode', p.fields.defaultOrgId],
    ] as const) {
      const bad = id ? await refusal(() => assertOrgsInRoots(tx, productId, p.tenantId, [id])) : undefined;
      if (bad) report(p.row, field, bad.code, bad.params);
    }
    const u = p.existing;
    if (!u) continue;
    if (!appUsers.has(u.id)) {
      report(p.row, 'username', UserCodes.USERNAME_IN_USE, { username: p.fields.username });
      continue;
    }
    const bad = await refusal(() => assertOrdinaryUsers(tx, callerId, [{ id: u.id, username: u.username, superManager: u.superManager }]));
    if (bad) report(p.row, 'username', bad.code, bad.params);
  }
  plan.errors.sort((a, b) => a.row - b.row);
  plan.failedRows = failed.size;
}

/** Writes a valid plan (users.import-apply.ts) and audits the import (`appuser.import`, tenant 'sys', the counts). */
export async function applyAppImport(
  tx: Tx,
  ctx: UserWriteContext,
  productId: string,
  plan: ImportPlan,
  hashes: Map<string, string>,
  fileName: string,
): Promise<UserImportResult> {
  const result = await applyImport(tx, ctx, plan, hashes);
  await insertAuditEntry(tx, ctx.request, {
    tenantId: 'sys',
    action: 'appuser.import',
    entity: 'product',
    entityId: productId,
    after: { fileName, ...result },
  });
  return result;
}
