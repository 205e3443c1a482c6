/**
 * Platform dashboard figures (issue "Platform administration": real figures from the database): counts of
 * tenants, enabled tenants, users, products and roles, and sign-ins per day (UTC) over the last 7 days from
 * the audit log's `signin` entries (index audit_log_action_at_idx). Run in the platform scope, so the
 * tenant-scoped tables (users, roles) are counted across tenants.
 */
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { DailySignIns, DashboardSummary, TenantDashboardSummary } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { auditLog, organisations, products, roles, stations, tenantProducts, tenants, users } from '../../db/schema/index.js';
import { orgIdInScope, orgRowInScope, WHOLE_TENANT, type DataScope } from '../tenancy/data-scope.js';

const DAY_MS = 86_400_000;

const n = sql<number>`count(*)::int`;

/**
 * Sign-ins per day (UTC) over the 7 days up to `now`, oldest first, from the audit log's `signin`
 * entries the transaction may see (all tenants in the platform scope, one tenant in its own scope).
 */
async function readSignIns(tx: Tx, now: number, actorInScope?: SQL): Promise<DailySignIns[]> {
  const since = new Date(now);
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - 6);
  const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await tx
    .select({ date: day, count: n })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'signin'), gte(auditLog.at, since), actorInScope))
    .groupBy(day);
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
  return {
    tenants: t?.all ?? 0,
    enabledTenants: t?.enabled ?? 0,
    users: u?.n ?? 0,
    products: p?.n ?? 0,
    roles: r?.n ?? 0,
    signIns: await readSignIns(tx, now),
  };
}

/**
 * One tenant's figures (issue 5 tenant dashboard): users (and enabled ones), organisations, roles,
 * stations, authorised products and its sign-ins per day. Run in the tenant's own scope: row-level
 * security limits every count to it; each filter also names the tenant (indexes lead with tenant_id).
 * A role holder's figures are limited to their data `scope` (docs/tenancy.md "Data scope"):
 * organisations in it, users / roles / stations whose organisation is in it, sign-ins of users in it;
 * the authorised products (apps) are the tenant's, not organisation data, and count for everyone.
 */
export async function readTenantDashboardSummary(
  tx: Tx,
  tenant: { id: string; code: string; name: string },
  now = Date.now(),
  scope: DataScope = WHOLE_TENANT,
): Promise<TenantDashboardSummary> {
  const [u] = await tx
    .select({ all: n, enabled: sql<number>`count(*) filter (where ${users.status} = 1)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), orgIdInScope(scope, users.orgId)));
  const [o] = await tx
    .select({ n })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenant.id), orgRowInScope(scope)));
  const [r] = await tx
    .select({ n })
    .from(roles)
    .where(and(eq(roles.tenantId, tenant.id), orgIdInScope(scope, roles.orgId)));
  const [s] = await tx
    .select({ n })
    .from(stations)
    .where(and(eq(stations.tenantId, tenant.id), orgIdInScope(scope, stations.orgId)));
  const [a] = await tx.select({ n }).from(tenantProducts).where(eq(tenantProducts.tenantId, tenant.id));
  const actors = scope.all
    ? undefined
    : inArray(auditLog.userId, sql`(select ${users.id} from ${users} where ${users.tenantId} = ${tenant.id} and ${orgIdInScope(scope, users.orgId)})`);
  return {
    tenant: { id: tenant.id, code: tenant.code, name: tenant.name },
    users: u?.all ?? 0,
    enabledUsers: u?.enabled ?? 0,
    organisations: o?.n ?? 0,
    roles: r?.n ?? 0,
    stations: s?.n ?? 0,
    apps: a?.n ?? 0,
    signIns: await readSignIns(tx, now, actors),
  };
}
