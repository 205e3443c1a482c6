/**
 * Typed calls of the tenant area's audit log (issue 5 "Audit log"; docs/auditlog.md). The tenant is the
 * TENANTID header (the tenant chosen on "My tenants"). Both calls need `startTime` and `endTime` (ISO,
 * at most 30 days apart); they reject with `licence.audit_range_*`, and the export with
 * `auditlog.export_too_many` beyond AUDIT_LOG_EXPORT_MAX entries.
 */
import { Paths, type AuditLogRow, type Paged, type TenantAuditLogListBody } from '@mp/protocol';
import { download, post, type RequestOptions } from './client';

/** Filters of the audit grid (everything of the list body except paging and sorting). */
export type AuditLogFilters = Omit<TenantAuditLogListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** One page of the tenant's audit log: `POST listtenantauditlog`. */
export function listTenantAuditLog(query: TenantAuditLogListBody, opts?: RequestOptions): Promise<Paged<AuditLogRow>> {
  return post<Paged<AuditLogRow>>(Paths.listtenantauditlog, query, opts);
}

/** Downloads the matching entries as .xlsx (`POST exporttenantauditlog`), saved as `fileName` unless the server names it. */
export function exportTenantAuditLog(
  query: AuditLogFilters & Pick<TenantAuditLogListBody, 'sortField' | 'sortOrder'>,
  fileName: string,
  opts?: RequestOptions,
): Promise<void> {
  return download(Paths.exporttenantauditlog, query, fileName, opts);
}
