/**
 * The worker store (calllogs.worker-store.ts, calllogs.worker.ts; docs/call-logs.md "Where the records live") with
 * real worker threads and real PGlite data folders under the system's temporary folder: its schema is the main
 * database's (columns and indexes of migrations 0031 and 0034) but call_logs' two B-tree indexes (a version 1
 * database loses them on upgrade), and the worker keeps its BRIN index summarised; records go in by COPY and come back through
 * count, select and statistics in the platform, tenant and application views (each view sees only its rows);
 * rollup and retention run in the worker; a worker killed while a batch is under way loses nothing buffered and
 * a new one takes over; an embedded server (data folder, MP_CALL_LOG_STORE auto) writes its buffer to the
 * worker's database on graceful shutdown; and an embedded main database's old records move to the worker's. A batch
 * reaches the worker in the buffer both threads share (grown when needed; a second batch at once gets its own) and
 * is COPYed from a file in the worker's data folder, or from a blob when its database is in memory.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../app.js';
import { openDatabase, rowsOf, type Db } from '../../db/client.js';
import { ADMIN_PASSWORD } from '../../testing/test-app.js';
import { CallLogRecorder } from '../../plugins/call-log.js';
import { gracefulShutdown } from '../../plugins/shutdown.js';
import type { CallQuery } from './calllogs.query.js';
import { COPY_BINARY_SQL, copyBinary, insertCallRecords, type CallRecord } from './calllogs.records.js';
import { rollUpCallLogs } from './calllogs.rollup.js';
import { callLogStore } from './calllogs.store.js';
import { WorkerCallLogStore } from './calllogs.worker-store.js';
import { BATCH_FILE } from './calllogs.worker-db.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), 'mp-calllog-worker-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const rec = (i: number, patch: Partial<CallRecord> = {}): CallRecord => ({
  at: now - 2 * HOUR + i,
  tenantId: i % 3 === 0 ? 'wt1' : i % 3 === 1 ? 'wt2' : null,
  productId: i % 2 ? 'wp1' : null,
  method: 'POST',
  api: '/gateway/worker/a',
  status: i % 10 === 0 ? 500 : 200,
  code: i % 10 === 0 ? '' : '1',
  latencyMs: (i % 50) + 0.25,
  callerType: 'user',
  callerId: `u${i % 4}`,
  callerName: `it's\t"odd"\\N \n${i % 4}`,
  requestId: `r${i}`,
  ...patch,
});
const window = (patch: Partial<CallQuery> = {}): CallQuery => ({ from: new Date(now - 31 * DAY), to: new Date(now + HOUR), ...patch });

describe('worker store on a data folder', () => {
  it('has the main database schema, and answers count, select, statistics, rollup and sweep per view', async () => {
    const dir = folder();
    const store = new WorkerCallLogStore({ dataDir: dir, log });
    try {
      await store.insert(Array.from({ length: 300 }, (_, i) => rec(i)));
      await store.insert([rec(0, { at: now - 40 * DAY, api: '/gateway/worker/old' })]);
      expect(await store.count(window(), {})).toBe(300);
      expect(await store.count(window({ from: new Date(now - 60 * DAY) }), {})).toBe(301);
      expect(await store.count(window(), { tenantId: 'wt1' })).toBe(100);
      // the view wins over the body's filter: a tenant view never sees another tenant's rows
      expect(await store.count(window({ tenantId: 'wt2' }), { tenantId: 'wt1' })).toBe(100);
      expect(await store.count(window(), { productId: 'wp1' })).toBe(150);
      const rows = await store.select(window({ sortField: 'latencyMs', sortOrder: 'ascend' }), { tenantId: 'wt2' }, 500, 0);
      expect(rows).toHaveLength(100);
      expect(rows.every((r) => r.tenantId === 'wt2' && r.tenantName === '')).toBe(true);
      expect(rows[0]!.latencyMs).toBeLessThanOrEqual(rows[99]!.latencyMs);
      expect(new Set(rows.map((r) => r.callerName))).toContain(`it's\t"odd"\\N \n1`);
      const app = await store.statistics(window({ from: new Date(now - DAY) }), { productId: 'wp1' });
      expect(app.totals.calls).toBe(150);
      expect(app.byApp.map((g) => [g.productId, g.name])).toEqual([['wp1', 'wp1']]);
      const tenant = await store.statistics(window({ from: new Date(now - DAY) }), { tenantId: 'wt1' });
      expect([tenant.totals.calls, tenant.totals.errors, tenant.byTenant.map((g) => g.tenantId)]).toEqual([100, 10, ['wt1']]);
      // the rollup runs in the worker; the statistics through it stay the same
      expect(await store.rollup(now + HOUR, { backDays: 30 })).toBeGreaterThan(0);
      const rolled = await store.statistics(window({ from: new Date(now - DAY) }), { tenantId: 'wt1' });
      expect([rolled.totals.calls, rolled.totals.errors]).toEqual([100, 10]);
      expect(await store.sweep(30, now)).toBe(1);
      expect(await store.count(window({ from: new Date(now - 60 * DAY) }), {})).toBe(300);
    } finally {
      await store.close();
    }
    // same columns as the main database's migrations, and the same indexes but call_logs' two B-trees
    const main = await openDatabase({ dataDir: 'memory://' });
    const worker = new PGlite({ dataDir: join(dir) });
    try {
      const shape = `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') || ' ' || is_identity as c
        from information_schema.columns where table_name in ('call_logs', 'call_log_hours', 'call_log_rollup_state') order by 1`;
      const indexes = `select indexdef as c from pg_indexes where tablename in ('call_logs', 'call_log_hours', 'call_log_rollup_state') order by 1`;
      const of = async (q: string) => ({
        main: rowsOf<{ c: string }>(await main.db.execute(sql.raw(q))).map((r) => r.c),
        worker: (await worker.query<{ c: string }>(q)).rows.map((r) => r.c),
      });
      const columns = await of(shape);
      expect(columns.worker).toEqual(columns.main);
      expect(columns.main.length).toBeGreaterThan(20);
      const idx = await of(indexes);
      const btrees = idx.main.filter((d) => /INDEX call_logs_(tenant|product)_at_idx ON public\.call_logs USING btree/.test(d));
      expect(btrees).toHaveLength(2);
      expect(idx.worker).toEqual(idx.main.filter((d) => !btrees.includes(d)));
      expect(idx.worker.some((d) => /call_logs_at_idx ON public\.call_logs USING brin/.test(d))).toBe(true);
    } finally {
      await worker.close();
      await main.close();
    }
  }, 120_000);

  it('keeps the BRIN index summarised: after a rollup no page range is left, where a database nobody maintains has some', async () => {
    const summarise = async (db: PGlite) => (await db.query<{ n: number }>(`select brin_summarize_new_values('call_logs_at_idx')::int as n`)).rows[0]!.n;
    // 20,000 records fill more than one BRIN page range (128 pages)
    const many = Array.from({ length: 20_000 }, (_, i) => rec(i));
    const dir = folder();
    const store = new WorkerCallLogStore({ dataDir: dir, log });
    try {
      await store.insert(many);
      await store.rollup(now + HOUR, { backDays: 30 });
    } finally {
      await store.close();
    }
    const kept = new PGlite({ dataDir: dir });
    try {
      expect(await summarise(kept)).toBe(0);
    } finally {
      await kept.close();
    }
    const bare = new PGlite();
    try {
      await bare.exec(readFileSync(new URL('./calllogs.worker.sql', import.meta.url), 'utf8'));
      await bare.query(COPY_BINARY_SQL, [], { blob: new Blob([copyBinary(many)]) });
      expect(await summarise(bare)).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  }, 120_000);

  it('upgrades a version 1 database: its two B-tree indexes go, its identity is cached, its records stay', async () => {
    const dir = folder();
    const v1 = new PGlite({ dataDir: dir });
    await v1.exec(readFileSync(new URL('./calllogs.worker.sql', import.meta.url), 'utf8'));
    await v1.exec(`create index call_logs_tenant_at_idx on call_logs (tenant_id, at);
      create index call_logs_product_at_idx on call_logs (product_id, at) where product_id is not null;
      insert into calllog_schema (id, version) values (1, 1)`);
    await v1.query('insert into call_logs (at, tenant_id, method, api, status, latency_ms, caller_type) values (now(), $1, $2, $3, 200, 1, $4)', [
      'wt1',
      'GET',
      '/x',
      'user',
    ]);
    await v1.close();
    const store = new WorkerCallLogStore({ dataDir: dir, log });
    try {
      expect(await store.count(window(), { tenantId: 'wt1' })).toBe(1);
    } finally {
      await store.close();
    }
    const after = new PGlite({ dataDir: dir });
    try {
      const names = (await after.query<{ n: string }>(`select indexname as n from pg_indexes where tablename = 'call_logs' order by 1`)).rows.map((r) => r.n);
      expect(names).toEqual(['call_logs_at_idx']);
      expect((await after.query<{ n: number }>(`select cache_size::int as n from pg_sequences where sequencename = 'call_logs_id_seq'`)).rows[0]!.n).toBe(1000);
      expect((await after.query<{ v: number }>('select version as v from calllog_schema')).rows[0]!.v).toBe(2);
    } finally {
      await after.close();
    }
  }, 60_000);

  it('loses nothing buffered when the worker dies under a batch: the recorder keeps it and a new worker takes over', async () => {
    const store = new WorkerCallLogStore({ dataDir: folder(), log });
    const recorder = new CallLogRecorder(store, log, { flushMs: 60_000, batch: 500, buffer: 100_000 });
    try {
      for (let i = 0; i < 500; i++) recorder.add(rec(i, { requestId: `a${i}` }));
      await recorder.flush();
      expect([store.starts, await store.count(window(), {})]).toEqual([1, 500]);
      for (let i = 0; i < 4000; i++) recorder.add(rec(i, { requestId: `b${i}` }));
      const flushing = recorder.flush();
      await store.kill(); // the worker dies while the batches (8 of 500) are being written
      await flushing;
      // the batch under way failed and was put back with the rest (a batch the worker finished before it died is in)
      expect(recorder.pending).toBeGreaterThan(0);
      expect(recorder.pending % 500).toBe(0);
      expect(recorder.dropped).toBe(0);
      await recorder.flush(); // a new worker on the same folder
      expect(recorder.pending).toBe(0);
      expect(store.starts).toBe(2);
      // every record is in; at least once: a batch committed in the instant between its COMMIT and its answer would be written twice
      const ids = new Set((await store.select(window(), {}, 10_000, 0)).map((r) => r.requestId));
      expect(ids.size).toBe(4500);
      expect(await store.count(window(), {})).toBeGreaterThanOrEqual(4500);
    } finally {
      await store.close();
    }
  }, 120_000);
});

describe('a batch on its way to the worker', () => {
  const ids = async (store: WorkerCallLogStore) => (await store.select(window(), {}, 100_000, 0)).map((r) => r.requestId).sort();
  const expected = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).sort();

  it("goes through the shared buffer and the data folder's batch file: a bigger batch grows the buffer, one sent during another gets its own buffer, every row arrives once and intact", async () => {
    const dir = folder();
    const store = new WorkerCallLogStore({ dataDir: dir, log });
    try {
      await store.insert(Array.from({ length: 10 }, (_, i) => rec(i, { requestId: `s${i}` })));
      // ≈ 1,000 bytes a row: 3,000 rows need more than the first 1 MB buffer
      const wide = 'x'.repeat(300);
      await store.insert(Array.from({ length: 3000 }, (_, i) => rec(i, { requestId: `w${i}`, callerName: `${wide}${i}` })));
      // two batches at once: the second cannot use the buffer the first is in
      await Promise.all([
        store.insert(Array.from({ length: 2000 }, (_, i) => rec(i, { requestId: `c${i}` }))),
        store.insert(Array.from({ length: 2000 }, (_, i) => rec(i, { requestId: `d${i}` }))),
      ]);
      expect(store.sent).toEqual({ shared: 3, transferred: 1 });
      expect(await ids(store)).toEqual([...expected('s', 10), ...expected('w', 3000), ...expected('c', 2000), ...expected('d', 2000)].sort());
      const rows = await store.select(window({ from: new Date(now - 3 * HOUR) }), {}, 100_000, 0);
      const w7 = rows.find((r) => r.requestId === 'w7');
      expect(w7?.callerName).toBe(`${wide}7`);
      expect(rows.find((r) => r.requestId === 'c5')).toMatchObject({ callerName: rec(5).callerName, productId: 'wp1', latencyMs: 5.25, status: 200 });
      // the batch file is the last batch's COPY file, in the worker's data folder
      expect(readFileSync(join(dir, BATCH_FILE)).subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
      expect(statSync(join(dir, BATCH_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      await store.close();
    }
  }, 60_000);

  it("goes as a blob when the worker's database is in memory", async () => {
    const store = new WorkerCallLogStore({ dataDir: 'memory://', log });
    try {
      await store.insert(Array.from({ length: 1500 }, (_, i) => rec(i, { requestId: `m${i}` })));
      await Promise.all([
        store.insert(Array.from({ length: 10 }, (_, i) => rec(i, { requestId: `n${i}` }))),
        store.insert(Array.from({ length: 10 }, (_, i) => rec(i, { requestId: `o${i}` }))),
      ]);
      expect(store.sent).toEqual({ shared: 2, transferred: 1 });
      expect(await ids(store)).toEqual([...expected('m', 1500), ...expected('n', 10), ...expected('o', 10)].sort());
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe('an embedded server (data folder, MP_CALL_LOG_STORE auto)', () => {
  const CONFIG = { adminUsername: 'admin', adminPassword: ADMIN_PASSWORD, loginCaptcha: '0', captchaPowWork: 6, consoleDir: '/nonexistent' } as const;
  const QUIET = { enabled: true, retentionDays: 30, flushMs: 60_000, batch: 10_000, buffer: 100_000, store: 'auto' } as const;

  it('records into the worker store and flushes the buffer there on graceful shutdown', async () => {
    const dir = folder();
    const { app } = await buildApp({ ...CONFIG, dataDir: dir, callLog: QUIET }, { logger: false });
    await app.ready();
    expect(callLogStore(app).kind).toBe('worker');
    const marker = `/gateway/worker-shutdown-${now}`;
    for (let i = 0; i < 3; i++) await app.inject({ method: 'POST', url: marker, payload: {} });
    expect(await gracefulShutdown(app, 'SIGTERM')).toBe(0);
    const store = new WorkerCallLogStore({ dataDir: join(dir, 'calllogs'), log });
    try {
      const rows = await store.select(window({ api: '(unmatched)' }), {}, 10, 0);
      expect(rows.map((r) => [r.api, r.status])).toEqual([
        ['(unmatched)', 404],
        ['(unmatched)', 404],
        ['(unmatched)', 404],
      ]);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('moves the records and the rollup an embedded main database holds to the worker database, once', async () => {
    const main = await openDatabase({ dataDir: 'memory://' });
    const count = async (db: Db, table: string) => Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
    try {
      await insertCallRecords(
        main.db,
        Array.from({ length: 120 }, (_, i) => rec(i)),
      );
      expect(await rollUpCallLogs(main.db, 30, now + HOUR)).toBeGreaterThan(0);
      const hours = await count(main.db, 'call_log_hours');
      expect(hours).toBeGreaterThan(0);
      const dir = folder();
      const store = new WorkerCallLogStore({ dataDir: dir, log, moveFrom: main.db });
      try {
        expect(await store.count(window(), {})).toBe(120);
        expect([await count(main.db, 'call_logs'), await count(main.db, 'call_log_hours'), await count(main.db, 'call_log_rollup_state')]).toEqual([0, 0, 0]);
        expect((await store.select(window(), { tenantId: 'wt1' }, 200, 0)).map((r) => r.requestId).sort()).toEqual(
          Array.from({ length: 40 }, (_, i) => `r${i * 3}`).sort(),
        );
        // the rolled range came along: nothing left to roll, and the statistics read the moved hours
        expect(await store.rollup(now + HOUR, { backDays: 30 })).toBe(0);
        expect((await store.statistics(window({ from: new Date(now - DAY) }), {})).totals.calls).toBe(120);
      } finally {
        await store.close();
      }
      const worker = new PGlite({ dataDir: dir });
      try {
        expect((await worker.query<{ n: number }>('select count(*)::int as n from call_log_hours')).rows[0]!.n).toBe(hours);
      } finally {
        await worker.close();
      }
      // a second store finds nothing to move
      const again = new WorkerCallLogStore({ dataDir: dir, log, moveFrom: main.db });
      try {
        expect(await again.count(window(), {})).toBe(120);
      } finally {
        await again.close();
      }
    } finally {
      await main.close();
    }
  }, 120_000);
});
