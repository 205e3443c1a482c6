/**
 * "My message" (issue 16 part M; SPEC §1 "my message", §7 silent unread count; docs/messages.md "My message"):
 * the caller's own in-site deliveries, in the caller's tenant scope (row-level security) and always filtered by
 * the caller's user id. Opening one marks it read. The inbox calls also record the console language the user
 * uses (`user_languages`), which picks the language of the next templates sent to them.
 */
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { MessageCodes, pageInfo, SUPPORTED_LANGUAGES, type MyMessageListBody, type MyMessageRow, type Paged } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { messageDeliveries, products, userLanguages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { likeContains } from '../approles/approles.repository.js';

/** The caller: user and tenant. */
export interface Me {
  userId: string;
  tenantId: string;
}

const mine = (me: Me) => and(eq(messageDeliveries.tenantId, me.tenantId), eq(messageDeliveries.userId, me.userId), eq(messageDeliveries.channel, 'insite'));
const visible = sql`${messageDeliveries.status} in ('sent', 'read')`;
const iso = (d: Date | null) => (d ? d.toISOString() : '');

const columns = {
  id: messageDeliveries.id,
  subject: messageDeliveries.subject,
  body: messageDeliveries.body,
  appName: sql<string>`coalesce(${products.name}, '')`,
  sourceKind: messageDeliveries.sourceKind,
  sourceId: messageDeliveries.sourceId,
  status: messageDeliveries.status,
  createdAt: messageDeliveries.createdAt,
  readAt: messageDeliveries.readAt,
};
type Rec = {
  id: string;
  subject: string;
  body: string;
  appName: string;
  sourceKind: string;
  sourceId: string;
  status: string;
  createdAt: Date;
  readAt: Date | null;
};
const toRow = (r: Rec): MyMessageRow => ({
  id: r.id,
  subject: r.subject,
  body: r.body,
  appName: r.appName,
  sourceKind: r.sourceKind,
  sourceId: r.sourceId,
  read: r.status === 'read',
  createdAt: iso(r.createdAt),
  readAt: iso(r.readAt),
});

/** `listmymessage`: the caller's in-site messages, newest first (`unread` only; keyword contains on the subject). Two statements. */
export async function listMyMessages(tx: Tx, me: Me, q: MyMessageListBody): Promise<Paged<MyMessageRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const kw = q.keyword?.trim();
  const where = and(mine(me), q.unread ? eq(messageDeliveries.status, 'sent') : visible, kw ? ilike(messageDeliveries.subject, likeContains(kw)) : undefined);
  const rows = await tx
    .select(columns)
    .from(messageDeliveries)
    .leftJoin(products, eq(products.id, messageDeliveries.productId))
    .where(where)
    .orderBy(q.sortOrder === 'ascend' ? messageDeliveries.createdAt : desc(messageDeliveries.createdAt), messageDeliveries.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [n] = await tx.select({ n: count() }).from(messageDeliveries).where(where);
  return { rows: rows.map(toRow), ...pageInfo(page, pageSize, n?.n ?? 0) };
}

/** `getmymessage`: one of the caller's messages; marks it read (first opening). @throws message.not_found. */
export async function openMyMessage(tx: Tx, me: Me, id: string): Promise<MyMessageRow> {
  await tx
    .update(messageDeliveries)
    .set({ status: 'read', readAt: new Date(), updatedAt: new Date() })
    .where(and(mine(me), eq(messageDeliveries.id, id), eq(messageDeliveries.status, 'sent')));
  const [r] = await tx
    .select(columns)
    .from(messageDeliveries)
    .leftJoin(products, eq(products.id, messageDeliveries.productId))
    .where(and(mine(me), eq(messageDeliveries.id, id), visible));
  if (!r) throw new AppError(MessageCodes.NOT_FOUND);
  return toRow(r);
}

/** `statusmymessage`: marks the caller's unread messages of `ids` (or all) read; answers how many. */
export async function markMyMessagesRead(tx: Tx, me: Me, ids: string[] | undefined): Promise<{ count: number }> {
  const rows = await tx
    .update(messageDeliveries)
    .set({ status: 'read', readAt: new Date(), updatedAt: new Date() })
    .where(and(mine(me), eq(messageDeliveries.status, 'sent'), ids?.length ? inArray(messageDeliveries.id, ids) : undefined))
    .returning({ id: messageDeliveries.id });
  return { count: rows.length };
}

/** `getmymessageunread`: the caller's unread count (index message_deliveries_unread_idx). */
export async function unreadCount(tx: Tx, me: Me): Promise<number> {
  const [n] = await tx
    .select({ n: count() })
    .from(messageDeliveries)
    .where(and(mine(me), eq(messageDeliveries.status, 'sent')));
  return n?.n ?? 0;
}

/** Records `language` (ZH_CN, EN_US, JA_JP; others ignored) as the caller's; writes only when it changed. */
export async function recordLanguage(tx: Tx, me: Me, language: string): Promise<void> {
  if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language)) return;
  await tx
    .insert(userLanguages)
    .values({ userId: me.userId, tenantId: me.tenantId, language })
    .onConflictDoUpdate({
      target: userLanguages.userId,
      set: { language, updatedAt: new Date() },
      setWhere: sql`${userLanguages.language} <> excluded.language`,
    });
}
