/**
 * WeChat QR sign-in tickets (issue 18 "WeChat sign-in"; docs/wechat-signin.md). Platform-level like
 * sessions and captchas (the signer is not in a tenant yet), so no row-level security. Both secrets —
 * the poller's ticket and the `state` the QR code carries — are kept only as SHA-256 hashes; a row lives
 * a few minutes and is used once.
 * `status`: 'waiting' (QR shown) → 'scanned' (the phone reached the callback; the code exchange runs) →
 * 'identified' (`wx_account` known) → 'done' (signed in; `used_at` set), or 'failed' (`error`). Expired rows are swept.
 */
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const wechatLoginTickets = pgTable(
  'wechat_login_tickets',
  {
    id: text('id').primaryKey(),
    /** SHA-256 (hex) of the ticket the login page polls with. */
    ticketHash: text('ticket_hash').notNull(),
    /** SHA-256 (hex) of the `state` in the authorize URL. */
    stateHash: text('state_hash').notNull(),
    /** The integration_configs entry (kind 'wx') and its WeChat type 1/2/3 at issue time. */
    configId: text('config_id').notNull(),
    wxType: smallint('wx_type').notNull(),
    /** The TENANTID header of the page that asked ('' or 'sys': any tenant). */
    tenantHint: text('tenant_hint').notNull().default(''),
    status: text('status').notNull().default('waiting'),
    /** The open id (official account, open platform) or user id (enterprise WeChat) once known. */
    wxAccount: text('wx_account'),
    /** Why the scan failed (`{ code, params }`, status 'failed'): the next poll answers that error. */
    error: jsonb('error'),
    /** Wrong passwords on the binding form of this ticket. */
    bindFailures: integer('bind_failures').notNull().default(0),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wechat_login_tickets_ticket_uq').on(t.ticketHash),
    uniqueIndex('wechat_login_tickets_state_uq').on(t.stateHash),
    index('wechat_login_tickets_expires_idx').on(t.expiresAt),
  ],
);
