/**
 * One recorded gateway call and its writing (docs/call-logs.md "What is recorded", "Cheap on the hot path"):
 * the record's shape, the binary COPY file of a batch (built on the gateway's thread by both stores) and the one-statement
 * INSERT of the database store. plugins/call-log.ts buffers the records; calllogs.store.ts writes them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { batchSpan, lateRecordsQuery, lateRecordsSql, lockRollupState, mayBeLate } from './calllogs.rollup.js';

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

/** The columns a COPY of call records fills, in the order of `copyBinary`'s fields. */
export const COPY_COLUMNS = 'at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id';
/** The columns of the hourly rollup and of its state, as the upgrade move copies them out and the worker copies them in. */
export const HOURS_COLUMNS = 'hour, tenant_id, product_id, method, api, status_class, calls, errors, latency_sum, lat_idx, lat_n';
export const STATE_COLUMNS = 'id, start_hour, watermark, updated_at';

/** The embedded database's client behind `db` (it can COPY from a blob), or undefined on PostgreSQL. */
export function embeddedClient(db: Db): EmbeddedClient | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as EmbeddedClient | undefined;
  return client && typeof client.waitReady !== 'undefined' && typeof client.query === 'function' ? client : undefined;
}

/** The part of PGlite's client that COPY needs (`blob` in for COPY FROM, `blob` out of COPY TO), and its transactions. */
export interface EmbeddedClient {
  waitReady: unknown;
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ blob?: Blob }>;
  transaction<T>(fn: (tx: Pick<EmbeddedClient, 'query'>) => Promise<T>): Promise<T>;
}

/** Milliseconds from the Unix epoch to PostgreSQL's (2000-01-01T00:00:00Z), the origin of a binary timestamptz. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
/** The binary COPY file's header: the signature, flags 0, header extension length 0. */
const BINARY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
/** Bytes of a row besides its eight strings' bytes: field count, 12 lengths, timestamptz, smallint, real. */
const ROW_FIXED = 2 + 12 * 4 + 8 + 2 + 4;

/** Bytes `writeCopyBinary` may need for `rows` at most (every UTF-16 unit counted as 3 UTF-8 bytes). */
export function copyBinaryBound(rows: CallRecord[]): number {
  let cap = BINARY_HEADER.length + 2;
  for (const r of rows)
    cap +=
      ROW_FIXED +
      3 *
        ((r.tenantId?.length ?? 0) +
          (r.productId?.length ?? 0) +
          r.method.length +
          r.api.length +
          r.code.length +
          r.callerType.length +
          r.callerId.length +
          r.callerName.length +
          r.requestId.length);
  return cap;
}

/**
 * Writes the rows into `b` (at least `copyBinaryBound(rows)` bytes, from offset 0) as a COPY file in PostgreSQL's
 * binary format (columns `COPY_COLUMNS`), for `COPY … FROM … WITH (FORMAT binary)`: the database reads each value as
 * stored instead of parsing text (the timestamp above all), ≈ 20 % less CPU per row than the text format on the
 * embedded database (docs/benchmarks.md "Call logs"). `at` becomes microseconds since 2000-01-01 UTC; `latencyMs` a
 * 4-byte float; text as UTF-8; null as length −1. Returns the bytes written. `b` may be a view of a
 * SharedArrayBuffer (the worker store's batch buffer). Throws RangeError when `b` is too small.
 */
export function writeCopyBinary(rows: CallRecord[], b: Buffer): number {
  let o = BINARY_HEADER.copy(b, 0);
  const text = (v: string | null) => {
    if (v === null) {
      o = b.writeInt32BE(-1, o);
      return;
    }
    const n = b.write(v, o + 4, 'utf8');
    b.writeInt32BE(n, o);
    o += 4 + n;
  };
  for (const r of rows) {
    o = b.writeInt16BE(12, o);
    // timestamptz: int64 microseconds since 2000, written as two 32-bit halves (exact below 2^53)
    const us = (r.at - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / 4294967296);
    o = b.writeInt32BE(8, o);
    o = b.writeInt32BE(hi, o);
    o = b.writeUInt32BE(us - hi * 4294967296, o);
    text(r.tenantId);
    text(r.productId);
    text(r.method);
    text(r.api);
    o = b.writeInt32BE(2, o);
    o = b.writeInt16BE(r.status, o);
    text(r.code);
    o = b.writeInt32BE(4, o);
    o = b.writeFloatBE(r.latencyMs, o);
    text(r.callerType);
    text(r.callerId);
    text(r.callerName);
    text(r.requestId);
  }
  return b.writeInt16BE(-1, o);
}

