/**
 * The worker store's database (docs/call-logs.md "Where the records live"): opening it as the call-log worker does
 * (calllogs.worker.ts) and keeping it maintained. Its own module so the bench and the tests open and maintain a
 * database exactly as the worker does, without starting a worker.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

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
  await maintainWorkerDatabase(client);
  return client;
}

/**
 * Keeps the planner's view of the records current; the worker runs it at open and after each rollup (every 5
 * minutes). The embedded database has no autovacuum, so nobody else would: BRIN summaries of the page ranges written
 * since the last run (until summarised a range matches every query, and a one-day log page reads the whole table)
 * and the planner statistics of both tables. Answers the number of page ranges summarised.
 */
export async function maintainWorkerDatabase(client: Pick<PGlite, 'query' | 'exec'>): Promise<number> {
  const r = await client.query<{ n: number }>(`select brin_summarize_new_values('call_logs_at_idx')::int as n`);
  await client.exec('analyze call_logs; analyze call_log_hours');
  return r.rows[0]?.n ?? 0;
}
