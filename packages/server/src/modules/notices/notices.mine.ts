/**
 * A signed-in user's own notices (issue 16 "Notices"; SPEC §2 User area notices, §7 silent unread count;
 * docs/notices.md "Which notices a user sees"): the live notices of every application the user may use
 * (`isAppUser`) whose audience includes them (notices.audience.ts), pinned first then newest. Opening one
 * records the read once (primary key; `on conflict do nothing`, so two simultaneous opens make one row).
 * The notice image route's access rule is here too (`mayViewNoticeFile`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { NoticeCodes, pageInfo, type MyNoticeDetail, type MyNoticeListBody, type MyNoticeRow, type MyNoticeUnread, type Paged } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { liveNoticesCte, unreadBy } from './notices.audience.js';

interface MyRecord {
  id: string;
  product_id: string;
  product_name: string;
  title: string;
  pinned: boolean;
  publish_at: Date | string;
  read: boolean;
}
const toRow = (r: MyRecord): MyNoticeRow => ({
  id: r.id,
  productId: r.product_id,
  productName: r.product_name,
  title: r.title,
  pinned: r.pinned,
  publishAt: new Date(r.publish_at).toISOString(),
  read: r.read,
});

const ORDER = sql`order by x.pinned desc, x.publish_at desc, x.id`;

/** The page `p` of `live` rows `l` (already filtered), ordered pinned first then newest, with the notices' titles: ordered and cut before any notice is read. */
const page = (
  userId: string,
  filter: SQL,
  limit: number,
  offset: number,
) => sql`select l.id, l.product_id, a.name as product_name, n.title, l.pinned, l.publish_at,
    exists (select 1 from notice_reads r where r.notice_id = l.id and r.user_id = ${userId}) as read
  from (select * from live l where ${filter} order by l.pinned desc, l.publish_at desc, l.id limit ${limit} offset ${offset}) l
  join notices n on n.id = l.id join apps a on a.id = l.product_id
  order by l.pinned desc, l.publish_at desc, l.id`;

/** One page of the user's notices (`unread` true: only unread ones), pinned first, newest first. One statement (a page past the end: two). */
export async function listMyNotices(tx: Tx, userId: string, q: MyNoticeListBody): Promise<Paged<MyNoticeRow>> {
  const p = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const filter = q.unread ? unreadBy(userId) : sql`true`;
  const rows = rowsOf<MyRecord & { records: number }>(
    await tx.execute(sql`${liveNoticesCte(userId)}
    select x.*, (select count(*)::int from live l where ${filter}) as records from (${page(userId, filter, pageSize, (p - 1) * pageSize)}) x ${ORDER}`),
  );
  const records = rows[0]?.records ?? (p > 1 ? await countMine(tx, userId, !!q.unread) : 0);
  return { rows: rows.map(toRow), ...pageInfo(p, pageSize, records) };
}

async function countMine(tx: Tx, userId: string, unreadOnly: boolean): Promise<number> {
  return (
    rowsOf<{ n: number }>(
      await tx.execute(sql`${liveNoticesCte(userId)} select count(*)::int as n from live l where ${unreadOnly ? unreadBy(userId) : sql`true`}`),
    )[0]?.n ?? 0
  );
}

/** The bell: how many live notices the user has not opened, and the latest five (read or not). One statement. */
export async function myUnread(tx: Tx, userId: string): Promise<MyNoticeUnread> {
  const rows = rowsOf<MyRecord & { unread: number }>(
    await tx.execute(sql`${liveNoticesCte(userId)}
    select x.*, (select count(*)::int from live l where ${unreadBy(userId)}) as unread from (${page(userId, sql`true`, 5, 0)}) x ${ORDER}`),
  );
  const unread = rows[0]?.unread ?? 0;
  return { unread, latest: rows.map(toRow) };
}

/**
 * The notice's detail if it is one of the user's live notices (else `notice.not_found`), recording the
 * read the first time (idempotent under a race: one row per user and notice).
 */
export async function openMyNotice(tx: Tx, user: { userId: string; tenantId: string }, id: string): Promise<MyNoticeDetail> {
  const [r] = rowsOf<MyRecord & { body: string; author_name: string; expire_at: Date | string | null }>(
    await tx.execute(sql`${liveNoticesCte(user.userId)}
    select x.*, n.body, n.author_name, n.expire_at from (${page(user.userId, sql`l.id = ${id}`, 1, 0)}) x join notices n on n.id = x.id`),
  );
  if (!r) throw new AppError(NoticeCodes.NOT_FOUND);
  await tx.execute(sql`insert into notice_reads (notice_id, user_id, tenant_id) values (${id}, ${user.userId}, ${user.tenantId}) on conflict do nothing`);
  return { ...toRow(r), read: true, body: r.body, authorName: r.author_name, expireAt: r.expire_at === null ? null : new Date(r.expire_at).toISOString() };
}

/**
 * May the session's user see uploaded file `fileId` as a notice image? Yes when the file is shown by one
 * of the user's live notices, or by a notice of an application the user administers (or any, for a
 * platform administrator: `platform`), or was uploaded in the user's own tenant (the editor, before saving).
 */
export async function mayViewNoticeFile(tx: Tx, s: { userId: string; tenantId: string; platform: boolean }, fileId: string): Promise<boolean> {
  const [own] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select exists (select 1 from files f where f.id = ${fileId} and f.tenant_id = ${s.tenantId})
    or exists (select 1 from notice_files nf join notices n on n.id = nf.notice_id where nf.file_id = ${fileId}
      and (${s.platform} or exists (select 1 from product_admins pa where pa.product_id = n.product_id and pa.user_id = ${s.userId}))) as ok`),
  );
  if (own?.ok) return true;
  const [seen] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`${liveNoticesCte(s.userId)}
    select exists (select 1 from live l join notice_files nf on nf.notice_id = l.id where nf.file_id = ${fileId}) as ok`),
  );
  return !!seen?.ok;
}
