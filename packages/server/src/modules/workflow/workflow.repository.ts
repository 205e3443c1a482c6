/**
 * Data access of the approval workflow (docs/workflow.md; migration 0027). Everything runs in the caller's
 * platform-scope transaction and filters explicitly: requests by requester, by the approver rule, or by the
 * application. The approver rule is one rule in two forms: request-side (`approverAt`: who approves this
 * request — the inaccessible flag, visibility, whom to tell) and caller-side (`approvedBy`: which requests
 * this caller approves — lists, the count, the decision), proved equal for every user and request by
 * workflow.test.ts "one approver rule".
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { WfAction, WfAppListBody, WfListBody, WfStatus, WfStep, WF_LIST_SORT_FIELDS } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';

export * from './workflow.requestable.repository.js';
import { listMemberGrants, orgRowInScope, scopeFromGrants, type DataScope } from '../tenancy/data-scope.js';

/** A request row as stored, with the names the lists show. */
export interface WfRequestRecord {
  id: string;
  tenant_id: string;
  product_id: string;
  requester_id: string;
  kind: 'app' | 'approle';
  target_id: string;
  target_name: string;
  reason: string;
  status: WfStatus;
  steps: WfStep[];
  current_step: number;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
  product_name: string;
  tenant_name: string;
  requester_name: string;
  inaccessible: boolean;
}

/**
 * The holder `holder` (a column) has, in tenant `r.tenant_id`, an enabled role whose data scope covers the
 * organisation `o` (columns path, type): an organisation-tree grant above it (and, if the role grants types,
 * its type), or only type grants including its type (modules/tenancy/data-scope.ts, the same rule in SQL).
 */
function coversOrg(holder: SQLWrapper): SQL {
  const grants = (kind: string, extra: SQL = sql``) =>
    sql`exists (select 1 from role_grants g where g.tenant_id = hr.tenant_id and g.role_id = hr.id and g.kind = ${kind} ${extra})`;
  const typeGrant = grants('orgtype', sql`and g.data_id = o.type::text`);
  return sql`exists (select 1 from role_users hu join roles hr on hr.tenant_id = hu.tenant_id and hr.id = hu.role_id and hr.status = 1
    where hu.tenant_id = r.tenant_id and hu.user_id = ${holder} and (
      (exists (select 1 from role_grants g join organisations go on go.tenant_id = g.tenant_id and go.id = g.data_id
          where g.tenant_id = hr.tenant_id and g.role_id = hr.id and g.kind = 'org' and starts_with(o.path, go.path))
        and (not ${grants('orgtype')} or ${typeGrant}))
      or (not ${grants('org')} and ${typeGrant})))`;
}

/**
 * SQL condition on request alias `r`: `user` (a value or column; undefined: anyone) approves step `step`
 * (an SQL integer; default the current step). Application administrators: `product_admins` of the
 * application, enabled. Managers: enabled users of the requester's tenant holding an enabled tenant role
 * numbered `roleCode` (case-insensitive) whose data scope covers the requester's organisation at submission
 * (`r.org_id`). Never the requester.
 */
export function approverAt(user?: SQLWrapper | string, step: SQL = sql`r.current_step`): SQL {
  const who = (col: string) => (user === undefined ? sql`` : sql`and ${sql.raw(col)} = ${user}`);
  return sql`(
    (r.steps -> ${step} ->> 'kind' = 'appAdmin' and exists (select 1 from product_admins pa join users au on au.id = pa.user_id
      where pa.product_id = r.product_id and au.status = 1 and pa.user_id <> r.requester_id ${who('pa.user_id')}))
    or (r.steps -> ${step} ->> 'kind' = 'manager' and exists (select 1 from role_users ru
      join roles ro on ro.tenant_id = ru.tenant_id and ro.id = ru.role_id
      join users au on au.id = ru.user_id
      join organisations o on o.tenant_id = r.tenant_id and o.id = r.org_id
      where ru.tenant_id = r.tenant_id and ro.status = 1 and au.status = 1 and ru.user_id <> r.requester_id ${who('ru.user_id')}
        and lower(ro.code) = lower(r.steps -> ${step} ->> 'roleCode')
        and ${coversOrg(sql.raw('ru.user_id'))})))`;
}

/**
 * Who the caller is as an approver, read once per call (`loadApprover`): their tenant, the tenant role
 * numbers they hold enabled (lower-case) and their data scope there (the tenant area's rule).
 */
export interface Approver {
  userId: string;
  tenantId: string;
  codes: string[];
  scope: DataScope;
}

