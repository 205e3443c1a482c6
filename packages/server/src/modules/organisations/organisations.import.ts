/**
 * Organisation import as a background job (SPEC §2 "import", §5 Import files and Organisation; issue 5
 * "Bulk import … validate every row first, nothing written when any row fails, then apply in one
 * transaction; export re-imports unchanged"; docs/organisations.md "Import and export").
 *
 * A row's code names the organisation: an existing one of the tenant's main tree category is updated,
 * else one is created. Its parent is named by code — a row of the same file (any order) or an
 * organisation of the tenant — and must end in the tree (the chain of parents reaches the root, without
 * cycles); an empty parent code makes the organisation single. Every row is checked with the form's
 * rules (checkOrgFields); the caller's data scope applies (an existing organisation or a parent outside
 * it is reported; a role holder cannot create single organisations, which no scope of theirs holds).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type Locale } from '@mp/i18n';
import { Codes, JobState, ORG_IMPORT_MAX_ROWS, OrganisationCodes, type JobReport, type JobRowError } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { organisations } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { JobRejected, startJob } from '../jobs/jobs.runner.js';
import { retryOnUniqueViolation } from '../../lib/unique-violation.js';
import { assertOrgsInScope, orgRowInScope, type DataScope } from '../tenancy/data-scope.js';
import { readExcelUpload } from '../users/users.import.js';
import { columnLabel, readOrgSheet, readStatus, readType, type OrgExcelColumn, type OrgSheetRow } from './organisations.excel.js';
import * as repo from './organisations.manage.repository.js';
import { audited, checkOrgFields, type OrgFields } from './organisations.service.js';

export const ORG_IMPORT_JOB = 'import.organisations';

type Skel = Awaited<ReturnType<typeof repo.listOrgSkeleton>>[number];

/** A checked row: its fields, its parent's code key (null: single) and the organisation it updates. */
interface PlannedOrg {
  row: number;
  key: string;
  fields: OrgFields;
  parentKey: string | null;
  parentCode: string;
  existing?: Skel;
}

/** The outcome of the checks: the rows to apply (when `errors` is empty) in order, parents first. */
export interface OrgImportPlan {
  rows: PlannedOrg[];
  errors: JobRowError[];
  byKey: Map<string, Skel>;
}

const FIELD_OF_CODE: Record<string, OrgExcelColumn> = {
  [OrganisationCodes.TYPE_INVALID]: 'type',
  [OrganisationCodes.SORT_INVALID]: 'sort',
  [OrganisationCodes.IMPORT_TYPE]: 'type',
  [OrganisationCodes.IMPORT_STATUS]: 'status',
  [OrganisationCodes.NAME_PATTERN]: 'name',
  [OrganisationCodes.CODE_PATTERN]: 'code',
};

/**
 * Checks every row against the rules and the tenant's organisations (read only) and orders the rows
 * so that each parent is placed before its children.
 */
