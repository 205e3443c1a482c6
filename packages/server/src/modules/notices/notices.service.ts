/**
 * The application administrator's notices (issue 16 "Notices"; SPEC §2 App `notice`; docs/notices.md):
 * grid, detail, add/edit drafts, publish/withdraw, delete, read receipts. Every function runs inside the
 * caller's platform-scope transaction for the APPID application (`request.application`); another
 * application's notice ids are `notice.not_found`. Writes are audited (tenant 'sys', entity 'notice').
 *
 * Status moves (statusnotice): draft → published, withdrawn → published (1); published → withdrawn (2).
 * Edits in draft or withdrawn; delete when not published; anything else is `notice.state`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  NOTICE_RULES,
  NoticeCodes,
  NoticeStatus,
  pageInfo,
  type NoticeAddBody,
  type NoticeDetail,
  type NoticeEditBody,
  type NoticeListBody,
  type NoticeReceiptListBody,
  type NoticeReceiptPage,
  type NoticeReceiptRow,
  type NoticeRow,
  type NoticeState,
  type NoticeStatusValue,
  type NOTICE_SORT_FIELDS,
  type Paged,
} from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { noticeFiles, notices, noticeTargets } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';
import { inNoticeAudience } from './notices.audience.js';
import { isBlankHtml, sanitizeNoticeHtml } from './notice-html.js';
import { checkTargets, namedTargets } from './notices.targets.js';

type NoticeRecord = typeof notices.$inferSelect;
const SORTS: SortColumns<typeof NOTICE_SORT_FIELDS> = {
  title: notices.titleLc,
  status: notices.status,
  publishAt: notices.publishAt,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const readCount = sql<number>`(select count(*)::int from notice_reads r where r.notice_id = ${notices.id})`;

/** The state the grid shows: the status, `scheduled` before the publish time, `expired` after the expiry. */
export function noticeState(n: { status: number; publishAt: Date | null; expireAt: Date | null }, now = new Date()): NoticeState {
  if (n.status === NoticeStatus.DRAFT) return 'draft';
  if (n.status === NoticeStatus.WITHDRAWN) return 'withdrawn';
  if (n.publishAt && n.publishAt > now) return 'scheduled';
  if (n.expireAt && n.expireAt <= now) return 'expired';
  return 'published';
}

function toRow(n: NoticeRecord, reads: number): NoticeRow {
  return {
    id: n.id,
    title: n.title,
    status: n.status as NoticeStatusValue,
    state: noticeState(n),
    pinned: n.pinned,
    publishAt: iso(n.publishAt),
    expireAt: iso(n.expireAt),
    publishedAt: iso(n.publishedAt),
    authorName: n.authorName,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    readCount: reads,
  };
}

/** One page of the application's notices (title contains, status), sorted; with each notice's read count. */
export async function listNoticePage(tx: Tx, app: AppContext, q: NoticeListBody): Promise<Paged<NoticeRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const title = q.title?.trim().toLowerCase();
  const where = and(
    eq(notices.productId, app.id),
    title ? ilike(notices.titleLc, `%${title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.status === undefined ? undefined : eq(notices.status, q.status),
  );
  const rows = await tx
    .select({ n: notices, reads: readCount })
    .from(notices)
    .where(where)
    .orderBy(...orderTerms(SORTS, q, [desc(notices.pinned), desc(notices.updatedAt)], notices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const records = (await tx.select({ n: sql<number>`count(*)::int` }).from(notices).where(where))[0]?.n ?? 0;
  return { rows: rows.map((r) => toRow(r.n, r.reads)), ...pageInfo(page, pageSize, records) };
}

/** The application's notice `id`, locked for the write when `lock`; else `notice.not_found`. */
async function findInApp(tx: Tx, app: AppContext, id: string, lock = false): Promise<NoticeRecord> {
  const q = tx
    .select()
    .from(notices)
    .where(and(eq(notices.productId, app.id), eq(notices.id, id)));
  const [n] = lock ? await q.for('update') : await q;
  if (!n) throw new AppError(NoticeCodes.NOT_FOUND);
  return n;
}

/** The notice with its body and named audience. */
export async function getNotice(tx: Tx, app: AppContext, id: string): Promise<NoticeDetail> {
  const n = await findInApp(tx, app, id);
  const reads = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from notice_reads where notice_id = ${id}`))[0]?.n ?? 0;
  return { ...toRow(n, reads), body: n.body, targets: await namedTargets(tx, app.id, id) };
}

/** A time of the body, or null; `notice.time_invalid` for one JavaScript or PostgreSQL cannot hold sensibly (before 1970, after 9999). */
function parseTime(s: string | null | undefined): Date | null {
  if (!s) return null;
  const d = new Date(s);
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1970 || year > 9999) throw new AppError(NoticeCodes.TIME_INVALID);
  return d;
}

