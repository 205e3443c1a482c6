/**
 * Audit log (issue "Platform administration": who, when, what, before/after). Written in the same
 * transaction as the change it records, so a rolled-back change leaves no entry.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  tenantId: string;
  action: string;
  entity: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  userId?: string;
  username?: string;
}

/** Records one entry; `request` supplies the caller, IP, User-Agent and request id. */
export async function insertAuditEntry(tx: Tx, request: FastifyRequest | undefined, e: AuditEntry): Promise<void> {
  await insertAuditEntries(tx, request, [e]);
}

/**
 * Records many entries of one request in multi-row inserts of 500 (bulk writes such as an import of
 * 10,000 users: 20 statements instead of 10,000; issue 17). Same columns as `insertAuditEntry`.
 */
export async function insertAuditEntries(tx: Tx, request: FastifyRequest | undefined, entries: AuditEntry[]): Promise<void> {
  if (entries.length <= 1) {
    if (entries.length) await tx.insert(auditLog).values(auditRow(request, entries[0]!));
    return;
  }
  // Many entries: one statement per 5,000, the rows as one JSON parameter (issue 17: an import of
  // 10,000 users writes its audit in two statements, not 20 of 500 rows with 6,000 parameters each).
  for (let i = 0; i < entries.length; i += 5000) {
    const rows = entries.slice(i, i + 5000).map((e) => auditRow(request, e));
    await tx.execute(sql`insert into audit_log (id, tenant_id, user_id, username, action, entity, entity_id, before, after, ip, user_agent, request_id)
      select r."id", r."tenantId", r."userId", r."username", r."action", r."entity", r."entityId", r."before", r."after", r."ip", r."userAgent", r."requestId"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("id" text, "tenantId" text, "userId" text, "username" text, "action" text, "entity" text,
        "entityId" text, "before" jsonb, "after" jsonb, "ip" text, "userAgent" text, "requestId" text)`);
  }
}

function auditRow(request: FastifyRequest | undefined, e: AuditEntry): typeof auditLog.$inferInsert {
  return {
    id: randomUUID(),
    tenantId: e.tenantId,
    userId: e.userId ?? request?.auth?.userId ?? '',
    username: e.username ?? request?.auth?.username ?? '',
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? '',
    before: (e.before ?? null) as object | null,
    after: (e.after ?? null) as object | null,
    ip: request?.ip ?? '',
    userAgent: String(request?.headers['user-agent'] ?? '').slice(0, 300),
    requestId: request ? String(request.id) : '',
  };
}
