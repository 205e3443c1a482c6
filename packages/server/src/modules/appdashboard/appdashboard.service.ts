/**
 * The application administrator's dashboards (issue 15; SPEC §2 App admin / App `dashboard`, never a menu
 * item; docs/applications.md "Dashboards"): assembles the figures of appdashboard.repository.ts.
 * - `workbenchSummary`: a page (by name, at most WORKBENCH_PAGE_SIZE_MAX) of the applications the caller
 *   administers (product_admins; every application for a platform administrator) with their figures,
 *   totals over that page, SSO sign-ins per day and recent changes — 7 statements whatever the page size;
 * - `appSummary`: one application's figures, its tenants and policy-service calls per day.
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppDashboardSummary, AppFigures, WorkbenchSummary, WorkbenchSummaryBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { productAdmins, products } from '../../db/schema/index.js';
import { like } from '../products/products.repository.js';
import * as repo from './appdashboard.repository.js';

interface ProductHead {
  id: string;
  code: string;
  name: string;
  status: number;
}

/** One application's figures from the grouped reads. */
function figures(p: ProductHead, f: Figures): AppFigures {
  const c = f.clients.get(p.id);
  let signIns = 0;
  for (const n of f.signIns.byApp.get(p.id)?.values() ?? []) signIns += n;
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    status: p.status === 1 ? 1 : 0,
    users: f.users.byApp.get(p.id) ?? 0,
    activeSessions: f.sessions.byApp.get(p.id) ?? 0,
    signIns,
    clients: c?.all ?? 0,
    enabledClients: c?.enabled ?? 0,
    tenants: f.tenants.byApp.get(p.id) ?? 0,
  };
}

type Figures = Awaited<ReturnType<typeof readFigures>>;

/** The grouped figures of applications `ids` at `now` (ms). */
async function readFigures(tx: Tx, ids: string[], now: number) {
  const { since, days } = repo.sevenDays(now);
  return {
    days,
    users: await repo.countAppUsers(tx, ids),
    sessions: await repo.countActiveSessions(tx, ids, new Date(now)),
    clients: await repo.countClients(tx, ids),
    tenants: await repo.countTenants(tx, ids),
    signIns: await repo.readSsoSignIns(tx, ids, since),
    recent: await repo.readRecentChanges(tx, ids, now),
  };
}

/**
 * The workbench of the caller: `adminUserId` the administrator whose applications are listed (product_admins),
 * undefined for a platform administrator (every application). Empty page → zero figures, no statement beyond the list.
 */
export async function workbenchSummary(tx: Tx, adminUserId: string | undefined, b: WorkbenchSummaryBody, now = Date.now()): Promise<WorkbenchSummary> {
  const page = b.page ?? 1;
  const pageSize = b.pageSize ?? 20;
  const parts: (SQL | undefined)[] = [];
  if (adminUserId !== undefined)
    parts.push(inArray(products.id, tx.select({ id: productAdmins.productId }).from(productAdmins).where(eq(productAdmins.userId, adminUserId))));
  const k = b.keyword?.trim();
  if (k) parts.push(or(ilike(products.name, like(k)), ilike(products.code, like(k))));
  const where = and(...parts);
  const [n] = await tx.select({ n: count() }).from(products).where(where);
  const heads = await tx
    .select({ id: products.id, code: products.code, name: products.name, status: products.status })
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const { days } = repo.sevenDays(now);
  if (heads.length === 0) {
    return {
      page,
      pageSize,
      records: n?.n ?? 0,
      apps: [],
      totals: { applications: 0, users: 0, activeSessions: 0, signIns: 0, clients: 0, tenants: 0 },
      signIns: repo.dailySeries(days, undefined),
      recent: [],
    };
  }
  const f = await readFigures(
    tx,
    heads.map((h) => h.id),
    now,
  );
  const apps = heads.map((h) => figures(h, f));
  const signIns = repo.dailySeries(days, f.signIns.byDay);
  return {
    page,
    pageSize,
    records: n?.n ?? 0,
    apps,
    totals: {
      applications: apps.length,
      users: f.users.total,
      activeSessions: f.sessions.total,
      signIns: signIns.reduce((s, d) => s + d.count, 0),
      clients: apps.reduce((s, a) => s + a.clients, 0),
      tenants: f.tenants.total,
    },
    signIns,
    recent: f.recent,
  };
}

/** The dashboard of application `app` (the APPID application the guard resolved). */
export async function appSummary(tx: Tx, app: ProductHead, now = Date.now()): Promise<AppDashboardSummary> {
  const f = await readFigures(tx, [app.id], now);
  const tenants = await repo.readAppTenants(tx, app.id);
  return {
    app: figures(app, f),
    signIns: repo.dailySeries(f.days, f.signIns.byApp.get(app.id)),
    policyCalls: await repo.readPolicyCalls(tx, app.id, f.days),
    tenants: tenants.rows,
    tenantCount: tenants.count,
    recent: f.recent,
  };
}
