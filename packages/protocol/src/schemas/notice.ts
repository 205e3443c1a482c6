/**
 * Notices (issue 16 "Notices"; SPEC §1 notice details, §2 App `notice`, User area notices, §7 image URLs and
 * silent unread count; docs/notices.md). The administrator's calls are `{ app: 'admin' }` (the APPID
 * application only); the user's calls are any signed-in user's own notices across the applications they may use.
 *
 * Status: 0 draft, 1 published, 2 withdrawn. A published notice whose publish time is still ahead shows as
 * `scheduled` (`NoticeRow.state`). Moves: draft → published (statusnotice 1), published → withdrawn
 * (statusnotice 2), withdrawn → published again; edits only in draft or withdrawn; delete only when not
 * published.
 */
import Type, { type Static } from 'typebox';
import { pageQuery, PagingSchema } from './common.js';
import type { Paged } from '../envelope.js';

/** Gateway paths of the notice calls (POST unless said). */
export const NoticePaths = {
  listnotice: '/gateway/tenant/plat/notice/listnotice',
  getnotice: '/gateway/tenant/plat/notice/getnotice',
  addnotice: '/gateway/tenant/plat/notice/addnotice',
  editnotice: '/gateway/tenant/plat/notice/editnotice',
  deletenotice: '/gateway/tenant/plat/notice/deletenotice',
  /** Publish (status 1) or withdraw (status 2). */
  statusnotice: '/gateway/tenant/plat/notice/statusnotice',
  /** Read receipts of one notice: its audience's users, read or not, with counts. */
  listnoticereceipt: '/gateway/tenant/plat/notice/listnoticereceipt',
  /** Audience candidates of one kind (tenants, organisations, roles, application roles, users), by keyword. */
  listnoticetarget: '/gateway/tenant/plat/notice/listnoticetarget',
  /** GET `${getnoticefile}/{fileId}?code=<md5(token)>`: an image of a notice body (SPEC §7). */
  getnoticefile: '/gateway/tenant/plat/notice/getnoticefile',
  listmynotice: '/gateway/tenant/plat/mynotice/listmynotice',
  /** The notice's detail; the first call records the read. */
  getmynotice: '/gateway/tenant/plat/mynotice/getmynotice',
  /** `{ unread, latest }`: the bell (SPEC §7: the console calls it silently). */
  getmynoticeunread: '/gateway/tenant/plat/mynotice/getmynoticeunread',
} as const;

/** Limits: title ≤ 100 characters, body ≤ 200,000 characters of sanitised HTML, ≤ 500 audience entries. */
export const NOTICE_RULES = { title: { max: 100 }, body: { max: 200_000 }, targets: { max: 500 } } as const;

export const NoticeStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
export type NoticeStatusValue = (typeof NoticeStatus)[keyof typeof NoticeStatus];
/** What the grid shows: the status, with `scheduled` for a published notice not yet due and `expired` past its expiry. */
export type NoticeState = 'draft' | 'scheduled' | 'published' | 'expired' | 'withdrawn';

export const NOTICE_TARGET_KINDS = ['tenant', 'org', 'orgtree', 'role', 'approle', 'user'] as const;
export type NoticeTargetKind = (typeof NOTICE_TARGET_KINDS)[number];
export const NoticeTargetKindSchema = Type.Enum<[...typeof NOTICE_TARGET_KINDS]>([...NOTICE_TARGET_KINDS]);

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Time = Type.String({ maxLength: 40, format: 'date-time' });

/** One audience entry as sent: the kind and the id it names. */
export const NoticeTargetInput = Type.Object({ kind: NoticeTargetKindSchema, id: Id });
export type NoticeTargetInput = Static<typeof NoticeTargetInput>;

export const NOTICE_SORT_FIELDS = ['title', 'status', 'publishAt', 'createdAt', 'updatedAt'] as const;

/** `listnotice`: paged; title contains, status filter, sort. */
export const NoticeListBody = Type.Object({
  ...pageQuery(NOTICE_SORT_FIELDS),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
});
export type NoticeListBody = Static<typeof NoticeListBody>;