/** The caller's approver context. */
export async function loadApprover(tx: Tx, userId: string, tenantId: string): Promise<Approver> {
  const codes = rowsOf<{ code: string }>(
    await tx.execute(sql`select distinct lower(ro.code) as code from role_users ru
    join roles ro on ro.tenant_id = ru.tenant_id and ro.id = ru.role_id where ru.tenant_id = ${tenantId} and ru.user_id = ${userId} and ro.status = 1`),
  ).map((r) => r.code);
  const scope = codes.length ? scopeFromGrants(await listMemberGrants(tx, tenantId, userId)) : { all: false as const, parts: [] };
  return { userId, tenantId, codes, scope };
}

/**
 * SQL condition on request alias `r`: pending, and `a` approves its current step — the same rule as
 * `approverAt(a.userId)`, written from the caller's side so a list or count scans only the caller's tenant's
 * pending manager steps of their role numbers (`wf_requests_manager_idx`) and the pending administrator steps of
 * the applications they administer (`wf_requests_admin_idx`), with the caller's scope as one set of organisations
 * (constant path prefixes) instead of a sub-select per request. The two parts are disjoint (by step kind).
 */
export function approvedBy(a: Approver): SQL {
  return sql`((${managerTasks(a)}) or (${adminTasks(a)}))`;
}

/**
 * The manager-step part of `approvedBy`, as disjoint conditions (their `or` is the part; a count is their sum).
 * A scope made only of subtrees (path prefixes, the usual case) gives one condition per outermost subtree, on
 * the request's `org_path` (kept by the triggers of migration 0029), so each is one range of
 * `wf_requests_manager_idx` holding only the requests under that subtree. A scope with organisation types
 * gives one condition with the hashed set of the scope's organisations (`is true` stops the planner turning it
 * into a join, which it chose as one primary-key probe per pending request on a low row estimate).
 */
function managerParts(a: Approver): SQL[] {
  if (!a.codes.length) return [];
  const base = sql`r.status = 'pending' and r.step_kind = 'manager' and r.requester_id <> ${a.userId} and r.tenant_id = ${a.tenantId}
    and r.step_role in (${sql.join(
      a.codes.map((c) => sql`${c}`),
      sql`, `,
    )})`;
  const parts = a.scope.all ? [] : a.scope.parts;
  if (!parts.length || !parts.every((p) => p.prefixes?.length && !p.types?.length)) {
    return [
      sql`${base} and (r.org_id in (select o.id from organisations o where o.tenant_id = ${a.tenantId} and ${orgRowInScope(a.scope, { path: sql.raw('o.path'), type: sql.raw('o.type') })})) is true`,
    ];
  }
  const all = [...new Set(parts.flatMap((p) => p.prefixes ?? []))];
  const outermost = all.filter((x) => !all.some((y) => y !== x && x.startsWith(y)));
  return outermost.map((x) => sql`${base} and starts_with(r.org_path, ${x})`);
}

/** The manager-step part of `approvedBy` (see `managerParts`). */
function managerTasks(a: Approver): SQL {
  const parts = managerParts(a);
  return parts.length
    ? sql`(${sql.join(
        parts.map((p) => sql`(${p})`),
        sql` or `,
      )})`
    : sql`false`;
}

/** The administrator-step part of `approvedBy` (alone answered by an index-only scan of `wf_requests_admin_idx`). */
function adminTasks(a: Approver): SQL {
  return sql`r.status = 'pending' and r.step_kind = 'appAdmin' and r.requester_id <> ${a.userId}
    and r.product_id in (select pa.product_id from product_admins pa where pa.user_id = ${a.userId})`;
}

/** Pending and nobody approves the current step (SPEC §8 'process error or inaccessible process'). */
const INACCESSIBLE = sql`(r.status = 'pending' and not ${approverAt()})`;

/** `user` may see request `r`: the requester, one who acted on it, an approver of any of its steps, an administrator of its application. */
export function canSee(user: string): SQL {
  return sql`(r.requester_id = ${user}
    or exists (select 1 from wf_actions a where a.request_id = r.id and a.actor_id = ${user})
    or exists (select 1 from product_admins pa where pa.product_id = r.product_id and pa.user_id = ${user})
    or exists (select 1 from generate_series(0, jsonb_array_length(r.steps) - 1) s(i) where ${approverAt(user, sql`s.i`)}))`;
}

const selectRequests = (extra: SQL = sql``) => sql`select r.*, p.name as product_name, t.name as tenant_name,
    coalesce(nullif(u.employee_name, ''), u.username) || ' (' || u.username || ')' as requester_name ${extra}
  from wf_requests r join products p on p.id = r.product_id join tenants t on t.id = r.tenant_id join users u on u.id = r.requester_id`;

const SORTS: SortColumns<typeof WF_LIST_SORT_FIELDS> = { createdAt: sql.raw('r.created_at'), updatedAt: sql.raw('r.updated_at'), status: sql.raw('r.status') };

