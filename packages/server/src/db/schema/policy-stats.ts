/**
 * Policy-service call counts (issue 15 "Application dashboard"; migration 0021; docs/applications.md
 * "Dashboards"): one row per application, UTC day and call, incremented by plugins/policy-call-stats.ts.
 */
import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';

export const policyCallStats = pgTable(
  'policy_call_stats',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** UTC day `YYYY-MM-DD`. */
    day: date('day', { mode: 'string' }).notNull(),
    /** 'permissions' | 'decision' | 'sync' (protocol POLICY_CALLS). */
    call: text('call').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    /** Answers with HTTP status ≥ 400. */
    errors: bigint('errors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'policy_call_stats_pk', columns: [t.productId, t.day, t.call] })],
);
