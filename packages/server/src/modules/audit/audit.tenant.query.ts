/**
 * The tenant area's audit log limited to the caller's data scope (issue 5 "Grants are enforced, not
 * only stored"; docs/auditlog.md "Who reads what"): the tenant's administrators read every entry of the
 * tenant; a role holder granted the `auditlog` menu reads the entries whose **actor** is a user of the
 * tenant inside their scope (affiliated organisation in a granted subtree, `orgIdInScope`). Entries of
 * callers who are not the tenant's users (its administrators from other tenants, the platform) and of
 * users without an organisation are the administrators' only.
 *
 * Same filters and sorts as audit.query.ts (the platform's), plus the scope as a semi-join on users
 * (`audit_log.user_id in (…)`), so `audit_log_tenant_at_idx (tenant_id, at)` still drives the scan.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TENANT_AUDIT_LOG_SORT_FIELDS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { sortColumn, type SortColumns } from '../../lib/sort.js';
import { auditLog, tenants, users } from '../../db/schema/index.js';
import { orgIdInScope, type DataScope } from '../tenancy/data-scope.js';
import type { AuditEntryQuery, AuditEntryRecord } from './audit.query.js';

const SORTS: SortColumns<typeof TENANT_AUDIT_LOG_SORT_FIELDS> = {
  at: auditLog.at,
  action: auditLog.action,
  entity: auditLog.entity,
  username: auditLog.username,
};

/** The filters of `q` in tenant `q.tenantId`, limited to entries whose actor is in `scope`. */
function filters(q: AuditEntryQuery & { tenantId: string }, scope: DataScope): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(auditLog.tenantId, q.tenantId), gte(auditLog.at, q.from), lte(auditLog.at, q.to)];
  if (!scope.all) {
    parts.push(
      inArray(auditLog.userId, sql`(select ${users.id} from ${users} where ${users.tenantId} = ${q.tenantId} and ${orgIdInScope(scope, users.orgId)})`),
    );
  }
  if (q.userId?.trim()) parts.push(eq(auditLog.userId, q.userId.trim()));
  if (q.username?.trim()) parts.push(sql`lower(${auditLog.username}) = ${q.username.trim().toLowerCase()}`);
  if (q.action?.trim()) parts.push(eq(auditLog.action, q.action.trim()));
  if (q.entity?.trim()) parts.push(eq(auditLog.entity, q.entity.trim()));
  if (q.entityId?.trim()) parts.push(eq(auditLog.entityId, q.entityId.trim()));
  return and(...parts);
}

/** Number of the tenant's entries in `scope` matching `q` (its paging ignored). */
export async function countScopedAuditEntries(tx: Tx, q: AuditEntryQuery & { tenantId: string }, scope: DataScope): Promise<number> {
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(filters(q, scope));
  return count?.n ?? 0;
}

/** The tenant's entries in `scope` of page `q.page`, sorted by `q.sortField` then newest first. */
export async function selectScopedAuditEntries(tx: Tx, q: AuditEntryQuery & { tenantId: string }, scope: DataScope): Promise<AuditEntryRecord[]> {
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
    .where(filters(q, scope))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}
