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
  await tx.insert(auditLog).values({
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
  });
}
