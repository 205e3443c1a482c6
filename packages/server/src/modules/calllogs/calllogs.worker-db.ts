/**
 * The worker store's database (docs/call-logs.md "Where the records live"): opening it as the call-log worker does
 * (calllogs.worker.ts). Its own module so the bench opens a database exactly as the worker does, without starting a
 * worker. The worker maintains it (db/embedded-maintenance.ts) at open and after each rollup.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { maintainEmbedded } from '../../db/embedded-maintenance.js';

/** The file the worker writes a batch to in its data folder before COPYing it from there (overwritten by the next batch). */
export const BATCH_FILE = 'mp_call_log_batch.copy';

/** The schema version calllogs.worker.sql creates (raise it with the file; 2: no B-tree indexes on call_logs, its identity cached). */
export const WORKER_SCHEMA_VERSION = 2;

/**
 * Opens the database at `dataDir` (a folder, created if missing, or `memory://`), applies calllogs.worker.sql when
 * its version row is older than WORKER_SCHEMA_VERSION, and maintains it once. Errors (database) are thrown.
 */
export async function openWorkerDatabase(dataDir: string): Promise<PGlite> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // 16 MB of shared buffers instead of PGlite's 128 MB: the records are appended and scanned by range, and a reopened
  // database then adds ≈ 120 MB to the process instead of ≈ 230 MB (docs/call-logs.md "Where the records live").
  const client = new PGlite({ ...(dataDir === 'memory://' ? {} : { dataDir }), postgresqlconf: ['shared_buffers = 16MB'] });
  await client.waitReady;
  const known = await client
    .query<{ version: number }>('select version from calllog_schema where id = 1')
    .then((r) => r.rows[0]?.version ?? 0)
    .catch(() => 0);
  if (known < WORKER_SCHEMA_VERSION) {
    await client.exec(readFileSync(new URL('./calllogs.worker.sql', import.meta.url), 'utf8'));
    await client.query('insert into calllog_schema (id, version) values (1, $1) on conflict (id) do update set version = excluded.version', [
      WORKER_SCHEMA_VERSION,
    ]);
  }
  await maintainEmbedded(client);
  return client;
}
