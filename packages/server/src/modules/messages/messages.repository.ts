/**
 * Statements of messages and deliveries (issue 16 part M; docs/messages.md). Messages are platform-level rows
 * of an application (every statement filters by `product_id`); deliveries are tenant-bound and read here in the
 * platform scope of the application area, always through their message's product. Recipients are the
 * application's users (`isAppUser`), enabled.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeliveryCounts, MessageDeliveryListBody, MessageDeliveryRow, MessageTargetListBody, MessageTargetRow } from '@mp/protocol';
import { DELIVERY_STATUSES, type MESSAGE_DELIVERY_SORT_FIELDS } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { messageDeliveries, messages, type MessageAudience } from '../../db/schema/index.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';
import { pathInSubtree } from '../tenancy/data-scope.js';
import { likeContains } from '../approles/approles.repository.js';

export type MessageRecord = typeof messages.$inferSelect;

/** Delivery counts per status of each message of `ids` (one statement). */
export async function deliveryCounts(tx: Tx, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const out = new Map<string, DeliveryCounts>();
  for (const id of ids) out.set(id, { pending: 0, sending: 0, sent: 0, failed: 0, read: 0, total: 0 });
  if (!ids.length) return out;
  const rows = await tx
    .select({ id: messageDeliveries.messageId, status: messageDeliveries.status, n: sql<number>`count(*)::int` })
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.messageId, ids))
    .groupBy(messageDeliveries.messageId, messageDeliveries.status);
  for (const r of rows) {
    const c = out.get(r.id!);
    if (!c || !(DELIVERY_STATUSES as readonly string[]).includes(r.status)) continue;
    c[r.status as keyof DeliveryCounts] = r.n;
    c.total += r.n;
  }
  return out;
}

/** The ids among `ids` of enabled users of the application. */
export async function appUserIds(tx: Tx, productId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select u.id from users u where ${inArray(sql`u.id`, ids)} and u.status = 1 and ${isAppUser(productId, usersAs('u'))}`),
  );
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` of organisations of tenants that use the application. */
export async function appOrgIds(tx: Tx, productId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select o.id from organisations o
    where ${inArray(sql`o.id`, ids)} and exists (select 1 from tenant_products tp where tp.tenant_id = o.tenant_id and tp.product_id = ${productId} and tp.status = 1)`),
  );
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` of the application's roles. */
export async function appRoleIds(tx: Tx, productId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: string }>(await tx.execute(sql`select r.id from app_roles r where r.product_id = ${productId} and ${inArray(sql`r.id`, ids)}`));
  return new Set(rows.map((r) => r.id));
}

/** A recipient as the expansion reads it. */
export interface Recipient {
  id: string;
  tenant_id: string;
  username: string;
  employee_name: string;
  email: string | null;
  mobile: string | null;
  tenant_name: string;
  language: string | null;
}

/**
 * The recipients of an audience: enabled users of the application who are listed, or whose affiliated
 * organisation is a listed one (or inside it, with `sub`), or who are members of a listed enabled application
 * role. Each once. One statement.
 */
export async function audienceRecipients(tx: Tx, productId: string, a: MessageAudience): Promise<Recipient[]> {
  const parts: SQL[] = [];
  if (a.userIds.length) parts.push(sql`${inArray(sql`u.id`, a.userIds)}`);
  const flat = a.orgs.filter((o) => !o.sub).map((o) => o.id);
  if (flat.length) parts.push(sql`${inArray(sql`u.org_id`, flat)}`);
  const deep = a.orgs.filter((o) => o.sub).map((o) => o.id);
  if (deep.length) {
    parts.push(sql`exists (select 1 from organisations ro join organisations uo on uo.id = u.org_id and uo.tenant_id = ro.tenant_id
      where ${inArray(sql`ro.id`, deep)} and ${pathInSubtree(sql.raw('uo.path'), sql.raw('ro.path'))})`);
  }
  if (a.roleIds.length) {
    parts.push(sql`exists (select 1 from app_role_users ru join app_roles r on r.id = ru.role_id
      where ru.user_id = u.id and r.product_id = ${productId} and r.status = 1 and ${inArray(sql`ru.role_id`, a.roleIds)})`);
  }
  if (!parts.length) return [];
  return rowsOf<Recipient>(
    await tx.execute(sql`select u.id, u.tenant_id, u.username, u.employee_name, u.email, u.mobile, t.name as tenant_name, l.language
    from users u join tenants t on t.id = u.tenant_id left join user_languages l on l.user_id = u.id
    where u.status = 1 and (${sql.join(parts, sql` or `)}) and ${isAppUser(productId, usersAs('u'))}
    order by u.tenant_id, u.id`),
  );
}

const DELIVERY_SORT: SortColumns<typeof MESSAGE_DELIVERY_SORT_FIELDS, SQL> = {
  createdAt: sql`d.created_at`,
  status: sql`d.status`,
  username: sql`u.username`,
  sentAt: sql`d.sent_at`,
};

/** One page of a message's deliveries with the recipients' names (status; keyword contains on username / employee name). */
export async function listDeliveries(
  tx: Tx,
  messageId: string,
  q: MessageDeliveryListBody & { page: number; pageSize: number },
): Promise<{ rows: MessageDeliveryRow[]; records: number }> {
  const kw = q.keyword?.trim();
  const where = sql`d.message_id = ${messageId}${q.status ? sql` and d.status = ${q.status}` : sql``}${kw ? sql` and (u.username ilike ${likeContains(kw)} or u.employee_name ilike ${likeContains(kw)})` : sql``}`;
  const order = orderTerms(DELIVERY_SORT, q, asc(sql`d.created_at`), sql`d.id`);
  const rows = rowsOf<{
    id: string;
    user_id: string;
    username: string;
    employee_name: string;
    tenant_name: string;
    channel: string;
    address: string;
    language: string;
    status: string;
    reason: string;
    attempts: number;
    sent_at: Date | string | null;
    read_at: Date | string | null;
    created_at: Date | string;
  }>(
    await tx.execute(sql`select d.id, d.user_id, u.username, u.employee_name, t.name as tenant_name, d.channel, d.address, d.language, d.status, d.reason, d.attempts, d.sent_at, d.read_at, d.created_at
      from message_deliveries d join users u on u.id = d.user_id join tenants t on t.id = d.tenant_id
      where ${where} order by ${sql.join(order, sql`, `)} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from message_deliveries d join users u on u.id = d.user_id where ${where}`));
  const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : '');
  return {
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      username: r.username,
      employeeName: r.employee_name,
      tenantName: r.tenant_name,
      channel: r.channel as MessageDeliveryRow['channel'],
      address: r.address,
      language: r.language,
      status: r.status as MessageDeliveryRow['status'],
      reason: r.reason,
      attempts: r.attempts,
      sentAt: iso(r.sent_at),
      readAt: iso(r.read_at),
      createdAt: iso(r.created_at),
    })),
    records: n?.n ?? 0,
  };
}

