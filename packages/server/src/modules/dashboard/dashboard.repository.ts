/**
 * Platform dashboard figures (issue "Platform administration": real figures from the database): counts of
 * tenants, enabled tenants, users, products and roles, and sign-ins per day (UTC) over the last 7 days from
 * the audit log's `signin` entries (index audit_log_action_at_idx). Run in the platform scope, so the
 * tenant-scoped tables (users, roles) are counted across tenants.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DashboardSummary } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { auditLog, products, roles, tenants, users } from '../../db/schema/index.js';


const DAY_MS = 86_400_000;

/** The figures at `now` (ms); `signIns` always has 7 days, today last, days without sign-ins at 0. */
export async function readDashboardSummary(tx: Tx, now = Date.now()): Promise<DashboardSummary> {
  const since = new Date(now);
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - 6);
  const n = sql<number>`count(*)::int`;
  const [t] = await tx.select({ all: n, enabled: sql<number>`count(*) filter (where ${tenants.status} = 1)::int` }).from(tenants);
  const [u] = await tx.select({ n }).from(users);
  const [p] = await tx.select({ n }).from(products);
  const [r] = await tx.select({ n }).from(roles);
  const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await tx.select({ date: day, count: n }).from(auditLog)
    .where(and(eq(auditLog.action, 'signin'), gte(auditLog.at, since))).groupBy(day);
  const counts = new Map(perDay.map((x) => [x.date, x.count]));
  const signIns = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
  return { tenants: t?.all ?? 0, enabledTenants: t?.enabled ?? 0, users: u?.n ?? 0, products: p?.n ?? 0, roles: r?.n ?? 0, signIns };
}
