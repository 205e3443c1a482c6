/**
 * SQL of the policy service (issue 14 "The policy service"; SPEC §7; docs/applications.md "Policy
 * service", "Sync"). Every statement filters by the calling client's application (`productId`); the
 * design tables are platform-level, the tenant tables are read in the platform scope. A few statements
 * per call whatever the number of roles or users: each reads through an index (users by
 * (tenant_id, username_lc), role_users by (tenant_id, user_id), role_grants by its primary key
 * (tenant_id, role_id, kind, …), items by id or (product_id, lower(url|code)), the change log by
 * (product_id, xid, seq) and (tenant_id, xid, seq)).
 */
import { sql } from 'drizzle-orm';
import { Identity } from '@mp/protocol';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';

/** The tenant and user a call names, with the tenant's use of the application. */
export interface SubjectRow {
  tenantId: string;
  /** The tenant_products status of the application in the tenant; null when it has none. */
  subscription: number | null;
  userId: string | null;
  username: string | null;
  /**
   * Enabled, unlocked, inside the validity dates, tenant enabled, holds a user type, and is a user of the
   * application (inside its root organisations of the tenant, when it has any: `isAppUser`, issue 15).
   */
  active: boolean;
  /** The user administers the tenant (identity 3): the whole tenant is their data scope. */
  tenantAdmin: boolean;
  /** The user's lock end (ISO) and validity dates (YYYY-MM-DD): when `active` may change by itself. */
  lockedUntil: string | null;
  effectiveDate: string | null;
  expiryDate: string | null;
}

/** The user a call names: by id, or by user name (case-insensitive). */
export interface UserRef {
  userId?: string | undefined;
  username?: string | undefined;
}

interface SubjectColumns {
  tenant_id: string;
  subscription: number | null;
  user_id: string | null;
  username: string | null;
  active: boolean | null;
  tenant_admin: boolean | null;
  locked_until: string | Date | null;
  effective_date: string | null;
  expiry_date: string | null;
}

/**
 * A select of one row (columns of SubjectColumns): the tenant named by id or code, its subscription to
 * `productId`, and the user named in it (null columns when no such user); no row when no tenant matches.
 */
function subjectSelect(productId: string, tenant: string, user: UserRef, now: Date) {
  const userCond = user.userId !== undefined ? sql`u.id = ${user.userId}` : sql`u.username_lc = lower(${user.username ?? ''})`;
  const today = now.toISOString().slice(0, 10);
  return sql`select t.id as tenant_id,
      (select tp.status from tenant_products tp where tp.tenant_id = t.id and tp.product_id = ${productId}) as subscription,
      u.id as user_id, u.username,
      (u.status = 1 and not u.locked and (u.locked_until is null or u.locked_until <= ${now.toISOString()})
        and (u.effective_date is null or u.effective_date <= ${today}) and (u.expiry_date is null or u.expiry_date >= ${today})
        and t.status = 1
        and exists (select 1 from user_identities i where i.tenant_id = u.tenant_id and i.user_id = u.id and i.identity <> ${Identity.TEST_ACCOUNT})
        and ${isAppUser(productId, usersAs('u'))}) as active,
      exists (select 1 from user_identities i where i.tenant_id = u.tenant_id and i.user_id = u.id and i.identity = ${Identity.TENANT_ADMIN}) as tenant_admin,
      u.locked_until, u.effective_date::text as effective_date, u.expiry_date::text as expiry_date
    from tenants t left join users u on u.tenant_id = t.id and ${userCond}
    where t.id = ${tenant} or t.code = ${tenant}
    order by (t.id = ${tenant}) desc limit 1`;
}

const toSubject = (r: SubjectColumns): SubjectRow => ({
  tenantId: r.tenant_id,
  subscription: r.subscription === null ? null : Number(r.subscription),
  userId: r.user_id,
  username: r.username,
  active: !!r.active,
  tenantAdmin: !!r.tenant_admin,
  lockedUntil: r.locked_until === null || r.locked_until === undefined ? null : new Date(r.locked_until).toISOString(),
  effectiveDate: r.effective_date ?? null,
  expiryDate: r.expiry_date ?? null,
});

/**
 * Reads, in one statement, the tenant named by id or code, its subscription to `productId`, and the user
 * named by id or user name (case-insensitive) in it. Undefined when no tenant matches.
 */
