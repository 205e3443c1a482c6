/**
 * Service accounts (issue 17 "The API as a product"; migration 0030; docs/service-accounts.md): the
 * credential of a non-interactive principal. The principal itself is a `users` row (name, description and
 * status live there, so every guard, role, data-scope and acting-on rule applies unchanged); this row holds
 * the public key id, the SHA-256 of the secret (never the secret), an optional expiry and the last use.
 * Tenant-bound with row-level security.
 */
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './platform.js';
import { users } from './tenant.js';

export const serviceAccounts = pgTable(
  'service_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    keyId: text('key_id').notNull(),
    /** Hex SHA-256 of the 32 secret bytes (modules/serviceaccounts/serviceaccounts.credential.ts). */
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_accounts_key_id_uq').on(t.keyId), index('service_accounts_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
