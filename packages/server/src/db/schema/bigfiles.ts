/**
 * Big files on several instances (issue 18; migration 0036; docs/bigfile.md "Several instances"): the shared
 * tus lock leases and the quota reservations. Platform-level (no tenant, no row-level security); the bytes and
 * records of uploads stay in the shared folder.
 */
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One lease per locked upload `id`: held by the request token `holder` until `expiresAt` (renewed by its instance). */
export const bigFileLocks = pgTable(
  'bigfile_locks',
  {
    id: text('id').primaryKey(),
    holder: text('holder').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releaseRequested: boolean('release_requested').notNull().default(false),
  },
  (t) => [index('bigfile_locks_holder_idx').on(t.holder)],
);

/** The declared size (`bytes`) of upload `id`, created recently on some instance; counted by the quota until `expiresAt`. */
export const bigFileReservations = pgTable('bigfile_reservations', {
  id: text('id').primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
