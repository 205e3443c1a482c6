/**
 * Platform dashboard figures (issue "Platform administration": real figures from the database): counts of
 * tenants, enabled tenants, users, products and roles, and sign-ins per day (UTC) over the last 7 days from
 * the audit log's `signin` entries (index audit_log_action_at_idx). Run in the platform scope, so the
 * tenant-scoped tables (users, roles) are counted across tenants.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DailySignIns, DashboardSummary, TenantDashboardSummary } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { auditLog, organisations, products, roles, stations, tenantProducts, tenants, users } from '../../db/schema/index.js';


const DAY_MS = 86_400_000;

const n = sql<number>`count(*)::int`;

/**
 * Sign-ins per day (UTC) over the 7 days up to `now`, oldest first, from the audit log's `signin`
 * entries the transaction may see (all tenants in the platform scope, one tenant in its own scope).
 */
async function readSignIns(tx: Tx, now: number): Promise<DailySignIns[]> {
  const since = new Date(now);
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - 6);
  const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await tx.select({ date: day, count: n }).from(auditLog)
    .where(and(eq(auditLog.action, 'signin'), gte(auditLog.at, since))).groupBy(day);
  const counts = new Map(perDay.map((x) => [x.date, x.count]));
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
}

/** The figures at `now` (ms); `signIns` always has 7 days, today last, days without sign-ins at 0. */
export async function readDashboardSummary(tx: Tx, now = Date.now()): Promise<DashboardSummary> {
  const [t] = await tx.select({ all: n, enabled: sql<number>`count(*) filter (where ${tenants.status} = 1)::int` }).from(tenants);
  const [u] = await tx.select({ n }).from(users);
  const [p] = await tx.select({ n }).from(products);
  const [r] = await tx.select({ n }).from(roles);
  return { tenants: t?.all ?? 0, enabledTenants: t?.enabled ?? 0, users: u?.n ?? 0, products: p?.n ?? 0, roles: r?.n ?? 0, signIns: await readSignIns(tx, now) };
}

/**
 * One tenant's figures (issue 5 tenant dashboard): users (and enabled ones), organisations, roles,
 * stations, authorised products and its sign-ins per day. Run in the tenant's own scope: row-level
 * security limits every count to it; each filter also names the tenant (indexes lead with tenant_id).
 */
export async function readTenantDashboardSummary(tx: Tx, tenant: { id: string; code: string; name: string }, now = Date.now()): Promise<TenantDashboardSummary> {
  const [u] = await tx.select({ all: n, enabled: sql<number>`count(*) filter (where ${users.status} = 1)::int` }).from(users).where(eq(users.tenantId, tenant.id));
  const [o] = await tx.select({ n }).from(organisations).where(eq(organisations.tenantId, tenant.id));
  const [r] = await tx.select({ n }).from(roles).where(eq(roles.tenantId, tenant.id));
  const [s] = await tx.select({ n }).from(stations).where(eq(stations.tenantId, tenant.id));
  const [a] = await tx.select({ n }).from(tenantProducts).where(eq(tenantProducts.tenantId, tenant.id));
  return {
    tenant: { id: tenant.id, code: tenant.code, name: tenant.name },
    users: u?.all ?? 0, enabledUsers: u?.enabled ?? 0, organisations: o?.n ?? 0, roles: r?.n ?? 0, stations: s?.n ?? 0, apps: a?.n ?? 0,
    signIns: await readSignIns(tx, now),
  };
}
