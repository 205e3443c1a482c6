/**
 * The worker store (docs/call-logs.md "Where the records live"): the call records in a second embedded database
 * that runs in a `worker_threads` Worker (calllogs.worker.ts), so an embedded install's batch COPY and its long
 * statistics queries leave the gateway's thread. The gateway's thread only writes a batch's binary COPY file into
 * the buffer it shares with the worker (`insert`).
 *
 * The worker starts at the first operation. If it dies, the operations under way fail (the recorder keeps its
 * rows: plugins/call-log.ts puts a failed batch back), the death is logged, and the next operation starts a new
 * one. The first start in a process moves the records an embedded main database still holds (calllogs.move.ts).
 * `close()` asks the worker to finish and close its database, and terminates it after `closeMs`.
 * In development and tests the worker is the TypeScript file, loaded through tsx; in production
 * `dist/calllog-worker.js` beside `dist/main.js` (packages/server/build.ts).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { CallLogRow, CallStats } from '@mp/protocol';
import type { Db } from '../../db/client.js';
import { moveCallRecords } from './calllogs.move.js';
import type { CallLogView, CallQuery } from './calllogs.query.js';
import { copyBinary, copyBinaryBound, writeCopyBinary, type CallRecord } from './calllogs.records.js';
import { batchSpan } from './calllogs.rollup.js';
import type { CallLogStore, StoreRollupOptions } from './calllogs.store-api.js';
import type { WorkerOps, WorkerReply, WorkerRequest } from './calllogs.worker.js';

/**
 * How to start the worker: the built `calllog-worker.js` next to the bundle (production), or the TypeScript
 * source next to this file (development, tests), loaded through tsx's loader, which a small bootstrap registers
 * in the worker first (`execArgv: ['--import', 'tsx']` does not reach a worker's module loader on Node 20).
 */
