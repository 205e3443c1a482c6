/**
 * Response codes of the operations endpoints (`ops.reason`; issue 17 "Operating it"): readiness and
 * metrics (packages/server/src/plugins/health.ts, metrics.ts). Messages under `errors:ops.<reason>` in
 * @mp/i18n (locales/<locale>/errors-ops.ts); docs/operations.md.
 */
export const OpsCodes = {
  /** `/readyz`: the database lacks migrations this build expects (HTTP 503). */
  MIGRATIONS_PENDING: 'ops.migrations_pending',
  /** `/readyz`: the database did not answer in time (HTTP 503). */
  DATABASE_TIMEOUT: 'ops.database_timeout',
  /** `/metrics`: the caller's address is not allowed or the bearer token is missing or wrong (HTTP 403). */
  METRICS_REFUSED: 'ops.metrics_refused',
} as const;
