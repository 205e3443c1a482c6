/**
 * The read side of the audit log (issue "Platform administration": who, when, what, before/after, read by
 * later screens): one page of entries inside a date range, filtered and sorted in SQL. Writes stay in
 * audit.repository.ts.
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AUDIT_LOG_SORT_FIELDS, AuditLogListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { sortColumn, type SortColumns } from '../../lib/sort.js';
import { auditLog, tenants } from '../../db/schema/index.js';

export type AuditEntryRecord = typeof auditLog.$inferSelect & { tenantName: string | null };

const SORTS: SortColumns<typeof AUDIT_LOG_SORT_FIELDS> = {
  at: auditLog.at,
  action: auditLog.action,
  entity: auditLog.entity,
  username: auditLog.username,
  tenantId: auditLog.tenantId,
};

/** The query with a checked range: `from` ≤ at ≤ `to`. */
export type AuditEntryQuery = AuditLogListBody & { page: number; pageSize: number; from: Date; to: Date };

function filters(q: AuditEntryQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [gte(auditLog.at, q.from), lte(auditLog.at, q.to)];
  if (q.tenantId?.trim()) parts.push(eq(auditLog.tenantId, q.tenantId.trim()));
  if (q.userId?.trim()) parts.push(eq(auditLog.userId, q.userId.trim()));
  if (q.username?.trim()) parts.push(sql`lower(${auditLog.username}) = ${q.username.trim().toLowerCase()}`);
  if (q.action?.trim()) parts.push(eq(auditLog.action, q.action.trim()));
  if (q.entity?.trim()) parts.push(eq(auditLog.entity, q.entity.trim()));
  if (q.entityId?.trim()) parts.push(eq(auditLog.entityId, q.entityId.trim()));
  return and(...parts);
}

/** Number of entries matching `q` (its paging ignored). */
export async function countAuditEntries(tx: Tx, q: AuditEntryQuery): Promise<number> {
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(filters(q));
  return count?.n ?? 0;
}

/** One page of entries and the number matching; newest first unless a sort is given. */
export async function listAuditEntries(tx: Tx, q: AuditEntryQuery): Promise<{ rows: AuditEntryRecord[]; records: number }> {
  return { rows: await selectAuditEntries(tx, q), records: await countAuditEntries(tx, q) };
}

/** The entries of page `q.page` (`q.pageSize` rows), sorted by `q.sortField` then newest first. */
export async function selectAuditEntries(tx: Tx, q: AuditEntryQuery): Promise<AuditEntryRecord[]> {
  const where = filters(q);
  const col = sortColumn(SORTS, q.sortField);
  const order = col ? [q.sortOrder === 'ascend' ? asc(col) : desc(col), desc(auditLog.at), desc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
  return tx
    .select({
      id: auditLog.id,
      tenantId: auditLog.tenantId,
      userId: auditLog.userId,
      username: auditLog.username,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      requestId: auditLog.requestId,
      at: auditLog.at,
      tenantName: tenants.name,
    })
    .from(auditLog)
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}
