/**
 * Message templates, messages and deliveries (issue 16 part M; SPEC §1 "my message", §2 App notice management;
 * migration 0026; docs/messages.md). Templates and messages are platform-level rows of an application (always
 * filtered by `product_id`); deliveries are tenant-bound (row-level security) and their in-site rows are the
 * users' inbox.
 */
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './catalog.js';
import { tenants } from './platform.js';
import { users } from './tenant.js';

/** Per-language texts of a template or message: language code (ZH_CN, EN_US, JA_JP) → subject and body. */
export type MessageContents = Partial<Record<string, { subject?: string; body: string }>>;
/** A custom variable declared on a template: its name (letters, digits, `_`, dots) and a sample value for the preview. */
export interface MessageVariable {
  name: string;
  sample: string;
}
/** Who a message goes to: users, organisations (with or without their sub-organisations), application roles. */
export interface MessageAudience {
  userIds: string[];
  orgs: { id: string; sub: boolean }[];
  roleIds: string[];
}

/** A message template of an application: one channel ('insite' | 'email' | 'sms'), texts per language. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    contents: jsonb('contents').$type<MessageContents>().notNull(),
    variables: jsonb('variables').$type<MessageVariable[]>().notNull().default([]),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
    description: text('description').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_templates_code_uq').on(t.productId, sql`lower(${t.code})`),
    index('message_templates_product_updated_idx').on(t.productId, t.updatedAt),
  ],
);

/**
 * A message of an application: a template's texts (snapshot) or free text, values of the custom variables,
 * the audience, and when to send. `status`: 'scheduled' (recipients not yet resolved), 'sent' (deliveries
 * written, `recipients` of them), 'cancelled'.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    templateId: text('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    subject: text('subject').notNull().default(''),
    contents: jsonb('contents').$type<MessageContents>().notNull(),
    variables: jsonb('variables').$type<MessageVariable[]>().notNull().default([]),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    /** The sender's language: the fallback for recipients whose language is unknown. */
    language: text('language').notNull().default('ZH_CN'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('scheduled'),
    recipients: integer('recipients').notNull().default(0),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_product_created_idx').on(t.productId, t.createdAt),
    index('messages_due_idx').on(t.sendAt).where(sql`${t.status} = 'scheduled'`),
    index('messages_template_idx').on(t.templateId).where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One delivery per recipient and channel, rendered in the recipient's language. `status`: 'pending' →
 * 'sending' (handed to the provider under this instance's lease) → 'sent' | 'failed' (`reason`); in-site rows
 * are written 'sent' and become 'read' when opened. `messageId` null: a direct in-site message (`sendInSite`,
 * e.g. the approval workflow), named by `sourceKind`/`sourceId`.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    address: text('address').notNull().default(''),
    language: text('language').notNull().default('ZH_CN'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    sourceKind: text('source_kind').notNull().default('message'),
    sourceId: text('source_id').notNull().default(''),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_deliveries_message_idx').on(t.messageId, t.status, t.createdAt),
    index('message_deliveries_inbox_idx').on(t.tenantId, t.userId, t.createdAt).where(sql`${t.channel} = 'insite'`),
    index('message_deliveries_unread_idx').on(t.tenantId, t.userId).where(sql`${t.channel} = 'insite' AND ${t.status} = 'sent'`),
    index('message_deliveries_queue_idx').on(t.createdAt).where(sql`${t.status} IN ('pending', 'sending')`),
  ],
);

/** The console language a user last used (recorded by the inbox calls): picks a template's language for them. */
export const userLanguages = pgTable('user_languages', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull(),
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
