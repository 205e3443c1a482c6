/**
 * `npm run migrate`: applies the database migrations and exits, for operators who migrate before starting
 * instances (issue 13; docs/operations.md "PostgreSQL"). Same configuration as main.ts: DATABASE_URL for
 * PostgreSQL (under the migration advisory lock, db/migrate.ts, so it may run while instances start), else
 * the embedded PGlite under MP_DATA_DIR (refused while a server holds that folder). Nothing else is created
 * (no platform administrator). Exit codes: 0 migrated (or nothing to do), 2 data folder in use, 1 any other
 * failure (database unreachable, a migration failed).
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { DataFolderLockedError, openDatabase, rowsOf } from '../db/client.js';

/** Runs the migrations of the configured database; answers the exit code and prints what it did. */
export async function runMigrate(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = loadConfig(env);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  try {
    const database = await openDatabase(config);
    try {
      const applied = rowsOf<{ n: number }>(await database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations'));
      console.log(`Migrated ${where}: ${applied[0]?.n ?? 0} migration(s) applied in total.`);
    } finally {
      await database.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof DataFolderLockedError) {
      console.error(`${err.message}\nStop the server and run \`npm run migrate\` again (a running server has migrated it already).`);
      return 2;
    }
    console.error(`Migration of ${where} failed: ${(err as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runMigrate();
}