/** Which list: tasks waiting for the approver, requests `user` decided, `user`'s own requests, or an application's. */
export type WfListScope =
  | { kind: 'task'; approver: Approver }
  | { kind: 'handled'; user: string }
  | { kind: 'initiated'; user: string }
  | { kind: 'app'; productId: string };

function scopeWhere(s: WfListScope): SQL {
  switch (s.kind) {
    case 'task':
      return approvedBy(s.approver);
    case 'handled':
      return sql`r.id in (select a.request_id from wf_actions a where a.actor_id = ${s.user} and a.action in ('approve', 'reject', 'reroute', 'close'))`;
    case 'initiated':
      return sql`r.requester_id = ${s.user}`;
    case 'app':
      return sql`r.product_id = ${s.productId}`;
  }
}

/** One page of a list, newest first unless sorted; search (contains) over target, reason, requester. */
export async function listRequests(tx: Tx, s: WfListScope, q: WfListBody & Partial<Pick<WfAppListBody, 'inaccessible'>>, page: number, pageSize: number) {
  const conds: SQL[] = [scopeWhere(s)];
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  if (q.kind) conds.push(sql`r.kind = ${q.kind}`);
  if (q.inaccessible) conds.push(INACCESSIBLE);
  const kw = q.keyword?.trim().toLowerCase();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      sql`(lower(r.target_name) like ${like} or lower(r.reason) like ${like} or lower(u.username) like ${like} or lower(u.employee_name) like ${like} or lower(p.name) like ${like})`,
    );
  }
  const order = sql.join(orderTerms(SORTS, q, sql`r.created_at desc`, sql.raw('r.id')), sql`, `);
  // the page's ids and the total first, from the requests alone (the names are joined only for a keyword),
  // then the names and the (costlier) inaccessible flag for the page's rows only
  const names = kw ? sql`join products p on p.id = r.product_id join users u on u.id = r.requester_id` : sql``;
  const rows = rowsOf<WfRequestRecord & { total: number | string }>(
    await tx.execute(sql`select x.*, ids.total, ${INACCESSIBLE} as inaccessible
    from (select r.id, count(*) over () as total from wf_requests r ${names} where ${sql.join(conds, sql` and `)} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}) ids
    join lateral (${selectRequests()} where r.id = ids.id) x on true
    join wf_requests r on r.id = ids.id order by ${order}`),
  );
  return rows;
}

/** The statement of `countTasks` (one row, column `n`); the bench prints its plan. */
export function countTasksQuery(a: Approver): SQL {
  const counts = [...managerParts(a), adminTasks(a)].map((c) => sql`(select count(*) from wf_requests r where ${c})`);
  return sql`select ${sql.join(counts, sql` + `)} as n`;
}

/**
 * The number of tasks waiting for approver `a` (the header badge): `approvedBy` counted as the sum of its
 * disjoint parts (`managerParts`, `adminTasks`), each alone so that it is one index-only range of its partial
 * covering index (an `or` of them is a bitmap heap scan of every pending step of the caller's role numbers).
 */
export async function countTasks(tx: Tx, a: Approver): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(countTasksQuery(a)));
  return Number(row?.n ?? 0);
}

/** The request `id` with names, locked for update when `lock`; undefined when absent or `visible` fails. */
export async function findRequest(tx: Tx, id: string, opts: { lock?: boolean; visible?: SQL } = {}): Promise<WfRequestRecord | undefined> {
  if (opts.lock) await tx.execute(sql`select 1 from wf_requests where id = ${id} for update`);
  const [row] = rowsOf<WfRequestRecord>(
    await tx.execute(sql`${selectRequests(sql`, ${INACCESSIBLE} as inaccessible`)} where r.id = ${id} ${opts.visible ? sql`and ${opts.visible}` : sql``}`),
  );
  return row;
}

