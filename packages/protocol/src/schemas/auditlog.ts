/**
 * The tenant area's audit log (issue 5 "Audit log": every write in the tenant — who, when, from where, what,
 * before/after — with a required date range of at most 30 days, filters, paging and export; SPEC §5
 * Generic "log query date range required", §9 "logs 30 days"). The tenant is the TENANTID of the request
 * (docs/tenancy.md), never a body field. Rows are `AuditLogRow` (schemas/licence.ts), range rules
 * `AUDIT_LOG_RULES`.
 */
import Type, { type Static } from 'typebox';
import { sortQuery } from './common.js';
import { AuditLogListBody } from './licence.js';

export * from '../codes/auditlog.js';

/** Export limit of the tenant audit log: more matching entries are refused with `auditlog.export_too_many`. */
export const AUDIT_LOG_EXPORT_MAX = 10_000;

/** Days the tenant audit screen shows when it opens (the last 7 days). */
export const AUDIT_LOG_DEFAULT_DAYS = 7;

const { tenantId: _tenantId, ...filters } = AuditLogListBody.properties;

/** Sortable columns of the tenant audit log (the platform's but `tenantId`). */
export const TENANT_AUDIT_LOG_SORT_FIELDS = ['at', 'action', 'entity', 'username'] as const;

/**
 * `listtenantauditlog` / `exporttenantauditlog`: paging, sort (AUDIT_LOG_SORT_FIELDS but `tenantId`),
 * `startTime`/`endTime` (ISO, required, ≤ 30 days), and the exact filters `userId`, `username`
 * (case-insensitive), `action`, `entity`, `entityId`.
 */
export const TenantAuditLogListBody = Type.Object({ ...filters, ...sortQuery(TENANT_AUDIT_LOG_SORT_FIELDS) });
export type TenantAuditLogListBody = Static<typeof TenantAuditLogListBody>;
