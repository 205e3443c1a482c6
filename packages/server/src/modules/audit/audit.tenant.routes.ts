/**
 * The tenant area's audit log (issue 5 "Audit log": every write in the tenant — who, when, from where,
 * what, before/after; docs/auditlog.md): `listtenantauditlog` (one page) and `exporttenantauditlog` (an
 * .xlsx of every matching entry, at most AUDIT_LOG_EXPORT_MAX, else `auditlog.export_too_many`). Access
 * `{ tenant: 'member', menu: 'auditlog' }`: the TENANTID tenant's administrators (every entry) and role
 * holders granted these APIs (entries whose actor is in their data scope, audit.tenant.query.ts;
 * docs/tenancy.md). Queries run in that
 * tenant's scope (row-level security) and are filtered by its id too, so `audit_log_tenant_at_idx` serves
 * them; user, entity or any other ids in the body only narrow the tenant's own entries. The date range is
 * required, start not after end, at most 30 days (SPEC §5 Generic, §9; `checkLogRange`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_LOG_EXPORT_MAX, AuditLogCodes, ok, pageInfo, Paths, TenantAuditLogListBody, type AuditLogRow, type Paged } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { checkLogRange } from './audit.routes.js';
import type { AuditEntryQuery, AuditEntryRecord } from './audit.query.js';
import { countScopedAuditEntries, selectScopedAuditEntries } from './audit.tenant.query.js';
import { WHOLE_TENANT, type DataScope } from '../tenancy/data-scope.js';
import { auditWorkbook, exportFileName, redactSecrets, XLSX_TYPE } from './audit.export.js';

const access = { tenant: 'member', menu: 'auditlog' } as const;
const tags = ['audit'];

/** The checked query of the tenant `tenantId` for body `b`; raises the range codes of `checkLogRange`. */
function tenantQuery(tenantId: string, b: TenantAuditLogListBody, page: number, pageSize: number): AuditEntryQuery & { tenantId: string } {
  const range = checkLogRange(b.startTime, b.endTime);
  return { ...b, tenantId, ...range, page, pageSize };
}

/** An entry as answered: ISO time, tenant name, secrets redacted. */
function toRow(r: AuditEntryRecord): AuditLogRow {
  return { ...r, tenantName: r.tenantName ?? '', at: r.at.toISOString(), before: redactSecrets(r.before), after: redactSecrets(r.after) };
}

/** One page of the tenant's audit log in `scope` (the whole tenant by default). */
export async function listTenantAuditPage(tx: Tx, tenantId: string, b: TenantAuditLogListBody, scope: DataScope = WHOLE_TENANT): Promise<Paged<AuditLogRow>> {
  const page = b.page ?? 1;
  const pageSize = b.pageSize ?? 10;
  const q = tenantQuery(tenantId, b, page, pageSize);
  const records = await countScopedAuditEntries(tx, q, scope);
  const rows = records > 0 ? await selectScopedAuditEntries(tx, q, scope) : [];
  return { rows: rows.map(toRow), ...pageInfo(page, pageSize, records) };
}

/** Every matching entry of the tenant in `scope` for an export; raises `auditlog.export_too_many` beyond the limit. */
export async function listTenantAuditForExport(tx: Tx, tenantId: string, b: TenantAuditLogListBody, scope: DataScope = WHOLE_TENANT): Promise<AuditLogRow[]> {
  const q = tenantQuery(tenantId, b, 1, AUDIT_LOG_EXPORT_MAX);
  const count = await countScopedAuditEntries(tx, q, scope);
  if (count > AUDIT_LOG_EXPORT_MAX) throw new AppError(AuditLogCodes.EXPORT_TOO_MANY, { count, max: AUDIT_LOG_EXPORT_MAX });
  return (await selectScopedAuditEntries(tx, q, scope)).map(toRow);
}

export default async function tenantAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(request: FastifyRequest, fn: (t: Tx) => Promise<T>) => inScope(app.database.db, { scope: 'tenant', tenantId: request.tenant!.id }, fn);

  r.post(Paths.listtenantauditlog, { config: { access }, schema: { tags, body: TenantAuditLogListBody } }, async (request) =>
    ok(await tx(request, (t) => listTenantAuditPage(t, request.tenant!.id, request.body, request.tenant!.scope))),
  );

  r.post(Paths.exporttenantauditlog, { config: { access }, schema: { tags, body: TenantAuditLogListBody } }, async (request, reply) => {
    const rows = await tx(request, (t) => listTenantAuditForExport(t, request.tenant!.id, request.body, request.tenant!.scope));
    const buffer = await auditWorkbook(request.locale, rows);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="${exportFileName()}"`).send(buffer);
  });
}
