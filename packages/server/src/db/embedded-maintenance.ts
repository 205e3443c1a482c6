/**
 * What autovacuum would do for the embedded database (PGlite runs none): summarise the page ranges of every BRIN
 * index written since the last run (until summarised, a range matches every query, so a time-range scan through
 * the index reads the whole table) and refresh the planner statistics (ANALYZE). Used by the main embedded database
 * (db/client.ts, every MP_ANALYZE_MINUTES) and by the call-log worker's own database (calllogs.worker-db.ts, at open
 * and after each rollup). Its own module, with no other imports, so the worker's bundle stays small.
 */

/** The part of a PGlite client maintenance needs. */
export interface MaintainedClient {
  query<T>(q: string): Promise<{ rows: T[] }>;
  exec(q: string): Promise<unknown>;
}

/**
 * Summarises every BRIN index's new page ranges, then runs ANALYZE. Answers the number of page ranges summarised.
 * Errors (database) are thrown; callers that run it on a timer ignore them (the next run retries).
 */
export async function maintainEmbedded(client: MaintainedClient): Promise<number> {
  const r = await client.query<{ n: number }>(
    `select coalesce(sum(brin_summarize_new_values(i.indexrelid::regclass)), 0)::int as n
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'brin'`,
  );
  await client.exec('analyze');
  return r.rows[0]?.n ?? 0;
}