export async function planOrgImport(tx: Tx, sheet: OrgSheetRow[], o: { tenantId: string; scope: DataScope; locale: Locale }): Promise<OrgImportPlan> {
  const skeleton = await repo.listOrgSkeleton(tx, o.tenantId, 0);
  const byKey = new Map(skeleton.map((s) => [s.code.toLowerCase(), s]));
  const byId = new Map(skeleton.map((s) => [s.id, s]));
  const root = byId.get(o.tenantId);
  const rootKey = root?.code.toLowerCase() ?? '';
  const visible = o.scope.all
    ? undefined
    : new Set(
        (
          await tx
            .select({ id: organisations.id })
            .from(organisations)
            .where(and(eq(organisations.tenantId, o.tenantId), orgRowInScope(o.scope)))
        ).map((r) => r.id),
      );
  const errors: JobRowError[] = [];
  const report = (row: number, field: OrgExcelColumn, code: string, params: Record<string, unknown> = {}) => {
    errors.push({
      row,
      field: columnLabel(o.locale, field),
      message: translate(o.locale, `errors:${code}`, { ...params, field: columnLabel(o.locale, field) }),
    });
  };
  const planned = new Map<string, PlannedOrg>();
  for (const r of sheet) {
    const type = readType(r.type);
    const status = readStatus(r.status);
    const sort = r.sort.trim() === '' ? 0 : /^-?\d+$/.test(r.sort.trim()) ? Number(r.sort.trim()) : Number.NaN;
    let fields: OrgFields | undefined;
    try {
      if (Number.isNaN(type)) throw new AppError(OrganisationCodes.IMPORT_TYPE);
      if (status === undefined) throw new AppError(OrganisationCodes.IMPORT_STATUS);
      fields = checkOrgFields({ code: r.code, name: r.name, description: r.description, type, sort, status });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const field = (typeof e.params.fieldKey === 'string' ? e.params.fieldKey : (FIELD_OF_CODE[e.code] ?? 'code')) as OrgExcelColumn;
      report(r.row, field, e.code, e.params);
      continue;
    }
    const key = fields.code.toLowerCase();
    if (planned.has(key)) {
      report(r.row, 'code', OrganisationCodes.IMPORT_CODE_DUPLICATE, { code: fields.code });
      continue;
    }
    if (key === rootKey) {
      report(r.row, 'code', OrganisationCodes.IMPORT_ROOT, { code: fields.code });
      continue;
    }
    const existing = byKey.get(key);
    if (existing && visible && !visible.has(existing.id)) {
      report(r.row, 'code', OrganisationCodes.CODE_IN_USE, { code: fields.code });
      continue;
    }
    planned.set(key, {
      row: r.row,
      key,
      fields,
      parentKey: r.parentCode.trim() ? r.parentCode.trim().toLowerCase() : null,
      parentCode: r.parentCode.trim(),
      existing,
    });
  }

  /** The parent's key an organisation will have after the import (undefined: unknown code). */
  const parentOf = (key: string): string | null | undefined => {
    const p = planned.get(key);
    if (p) return p.parentKey;
    const s = byKey.get(key);
    if (!s) return undefined;
    return s.parentId ? (byId.get(s.parentId)?.code.toLowerCase() ?? null) : null;
  };
  const depth = new Map<string, number>();
  for (const p of planned.values()) {
    if (!p.parentKey) {
      if (visible) report(p.row, 'parentCode', Codes.NO_PERMISSION);
      else if (p.existing && skeleton.some((s) => s.parentId === p.existing!.id && parentOf(s.code.toLowerCase()) === p.key))
        report(p.row, 'parentCode', OrganisationCodes.DETACH_HAS_CHILDREN, { name: p.fields.name });
      continue;
    }
    const parentCode = p.parentKey;
    if (!planned.has(parentCode) && (!byKey.has(parentCode) || (visible && !visible.has(byKey.get(parentCode)!.id)))) {
      report(p.row, 'parentCode', OrganisationCodes.IMPORT_PARENT_UNKNOWN, { code: p.parentCode });
      continue;
    }
    // walk up to the root: a cycle, or a chain ending in a single organisation, is refused
    const seen = new Set<string>([p.key]);
    let cur: string | null | undefined = parentCode;
    let d = 1;
    while (cur && cur !== rootKey && !seen.has(cur) && d < 10_000) {
      seen.add(cur);
      cur = parentOf(cur);
      d++;
    }
    if (cur === rootKey) depth.set(p.key, d);
    else if (cur && seen.has(cur)) report(p.row, 'parentCode', OrganisationCodes.IMPORT_CYCLE, { code: p.parentCode });
    else report(p.row, 'parentCode', OrganisationCodes.IMPORT_PARENT_UNKNOWN, { code: p.parentCode });
  }
  errors.sort((a, b) => a.row - b.row);
  const rows = [...planned.values()].sort((a, b) => (depth.get(a.key) ?? 1e9) - (depth.get(b.key) ?? 1e9) || a.row - b.row);
  return { rows, errors, byKey };
}

