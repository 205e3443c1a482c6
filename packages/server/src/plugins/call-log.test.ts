/**
 * Recording of gateway calls (plugins/call-log.ts; docs/call-logs.md): real calls through the gateway on real
 * PGlite are buffered and written in ONE INSERT per batch (not one per request), drops are counted when the
 * buffer is full (also in `mp_call_log_dropped_total`), the buffer is flushed on graceful shutdown before the
 * database closes, and the retention sweep deletes only rows older than the configured days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, rowsOf, type Db } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { ADMIN_PASSWORD } from '../testing/test-app.js';
import { GatewayClient } from '../testing/gateway-client.js';
import { sweepCallLogs } from '../modules/calllogs/calllogs.retention.js';
import { callLogStore, DatabaseCallLogStore } from '../modules/calllogs/calllogs.store.js';
import type { WorkerCallLogStore } from '../modules/calllogs/calllogs.worker-store.js';
import { CallLogRecorder, callLogRecorder, envelopeCode, insertCallRecords, type CallRecord } from './call-log.js';
import { gracefulShutdown } from './shutdown.js';

const CONFIG = {
  dataDir: 'memory://',
  adminUsername: 'admin',
  adminPassword: ADMIN_PASSWORD,
  loginCaptcha: '0',
  captchaPowWork: 6,
  consoleDir: '/nonexistent',
} as const;
/** Flushes only when asked (or on close): the timer never fires during a test. */
const QUIET = { enabled: true, retentionDays: 30, flushMs: 60_000, batch: 10_000, buffer: 100_000, store: 'database' } as const;

let database: Awaited<ReturnType<typeof openDatabase>>;

const count = async (db: Db, where = sql`true`) => {
  const [r] = rowsOf<{ n: number }>(await inScope(db, PLATFORM_SCOPE, (tx) => tx.execute(sql`select count(*)::int as n from call_logs where ${where}`)));
  return Number(r?.n ?? 0);
};
const record = (patch: Partial<CallRecord> = {}): CallRecord => ({
  at: Date.now(),
  tenantId: 'sys',
  productId: null,
  method: 'POST',
  api: '/gateway/x',
  status: 200,
  code: '1',
  latencyMs: 1.5,
  callerType: 'anonymous',
  callerId: '',
  callerName: '',
  requestId: 'r',
  ...patch,
});

beforeAll(async () => {
  database = await openDatabase(CONFIG);
});
afterAll(async () => {
  await database.close();
});