/** One page of recipient choices of `kind` for the application (keyword contains), by name. Two statements. */
export async function listTargets(
  tx: Tx,
  productId: string,
  q: MessageTargetListBody & { page: number; pageSize: number },
): Promise<{ rows: MessageTargetRow[]; records: number }> {
  const kw = q.keyword?.trim();
  const like = kw ? likeContains(kw) : undefined;
  let from: SQL;
  let select: SQL;
  if (q.kind === 'user') {
    from = sql`from users u join tenants t on t.id = u.tenant_id where u.status = 1 and ${isAppUser(productId, usersAs('u'))}${like ? sql` and (u.username ilike ${like} or u.employee_name ilike ${like})` : sql``}`;
    select = sql`select u.id, coalesce(nullif(u.employee_name, ''), u.username) as name, t.name || ' / ' || u.username as detail`;
  } else if (q.kind === 'org') {
    from = sql`from organisations o join tenants t on t.id = o.tenant_id
      where exists (select 1 from tenant_products tp where tp.tenant_id = o.tenant_id and tp.product_id = ${productId} and tp.status = 1)${like ? sql` and o.name ilike ${like}` : sql``}`;
    select = sql`select o.id, o.name, t.name as detail`;
  } else {
    from = sql`from app_roles r where r.product_id = ${productId}${like ? sql` and (r.name ilike ${like} or r.code ilike ${like})` : sql``}`;
    select = sql`select r.id, r.name, r.code as detail`;
  }
  const rows = rowsOf<MessageTargetRow>(await tx.execute(sql`${select} ${from} order by 2, 1 limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`));
  const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${from}`));
  return { rows, records: n?.n ?? 0 };
}

/** The message `id` of the application, locked (or undefined). */
export async function findMessage(tx: Tx, productId: string, id: string): Promise<MessageRecord | undefined> {
  const [m] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.productId, productId), eq(messages.id, id)))
    .for('update');
  return m;
}