/** The rows as a binary COPY file (`writeCopyBinary`) in an ArrayBuffer of its own (transferable to another thread). */
export function copyBinary(rows: CallRecord[]): ArrayBuffer {
  const b = Buffer.allocUnsafeSlow(copyBinaryBound(rows));
  const n = writeCopyBinary(rows, b);
  return b.buffer.slice(b.byteOffset, b.byteOffset + n) as ArrayBuffer;
}

/** The statement that COPYs a `copyBinary` file (as a blob) into call_logs on the embedded database. */
export const COPY_BINARY_SQL = `copy call_logs (${COPY_COLUMNS}) from '/dev/blob' with (format binary)`;

/** The statement that COPYs a `writeCopyBinary` file at `path` (the database server's own path) into call_logs. */
export function copyBinaryFromFileSql(path: string): string {
  return `copy call_logs (${COPY_COLUMNS}) from '${path.replaceAll("'", "''")}' with (format binary)`;
}

/**
 * Runs `copySql` (a COPY of a binary COPY file into call_logs: from `options.blob`, or from a file the database
 * server reads) on an embedded client, for a batch whose records span [first, last] (epoch ms). A batch that
 * `mayBeLate` goes in one transaction with `lateRecordsSql`; any other alone, with no transaction around it (a third
 * of the call-log worker's time under load, docs/benchmarks.md "A batch without buffers"). Used by the database
 * store on the embedded database and by the call-log worker. Errors (database) are thrown; nothing is written then.
 */
export async function copyCallRecords(client: EmbeddedClient, copySql: string, options: { blob?: Blob }, first: number, last: number): Promise<void> {
  if (!mayBeLate(first)) {
    await client.query(copySql, [], options);
    return;
  }
  const update = lateRecordsQuery(first, last);
  await client.transaction(async (tx) => {
    await tx.query(copySql, [], options);
    await tx.query(update.sql, update.params);
  });
}

/**
 * Inserts `rows` into `db`'s call_logs in ONE statement, and, when the batch `mayBeLate` (its earliest record is
 * more than a minute old), in the same transaction moves the rollup's watermark back if it holds records of hours
 * already rolled up (calllogs.rollup.ts `lateRecordsSql`). On the
 * embedded database: `COPY call_logs FROM` a blob of `copyBinary`, well under half the CPU per row of the INSERT
 * below (docs/benchmarks.md "Call logs"); it runs as the embedded database's owner, outside row-level security
 * (COPY FROM refuses tables with it), which changes nothing for this write: the recorder writes every tenant's rows
 * in the platform scope anyway (docs/security.md "Call records"). On PostgreSQL: `INSERT … SELECT FROM unnest(<12
 * arrays>)` in the platform scope (12 parameters whatever the row count). Errors (database) are thrown; nothing is
 * written then, and the recorder keeps the rows.
 */
export async function insertCallRecords(db: Db, rows: CallRecord[]): Promise<void> {
  if (!rows.length) return;
  const { first, last } = batchSpan(rows);
  const embedded = embeddedClient(db);
  if (embedded) {
    await copyCallRecords(embedded, COPY_BINARY_SQL, { blob: new Blob([copyBinary(rows)]) }, first, last);
    return;
  }
  const col = <T>(f: (r: CallRecord) => T) => sql.param(rows.map(f));
  const late = mayBeLate(first);
  await inScope(db, PLATFORM_SCOPE, async (tx) => {
    if (late) await tx.execute(lockRollupState);
    await tx.execute(sql`insert into call_logs
    (at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id)
    select * from unnest(${col((r) => new Date(r.at).toISOString())}::timestamptz[], ${col((r) => r.tenantId)}::text[], ${col((r) => r.productId)}::text[],
      ${col((r) => r.method)}::text[], ${col((r) => r.api)}::text[], ${col((r) => r.status)}::smallint[], ${col((r) => r.code)}::text[],
      ${col((r) => r.latencyMs)}::real[], ${col((r) => r.callerType)}::text[], ${col((r) => r.callerId)}::text[], ${col((r) => r.callerName)}::text[],
      ${col((r) => r.requestId)}::text[])`);
    if (late) await tx.execute(lateRecordsSql(first, last));
  });
}