export async function findSubject(tx: Tx, productId: string, tenant: string, user: UserRef, now = new Date()): Promise<SubjectRow | undefined> {
  const [r] = rowsOf<SubjectColumns>(await tx.execute(subjectSelect(productId, tenant, user, now)));
  return r ? toSubject(r) : undefined;
}

/** One grant of an enabled role of the user: an item of the application (with its details) or an org / orgtype grant. */
export interface UserGrantRow {
  role_id: string;
  role_code: string;
  role_name: string;
  kind: string;
  data_id: string;
  purview: number;
  page_id: string | null;
  control_name: string | null;
  alias: string | null;
  node_type: string | null;
  api_name: string | null;
  url: string | null;
  service_name: string | null;
  module_name: string | null;
}

/**
 * Every grant, in one statement, of the enabled roles `userId` holds in `tenantId` that is either an
 * item of application `productId` (menus, controls, APIs, joined to the item so other applications'
 * items never appear) or an organisation / organisation-type grant (the data scope); and of the enabled
 * application roles of `productId` the user is a member of (issue 15: the application's own roles,
 * `app_role_*`; items only). One list in role-code order: tenant roles and application roles alike.
 */
export async function listUserGrants(tx: Tx, productId: string, tenantId: string, userId: string): Promise<UserGrantRow[]> {
  const items = sql`left join app_menus m on g.kind = 'appmenu' and m.id = g.data_id and m.product_id = ${productId}
    left join app_page_nodes c on g.kind = 'appcontrol' and c.id = g.data_id and c.product_id = ${productId}
    left join app_apis a on g.kind = 'appapi' and a.id = g.data_id and a.product_id = ${productId}`;
  const cols = sql`r.id as role_id, r.code as role_code, r.name as role_name, g.kind, g.data_id, g.purview,
      c.page_id, c.name as control_name, c.alias, c.node_type, a.name as api_name, a.url, a.service_name, a.module_name`;
  return rowsOf<UserGrantRow>(
    await tx.execute(sql`
    select * from (
      select ${cols}
      from role_users ru
      join roles r on r.tenant_id = ru.tenant_id and r.id = ru.role_id and r.status = 1
      join role_grants g on g.tenant_id = r.tenant_id and g.role_id = r.id and g.kind in ('appmenu', 'appcontrol', 'appapi', 'org', 'orgtype')
      ${items}
      where ru.tenant_id = ${tenantId} and ru.user_id = ${userId}
        and (g.kind in ('org', 'orgtype') or m.id is not null or c.id is not null or a.id is not null)
      union all
      select ${cols}
      from app_role_users ru
      join app_roles r on r.id = ru.role_id and r.product_id = ${productId} and r.status = 1
      join app_role_grants g on g.role_id = r.id and g.product_id = ${productId}
      ${items}
      where ru.product_id = ${productId} and ru.tenant_id = ${tenantId} and ru.user_id = ${userId}
        and (m.id is not null or c.id is not null or a.id is not null)
    ) x order by role_code, role_id`),
  );
}

/**
 * Codes of the enabled roles `userId` holds in `tenantId` that grant anything (a menu, control or API)
 * of application `productId`, and of the application's own enabled roles the user is a member of that
 * grant anything, in code order, each code once (the `app_roles` claim of OIDC tokens; docs/oidc.md).
 */
export async function listAppRoleCodes(tx: Tx, productId: string, tenantId: string, userId: string): Promise<string[]> {
  const rows = rowsOf<{ code: string }>(
    await tx.execute(sql`
    select r.code from role_users ru
    join roles r on r.tenant_id = ru.tenant_id and r.id = ru.role_id and r.status = 1
    where ru.tenant_id = ${tenantId} and ru.user_id = ${userId} and exists (
      select 1 from role_grants g
      left join app_menus m on g.kind = 'appmenu' and m.id = g.data_id and m.product_id = ${productId}
      left join app_page_nodes c on g.kind = 'appcontrol' and c.id = g.data_id and c.product_id = ${productId}
      left join app_apis a on g.kind = 'appapi' and a.id = g.data_id and a.product_id = ${productId}
      where g.tenant_id = r.tenant_id and g.role_id = r.id and g.kind in ('appmenu', 'appcontrol', 'appapi')
        and (m.id is not null or c.id is not null or a.id is not null))
    union
    select r.code from app_role_users ru
    join app_roles r on r.id = ru.role_id and r.product_id = ${productId} and r.status = 1
    where ru.product_id = ${productId} and ru.tenant_id = ${tenantId} and ru.user_id = ${userId}
      and exists (select 1 from app_role_grants g where g.role_id = r.id)
    order by 1`),
  );
  return rows.map((r) => r.code);
}

