/**
 * Opens the database: embedded PGlite under MP_DATA_DIR, or PostgreSQL when DATABASE_URL is set.
 * The same Drizzle schema, migrations and queries serve both (issue "Foundation": Database).
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { lockDataFolder } from './data-folder-lock.js';
import { maintainEmbedded, type MaintainedClient } from './embedded-maintenance.js';
import { safeErrorForLog } from '../lib/log-safety.js';
import { migratePostgres } from './migrate.js';

export { DataFolderLockedError } from './data-folder-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories take one as their first argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw `execute` result (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(r: unknown): T[] {
  return ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens and migrates the database. `dataDir` 'memory://' gives a throw-away PGlite (tests). A PGlite
 * data folder is locked exclusively until `close()` (see data-folder-lock.ts; not for memory:// or PostgreSQL).
 * @throws DataFolderLockedError when another running process holds the data folder.
 * @throws when PostgreSQL cannot be reached or a migration fails.
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: envNumber('MP_DB_POOL', 10) });
    // A lost connection (database restart, network) must not kill the process: without these listeners
    // an idle or checked-out client's 'error' is an unhandled event. The broken client is discarded and
    // the pool opens new ones when the database is back; requests meanwhile answer 503 (plugins/errors.ts).
    pool.on('error', (err) => logDbError('idle database connection lost', err));
    pool.on('connect', (client) => {
      client.on('error', (err) => logDbError('database connection lost', err));
    });
    await waitForDatabase(pool, startTimeoutSeconds()).catch(async (err: unknown) => {
      await pool.end().catch(() => undefined);
      throw err;
    });
    const db = drizzle({ client: pool, schema });
    // Under an advisory lock: instances started together migrate one after another (db/migrate.ts).
    await migratePostgres(pool, MIGRATIONS_DIR);
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm: trigram indexes behind the substring searches of platform lists (migration 0007).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (opts.dataDir !== 'memory://') mkdirSync(opts.dataDir, { recursive: true });
  // One process per data folder: a second server (or seed:demo) is refused before PGlite opens it.
  const unlock = opts.dataDir === 'memory://' ? () => undefined : lockDataFolder(opts.dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    const template = opts.dataDir === 'memory://' ? migratedTemplate() : undefined;
    client = new PGlite({
      ...(opts.dataDir === 'memory://' ? {} : { dataDir: opts.dataDir }),
      ...(template ? { loadDataDir: template } : {}),
      extensions: { pg_trgm },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  let db: ReturnType<typeof drizzle<typeof schema>>;
  try {
    await client.waitReady;
    db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close().catch(() => undefined);
    unlock();
    throw err;
  }
  const stopAnalyze = opts.dataDir === 'memory://' ? async () => undefined : keepStatistics(client, analyzeMinutes());
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      try {
        await stopAnalyze();
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

let templateBlob: { file: string; blob: Blob } | undefined;

/**
 * Tests only: the migrated data folder named by `MP_TEST_PGLITE_TEMPLATE` (a `dumpDataDir` tarball made
 * once per test run by testing/pglite-template.ts), read once per process; a `memory://` database starts
 * from a copy of it instead of running every migration (the migrator then finds nothing left to do).
 * Unset or `off` (production, `npm start`; `off` measures a test run without it): undefined, and the database is migrated from empty as always.
 */
function migratedTemplate(): Blob | undefined {
  const file = process.env.MP_TEST_PGLITE_TEMPLATE;
  if (!file || file === 'off') return undefined;
  if (templateBlob?.file !== file) templateBlob = { file, blob: new Blob([readFileSync(file)]) };
  return templateBlob.blob;
}

/** A numeric variable (validated at start by config-env.ts); unset or empty means `fallback`, as the schema says. */
function envNumber(name: string, fallback: number): number {
  const v = process.env[name]?.trim();
  return v ? Number(v) : fallback;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down)|terminating connection due to administrator command/i;

/**
 * True when `err` (or an error in its `cause` chain, e.g. drizzle's wrapper) says the database cannot be
 * reached for the moment: a refused or reset socket, an administrator shutdown or a server starting up
 * (SQLSTATE 57P01-57P03), any connection exception (class 08) or node-postgres' "Connection terminated".
 * Such failures answer 503 and are retried at start (issue 13); every other error is not one.
 */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (e instanceof AggregateError && e.errors.some((x) => isConnectionError(x))) return true;
    if (CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Writes a database connection failure to stderr as one JSON line, without query parameters (lib/log-safety.ts). */
function logDbError(msg: string, err: unknown): void {
  console.error(JSON.stringify({ level: 50, time: Date.now(), msg, err: safeErrorForLog(err) }));
}

/** MP_DB_START_TIMEOUT (seconds, default 60): how long the start waits for PostgreSQL. */
function startTimeoutSeconds(): number {
  const n = envNumber('MP_DB_START_TIMEOUT', 60);
  return Number.isFinite(n) && n >= 0 ? n : 60;
}

/**
 * Waits until `pool` answers `select 1`: retries connection failures (isConnectionError) with an
 * exponential backoff from 250 ms capped at 5 s, each logged, for up to `seconds`.
 * @throws the last connection error when the time is up, or at once any other error (bad password, no such database).
 */
export async function waitForDatabase(pool: { query(q: string): Promise<unknown> }, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (let attempt = 1, delay = 250; ; attempt++, delay = Math.min(delay * 2, 5000)) {
    try {
      await pool.query('select 1');
      if (attempt > 1) console.error(JSON.stringify({ level: 30, time: Date.now(), msg: 'database reachable', attempt }));
      return;
    } catch (err) {
      if (!isConnectionError(err) || Date.now() + delay > deadline) throw err;
      console.error(
        JSON.stringify({ level: 40, time: Date.now(), msg: `database not reachable, retrying in ${delay} ms`, attempt, err: safeErrorForLog(err) }),
      );
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** MP_ANALYZE_MINUTES (default 15; 0 = only at start): how often the embedded database's statistics are refreshed. */
function analyzeMinutes(): number {
  const n = envNumber('MP_ANALYZE_MINUTES', 15);
  return Number.isFinite(n) && n >= 0 ? n : 15;
}

/**
 * The embedded database runs no autovacuum, so without this the planner would choose plans from
 * default estimates for ever (a 100,000-user tenant planned like an empty one) and BRIN indexes would never be
 * summarised (db/embedded-maintenance.ts). Starts the maintenance (BRIN summaries, ANALYZE) now
 * without holding up the start (PGlite runs statements one at a time, so requests simply queue behind
 * it) and then every `minutes` (an unreferenced timer: it never keeps the process alive); PostgreSQL's
 * own autovacuum does this for DATABASE_URL. Failures are ignored (the next run retries). Answers the
 * function that stops the timer and waits for a run in progress, to call before closing.
 */
function keepStatistics(client: MaintainedClient, minutes: number): () => Promise<void> {
  let running: Promise<unknown> = maintainEmbedded(client).catch(() => undefined);
  const timer = minutes
    ? setInterval(() => {
        running = maintainEmbedded(client).catch(() => undefined);
      }, minutes * 60_000)
    : undefined;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await running;
  };
}