const fields = {
  title: Type.String({ maxLength: 200 }),
  /** Rich text (HTML); sanitised by the server (allow-list) and stripped of image `code`s. */
  body: Type.String({ maxLength: 400_000 }),
  targets: Type.Array(NoticeTargetInput, { maxItems: NOTICE_RULES.targets.max }),
  /** Publish time (ISO 8601); absent or null: at the moment of publishing. */
  publishAt: Type.Optional(Type.Union([Time, Type.Null()])),
  expireAt: Type.Optional(Type.Union([Time, Type.Null()])),
  pinned: Type.Optional(Type.Boolean()),
};
/** `addnotice`: a draft. */
export const NoticeAddBody = Type.Object(fields);
export type NoticeAddBody = Static<typeof NoticeAddBody>;
/** `editnotice`: a draft or withdrawn notice. */
export const NoticeEditBody = Type.Object({ id: Id, ...fields });
export type NoticeEditBody = Static<typeof NoticeEditBody>;
export const NoticeIdBody = Type.Object({ id: Id });
export type NoticeIdBody = Static<typeof NoticeIdBody>;
/** `statusnotice`: 1 publish, 2 withdraw. */
export const NoticeStatusBody = Type.Object({ id: Id, status: Type.Union([Type.Literal(1), Type.Literal(2)]) });
export type NoticeStatusBody = Static<typeof NoticeStatusBody>;

/** `listnoticereceipt`: the notice's audience users; `read` true / false filters; `keyword` user name or name starts with. */
export const NoticeReceiptListBody = Type.Object({
  id: Id,
  ...PagingSchema,
  read: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type NoticeReceiptListBody = Static<typeof NoticeReceiptListBody>;

/** `listnoticetarget`: candidates of one kind; `tenantId` narrows organisations, tenant roles and users. */
export const NoticeTargetListBody = Type.Object({
  kind: NoticeTargetKindSchema,
  ...PagingSchema,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  tenantId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type NoticeTargetListBody = Static<typeof NoticeTargetListBody>;

/** `listmynotice`: paged, pinned first then newest; `unread` true: only unread. */
export const MyNoticeListBody = Type.Object({ ...PagingSchema, unread: Type.Optional(Type.Boolean()) });
export type MyNoticeListBody = Static<typeof MyNoticeListBody>;

/** An audience entry as answered: with the names to show. */
export interface NoticeTargetRow {
  kind: NoticeTargetKind;
  id: string;
  name: string;
  tenantName: string;
}

/** A row of the administrator's grid. */
export interface NoticeRow {
  id: string;
  title: string;
  status: NoticeStatusValue;
  state: NoticeState;
  pinned: boolean;
  publishAt: string | null;
  expireAt: string | null;
  publishedAt: string | null;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  readCount: number;
}
/** `getnotice`: the row, the body and the audience. */
export interface NoticeDetail extends NoticeRow {
  body: string;
  targets: NoticeTargetRow[];
}

/** A receipt row: an audience user and when they read (null: not yet). */
export interface NoticeReceiptRow {
  userId: string;
  username: string;
  name: string;
  tenantName: string;
  orgName: string;
  readAt: string | null;
}
/** `listnoticereceipt` answer: the page plus the counts of the whole audience. */
export interface NoticeReceiptPage extends Paged<NoticeReceiptRow> {
  audience: number;
  readCount: number;
  unreadCount: number;
}

/** A candidate audience entry. */
export interface NoticeTargetCandidate {
  id: string;
  name: string;
  tenantId: string;
  tenantName: string;
  hint: string;
}

/** A row of the user's notice list. */
export interface MyNoticeRow {
  id: string;
  productId: string;
  productName: string;
  title: string;
  pinned: boolean;
  publishAt: string;
  read: boolean;
}
/** The user's notice detail. */
export interface MyNoticeDetail extends MyNoticeRow {
  body: string;
  authorName: string;
  expireAt: string | null;
}
/** `getmynoticeunread`. */
export interface MyNoticeUnread {
  unread: number;
  latest: MyNoticeRow[];
}
