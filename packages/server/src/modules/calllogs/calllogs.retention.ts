/**
 * Retention of recorded gateway calls (docs/call-logs.md "Retention"): rows older than the configured number of
 * days (MP_CALL_LOG_RETENTION_DAYS) are deleted in batches of `batch` rows, each in its own short transaction
 * (never one long lock over millions of rows), found through the BRIN index `call_logs_at_idx`. A transaction-level
 * advisory lock lets one instance sweep at a time; another that finds it taken skips this round (the rows go
 * in the next one). The hourly rollup's hours before the cut-off go too (calllogs.rollup.ts `sweepCallLogHours`).
 * Runs from plugins/call-log.ts shortly after start and hourly.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { sweepCallLogHours } from './calllogs.rollup.js';

/** Key of the sweep's advisory lock. */
const LOCK = sql`hashtext('mp.call_logs.retention')`;

/**
 * Deletes the call records older than `days` days before `now` (epoch ms), at most `batch` rows per statement,
 * until none is left or `maxBatches` ran. Answers the number of rows deleted (0 when another instance holds the lock).
 */
export async function sweepCallLogs(db: Db, days: number, now = Date.now(), batch = 20_000, maxBatches = 500): Promise<number> {
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await inScope(db, PLATFORM_SCOPE, async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK}) as ok`));
      if (!lock?.ok) return -1;
      const [deleted] = rowsOf<{ n: number }>(
        await tx.execute(sql`with d as (delete from call_logs where ctid = any(array(
        select ctid from call_logs where at < ${cutoff}::timestamptz limit ${batch})) returning 1) select count(*)::int as n from d`),
      );
      return deleted?.n ?? 0;
    });
    if (n < 0) return total;
    total += n;
    if (n < batch) break;
  }
  await sweepCallLogHours(db, now - days * 86_400_000);
  return total;
}