/** Checks and normalises the editable fields (title, sanitised body, audience, times); raises the first failure. */
async function checkFields(tx: Tx, request: FastifyRequest, app: AppContext, b: NoticeAddBody) {
  const title = b.title.trim();
  if (!title) throw new AppError(NoticeCodes.TITLE_REQUIRED);
  if ([...title].length > NOTICE_RULES.title.max) throw new AppError(NoticeCodes.TITLE_TOO_LONG, { max: NOTICE_RULES.title.max });
  const { html, fileIds } = sanitizeNoticeHtml(b.body);
  if (html.length > NOTICE_RULES.body.max) throw new AppError(NoticeCodes.BODY_TOO_LONG, { max: NOTICE_RULES.body.max });
  const publishAt = parseTime(b.publishAt);
  const expireAt = parseTime(b.expireAt);
  if (expireAt && publishAt && expireAt <= publishAt) throw new AppError(NoticeCodes.EXPIRE_BEFORE_PUBLISH);
  const targets = await checkTargets(tx, app.id, b.targets);
  await checkImages(tx, request, app, fileIds);
  return { title, body: html, fileIds, publishAt, expireAt, pinned: b.pinned ?? false, targets };
}

/**
 * The images a body shows must be uploaded files the caller may use: uploaded by the caller (the editor's
 * upload, in the caller's tenant), or already shown by a notice of this application. Else `notice.image_unknown`.
 */
async function checkImages(tx: Tx, request: FastifyRequest, app: AppContext, fileIds: string[]): Promise<void> {
  if (!fileIds.length) return;
  const ok = rowsOf<{ id: string }>(
    await tx.execute(sql`select f.id from files f where f.id in (${sql.join(
      fileIds.map((i) => sql`${i}`),
      sql`, `,
    )})
    and ((f.tenant_id = ${request.auth!.tenantId} and f.created_by = ${request.auth!.username}) or exists (select 1 from notice_files nf join notices n on n.id = nf.notice_id
      where nf.file_id = f.id and n.product_id = ${app.id}))`),
  );
  const missing = fileIds.find((id) => !ok.some((r) => r.id === id));
  if (missing !== undefined) throw new AppError(NoticeCodes.IMAGE_UNKNOWN, { id: missing });
}

async function writeChildren(tx: Tx, app: AppContext, id: string, f: Awaited<ReturnType<typeof checkFields>>): Promise<void> {
  await tx.delete(noticeTargets).where(eq(noticeTargets.noticeId, id));
  await tx.delete(noticeFiles).where(eq(noticeFiles.noticeId, id));
  if (f.targets.length)
    await tx.insert(noticeTargets).values(f.targets.map((t) => ({ noticeId: id, productId: app.id, kind: t.kind, targetId: t.id, tenantId: t.tenantId })));
  if (f.fileIds.length) await tx.insert(noticeFiles).values(f.fileIds.map((fileId) => ({ noticeId: id, fileId })));
}

const auditOf = (d: NoticeDetail) => ({ ...d, body: undefined, bodyLength: d.body.length });
const audit = (
  tx: Tx,
  request: FastifyRequest,
  action: 'notice.add' | 'notice.edit' | 'notice.delete' | 'notice.publish' | 'notice.withdraw',
  id: string,
  before?: unknown,
  after?: unknown,
) => insertAuditEntry(tx, request, { tenantId: 'sys', action, entity: 'notice', entityId: id, before, after });

/** Adds a draft; answers its detail. */
export async function addNotice(tx: Tx, request: FastifyRequest, app: AppContext, b: NoticeAddBody): Promise<NoticeDetail> {
  const f = await checkFields(tx, request, app, b);
  const id = randomUUID();
  await tx.insert(notices).values({
    id,
    productId: app.id,
    title: f.title,
    body: f.body,
    status: NoticeStatus.DRAFT,
    publishAt: f.publishAt,
    expireAt: f.expireAt,
    pinned: f.pinned,
    authorId: request.auth!.userId,
    authorName: request.auth!.username,
  });
  await writeChildren(tx, app, id, f);
  const after = await getNotice(tx, app, id);
  await audit(tx, request, 'notice.add', id, undefined, auditOf(after));
  return after;
}

/** Edits a draft or withdrawn notice (a published one: `notice.state`). */
export async function editNotice(tx: Tx, request: FastifyRequest, app: AppContext, b: NoticeEditBody): Promise<NoticeDetail> {
  const n = await findInApp(tx, app, b.id, true);
  if (n.status === NoticeStatus.PUBLISHED) throw new AppError(NoticeCodes.STATE);
  const before = await getNotice(tx, app, n.id);
  const f = await checkFields(tx, request, app, b);
  await tx
    .update(notices)
    .set({ title: f.title, body: f.body, publishAt: f.publishAt, expireAt: f.expireAt, pinned: f.pinned, updatedAt: new Date() })
    .where(eq(notices.id, n.id));
  await writeChildren(tx, app, n.id, f);
  const after = await getNotice(tx, app, n.id);
  await audit(tx, request, 'notice.edit', n.id, auditOf(before), auditOf(after));
  return after;
}