/** Whether approver `a` approves the current step of request `id`. */
export async function isApprover(tx: Tx, id: string, a: Approver): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select 1 from wf_requests r where r.id = ${id} and ${approvedBy(a)}`));
  return rows.length > 0;
}

/** The approvers of the current step of request `id`, with their tenants (whom to tell). */
export async function listApprovers(tx: Tx, id: string): Promise<{ id: string; tenant_id: string }[]> {
  return rowsOf(
    await tx.execute(sql`select u.id, u.tenant_id from wf_requests r join users u on u.id in (
      select pa.user_id from product_admins pa where pa.product_id = r.product_id
      union select ru.user_id from role_users ru join roles ro on ro.tenant_id = ru.tenant_id and ro.id = ru.role_id
        where ru.tenant_id = r.tenant_id and lower(ro.code) = lower(r.steps -> r.current_step ->> 'roleCode'))
    where r.id = ${id} and ${approverAt(sql.raw('u.id'))}`),
  );
}

/** Step `step`'s kind and lower-case role number of a steps column or value (kept in columns for the task lists' indexes). */
const stepKeys = (steps: SQL, step: number) =>
  sql`coalesce(${steps} -> ${step}::int ->> 'kind', ''), lower(coalesce(${steps} -> ${step}::int ->> 'roleCode', ''))`;

/** Inserts a pending request with the requester's current organisation; answers its id. The open-request unique index refuses a duplicate. */
export async function insertRequest(
  tx: Tx,
  v: {
    tenantId: string;
    productId: string;
    requesterId: string;
    kind: 'app' | 'approle';
    targetId: string;
    targetName: string;
    reason: string;
    steps: WfStep[];
  },
): Promise<string> {
  const id = randomUUID();
  const steps = sql`${JSON.stringify(v.steps)}::jsonb`;
  await tx.execute(sql`insert into wf_requests (id, tenant_id, product_id, requester_id, org_id, kind, target_id, target_name, reason, steps, step_kind, step_role)
    select ${id}, ${v.tenantId}, ${v.productId}, u.id, u.org_id, ${v.kind}, ${v.targetId}, ${v.targetName}, ${v.reason}, ${steps}, ${stepKeys(steps, 0)}
    from users u where u.id = ${v.requesterId}`);
  return id;
}

/**
 * Moves request `id` from step `fromStep` (still pending) to `status` / `currentStep`: a conditional UPDATE,
 * so of two simultaneous moves only one matches. Answers whether it did.
 */
export async function moveRequest(tx: Tx, id: string, fromStep: number, to: { status: WfStatus; currentStep: number; finished: boolean }): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`update wf_requests set status = ${to.status}, current_step = ${to.currentStep}, updated_at = now(),
      (step_kind, step_role) = (select ${stepKeys(sql.raw('steps'), to.currentStep)}), finished_at = ${to.finished ? sql`now()` : sql`null`}
    where id = ${id} and status = 'pending' and current_step = ${fromStep} returning id`),
  );
  return rows.length > 0;
}

/** Appends one history entry. */
export async function insertAction(
  tx: Tx,
  v: { requestId: string; tenantId: string; step: number; action: WfAction; actorId: string; actorName: string; comment: string },
): Promise<void> {
  await tx.execute(sql`insert into wf_actions (id, request_id, tenant_id, step, action, actor_id, actor_name, comment)
    values (${randomUUID()}, ${v.requestId}, ${v.tenantId}, ${v.step}, ${v.action}, ${v.actorId}, ${v.actorName}, ${v.comment})`);
}

/** The history of request `id`, oldest first. */
export async function listActions(tx: Tx, id: string) {
  return rowsOf<{ step: number; action: WfAction; actor_id: string; actor_name: string; comment: string; created_at: Date | string }>(
    await tx.execute(sql`select step, action, actor_id, actor_name, comment, created_at from wf_actions where request_id = ${id} order by created_at, id`),
  );
}

/** The process of application `productId`, if saved. */
export async function findProcess(tx: Tx, productId: string) {
  const [row] = rowsOf<{ steps: WfStep[]; updated_at: Date | string }>(
    await tx.execute(sql`select steps, updated_at from wf_processes where product_id = ${productId}`),
  );
  return row;
}

/** Saves (inserts or replaces) the process of `productId`. */
export async function upsertProcess(tx: Tx, productId: string, steps: WfStep[], by: string): Promise<void> {
  await tx.execute(sql`insert into wf_processes (product_id, steps, updated_by) values (${productId}, ${JSON.stringify(steps)}::jsonb, ${by})
    on conflict (product_id) do update set steps = excluded.steps, updated_by = excluded.updated_by, updated_at = now()`);
}

/** Makes `userId` a user of `productId` by grant (app_user_grants, source 'request'); answers whether a row was added. */
export async function insertAppUserGrant(
  tx: Tx,
  v: { productId: string; tenantId: string; userId: string; requestId: string; creator: string },
): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`insert into app_user_grants (product_id, tenant_id, user_id, source, reference_id, creator)
    values (${v.productId}, ${v.tenantId}, ${v.userId}, 'request', ${v.requestId}, ${v.creator}) on conflict do nothing returning 1`),
  );
  return rows.length > 0;
}

/** The chosen language (`ZH_CN` …) of each of `userIds` that has one (user_languages). */
export async function languagesOf(tx: Tx, userIds: string[]): Promise<Map<string, string>> {
  const rows = rowsOf<{ user_id: string; language: string }>(
    await tx.execute(
      sql`select user_id, language from user_languages where user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [r.user_id, r.language]));
}
