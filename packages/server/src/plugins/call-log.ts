/**
 * Recording of gateway calls (issue 18 "Log and service-call statistics"; docs/call-logs.md; migration 0031).
 * Every answered request under /gateway becomes one `call_logs` row: application, tenant, API (route pattern
 * and method), HTTP status, envelope code, latency (ms), caller (user, OIDC client or nobody), request id, time.
 *
 * Cheap on the hot path: the onResponse hook only pushes a small object into an in-memory buffer (the envelope
 * code is read by an onSend hook from the first bytes of the JSON answer). The buffer is written through the
 * app's call-log store (modules/calllogs/calllogs.store.ts: the main database, or the worker thread's own
 * database of an embedded install) by ONE statement per batch — at most `batch` rows — every `flushMs`,
 * or as soon as it holds `batch` rows. When the buffer holds `buffer` records, new ones are dropped and
 * counted (`dropped`, and `mp_call_log_dropped_total` through `app.opsMetrics`). A failed write puts its rows
 * back (as far as the bound allows; the rest count as dropped). On close (graceful shutdown, after in-flight
 * requests drained) a last flush runs, then the store closes (the worker's database), before the main database
 * closes. Each instance flushes only its own buffer, so nothing is recorded twice; a crash loses at most the last
 * `flushMs` (a crashed call-log worker loses nothing: its failed batch is put back, docs/call-logs.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY } from '@mp/protocol';
import type { CallRecord } from '../modules/calllogs/calllogs.records.js';
import { ROLLUP_EVERY_MS, ROLLUP_FIRST_MS } from '../modules/calllogs/calllogs.rollup.js';
import { openCallLogStore, setCallLogStore, type CallLogStore } from '../modules/calllogs/calllogs.store.js';

export { insertCallRecords, type CallerType, type CallRecord } from '../modules/calllogs/calllogs.records.js';

/** Buffer bounds: `flushMs` write interval, `batch` rows per INSERT, `buffer` most records held. */
export interface CallLogLimits {
  flushMs: number;
  batch: number;
  buffer: number;
}

/** The buffer and its writing; `callLogRecorder(app)` answers the app's one (tests and the bench use it). */
export class CallLogRecorder {
  private records: CallRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private soon = false;
  /** Records dropped because the buffer was full (since start). */
  dropped = 0;
  /** INSERT statements written (since start; tests prove batching with it). */
  inserts = 0;

  constructor(
    private readonly store: Pick<CallLogStore, 'insert'>,
    private readonly log: FastifyInstance['log'],
    private readonly limits: CallLogLimits,
    private readonly onDrop: (n: number) => void = () => undefined,
  ) {}