/** Deletes a draft or withdrawn notice with its audience, images and receipts. */
export async function deleteNotice(tx: Tx, request: FastifyRequest, app: AppContext, id: string): Promise<{ id: string }> {
  const n = await findInApp(tx, app, id, true);
  if (n.status === NoticeStatus.PUBLISHED) throw new AppError(NoticeCodes.STATE);
  const before = await getNotice(tx, app, id);
  await tx.delete(notices).where(eq(notices.id, id));
  await audit(tx, request, 'notice.delete', id, auditOf(before));
  return { id };
}

/**
 * Publishes (1) or withdraws (2), copying the live times and pinned flag onto the audience rows (the readers'
 * index, notices.audience.ts) or clearing them. Publishing needs a body, an audience and an expiry still ahead (and after
 * the publish time); without a publish time the notice goes out now, with one ahead it is scheduled.
 */
export async function setNoticeStatus(tx: Tx, request: FastifyRequest, app: AppContext, id: string, status: 1 | 2): Promise<NoticeDetail> {
  const n = await findInApp(tx, app, id, true);
  const now = new Date();
  if (status === NoticeStatus.PUBLISHED) {
    if (n.status === NoticeStatus.PUBLISHED) throw new AppError(NoticeCodes.STATE);
    if (isBlankHtml(n.body)) throw new AppError(NoticeCodes.BODY_REQUIRED);
    const targets = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from notice_targets where notice_id = ${id}`))[0]?.n ?? 0;
    if (!targets) throw new AppError(NoticeCodes.AUDIENCE_REQUIRED);
    const publishAt = n.publishAt ?? now;
    if (n.expireAt && n.expireAt <= now) throw new AppError(NoticeCodes.EXPIRED);
    if (n.expireAt && n.expireAt <= publishAt) throw new AppError(NoticeCodes.EXPIRE_BEFORE_PUBLISH);
    await tx.update(notices).set({ status, publishAt, publishedAt: now, withdrawnAt: null, updatedAt: now }).where(eq(notices.id, id));
    await tx.update(noticeTargets).set({ liveFrom: publishAt, liveUntil: n.expireAt, pinned: n.pinned }).where(eq(noticeTargets.noticeId, id));
  } else {
    if (n.status !== NoticeStatus.PUBLISHED) throw new AppError(NoticeCodes.STATE);
    await tx.update(notices).set({ status, withdrawnAt: now, updatedAt: now }).where(eq(notices.id, id));
    await tx.update(noticeTargets).set({ liveFrom: null, liveUntil: null }).where(eq(noticeTargets.noticeId, id));
  }
  const after = await getNotice(tx, app, id);
  await audit(tx, request, status === NoticeStatus.PUBLISHED ? 'notice.publish' : 'notice.withdraw', id, { status: n.status }, { status, state: after.state });
  return after;
}

/**
 * Read receipts: the notice's audience users who are the application's users (`isAppUser`), read or not
 * (`read` filter), keyword on user name / name (starts with), read ones first by time; with the counts of the
 * whole audience.
 */
export async function listReceipts(tx: Tx, app: AppContext, q: NoticeReceiptListBody): Promise<NoticeReceiptPage> {
  await findInApp(tx, app, q.id);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const base = sql`from users u left join notice_reads r on r.notice_id = ${q.id} and r.user_id = u.id
    where ${isAppUser(app.id, usersAs('u'))} and ${inNoticeAudience(q.id)}`;
  const kw = q.keyword?.trim().toLowerCase();
  const filter = sql.join(
    [
      sql`true`,
      q.read === undefined ? undefined : q.read ? sql`r.user_id is not null` : sql`r.user_id is null`,
      kw ? sql`(starts_with(lower(u.username), ${kw}) or starts_with(lower(u.employee_name), ${kw}))` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
  const [counts] = rowsOf<{ audience: number; read: number; records: number }>(
    await tx.execute(sql`select count(*)::int as audience,
    count(r.user_id)::int as read, (count(*) filter (where ${filter}))::int as records ${base}`),
  );
  const rows = rowsOf<{ user_id: string; username: string; name: string; tenant_name: string; org_name: string | null; read_at: Date | string | null }>(
    await tx.execute(sql`
    select u.id as user_id, u.username, u.employee_name as name, (select t.name from tenants t where t.id = u.tenant_id) as tenant_name,
      (select o.name from organisations o where o.id = u.org_id) as org_name, r.read_at ${base} and ${filter}
    order by r.read_at desc nulls last, u.username, u.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
  const out: NoticeReceiptRow[] = rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    name: r.name,
    tenantName: r.tenant_name,
    orgName: r.org_name ?? '',
    readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
  }));
  const audience = counts?.audience ?? 0;
  const read = counts?.read ?? 0;
  return { rows: out, ...pageInfo(page, pageSize, counts?.records ?? 0), audience, readCount: read, unreadCount: audience - read };
}
