/**
 * The application administrator's dashboard figures (issue 15; docs/applications.md "Dashboards"). Every
 * reader takes a list of application ids (one workbench page, at most WORKBENCH_PAGE_SIZE_MAX, or the one
 * APPID application) and answers in ONE statement grouped by application — with a grand-total grouping set
 * where people could be counted twice — so the work is a fixed handful of statements whatever the number
 * of applications. Run in the platform scope (the application area crosses tenants), always filtered by the
 * given product ids; app users by `isAppUser` (modules/appusers/app-users.scope.ts).
 * Indexes: tenant_products_product_idx, sessions_state_created_idx, audit_log_action_at_idx (sign-ins),
 * audit_log_tenant_at_idx (changes), oidc_clients_product_idx, policy_call_stats_pk.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  RECENT_CHANGE_DAYS,
  RECENT_CHANGES_MAX,
  APP_TENANTS_MAX,
  type AppChange,
  type AppTenantFigures,
  type DailyPolicyCalls,
  type DailySignIns,
} from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { isAppUser } from '../appusers/app-users.scope.js';

const DAY_MS = 86_400_000;
/** The platform's own audit entries (application design, clients, products: AUDIT_TENANT of those services). */
const PLATFORM_AUDIT_TENANT = 'sys';

/** Per-application counts plus the total over the given applications (`total`). */
export interface Grouped {
  byApp: Map<string, number>;
  total: number;
}

/** The 7 UTC days up to `now`, oldest first, as `YYYY-MM-DD`, and the first day's start. */
export function sevenDays(now: number): { since: Date; days: string[] } {
  const since = new Date(now);
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - 6);
  return { since, days: Array.from({ length: 7 }, (_, i) => new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10)) };
}

const idList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function grouped(tx: Tx, query: SQL): Promise<Grouped> {
  const rows = rowsOf<{ pid: string | null; n: number | string }>(await tx.execute(query));
  const byApp = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    if (r.pid === null) total = Number(r.n);
    else byApp.set(r.pid, Number(r.n));
  }
  return { byApp, total };
}

/** Users of each application (and distinct users of any of them): tenants using it, inside its root organisations. */
export function countAppUsers(tx: Tx, ids: readonly string[]): Promise<Grouped> {
  return grouped(
    tx,
    sql`select dtp.product_id as pid, count(distinct users.id)::int as n
    from users join tenant_products dtp on dtp.tenant_id = users.tenant_id and dtp.status = 1
    where dtp.product_id in (${idList(ids)}) and ${isAppUser(sql.raw('dtp.product_id'))}
    group by grouping sets ((dtp.product_id), ())`,
  );
}

/** Active, unexpired sessions (at `now`) of each application's users (and distinct sessions overall). */
export function countActiveSessions(tx: Tx, ids: readonly string[], now: Date): Promise<Grouped> {
  return grouped(
    tx,
    sql`select dtp.product_id as pid, count(distinct s.id)::int as n
    from sessions s join users on users.id = s.user_id
      join tenant_products dtp on dtp.tenant_id = users.tenant_id and dtp.status = 1
    where s.state = 'active' and s.expires_at > ${now.toISOString()}::timestamptz
      and dtp.product_id in (${idList(ids)}) and ${isAppUser(sql.raw('dtp.product_id'))}
    group by grouping sets ((dtp.product_id), ())`,
  );
}

/** OIDC clients per application: all and enabled. */
export async function countClients(tx: Tx, ids: readonly string[]): Promise<Map<string, { all: number; enabled: number }>> {
  const rows = rowsOf<{ pid: string; n: number; e: number }>(
    await tx.execute(sql`select product_id as pid, count(*)::int as n, (count(*) filter (where status = 1))::int as e
    from oidc_clients where product_id in (${idList(ids)}) group by product_id`),
  );
  return new Map(rows.map((r) => [r.pid, { all: Number(r.n), enabled: Number(r.e) }]));
}

/** Tenants using each application (tenant_products status 1). */
export function countTenants(tx: Tx, ids: readonly string[]): Promise<Grouped> {
  return grouped(
    tx,
    sql`select product_id as pid, count(distinct tenant_id)::int as n
    from tenant_products where status = 1 and product_id in (${idList(ids)}) group by grouping sets ((product_id), ())`,
  );
}

/**
 * Single sign-on sign-ins into the applications (audit `sso.signin`, entity the OIDC client) per UTC day
 * since `since`: per application and day, and per day over all of them. Entries of deleted clients no
 * longer belong to an application and are not counted.
 */
