/**
 * The upgrade move (docs/call-logs.md "Where the records live"): an embedded install that recorded calls before
 * the worker store holds them in the main database's call_logs, call_log_hours and call_log_rollup_state. When
 * the worker store first opens and the main call_logs (or the rollup) has rows, they are copied out (`COPY … TO`
 * a blob; nothing writes them meanwhile: the recorder writes to the worker store), imported by the worker
 * (`COPY … FROM`, one transaction of its database), and deleted from the main database only after the worker
 * confirmed. A failed import leaves the
 * main database untouched (the next start tries again).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { COPY_COLUMNS, embeddedClient, HOURS_COLUMNS, STATE_COLUMNS } from './calllogs.records.js';
import type { MoveBlobs } from './calllogs.worker.js';

/**
 * Moves the main (embedded) database's call records through `importer` (the worker's `import`, answering the
 * records it holds). Answers the records moved (0 when there was nothing). Errors of either database are thrown.
 */
export async function moveCallRecords(main: Db, importer: (blobs: MoveBlobs) => Promise<number>): Promise<number> {
  const client = embeddedClient(main);
  if (!client) return 0;
  const [has] = rowsOf<{ logs: boolean; hours: boolean }>(
    await main.execute(sql`select exists(select 1 from call_logs) as logs, exists(select 1 from call_log_hours) as hours`),
  );
  if (!has?.logs && !has?.hours) return 0;
  const out = async (query: string) => {
    const r = await client.query(`copy (${query}) to '/dev/blob'`);
    return r.blob ? await r.blob.arrayBuffer() : new ArrayBuffer(0);
  };
  const logs = await out(`select ${COPY_COLUMNS} from call_logs order by id`);
  const hours = await out(`select ${HOURS_COLUMNS} from call_log_hours`);
  const state = await out(`select ${STATE_COLUMNS} from call_log_rollup_state`);
  const [n] = rowsOf<{ n: number }>(await main.execute(sql`select count(*)::int as n from call_logs`));
  await importer({ logs, hours, state });
  await main.execute(sql`truncate call_logs, call_log_hours, call_log_rollup_state`);
  return Number(n?.n ?? 0);
}