/**
 * Applies a checked plan in the caller's transaction: creates the new organisations, updates the
 * existing ones, then places each under its parent (parents first; the trigger rewrites paths), and
 * audits the import. @throws 10009029001 when the result leaves the caller's scope (nothing is written).
 */
export async function applyOrgImport(
  tx: Tx,
  c: { tenantId: string; scope: DataScope; request: FastifyRequest },
  plan: OrgImportPlan,
  progress: (n: number) => Promise<void>,
): Promise<JobReport> {
  const ids = new Map<string, string>();
  const creator = c.request.auth?.username ?? '';
  const before = plan.rows.filter((p) => p.existing).map((p) => p.existing!.id);
  const beforeRows = before.length ? await repo.findOrgsByIds(tx, c.tenantId, before) : [];
  let created = 0;
  let updated = 0;
  for (const [i, p] of plan.rows.entries()) {
    if (p.existing) {
      ids.set(p.key, p.existing.id);
      await repo.updateOrgById(tx, c.tenantId, p.existing.id, p.fields);
      updated++;
    } else {
      const id = randomUUID();
      ids.set(p.key, id);
      await repo.insertOrg(tx, { id, tenantId: c.tenantId, parentId: null, category: 0, creator, ...p.fields });
      created++;
    }
    if (i % 200 === 0) await progress(Math.floor(i / 2));
  }
  for (const [i, p] of plan.rows.entries()) {
    const id = ids.get(p.key)!;
    const parentId = p.parentKey ? (ids.get(p.parentKey) ?? plan.byKey.get(p.parentKey)!.id) : null;
    if ((p.existing?.parentId ?? null) !== parentId) await repo.updateOrgById(tx, c.tenantId, id, { parentId });
    if (i % 200 === 0) await progress(Math.floor(plan.rows.length / 2 + i / 2));
  }
  await assertOrgsInScope(tx, c.scope, [...ids.values()]);
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.import',
    entity: 'organisation',
    entityId: '',
    before: beforeRows.map((r) => ({ id: r.id, ...audited(r) })),
    after: plan.rows.map((p) => ({ id: ids.get(p.key), ...p.fields, parentCode: p.parentCode })),
  });
  return { created, updated, errors: [] };
}

/**
 * `importorg`: reads the uploaded sheet (Excel only, name ≤ 50, ≤ 10M; SPEC §5 Import files) and starts
 * the job; answers its id. The job validates every row (a 'failed' job with the per-row report writes
 * nothing) and applies in one transaction.
 * @throws user.import_excel_only, file.name_too_long, file.too_large (413), user.import_unreadable, user.import_column_missing, organisation.import_empty, import_too_many
 */
export async function startOrgImport(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const tenant = request.tenant!;
  const { data, fileName } = await readExcelUpload(request);
  const sheet = await readOrgSheet(data, request.locale, ORG_IMPORT_MAX_ROWS);
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => inScope(app.database.db, { scope: 'tenant', tenantId: tenant.id }, fn);
  const check = async (tx: Tx) => {
    const plan = await planOrgImport(tx, sheet, { tenantId: tenant.id, scope: tenant.scope, locale: request.locale });
    if (plan.errors.length) throw new JobRejected(plan.errors.slice(0, 1000), sheet.length);
    return plan;
  };
  return startJob(app, { tenantId: tenant.id, kind: ORG_IMPORT_JOB, fileName, total: sheet.length, createdBy: request.auth!.userId }, async (job) => {
    await inTenant(check);
    await job.progress(0, JobState.APPLYING);
    // a code added meanwhile by someone else: check and apply again (the row then updates it)
    return retryOnUniqueViolation(() =>
      inTenant(async (tx) => applyOrgImport(tx, { tenantId: tenant.id, scope: tenant.scope, request }, await check(tx), (n) => job.progress(n))),
    );
  });
}
