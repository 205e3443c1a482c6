/**
 * A notice's audience entries (issue 16 "Notices"; docs/notices.md "Audience"): checking what an
 * administrator sends (every entry must be one of the application's: a tenant using it, an organisation or
 * tenant role of such a tenant, one of its application roles, one of its users), naming stored entries,
 * and listing candidates for the picker. Platform scope; always filtered by the application.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  NoticeCodes,
  pageInfo,
  type NoticeTargetCandidate,
  type NoticeTargetInput,
  type NoticeTargetKind,
  type NoticeTargetListBody,
  type NoticeTargetRow,
  type Paged,
} from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';

/** A checked entry: kind, id and the tenant it belongs to (null for tenants and application roles). */
export interface CheckedTarget {
  kind: NoticeTargetKind;
  id: string;
  tenantId: string | null;
}

const usesApp = (productId: string, tenantCol: SQL) =>
  sql`exists (select 1 from tenant_products tp where tp.tenant_id = ${tenantCol} and tp.product_id = ${productId} and tp.status = 1)`;

/** The rows (id, tenant_id, name, tenant_name) of `kind` among `ids` (or matching `where` for candidates) that belong to the application. */
function source(productId: string, kind: NoticeTargetKind): { from: SQL; name: SQL; tenantName: SQL; hint: SQL; search: (kw: string) => SQL } {
  const like = (col: SQL, kw: string) => sql`${col} ilike ${`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  switch (kind) {
    case 'tenant':
      return {
        from: sql`(select t.id, null::text as tenant_id, t.name, t.name as tenant_name, t.code as hint from tenants t where ${usesApp(productId, sql.raw('t.id'))}) x`,
        name: sql.raw('x.name'),
        tenantName: sql.raw('x.tenant_name'),
        hint: sql.raw('x.hint'),
        search: (kw) => sql`(${like(sql.raw('x.name'), kw)} or ${like(sql.raw('x.hint'), kw)})`,
      };
    case 'org':
    case 'orgtree':
      return {
        from: sql`(select o.id, o.tenant_id, o.name, t.name as tenant_name, o.code as hint from organisations o join tenants t on t.id = o.tenant_id where ${usesApp(productId, sql.raw('o.tenant_id'))}) x`,
        name: sql.raw('x.name'),
        tenantName: sql.raw('x.tenant_name'),
        hint: sql.raw('x.hint'),
        search: (kw) => sql`(${like(sql.raw('x.name'), kw)} or ${like(sql.raw('x.hint'), kw)})`,
      };
    case 'role':
      return {
        from: sql`(select r.id, r.tenant_id, r.name, t.name as tenant_name, r.code as hint from roles r join tenants t on t.id = r.tenant_id where ${usesApp(productId, sql.raw('r.tenant_id'))}) x`,
        name: sql.raw('x.name'),
        tenantName: sql.raw('x.tenant_name'),
        hint: sql.raw('x.hint'),
        search: (kw) => sql`(${like(sql.raw('x.name'), kw)} or ${like(sql.raw('x.hint'), kw)})`,
      };
    case 'approle':
      return {
        from: sql`(select r.id, null::text as tenant_id, r.name, ''::text as tenant_name, r.code as hint from app_roles r where r.product_id = ${productId}) x`,
        name: sql.raw('x.name'),
        tenantName: sql.raw('x.tenant_name'),
        hint: sql.raw('x.hint'),
        search: (kw) => sql`(${like(sql.raw('x.name'), kw)} or ${like(sql.raw('x.hint'), kw)})`,
      };
    case 'user':
      return {
        from: sql`(select u.id, u.tenant_id, coalesce(nullif(u.employee_name, ''), u.username) as name, t.name as tenant_name, u.username as hint
          from users u join tenants t on t.id = u.tenant_id where ${isAppUser(productId, usersAs('u'))}) x`,
        name: sql.raw('x.name'),
        tenantName: sql.raw('x.tenant_name'),
        hint: sql.raw('x.hint'),
        search: (kw) => sql`(${like(sql.raw('x.name'), kw)} or ${like(sql.raw('x.hint'), kw)})`,
      };
  }
}

/**
 * Checks the entries: each must be the application's (see the module comment), else `notice.target_unknown`
 * naming the first unknown id. Repeats are dropped. One statement per kind present.
 */
export async function checkTargets(tx: Tx, productId: string, targets: NoticeTargetInput[]): Promise<CheckedTarget[]> {
  const byKind = new Map<NoticeTargetKind, string[]>();
  for (const t of targets) {
    const list = byKind.get(t.kind) ?? [];
    if (!list.includes(t.id)) list.push(t.id);
    byKind.set(t.kind, list);
  }
  const out: CheckedTarget[] = [];
  for (const [kind, ids] of byKind) {
    const s = source(productId, kind);
    const found = rowsOf<{ id: string; tenant_id: string | null }>(
      await tx.execute(
        sql`select x.id, x.tenant_id from ${s.from} where x.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    );
    const known = new Map(found.map((r) => [r.id, r.tenant_id]));
    const missing = ids.find((i) => !known.has(i));
    if (missing !== undefined) throw new AppError(NoticeCodes.TARGET_UNKNOWN, { id: missing });
    for (const id of ids) out.push({ kind, id, tenantId: known.get(id) ?? null });
  }
  return out;
}

/** The stored entries of a notice with the names to show (an entry whose row is gone shows its id). */
export async function namedTargets(tx: Tx, productId: string, noticeId: string): Promise<NoticeTargetRow[]> {
  const stored = rowsOf<{ kind: NoticeTargetKind; target_id: string }>(
    await tx.execute(sql`select kind, target_id from notice_targets where notice_id = ${noticeId} and product_id = ${productId} order by kind, target_id`),
  );
  const out: NoticeTargetRow[] = [];
  for (const t of stored) {
    const s = source(productId, t.kind);
    const [row] = rowsOf<{ name: string; tenant_name: string }>(
      await tx.execute(sql`select ${s.name} as name, ${s.tenantName} as tenant_name from ${s.from} where x.id = ${t.target_id}`),
    );
    out.push({ kind: t.kind, id: t.target_id, name: row?.name ?? t.target_id, tenantName: row?.tenant_name ?? '' });
  }
  return out;
}

/** One page of candidates of `kind` (keyword: name or number/code/user name contains; `tenantId` narrows). */
export async function listCandidates(tx: Tx, productId: string, q: NoticeTargetListBody): Promise<Paged<NoticeTargetCandidate>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const s = source(productId, q.kind);
  const kw = q.keyword?.trim();
  const where = sql.join(
    [sql`true`, kw ? s.search(kw) : undefined, q.tenantId ? sql`x.tenant_id = ${q.tenantId}` : undefined].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const rows = rowsOf<{ id: string; name: string; tenant_id: string | null; tenant_name: string; hint: string; records: number }>(
    await tx.execute(
      sql`select x.id, x.name, x.tenant_id, x.tenant_name, x.hint, count(*) over ()::int as records from ${s.from} where ${where}
      order by x.tenant_name, x.name, x.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
  );
  return {
    rows: rows.map((r) => ({ id: r.id, name: r.name, tenantId: r.tenant_id ?? '', tenantName: r.tenant_name, hint: r.hint })),
    ...pageInfo(page, pageSize, rows[0]?.records ?? (page > 1 ? await countAll(tx, s.from, where) : 0)),
  };
}

async function countAll(tx: Tx, from: SQL, where: SQL): Promise<number> {
  return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${from} where ${where}`))[0]?.n ?? 0;
}