function workerEntry(): { file: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { file: new URL('./calllog-worker.js', import.meta.url), eval: false };
  // the ESM build of tsx's API (require.resolve answers the CommonJS one, which cannot register in a worker)
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = new URL('./calllogs.worker.ts', import.meta.url).href;
  return { file: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

/** `dataDir` the worker's database (a folder or `memory://`); `moveFrom` an embedded main database to empty. */
export interface WorkerStoreOptions {
  dataDir: string;
  log: FastifyInstance['log'];
  moveFrom?: Db;
  /** Most ms `close()` waits for the worker before terminating it. */
  closeMs?: number;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export class WorkerCallLogStore implements CallLogStore {
  readonly kind = 'worker';
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private moved = false;
  private closed = false;
  /** Workers started (tests: a new one after a crash). */
  starts = 0;
  /** The batch buffer shared with the worker (grown to the largest batch), and whether a batch in it is under way. */
  private shared: { sab: SharedArrayBuffer; view: Buffer } | undefined;
  private sharedBusy = false;
  /** Batches sent in the shared buffer / in a transferred buffer of their own (tests). */
  readonly sent = { shared: 0, transferred: 0 };

  constructor(private readonly o: WorkerStoreOptions) {}

  /** The running worker, started (and the old records moved) when there is none. */
  private start(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error('call log store closed'));
    if (this.ready) return this.ready;
    const entry = workerEntry();
    const w = new Worker(entry.file, { workerData: { dataDir: this.o.dataDir }, eval: entry.eval });
    this.worker = w;
    this.starts += 1;
    // an idle worker never keeps the process alive (ref'd again while its start or an operation is under way)
    const idle = () => {
      if (!this.pending.size) w.unref();
    };
    const ready = new Promise<Worker>((resolve, reject) => {
      w.on('message', (m: WorkerReply) => {
        if ('ready' in m) {
          idle();
          return resolve(w);
        }
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        idle();
        if ('error' in m) p.reject(Object.assign(new Error(m.error.message), { workerStack: m.error.stack }));
        else p.resolve(m.result);
      });
      w.on('error', (err) => {
        this.o.log.error({ err }, 'call log worker failed');
        reject(err);
      });
      w.on('exit', (code) => {
        reject(new Error(`call log worker exited (${code}) before it was ready`));
        if (this.worker === w) {
          this.worker = undefined;
          this.ready = undefined;
          for (const [id, p] of this.pending) {
            this.pending.delete(id);
            p.reject(new Error(`call log worker exited (${code})`));
          }
          if (!this.closed) this.o.log.error({ code }, 'call log worker exited; a new one starts at the next write');
        }
      });
    }).then(async (worker) => {
      if (!this.moved && this.o.moveFrom) {
        const n = await moveCallRecords(
          this.o.moveFrom,
          (blobs) => this.send(worker, 'import', [blobs], [blobs.logs, blobs.hours, blobs.state]) as Promise<number>,
        );
        if (n) this.o.log.info({ records: n }, 'call records moved from the main database to the call-log database');
      }
      this.moved = true;
      return worker;
    });
    ready.catch(() => {
      if (this.worker === w) {
        this.worker = undefined;
        this.ready = undefined;
        void w.terminate();
      }
    });
    this.ready = ready;
    return ready;
  }

  private send(w: Worker, op: WorkerRequest['op'], args: unknown[], transfer: ArrayBuffer[] = []): Promise<unknown> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.ref(); // the thread keeps the process alive only while an operation waits for it
      w.postMessage({ id, op, args } satisfies WorkerRequest, transfer);
    });
  }

  private async call<K extends keyof WorkerOps>(op: K, args: Parameters<WorkerOps[K]>, transfer?: ArrayBuffer[]): Promise<Awaited<ReturnType<WorkerOps[K]>>> {
    const w = await this.start();
    return (await this.send(w, op, args, transfer)) as Awaited<ReturnType<WorkerOps[K]>>;
  }

  async open(): Promise<void> {
    await this.start();
  }

  /**
   * Appends `rows` in one COPY in the worker. The COPY file is written into the buffer shared with the worker (grown
   * when a batch needs more), so a batch allocates no memory on either thread (V8 counts every buffer allocated
   * or transferred towards its next full collection; docs/benchmarks.md "Call logs"); a second batch sent while one
   * is under way (not done by the recorder, which writes one at a time) gets a buffer of its own, transferred. A
   * batch holding records of hours already rolled up moves the rollup back in the COPY's transaction
   * (calllogs.rollup.ts `lateRecordsSql`).
   */
  async insert(rows: CallRecord[]): Promise<void> {
    if (!rows.length) return;
    const { first, last } = batchSpan(rows);
    if (this.sharedBusy) {
      const bytes = copyBinary(rows);
      this.sent.transferred += 1;
      await this.call('insert', [bytes, first, last], [bytes]);
      return;
    }
    this.sharedBusy = true;
    try {
      const need = copyBinaryBound(rows);
      if (!this.shared || this.shared.sab.byteLength < need) {
        const sab = new SharedArrayBuffer(Math.max(need, 2 * (this.shared?.sab.byteLength ?? 0), 1 << 20));
        this.shared = { sab, view: Buffer.from(sab) };
      }
      const length = writeCopyBinary(rows, this.shared.view);
      this.sent.shared += 1;
      await this.call('insert', [{ shared: this.shared.sab, length }, first, last]);
    } finally {
      this.sharedBusy = false;
    }
  }
  async statistics(q: CallQuery, view: CallLogView): Promise<CallStats> {
    return (await this.call('statistics', [q, view])) as CallStats;
  }
  count(q: CallQuery, view: CallLogView): Promise<number> {
    return this.call('count', [q, view]);
  }
  async select(q: CallQuery, view: CallLogView, limit: number, offset: number): Promise<CallLogRow[]> {
    return (await this.call('select', [q, view, limit, offset])) as CallLogRow[];
  }
  rollup(now: number, { backDays, hoursPerTx, maxSteps }: StoreRollupOptions): Promise<number> {
    return this.call('rollup', [backDays, now, { ...(hoursPerTx ? { hoursPerTx } : {}), ...(maxSteps ? { maxSteps } : {}) }]);
  }
  sweep(retentionDays: number, now: number): Promise<number> {
    return this.call('sweep', [retentionDays, now]);
  }

  /** Tests: ends the worker abruptly, as a crash would (its operations under way fail). */
  async kill(): Promise<void> {
    await this.worker?.terminate();
  }

  async close(): Promise<void> {
    const w = this.worker;
    const ready = this.ready;
    this.closed = true;
    if (!w || !ready) return;
    const started = await ready.then(
      () => true,
      () => false,
    );
    if (!started) return;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, this.o.closeMs ?? 10_000).unref());
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    await Promise.race([this.send(w, 'close', []).then(() => exited), timeout, exited]).catch((err: unknown) =>
      this.o.log.warn({ err }, 'call log worker did not close cleanly'),
    );
    await w.terminate();
  }
}