describe('recording through the gateway', () => {
  // the same through both stores (calllogs.store.ts); the worker store's database is its own memory:// one
  it.each(['database', 'worker'] as const)(
    '%s store: buffers answered calls and writes many of them in one INSERT, with API pattern, status, code, caller and latency',
    async (store) => {
      const { app } = await buildApp({ ...CONFIG, callLog: { ...QUIET, store } }, { logger: false, database });
      await app.ready();
      try {
        const recorder = callLogRecorder(app)!;
        const records = callLogStore(app);
        expect(records.kind).toBe(store);
        const q = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 600_000), api: Paths.listtenant };
        const admin = await new GatewayClient(app).init();
        await admin.signIn('admin', ADMIN_PASSWORD);
        await recorder.flush();
        const before = await records.count(q, {});
        const inserts = recorder.inserts;
        for (let i = 0; i < 20; i++) expect((await admin.post(Paths.listtenant, { page: 1, pageSize: 10 })).body.result).toBe('1');
        const bad = await admin.post(Paths.listtenant, { page: 0 });
        expect(bad.status).toBe(400);
        await app.inject({ method: 'GET', url: '/healthz' }); // not under /gateway: not recorded
        expect(recorder.pending).toBe(21);
        expect(await records.count(q, {})).toBe(before); // nothing written per request
        await recorder.flush();
        expect(recorder.inserts - inserts).toBe(1); // 21 calls, one statement
        expect(await records.count(q, {})).toBe(before + 21);
        const rows = await records.select(q, {}, 21, 0);
        expect(rows).toHaveLength(21);
        expect(
          rows.every(
            (r) =>
              r.api === Paths.listtenant &&
              r.method === 'POST' &&
              r.callerType === 'user' &&
              r.callerName === 'admin' &&
              r.callerId === admin.userId &&
              r.tenantId === 'sys' &&
              r.requestId !== '',
          ),
        ).toBe(true);
        expect(rows.every((r) => r.latencyMs > 0)).toBe(true);
        expect(rows[0]).toMatchObject({ status: 400 });
        expect(rows[0]!.code).not.toBe('1');
        expect(rows.slice(1).every((r) => r.status === 200 && r.code === '1')).toBe(true);
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it('writes one statement per batch of `batch` rows', async () => {
    const recorder = new CallLogRecorder(new DatabaseCallLogStore(database.db), console as never, { flushMs: 60_000, batch: 500, buffer: 10_000 });
    const before = await count(database.db, sql`api = '/gateway/batched'`);
    for (let i = 0; i < 1200; i++) recorder.add(record({ api: '/gateway/batched' }));
    await recorder.flush();
    expect(recorder.inserts).toBe(3);
    expect(await count(database.db, sql`api = '/gateway/batched'`)).toBe(before + 1200);
  });

  it('drops and counts records when the buffer is full, also in mp_call_log_dropped_total', async () => {
    const plain = new CallLogRecorder(new DatabaseCallLogStore(database.db), console as never, { flushMs: 60_000, batch: 100, buffer: 5 });
    for (let i = 0; i < 8; i++) plain.add(record());
    expect(plain.pending).toBe(5);
    expect(plain.dropped).toBe(3);

    const { app } = await buildApp(
      { ...CONFIG, callLog: { ...QUIET, buffer: 2 }, metrics: { ...loadConfig().metrics, enabled: true } },
      { logger: false, database },
    );
    await app.ready();
    try {
      for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: Paths.config, headers: { tenantid: 'sys' } });
      expect(callLogRecorder(app)!.dropped).toBe(3);
      const metrics = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(metrics.body).toMatch(/^mp_call_log_dropped_total 3$/m);
    } finally {
      await app.close();
    }
  });

  it('flushes the buffer on graceful shutdown, before the database closes', async () => {
    const { app } = await buildApp({ ...CONFIG, callLog: QUIET }, { logger: false, database });
    await app.ready();
    const marker = `/gateway/shutdown-${Date.now()}`;
    for (let i = 0; i < 3; i++) await app.inject({ method: 'POST', url: marker, payload: {} });
    expect(callLogRecorder(app)!.pending).toBeGreaterThanOrEqual(3);
    expect(await gracefulShutdown(app, 'SIGTERM')).toBe(0);
    // unmatched paths are recorded as '(unmatched)'; the 404s are the last three rows
    const rows = rowsOf<{ api: string; status: number }>(
      await inScope(database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`select api, status from call_logs order by id desc limit 3`)),
    );
    expect(rows).toEqual([
      { api: '(unmatched)', status: 404 },
      { api: '(unmatched)', status: 404 },
      { api: '(unmatched)', status: 404 },
    ]);
  });

  it('is off with MP_CALL_LOG=0', async () => {
    const { app } = await buildApp({ ...CONFIG, callLog: { ...QUIET, enabled: false } }, { logger: false, database });
    await app.ready();
    expect(callLogRecorder(app)).toBeUndefined();
    await app.close();
  });

  it('with recording off starts no call-log worker until older records are read', async () => {
    // a database of its own: the worker store moves the records of an embedded main database it is given
    const { app } = await buildApp({ ...CONFIG, callLog: { ...QUIET, enabled: false, store: 'worker' } }, { logger: false });
    await app.ready();
    const store = callLogStore(app) as WorkerCallLogStore;
    expect(store.kind).toBe('worker');
    expect(store.starts).toBe(0);
    const day = 86_400_000;
    const q = { from: new Date(Date.now() - day), to: new Date(), page: 1, pageSize: 10 };
    expect(await store.count(q, {})).toBe(0);
    expect(store.starts).toBe(1);
    await app.close();
  });
});

describe('envelope code', () => {
  it('reads success, a failure code, or nothing', () => {
    expect(envelopeCode('{"result":"1","msg":"","message":"","scode":"","data":{}}')).toBe('1');
    expect(envelopeCode('{"result":"0","msg":"x","message":"x","scode":"calllog.range_required","data":{}}')).toBe('calllog.range_required');
    expect(envelopeCode('<html></html>')).toBe('');
  });
});

describe('retention', () => {
  it('deletes rows older than the configured days only', async () => {
    const now = Date.now();
    const day = 86_400_000;
    await insertCallRecords(database.db, [
      record({ api: '/gateway/retention', at: now - 45 * day }),
      record({ api: '/gateway/retention', at: now - 31 * day }),
      record({ api: '/gateway/retention', at: now - 29 * day }),
      record({ api: '/gateway/retention', at: now - day }),
    ]);
    const deleted = await sweepCallLogs(database.db, 30, now, 1); // batches of one row: the loop runs
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = rowsOf<{ at: Date | string }>(
      await inScope(database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`select at from call_logs where api = '/gateway/retention' order by at`)),
    );
    expect(left.map((r) => Math.round((now - new Date(r.at).getTime()) / day))).toEqual([29, 1]);
    expect(await count(database.db, sql`at < ${new Date(now - 30 * day).toISOString()}::timestamptz`)).toBe(0);
  });
});
