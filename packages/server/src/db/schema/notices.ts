/**
 * Notices (issue 16 "Notices"; migration 0025; docs/notices.md): an application's announcements
 * (platform-level rows of a product, always filtered by `product_id`), their audience (evaluated in SQL at
 * read time), the images their bodies show, and who read them (tenant-bound, row-level security).
 */
import { boolean, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './catalog.js';
import { tenants } from './platform.js';
import { users } from './tenant.js';

/** A notice: status 0 draft, 1 published (scheduled while `publishAt` is ahead), 2 withdrawn. */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleLc: text('title_lc').generatedAlwaysAs(sql`lower(title)`),
    /** Sanitised HTML (modules/notices/notice-html.ts); image sources without any `code`. */
    body: text('body').notNull().default(''),
    status: smallint('status').notNull().default(0),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    authorId: text('author_id').notNull().default(''),
    authorName: text('author_name').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_product_updated_idx').on(t.productId, t.updatedAt),
    index('notices_live_idx').on(t.productId, t.pinned, t.publishAt).where(sql`status = 1`),
  ],
);

/** One audience entry: kind 'tenant' | 'org' | 'orgtree' | 'role' | 'approle' | 'user' and the id it names. */
export const noticeTargets = pgTable(
  'notice_targets',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    /** The tenant of an organisation, role or user target (null for a tenant or an application role). */
    tenantId: text('tenant_id'),
    /** Copies of the published notice's pinned flag, publish time and expiry (null live_from: not published). */
    pinned: boolean('pinned').notNull().default(false),
    liveFrom: timestamp('live_from', { withTimezone: true }),
    liveUntil: timestamp('live_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'notice_targets_pk', columns: [t.noticeId, t.kind, t.targetId] }),
    // partial, with INCLUDE columns (notice_id, product_id, pinned, live_from, live_until): migration 0025
    index('notice_targets_live_idx').on(t.kind, t.targetId).where(sql`live_from is not null`),
  ],
);

/** An uploaded image (files.id) shown by a notice's body. */
export const noticeFiles = pgTable(
  'notice_files',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
  },
  (t) => [primaryKey({ name: 'notice_files_pk', columns: [t.noticeId, t.fileId] }), index('notice_files_file_idx').on(t.fileId)],
);

/** A read receipt: the user opened the notice (first time only). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notice_reads_pk', columns: [t.noticeId, t.userId] }), index('notice_reads_user_idx').on(t.userId, t.noticeId)],
);
