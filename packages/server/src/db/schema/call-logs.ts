/**
 * The hourly rollup of the gateway call records (issue 18 "Log and service-call statistics"; migration 0034;
 * docs/call-logs.md "Hourly rollup"), written by modules/calllogs/calllogs.rollup.ts and read by the statistics.
 * The raw records themselves (`call_logs`, migration 0031) are written and read with SQL only.
 */
import { doublePrecision, integer, pgTable, smallint, text, timestamp, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const callLogHours = pgTable(
  'call_log_hours',
  {
    /** The UTC hour's start. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    tenantId: text('tenant_id'),
    productId: text('product_id'),
    method: text('method').notNull(),
    /** The route pattern, as in `call_logs.api`. */
    api: text('api').notNull(),
    /** HTTP status / 100 (2 … 5). */
    statusClass: smallint('status_class').notNull(),
    calls: integer('calls').notNull(),
    /** Calls with HTTP status ≥ 400 or an envelope code other than success. */
    errors: integer('errors').notNull(),
    /** Sum of the latencies, ms. */
    latencySum: doublePrecision('latency_sum').notNull(),
    /** Occupied latency buckets, ascending (calllogs.sketch.ts). */
    latIdx: smallint('lat_idx').array().notNull(),
    /** Calls per bucket of `latIdx`. */
    latN: integer('lat_n').array().notNull(),
  },
  (t) => [
    index('call_log_hours_hour_idx').on(t.hour),
    index('call_log_hours_tenant_hour_idx').on(t.tenantId, t.hour),
    index('call_log_hours_product_hour_idx').on(t.productId, t.hour).where(sql`${t.productId} IS NOT NULL`),
  ],
);

/** The rolled range `[startHour, watermark)` (one row, id 1). */
export const callLogRollupState = pgTable('call_log_rollup_state', {
  id: smallint('id').primaryKey(),
  startHour: timestamp('start_hour', { withTimezone: true }).notNull(),
  watermark: timestamp('watermark', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
