/**
 * Bulk import of the TENANTID tenant's users as a background job (issue 5 "Scale": validate every row
 * first, a per-row error report and nothing written when any row fails, then apply in one transaction;
 * docs/tenant-users.md "Import"). The file rules, columns and row rules are the platform import's
 * (users.import.ts: SPEC §5 Import files and User), with the tenant fixed to TENANTID (a tenant code in a
 * row must name it) and the caller's data scope added:
 * - an organisation code outside the caller's scope is reported as not found (the caller's tree does
 *   not show it either);
 * - a user name of an existing user outside the scope is reported as in use (that user cannot be
 *   changed by this caller); an existing user who holds more than the caller (modules/tenancy/acting-on.ts)
 *   as `user.outranks_caller`, for administrators too (e.g. a platform administrator of the tenant).
 * The request reads the sheet (unreadable files, missing columns, too many rows are refused at once)
 * and answers the job id; the job then validates (state 'validating'), hashes the passwords outside any
 * transaction ('applying', progress per password group), checks again and writes in one transaction.
 */
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JobState, TENANT_USER_IMPORT_JOB, UserCodes, type JobRowError, type UserImportError } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { organisations } from '../../db/schema/index.js';
import { JobRejected, startJob } from '../jobs/jobs.runner.js';
import { retryOnUniqueViolation } from '../../lib/unique-violation.js';
import { orgRowInScope } from '../tenancy/data-scope.js';
import { actingCallerOf, usersBeyondReach, type ActingCaller, type Beyond } from '../tenancy/acting-on.js';
import { applyImport } from './users.import-apply.js';
import { hashAll, planImport, readExcelUpload, readImportFile, type ImportPlan } from './users.import.js';
import { fieldLabel, problemMessage } from './users.validate.js';

/**
 * Adds the reach problems of a plan (read only): organisations out of the caller's scope, and existing
 * users the caller may not act on (modules/tenancy/acting-on.ts) — out of scope: reported as the user
 * name in use; holding more than the caller (an administrator, the super manager, a role the caller
 * could not grant): `user.outranks_caller`. Administrators' whole-tenant scope skips the organisations.
 */
export async function addScopeProblems(tx: Tx, caller: ActingCaller, plan: ImportPlan, locale: FastifyRequest['locale']): Promise<void> {
  const { scope } = caller;
  const ids = new Set<string>();
  if (!scope.all) for (const p of plan.rows) for (const id of [p.fields.orgId, p.fields.defaultOrgId]) if (id) ids.add(id);
  const inScopeIds = new Set<string>();
  const list = [...ids];
  for (let i = 0; i < list.length; i += 1000) {
    const rows = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(inArray(organisations.id, list.slice(i, i + 1000)), orgRowInScope(scope)));
    for (const r of rows) inScopeIds.add(r.id);
  }
  const existing = plan.rows.flatMap((p) => (p.existing ? [p.existing.id] : []));
  const beyond = new Map<string, { why: Beyond; username: string }>();
  for (let i = 0; i < existing.length; i += 1000) for (const [id, b] of await usersBeyondReach(tx, caller, existing.slice(i, i + 1000))) beyond.set(id, b);
  const failed = new Set(plan.errors.map((e) => e.row));
  const report = (row: number, field: string, code: string, params: Record<string, unknown> = {}) => {
    failed.add(row);
    plan.errors.push({ row, field, column: fieldLabel(locale, field), message: problemMessage(locale, { field, code, params }) });
  };
  for (const p of plan.rows) {
    const b = p.existing && beyond.get(p.existing.id);
    if (b) report(p.row, 'username', b.why === 'scope' ? UserCodes.USERNAME_IN_USE : UserCodes.OUTRANKS_CALLER, { username: p.fields.username });
    if (scope.all) continue;
    if (p.fields.orgId && !inScopeIds.has(p.fields.orgId)) report(p.row, 'orgCode', UserCodes.ORG_NOT_FOUND);
    if (p.fields.defaultOrgId && !inScopeIds.has(p.fields.defaultOrgId)) report(p.row, 'defaultOrgCode', UserCodes.ORG_NOT_FOUND);
  }
  plan.errors.sort((a, b) => a.row - b.row);
  plan.failedRows = failed.size;
}

/** The job report's rows: the column heading in the request's language names the field a user reads. */
function jobErrors(errors: UserImportError[]): JobRowError[] {
  return errors.slice(0, 1000).map((e) => ({ row: e.row, field: e.column, message: e.message }));
}

/**
 * `importtenantuser`: reads the uploaded sheet and starts the import job; answers its id.
 * @throws the platform import's file errors (user.import_excel_only, _unreadable, _column_missing, _empty, _too_many)
 */
export async function startTenantUserImport(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const tenant = request.tenant!;
  const caller = actingCallerOf(request);
  const { data, fileName } = await readExcelUpload(request);
  const cells = await readImportFile(data, request.locale, true);
  const db = app.database.db;
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => inScope(db, { scope: 'tenant', tenantId: tenant.id }, fn);
  const opts = { locale: request.locale, tenantId: tenant.id, callerId: request.auth!.userId, passwordRule: await app.settings.passwordRule() };
  const check = async (tx: Tx) => {
    const plan = await planImport(tx, cells, opts);
    await addScopeProblems(tx, caller, plan, request.locale);
    if (plan.errors.length) throw new JobRejected(jobErrors(plan.errors), cells.length);
    return plan;
  };
  const ctx = { request, guardStore: app.guardStore };
  return startJob(app, { tenantId: tenant.id, kind: TENANT_USER_IMPORT_JOB, fileName, total: cells.length, createdBy: request.auth!.userId }, async (job) => {
    await inTenant(check);
    const plains = [...new Set(cells.map((c) => c.password).filter(Boolean))];
    await job.progress(0, JobState.APPLYING);
    // Progress: the passwords are the slow part; the rows count along with them.
    const hashes = await hashAll(plains, (done) => job.progress(Math.floor((done / Math.max(plains.length, 1)) * cells.length * 0.9)));
    // a user name, mobile or e-mail taken meanwhile by someone else: check and apply again (the row then updates or is reported)
    const result = await retryOnUniqueViolation(() => inTenant(async (tx) => applyImport(tx, ctx, await check(tx), hashes)));
    return { created: result.created, updated: result.updated, errors: [] };
  });
}
