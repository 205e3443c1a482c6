/**
 * Response codes of the tenant area's audit log (`auditlog.reason`); messages under
 * `errors:auditlog.<reason>` in @mp/i18n (locales/<locale>/errors-auditlog.ts). The date-range codes of a
 * log query (SPEC §5 Generic "log query date range required", §9 logs 30 days) stay `licence.audit_range_*`,
 * shared with the platform's `listauditlog`.
 */
export const AuditLogCodes = {
  /** An export matching more than `{{max}}` entries (`{{count}}` matched): narrow the filters or the range. */
  EXPORT_TOO_MANY: 'auditlog.export_too_many',
} as const;
