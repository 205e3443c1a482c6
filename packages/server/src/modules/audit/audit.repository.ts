/**
 * Audit log (issue "Platform administration": who, when, what, before/after). Written in the same
 * transaction as the change it records, so a rolled-back change leaves no entry.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
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
  for (let i = 0; i < entries.length; i += 500) await tx.insert(auditLog).values(entries.slice(i, i + 500).map((e) => auditRow(request, e)));
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
