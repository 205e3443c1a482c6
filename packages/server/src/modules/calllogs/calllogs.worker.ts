/**
 * The worker thread of the worker store (calllogs.worker-store.ts; docs/call-logs.md "Where the records live"):
 * its own embedded database (PGlite at `workerData.dataDir`, a folder or `memory://`) holding call_logs,
 * call_log_hours and call_log_rollup_state (calllogs.worker.sql, applied at every start, version in
 * calllog_schema). It answers RPC messages `{ id, op, args }` with `{ id, result }` or `{ id, error }`; the
 * queries, statistics, rollup and retention are the module's own functions run against this database, so the
 * gateway's thread only builds the binary COPY file of a batch (in a shared buffer, or transferred). With a data
 * folder the worker writes that file into the folder and COPYs it from there (`BATCH_FILE`): no JavaScript memory
 * is allocated per batch, where a COPY from a blob allocates the batch twice more and made V8 collect this
 * thread's heap every ≈ 0.7 s under load (docs/benchmarks.md "Call logs"). Posts `{ ready: true }` once open.
 * Built as `dist/calllog-worker.js` in production (packages/server/build.ts).
 */
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client.js';
import { maintainEmbedded } from '../../db/embedded-maintenance.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { countCalls, selectCalls, type CallLogView, type CallQuery } from './calllogs.query.js';
import { COPY_BINARY_SQL, COPY_COLUMNS, copyBinaryFromFileSql, copyCallRecords, HOURS_COLUMNS, STATE_COLUMNS } from './calllogs.records.js';
import { sweepCallLogs } from './calllogs.retention.js';
import { rollUpCallLogs, type RollupOptions } from './calllogs.rollup.js';
import { callStatistics } from './calllogs.stats.js';
import { BATCH_FILE, openWorkerDatabase } from './calllogs.worker-db.js';

/** The blobs of an upgrade move (COPY text of the main database's tables; calllogs.move.ts). */
export interface MoveBlobs {
  logs: ArrayBuffer;
  hours: ArrayBuffer;
  state: ArrayBuffer;
}

/** A binary COPY file (calllogs.records.ts `writeCopyBinary`) in the first `length` bytes of a buffer shared with the gateway's thread. */
export interface SharedCopy {
  shared: SharedArrayBuffer;
  length: number;
}

/** The operations and their arguments (the worker store's RPC). */
export interface WorkerOps {
  /**
   * Appends a batch: a COPY file of its own (transferred) or one in the shared buffer (read before the answer);
   * `first` / `last` the epoch ms of its earliest and latest record (a late batch moves the rollup back).
   */
  insert(copy: ArrayBuffer | SharedCopy, first: number, last: number): Promise<void>;
  import(blobs: MoveBlobs): Promise<number>;
  statistics(q: CallQuery, view: CallLogView): Promise<unknown>;
  count(q: CallQuery, view: CallLogView): Promise<number>;
  select(q: CallQuery, view: CallLogView, limit: number, offset: number): Promise<unknown>;
  rollup(backDays: number, now: number, o: Pick<RollupOptions, 'hoursPerTx' | 'maxSteps'>): Promise<number>;
  sweep(days: number, now: number): Promise<number>;
  close(): Promise<void>;
}

/** A request to the worker and its answer. */
export interface WorkerRequest {
  id: number;
  op: keyof WorkerOps;
  args: unknown[];
}
export type WorkerReply = { id: number; result: unknown } | { id: number; error: { message: string; stack?: string } } | { ready: true };

async function main(): Promise<void> {
  const port = parentPort!;
  const { dataDir } = workerData as { dataDir: string };
  const client = await openWorkerDatabase(dataDir);
  const db = drizzle({ client }) as unknown as Db;
  // a data folder is the database's own data directory, which the server can read files from; the batch file stays
  // open and each batch overwrites it in place and cuts it to its length (truncating it to nothing and writing it
  // again made ext4 write the old blocks out first: ≈ 8 ms of the worker's time a batch under load)
  const batchFile =
    dataDir === 'memory://'
      ? undefined
      : {
          fd: openSync(join(dataDir, BATCH_FILE), 'w', 0o600), // call records: readable by the server's user only
          sql: copyBinaryFromFileSql(`${(await client.query<{ data_directory: string }>('show data_directory')).rows[0]!.data_directory}/${BATCH_FILE}`),
        };
  let closing = false;
  const running = new Set<Promise<unknown>>();
  const append = async (copy: ArrayBuffer | SharedCopy, first: number, last: number) => {
    const bytes = copy instanceof ArrayBuffer ? new Uint8Array(copy) : new Uint8Array(copy.shared, 0, copy.length);
    if (batchFile) {
      writeSync(batchFile.fd, bytes, 0, bytes.length, 0);
      ftruncateSync(batchFile.fd, bytes.length);
    }
    const options = batchFile ? {} : { blob: new Blob([copy instanceof ArrayBuffer ? copy : bytes.slice()]) };
    await copyCallRecords(client, batchFile?.sql ?? COPY_BINARY_SQL, options, first, last);
  };
  let batches: Promise<unknown> = Promise.resolve();
  const read = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(db, PLATFORM_SCOPE, fn, { readOnly: true });
  const ops: WorkerOps = {
    insert: (copy, first, last) => {
      // one batch at a time: the batch file holds one batch, and the next write must wait for the COPY reading it
      const run = batches.then(() => append(copy, first, last));
      batches = run.catch(() => undefined);
      return run;
    },
    import: async (b) =>
      client.transaction(async (tx) => {
        await tx.query(`copy call_logs (${COPY_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([b.logs]) });
        await tx.query(`copy call_log_hours (${HOURS_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([b.hours]) });
        if (b.state.byteLength) {
          await tx.query('delete from call_log_rollup_state');
          await tx.query(`copy call_log_rollup_state (${STATE_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([b.state]) });
        }
        const r = await tx.query<{ n: number }>('select count(*)::int as n from call_logs');
        return r.rows[0]?.n ?? 0;
      }),
    statistics: (q, view) => read((tx) => callStatistics(tx, q, view)),
    count: (q, view) => read((tx) => countCalls(tx, q, view)),
    select: (q, view, limit, offset) => read((tx) => selectCalls(tx, q, view, limit, offset)),
    rollup: async (backDays, now, o) => {
      const hours = await rollUpCallLogs(db, backDays, now, { ...o, stopped: () => closing });
      if (!closing) await maintainEmbedded(client);
      return hours;
    },
    sweep: (days, now) => sweepCallLogs(db, days, now),
    close: async () => {
      closing = true;
      await Promise.allSettled([...running]);
      await client.close();
      if (batchFile) closeSync(batchFile.fd);
    },
  };
  port.on('message', (m: WorkerRequest) => {
    const call = (ops[m.op] as (...a: unknown[]) => Promise<unknown>)(...m.args);
    if (m.op !== 'close') running.add(call);
    call.then(
      (result) => port.postMessage({ id: m.id, result } satisfies WorkerReply),
      (err: unknown) => {
        const e = err instanceof Error ? err : new Error(String(err));
        port.postMessage({ id: m.id, error: { message: e.message, ...(e.stack ? { stack: e.stack } : {}) } } satisfies WorkerReply);
      },
    );
    void call.finally(() => running.delete(call)).catch(() => undefined);
    if (m.op === 'close') void call.finally(() => port.close());
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}

await main();