  /** Buffers one record; drops and counts it when the buffer is full; starts a flush once a batch is ready. */
  add(record: CallRecord): void {
    if (this.records.length >= this.limits.buffer) {
      this.dropped += 1;
      this.onDrop(1);
      return;
    }
    this.records.push(record);
    if (this.records.length >= this.limits.batch && !this.soon) {
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        void this.flush();
      });
    }
  }

  /** Records not yet written. */
  get pending(): number {
    return this.records.length;
  }

  /** Writes everything buffered (one INSERT per `batch` rows), serialised with a flush under way; never throws. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    while (this.records.length > 0) {
      const rows = this.records.splice(0, this.limits.batch);
      try {
        await this.store.insert(rows);
        this.inserts += 1;
      } catch (err) {
        const room = Math.max(0, this.limits.buffer - this.records.length);
        const kept = rows.slice(rows.length - Math.min(room, rows.length));
        this.records.unshift(...kept);
        const lost = rows.length - kept.length;
        if (lost) {
          this.dropped += lost;
          this.onDrop(lost);
        }
        this.log.warn({ err, rows: rows.length, lost }, 'call log flush failed; kept for the next flush');
        return;
      }
    }
  }

  /** Starts the periodic flush (unref'd: it never keeps the process alive). */
  start(): void {
    this.timer = setInterval(() => {
      void this.flush();
    }, this.limits.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** The envelope code of a JSON answer: '1' for success, else its `scode` ('' when not an envelope). */
export function envelopeCode(payload: string): string {
  if (payload.startsWith('{"result":"1"')) return '1';
  const head = payload.length > 4096 ? payload.slice(0, 4096) : payload;
  const i = head.indexOf('"scode":"');
  if (i < 0) return '';
  const end = head.indexOf('"', i + 9);
  return end < 0 ? '' : head.slice(i + 9, Math.min(end, i + 9 + 64));
}

/** The record of one answered request. */
export function recordOf(request: FastifyRequest, reply: FastifyReply): CallRecord {
  const { auth, appClient } = request;
  return {
    at: Date.now(),
    tenantId: request.tenant?.id ?? auth?.tenantId ?? null,
    productId: request.application?.id ?? appClient?.productId ?? null,
    method: request.method,
    api: request.routeOptions.url ?? '(unmatched)',
    status: reply.statusCode,
    code: request.callCode,
    latencyMs: Math.round(reply.elapsedTime * 100) / 100,
    callerType: auth ? 'user' : appClient ? 'client' : 'anonymous',
    callerId: auth?.userId ?? appClient?.clientId ?? '',
    callerName: auth?.username ?? appClient?.clientId ?? '',
    requestId: String(request.id),
  };
}

const instances = new WeakMap<FastifyInstance, CallLogRecorder>();

/** The app's recorder (undefined when recording is off). */
export function callLogRecorder(app: FastifyInstance): CallLogRecorder | undefined {
  return instances.get(app);
}

/** How often the retention sweep runs (ms); tests and operators rarely need to change it. */
export const RETENTION_SWEEP_MS = 3_600_000;

/**
 * Opens the app's call-log store (`config.callLog.store`, calllogs.store.ts; the routes read through it, even with
 * recording off) and registers the hooks, the periodic flush, the retention sweep (once shortly after start, then
 * hourly), the rollup and, in a child context (its onClose runs before the root's, which closes the database), the
 * final flush and the store's close. Call from app.ts after registerMetrics and before the route modules.
 * Registers no hook and no timer when `config.callLog.enabled` is false.
 */
export async function registerCallLog(app: FastifyInstance): Promise<void> {
  const { enabled, retentionDays, store: choice, ...limits } = app.config.callLog;
  const store = openCallLogStore(choice, app.database, app.config.dataDir, app.log);
  setCallLogStore(app, store);
  if (!enabled) {
    // nothing is recorded: the worker store's worker starts only if an administrator reads the older records
    await app.register(async (child) => {
      child.addHook('onClose', () => store.close());
    });
    return;
  }
  // the worker store's worker (and its database's first initdb, and an upgrade's move) start now, not under the
  // first calls; a worker that fails here is logged, and the next operation tries again
  await store.open().catch((err: unknown) => app.log.error({ err }, 'call log store did not open'));
  const recorder = new CallLogRecorder(store, app.log, limits, (n) => app.opsMetrics.callLogDropped(n));
  instances.set(app, recorder);
  app.decorateRequest('callCode', '');
  // Callback-style hooks: no promise per request.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (typeof payload === 'string' && request.url.startsWith(GATEWAY)) request.callCode = envelopeCode(payload);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith(GATEWAY)) recorder.add(recordOf(request, reply));
    done();
  });
  recorder.start();
  const sweep = () => {
    store.sweep(retentionDays, Date.now()).catch((err: unknown) => app.log.warn({ err }, 'call log retention sweep failed'));
  };
  const first = setTimeout(sweep, 30_000);
  const hourly = setInterval(sweep, RETENTION_SWEEP_MS);
  // The hourly rollup of the statistics (modules/calllogs/calllogs.rollup.ts): 10 minutes after start (until then the
  // statistics read the records for the hours not rolled yet, as before), then every 5 minutes.
  let rolling: Promise<unknown> = Promise.resolve();
  let closing = false;
  let rollups: NodeJS.Timeout | undefined;
  const rollup = () => {
    if (closing) return;
    rolling = store
      .rollup(Date.now(), { backDays: retentionDays, stopped: () => closing })
      .catch((err: unknown) => app.log.warn({ err }, 'call log rollup failed'));
  };
  const firstRollup = setTimeout(() => {
    rollup();
    rollups = setInterval(rollup, ROLLUP_EVERY_MS);
    rollups.unref();
  }, ROLLUP_FIRST_MS);
  for (const t of [first, hourly, firstRollup]) t.unref();
  await app.register(async (child) => {
    child.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(hourly);
      clearTimeout(firstRollup);
      clearInterval(rollups);
      closing = true;
      await recorder.stop();
      // the worker store's close stops its rollup between two steps; the database store's run stops by `closing`
      await store.close();
      await rolling;
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope code of the answer ('1' success, else its scode), read by plugins/call-log.ts. */
    callCode: string;
  }
}