/** A menu of the application, as the tree is built from. */
export interface MenuRow {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  menu_type: 'module' | 'page';
  target: string;
  page_id: string | null;
  icon: string;
  sort: number;
  platform_type: number;
  open_type: number;
  refresh: number;
  enabled: number;
}

/** Every menu of application `productId` (an application's menu tree is small: hundreds of nodes). */
export async function listAppMenus(tx: Tx, productId: string): Promise<MenuRow[]> {
  return rowsOf<MenuRow>(
    await tx.execute(sql`
    select id, parent_id, code, name, menu_type, target, page_id, icon, sort, platform_type, open_type, refresh, enabled
    from app_menus where product_id = ${productId} order by sort, code`),
  );
}

/** The item a decision is about (application-owned), or none. */
export type DecisionTarget = { kind: 'appapi'; url: string } | { kind: 'appcontrol'; id: string } | { kind: 'appmenu'; idOrCode: string };

/** The first granting role of a decision (role-code order). */
export interface DecisionRow {
  item_id: string;
  role_id: string;
  role_code: string;
  role_name: string;
  purview: number;
}

/** The item of `productId` a target names, as a select of one `id` (menus: enabled, with every ancestor enabled). */
function itemSelect(productId: string, target: DecisionTarget) {
  if (target.kind === 'appapi') return sql`select id from app_apis where product_id = ${productId} and lower(url) = lower(${target.url})`;
  if (target.kind === 'appcontrol')
    return sql`select id from app_page_nodes where product_id = ${productId} and id = ${target.id} and node_type not in ('form', 'column')`;
  const m = target.idOrCode;
  return sql`select m0.id from (select id, parent_id from app_menus where product_id = ${productId} and enabled = 1 and (id = ${m} or lower(code) = lower(${m}))
      order by (id = ${m}) desc limit 1) m0
    where not exists (with recursive up(id, parent_id, ok) as (
        select p.id, p.parent_id, p.enabled = 1 from app_menus p where p.id = m0.parent_id
        union all select p.id, p.parent_id, p.enabled = 1 from app_menus p join up on p.id = up.parent_id where up.ok)
      select 1 from up where not up.ok)`;
}

/**
 * A decision in one statement (read-only, so it may run on the pool without a transaction): the
 * subject (as `findSubject`) and, when the user is active, the first
 * enabled role (by code; tenant roles and the application's own roles alike) of the user granting the
 * target with any of the bits `mask`. Undefined when no
 * tenant matches; `grant` undefined when nothing grants it or the target is not the application's.
 */
export async function findDecision(
  tx: Db | Tx,
  productId: string,
  tenant: string,
  user: UserRef,
  target: DecisionTarget,
  mask: number,
  now = new Date(),
): Promise<{ subject: SubjectRow; grant?: DecisionRow } | undefined> {
  const [r] = rowsOf<SubjectColumns & Partial<DecisionRow>>(
    await tx.execute(sql`
    with s as (${subjectSelect(productId, tenant, user, now)}),
    item as (${itemSelect(productId, target)}),
    granted as (
      select * from (
        select item.id as item_id, r.id as role_id, r.code as role_code, r.name as role_name, g.purview
        from s, item
        join role_grants g on g.kind = ${target.kind} and g.data_id = item.id
        join roles r on r.tenant_id = g.tenant_id and r.id = g.role_id and r.status = 1
        join role_users ru on ru.tenant_id = r.tenant_id and ru.role_id = r.id
        where s.active and s.subscription = 1 and g.tenant_id = s.tenant_id and ru.user_id = s.user_id and (g.purview & ${mask}) <> 0
        union all
        select item.id, r.id, r.code, r.name, g.purview
        from s, item
        join app_role_grants g on g.kind = ${target.kind} and g.data_id = item.id and g.product_id = ${productId}
        join app_roles r on r.id = g.role_id and r.status = 1
        join app_role_users ru on ru.role_id = r.id
        where s.active and s.subscription = 1 and ru.tenant_id = s.tenant_id and ru.user_id = s.user_id and (g.purview & ${mask}) <> 0
      ) x order by role_code, role_id limit 1)
    select s.*, granted.* from s left join granted on true`),
  );
  if (!r) return undefined;
  return {
    subject: toSubject(r),
    ...(r.role_id ? { grant: { item_id: r.item_id!, role_id: r.role_id, role_code: r.role_code!, role_name: r.role_name!, purview: Number(r.purview) } } : {}),
  };
}

