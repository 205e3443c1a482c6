/**
 * Recording of gateway calls (issue 18 "Log and service-call statistics"; docs/call-logs.md; migration 0031).
 * Every answered request under /gateway becomes one `call_logs` row: application, tenant, API (route pattern
 * and method), HTTP status, envelope code, latency (ms), caller (user, OIDC client or nobody), request id, time.
 *
 * Cheap on the hot path: the onResponse hook only pushes a small object into an in-memory buffer (the envelope
 * code is read by an onSend hook from the first bytes of the JSON answer). The buffer is written by ONE
 * statement per batch — `INSERT … SELECT FROM unnest(<12 arrays>)`, at most `batch` rows — every `flushMs`,
 * or as soon as it holds `batch` rows. When the buffer holds `buffer` records, new ones are dropped and
 * counted (`dropped`, and `mp_call_log_dropped_total` through `app.opsMetrics`). A failed write puts its rows
 * back (as far as the bound allows; the rest count as dropped). On close (graceful shutdown, after in-flight
 * requests drained) a last flush runs before the database closes. Each instance flushes only its own buffer,
 * so nothing is recorded twice; a crash loses at most the last `flushMs`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { GATEWAY } from '@mp/protocol';
import type { Db } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { sweepCallLogs } from '../modules/calllogs/calllogs.retention.js';
import { ROLLUP_EVERY_MS, ROLLUP_FIRST_MS, rollUpCallLogs } from '../modules/calllogs/calllogs.rollup.js';

/** Who made a call: a signed-in user, a policy-service OIDC client, or nobody (public and refused calls). */
export type CallerType = 'user' | 'client' | 'anonymous';

/** One recorded call as buffered. `at` epoch ms; `latencyMs` milliseconds. */
export interface CallRecord {
  at: number;
  tenantId: string | null;
  productId: string | null;
  method: string;
  api: string;
  status: number;
  code: string;
  latencyMs: number;
  callerType: CallerType;
  callerId: string;
  callerName: string;
  requestId: string;
}

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
    private readonly db: Db,
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
        await insertCallRecords(this.db, rows);
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

const COLUMNS = 'at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id';

/** The embedded database's client behind `db` (it can COPY from a blob), or undefined on PostgreSQL. */
function embeddedClient(db: Db): EmbeddedClient | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as EmbeddedClient | undefined;
  return client && typeof client.waitReady !== 'undefined' && typeof client.query === 'function' ? client : undefined;
}

interface EmbeddedClient {
  waitReady: unknown;
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value in COPY's text format: `\N` for null; backslash, tab, newline and carriage return escaped. */
export function copyValue(v: string | null): string {
  if (v === null) return '\\N';
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : v;
}

/**
 * Inserts `rows` in ONE statement. On the embedded database (PGlite, in the gateway's own thread, where the
 * write's CPU is the gateway's): `COPY call_logs FROM` a blob of tab-separated lines, about half the CPU per
 * row of the INSERT below (docs/benchmarks.md "Call logs"); it runs as the embedded database's owner, outside
 * row-level security (COPY FROM refuses tables with it), which changes nothing for this write: the recorder
 * writes every tenant's rows in the platform scope anyway (docs/security.md "Call records"). On PostgreSQL
 * (the write runs in the database server): `INSERT … SELECT FROM unnest(<12 arrays>)` in the platform scope
 * (12 parameters whatever the row count). Errors (database) are thrown; the recorder keeps the rows.
 */
export async function insertCallRecords(db: Db, rows: CallRecord[]): Promise<void> {
  if (!rows.length) return;
  const embedded = embeddedClient(db);
  if (embedded) {
    let text = '';
    for (const r of rows)
      text += `${new Date(r.at).toISOString()}\t${copyValue(r.tenantId)}\t${copyValue(r.productId)}\t${copyValue(r.method)}\t${copyValue(r.api)}\t${r.status}\t${copyValue(r.code)}\t${r.latencyMs}\t${r.callerType}\t${copyValue(r.callerId)}\t${copyValue(r.callerName)}\t${copyValue(r.requestId)}\n`;
    await embedded.query(`copy call_logs (${COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  const col = <T>(f: (r: CallRecord) => T) => sql.param(rows.map(f));
  await inScope(db, PLATFORM_SCOPE, (tx) =>
    tx.execute(sql`insert into call_logs
    (at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id)
    select * from unnest(${col((r) => new Date(r.at).toISOString())}::timestamptz[], ${col((r) => r.tenantId)}::text[], ${col((r) => r.productId)}::text[],
      ${col((r) => r.method)}::text[], ${col((r) => r.api)}::text[], ${col((r) => r.status)}::smallint[], ${col((r) => r.code)}::text[],
      ${col((r) => r.latencyMs)}::real[], ${col((r) => r.callerType)}::text[], ${col((r) => r.callerId)}::text[], ${col((r) => r.callerName)}::text[],
      ${col((r) => r.requestId)}::text[])`),
  );
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
 * Registers the hooks, the periodic flush, the retention sweep (once shortly after start, then hourly) and the
 * final flush in a child context (its onClose runs before the root's, which closes the database). Call from
 * app.ts after registerMetrics and before the route modules. Does nothing when `config.callLog.enabled` is false.
 */
export async function registerCallLog(app: FastifyInstance): Promise<void> {
  const { enabled, retentionDays, ...limits } = app.config.callLog;
  if (!enabled) return;
  const recorder = new CallLogRecorder(app.database.db, app.log, limits, (n) => app.opsMetrics.callLogDropped(n));
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
    sweepCallLogs(app.database.db, retentionDays).catch((err: unknown) => app.log.warn({ err }, 'call log retention sweep failed'));
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
    rolling = rollUpCallLogs(app.database.db, retentionDays, Date.now(), { stopped: () => closing }).catch((err: unknown) =>
      app.log.warn({ err }, 'call log rollup failed'),
    );
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
      await rolling;
      await recorder.stop();
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope code of the answer ('1' success, else its scode), read by plugins/call-log.ts. */
    callCode: string;
  }
}