export async function readSsoSignIns(
  tx: Tx,
  ids: readonly string[],
  since: Date,
): Promise<{ byApp: Map<string, Map<string, number>>; byDay: Map<string, number> }> {
  const rows = rowsOf<{ pid: string | null; d: string; n: number }>(
    await tx.execute(sql`select c.product_id as pid, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD') as d, count(*)::int as n
    from audit_log a join oidc_clients c on c.client_id = a.entity_id
    where a.action = 'sso.signin' and a.entity = 'oidc_client' and a.at >= ${since.toISOString()}::timestamptz and c.product_id in (${idList(ids)})
    group by grouping sets ((c.product_id, d), (d))`),
  );
  const byApp = new Map<string, Map<string, number>>();
  const byDay = new Map<string, number>();
  for (const r of rows) {
    if (r.pid === null) {
      byDay.set(r.d, Number(r.n));
      continue;
    }
    const m = byApp.get(r.pid) ?? new Map<string, number>();
    m.set(r.d, Number(r.n));
    byApp.set(r.pid, m);
  }
  return { byApp, byDay };
}

/** `days` as DailySignIns from a day → count map (missing days 0). */
export function dailySeries(days: readonly string[], counts: Map<string, number> | undefined): DailySignIns[] {
  return days.map((date) => ({ date, count: counts?.get(date) ?? 0 }));
}

/**
 * The application an audit entry is about: a product entry's own id; else the `productId` its before/after
 * records carry; else the application of the designed item or client it names (still existing).
 */
const ENTRY_PRODUCT = sql`coalesce(
  case when a.entity = 'product' then a.entity_id end,
  a.after ->> 'productId', a.before ->> 'productId',
  case a.entity
    when 'appmenu' then (select m.product_id from app_menus m where m.id = a.entity_id)
    when 'apppage' then (select p.product_id from app_pages p where p.id = a.entity_id)
    when 'appapi' then (select x.product_id from app_apis x where x.id = a.entity_id)
    when 'appmobilemenu' then (select mm.product_id from app_mobile_menus mm where mm.id = a.entity_id)
    when 'client' then (select c.product_id from oidc_clients c where c.client_id = a.entity_id)
    when 'approle' then (select r.product_id from app_roles r where r.id = a.entity_id)
    when 'apptemplate' then (select pt.product_id from app_permission_templates pt where pt.id = a.entity_id)
  end)`;

/** The latest RECENT_CHANGES_MAX platform audit entries of the last RECENT_CHANGE_DAYS days about the applications. */
export async function readRecentChanges(tx: Tx, ids: readonly string[], now: number): Promise<AppChange[]> {
  const since = new Date(now - RECENT_CHANGE_DAYS * DAY_MS);
  const rows = rowsOf<{ id: string; at: string | Date; action: string; entity: string; entity_id: string; username: string; pid: string; pname: string }>(
    await tx.execute(sql`select a.id, a.at, a.action, a.entity, a.entity_id, a.username, e.pid, p.name as pname
    from audit_log a cross join lateral (select ${ENTRY_PRODUCT} as pid) e join products p on p.id = e.pid
    where a.tenant_id = ${PLATFORM_AUDIT_TENANT} and a.at >= ${since.toISOString()}::timestamptz and e.pid in (${idList(ids)})
    order by a.at desc, a.id desc limit ${RECENT_CHANGES_MAX}`),
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    username: r.username,
    productId: r.pid,
    productName: r.pname,
  }));
}

/** The tenants authorised for application `productId` (by name, at most APP_TENANTS_MAX) with their app users, and how many there are. */
export async function readAppTenants(tx: Tx, productId: string): Promise<{ rows: AppTenantFigures[]; count: number }> {
  const rows = rowsOf<{ id: string; code: string; name: string; status: number; created_at: string | Date; users: number }>(
    await tx.execute(sql`select t.id, t.code, t.name, tp.status, tp.created_at,
      (select count(*) from users where users.tenant_id = t.id and ${isAppUser(productId)})::int as users
    from tenant_products tp join tenants t on t.id = tp.tenant_id
    where tp.product_id = ${productId} order by t.name, t.id limit ${APP_TENANTS_MAX}`),
  );
  const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from tenant_products where product_id = ${productId}`));
  return {
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      status: Number(r.status) === 1 ? 1 : 0,
      since: new Date(r.created_at).toISOString(),
      users: Number(r.users),
    })),
    count: Number(c?.n ?? 0),
  };
}

/** Policy-service calls of `productId` per UTC day of `days` (policy_call_stats; missing days and calls 0). */
export async function readPolicyCalls(tx: Tx, productId: string, days: readonly string[]): Promise<DailyPolicyCalls[]> {
  const rows = rowsOf<{ d: string; call: string; calls: number | string; errors: number | string }>(
    await tx.execute(sql`select to_char(day, 'YYYY-MM-DD') as d, call, calls, errors from policy_call_stats
    where product_id = ${productId} and day >= ${days[0]}::date`),
  );
  const out = new Map(days.map((date) => [date, { date, permissions: 0, decision: 0, sync: 0, errors: 0 }]));
  for (const r of rows) {
    const day = out.get(r.d);
    if (!day) continue;
    if (r.call === 'permissions' || r.call === 'decision' || r.call === 'sync') day[r.call] += Number(r.calls);
    day.errors += Number(r.errors);
  }
  return [...out.values()];
}
