/**
 * Runs the Drizzle migrations on PostgreSQL so that several instances may start together on one database
 * (issue 13, "Faults"): the whole run holds a session-level advisory lock on one dedicated connection, so
 * one instance migrates while the others wait and then find nothing left to do.
 */
import type { Pool } from 'pg';

/** The fixed key of the migration lock (`pg_advisory_lock(bigint)`); any constant unique to MP3.0. */
export const MIGRATION_LOCK_KEY = 7_305_013_301n;

/**
 * Migrates the PostgreSQL database behind `pool` from `migrationsFolder`: takes one connection from the
 * pool, waits for `pg_advisory_lock(MIGRATION_LOCK_KEY)` on it, runs Drizzle's migrator on that same
 * connection (its journal table `drizzle.__drizzle_migrations` tells which files are applied, by their
 * `created_at`), then unlocks and returns the connection. A crashed migrator's lock ends with its session.
 * @throws when PostgreSQL cannot be reached or a migration fails (the lock is released either way).
 */
export async function migratePostgres(pool: Pool, migrationsFolder: string): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch((err: unknown) => {
        broken = err;
      });
    }
  } catch (err) {
    broken = err;
    throw err;
  } finally {
    // A connection whose unlock failed is discarded, so a lock it may still hold ends with it.
    client.release(broken instanceof Error ? broken : undefined);
  }
}
