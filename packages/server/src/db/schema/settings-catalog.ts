/**
 * Platform configuration lists and licences (issue "Platform administration"; SPEC §7 codetable calls,
 * §9; SPEC §1 system activation). Platform-level tables.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Integration configuration entries: `kind` 'ldap' | 'mail' | 'sms' | 'wx' (WeChat, `data.type` 1/2/3).
 * `data` holds the fields; secrets inside it (passwords, app secrets) are kept encrypted at rest and
 * never answered to a client.
 */
export const integrationConfigs = pgTable(
  'integration_configs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    updatedBy: text('updated_by').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_configs_kind_idx').on(t.kind, t.sort)],
);

/** Licences (activation codes): Ed25519-signed, verified offline; the newest active one is in force. */
export const licences = pgTable(
  'licences',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    customer: text('customer').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    limits: jsonb('limits').notNull(),
    active: boolean('active').notNull().default(true),
    activatedBy: text('activated_by').notNull().default(''),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('licences_active_idx').on(t.active, t.activatedAt)],
);
