/**
 * Audit log read API for platform administrators (`listauditlog`; issue "Platform administration": the
 * audit log later screens read). SPEC §5 Generic: a log query needs its date range, start not after end,
 * at most AUDIT_LOG_RULES.maxRangeDays (30) days (SPEC §9 "logs 30 days"). Paged, filtered by tenant, user,
 * action, entity and date, and sorted in SQL.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AUDIT_LOG_RULES, AuditLogListBody, LicenceCodes, ok, pageInfo, Paths, UserType, type AuditLogRow, type Paged } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { listAuditEntries } from './audit.query.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;

/**
 * Checks the range of a log query and returns it as dates. Errors: `licence.audit_range_required`,
 * `licence.audit_range_invalid`, `licence.audit_range_order`, `licence.audit_range_too_long` (`{{days}}`).
 */
export function checkLogRange(startTime: string | undefined, endTime: string | undefined): { from: Date; to: Date } {
  if (!startTime?.trim() || !endTime?.trim()) throw new AppError(LicenceCodes.AUDIT_RANGE_REQUIRED);
  const from = new Date(startTime.trim());
  const to = new Date(endTime.trim());
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new AppError(LicenceCodes.AUDIT_RANGE_INVALID);
  if (from.getTime() > to.getTime()) throw new AppError(LicenceCodes.AUDIT_RANGE_ORDER);
  if (to.getTime() - from.getTime() > AUDIT_LOG_RULES.maxRangeDays * 86_400_000)
    throw new AppError(LicenceCodes.AUDIT_RANGE_TOO_LONG, { days: AUDIT_LOG_RULES.maxRangeDays });
  return { from, to };
}

/** One page of the audit log for `q`. */
export async function listAuditLogPage(tx: Tx, q: AuditLogListBody): Promise<Paged<AuditLogRow>> {
  const range = checkLogRange(q.startTime, q.endTime);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await listAuditEntries(tx, { ...q, ...range, page, pageSize });
  return {
    rows: rows.map((r) => ({ ...r, tenantName: r.tenantName ?? '', at: r.at.toISOString() })),
    ...pageInfo(page, pageSize, records),
  };
}

export default async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.listauditlog, { config: { access }, schema: { tags: ['audit'], body: AuditLogListBody } }, async (request) =>
    ok(await inScope(app.database.db, PLATFORM_SCOPE, (t) => listAuditLogPage(t, request.body))),
  );
}