/** The oldest transaction still running (pg_snapshot_xmin of this statement's snapshot), as decimal text. */
export async function snapshotXmin(tx: Tx | Db): Promise<string> {
  const [row] = rowsOf<{ xmin: string }>(await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`));
  return row!.xmin;
}

/** A row of the change log. */
export interface ChangeRow {
  seq: string;
  xid: string;
  kind: string;
  op: string;
  product_id: string | null;
  tenant_id: string | null;
  subject_id: string;
  role_id: string | null;
  user_id: string | null;
  changed_at: Date | string;
}

/**
 * Up to `limit` changes concerning application `productId` after position (`xid`, `seq`) and below
 * `xmin` (transactions older than every running one: finished, so nothing can be added among them),
 * in (xid, seq) order: the application's own rows, and rows without an application (membership, role,
 * user) of tenants that use it. `since`: only rows changed at or after it.
 */
export async function listChanges(
  tx: Tx,
  productId: string,
  after: { xid: string; seq: string },
  xmin: string,
  limit: number,
  since?: Date,
): Promise<ChangeRow[]> {
  const window = sql`(p.xid, p.seq) > (${after.xid}::xid8, ${after.seq}::bigint) and p.xid < ${xmin}::xid8${since ? sql` and p.changed_at >= ${since.toISOString()}` : sql``}`;
  const cols = sql`p.seq::text as seq, p.xid::text as xid, p.kind, p.op, p.product_id, p.tenant_id, p.subject_id, p.role_id, p.user_id, p.changed_at`;
  return rowsOf<ChangeRow>(
    await tx.execute(sql`
    select * from (
      (select ${cols}, p.xid as x, p.seq as s from policy_changes p where p.product_id = ${productId} and ${window} order by p.xid, p.seq limit ${limit})
      union all
      (select ${cols}, p.xid as x, p.seq as s from policy_changes p
        where p.product_id is null and p.tenant_id in (select tp.tenant_id from tenant_products tp where tp.product_id = ${productId} and tp.status = 1)
          and ${window} order by p.xid, p.seq limit ${limit})
    ) c order by c.x, c.s limit ${limit}`),
  );
}

/** A change-log row as the decision cache reads it (every application). */
export interface CacheChangeRow {
  seq: string;
  xid: string;
  kind: string;
  product_id: string | null;
  tenant_id: string | null;
  user_id: string | null;
}

/**
 * Up to `limit` changes of every application after position (`xid`, `seq`) and below `xmin`, in
 * (xid, seq) order: the rule of `listChanges`, for the decision cache's poller (policy.cache.ts).
 */
export async function listAllChanges(tx: Tx, after: { xid: string; seq: string }, xmin: string, limit: number): Promise<CacheChangeRow[]> {
  return rowsOf<CacheChangeRow>(
    await tx.execute(sql`
    select p.seq::text as seq, p.xid::text as xid, p.kind, p.product_id, p.tenant_id, p.user_id from policy_changes p
    where (p.xid, p.seq) > (${after.xid}::xid8, ${after.seq}::bigint) and p.xid < ${xmin}::xid8
    order by p.xid, p.seq limit ${limit}`),
  );
}

/** The id the next transaction will get at the earliest (pg_snapshot_xmax of a fresh snapshot), as decimal text. */
export async function nextXid(db: Db): Promise<string> {
  const [row] = rowsOf<{ xmax: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`));
  return row!.xmax;
}

/** Deletes change-log rows older than `days` days (the periodic sweep; docs/applications.md "Sync"). */
export async function sweepPolicyChanges(db: Db, days: number): Promise<void> {
  await db.execute(sql`delete from policy_changes where changed_at < now() - make_interval(days => ${days})`);
}
