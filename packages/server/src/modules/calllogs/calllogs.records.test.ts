/**
 * The binary COPY file of a batch of call records (calllogs.records.ts `copyBinary`; docs/call-logs.md "Cheap on the
 * hot path"): every value comes back as recorded, through the worker store's statement on a database of the worker's
 * schema and through `insertCallRecords` on an embedded main database — times to the millisecond (before and after
 * 2000, the format's origin), nulls, empty strings, tabs, newlines, backslashes, quotes and characters beyond the
 * Basic Multilingual Plane, status and latency.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, rowsOf } from '../../db/client.js';
import type { CallRecordRow } from './calllogs.query.js';
import { COPY_BINARY_SQL, copyBinary, insertCallRecords, type CallRecord } from './calllogs.records.js';

const rec = (patch: Partial<CallRecord>): CallRecord => ({
  at: Date.UTC(2026, 10, 26, 21, 0, 0, 123),
  tenantId: 't1',
  productId: 'p1',
  method: 'POST',
  api: '/gateway/a',
  status: 200,
  code: '1',
  latencyMs: 1.5,
  callerType: 'user',
  callerId: 'u1',
  callerName: 'alice',
  requestId: 'r1',
  ...patch,
});

const RECORDS: CallRecord[] = [
  rec({ requestId: 'plain' }),
  rec({ requestId: 'nulls', tenantId: null, productId: null, code: '', callerId: '', callerName: '', callerType: 'anonymous' }),
  rec({ requestId: 'odd text', callerName: `it's\t"odd"\\N \n\r end`, api: '/gateway/x\\y', code: '10002001' }),
  rec({ requestId: 'wide', callerName: '山田 太郎 🎌 ñ', tenantId: 'テナント', status: 599, latencyMs: 30_000.25 }),
  rec({ requestId: 'before 2000', at: Date.UTC(1999, 11, 31, 23, 59, 59, 999), status: 100, latencyMs: 0 }),
  rec({ requestId: 'epoch', at: 0 }),
  rec({ requestId: 'far', at: Date.UTC(2100, 0, 1, 0, 0, 0, 1) }),
];

const SELECT =
  'select at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id from call_logs order by id';
const asRecord = (b: CallRecordRow): CallRecord => ({
  at: new Date(b.at).getTime(),
  tenantId: b.tenant_id,
  productId: b.product_id,
  method: b.method,
  api: b.api,
  status: Number(b.status),
  code: b.code,
  latencyMs: Number(b.latency_ms),
  callerType: b.caller_type,
  callerId: b.caller_id,
  callerName: b.caller_name,
  requestId: b.request_id,
});

describe('copyBinary', () => {
  let worker: PGlite;
  beforeAll(async () => {
    worker = new PGlite();
    await worker.exec(readFileSync(new URL('./calllogs.worker.sql', import.meta.url), 'utf8'));
  });
  afterAll(() => worker.close());

  it('writes every value as recorded through the worker store statement', async () => {
    await worker.query(COPY_BINARY_SQL, [], { blob: new Blob([copyBinary(RECORDS)]) });
    const back = (await worker.query<CallRecordRow>(SELECT)).rows.map(asRecord);
    expect(back).toEqual(RECORDS);
  });

  it('an empty batch is a valid file that adds nothing, and the buffer is exactly the file', async () => {
    const empty = copyBinary([]);
    expect(empty.byteLength).toBe(21); // 19-byte header and the 2-byte trailer
    const before = (await worker.query<{ n: number }>('select count(*)::int as n from call_logs')).rows[0]!.n;
    await worker.query(COPY_BINARY_SQL, [], { blob: new Blob([empty]) });
    expect((await worker.query<{ n: number }>('select count(*)::int as n from call_logs')).rows[0]!.n).toBe(before);
    // the file ends with the trailer: no spare capacity is sent along
    expect(new DataView(copyBinary(RECORDS)).getInt16(copyBinary(RECORDS).byteLength - 2)).toBe(-1);
  });

  it('writes every value as recorded through insertCallRecords on an embedded main database', async () => {
    const main = await openDatabase({ dataDir: 'memory://' });
    try {
      await insertCallRecords(main.db, RECORDS);
      const back = rowsOf<CallRecordRow>(await main.db.execute(sql.raw(SELECT))).map(asRecord);
      expect(back).toEqual(RECORDS);
    } finally {
      await main.close();
    }
  });
});
