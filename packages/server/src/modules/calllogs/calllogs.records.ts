/**
 * One recorded gateway call and its writing (docs/call-logs.md "What is recorded", "Cheap on the hot path"):
 * the record's shape, the COPY text of a batch (built on the gateway's thread by both stores) and the one-statement
 * INSERT of the database store. plugins/call-log.ts buffers the records; calllogs.store.ts writes them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';

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

/** The columns a COPY of call records fills, in the order of `copyText`'s fields. */
export const COPY_COLUMNS = 'at, tenant_id, product_id, method, api, status, code, latency_ms, caller_type, caller_id, caller_name, request_id';
/** The columns of the hourly rollup and of its state, as the upgrade move copies them out and the worker copies them in. */
export const HOURS_COLUMNS = 'hour, tenant_id, product_id, method, api, status_class, calls, errors, latency_sum, lat_idx, lat_n';
export const STATE_COLUMNS = 'id, start_hour, watermark, updated_at';

/** The embedded database's client behind `db` (it can COPY from a blob), or undefined on PostgreSQL. */
export function embeddedClient(db: Db): EmbeddedClient | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as EmbeddedClient | undefined;
  return client && typeof client.waitReady !== 'undefined' && typeof client.query === 'function' ? client : undefined;
}

/** The part of PGlite's client that COPY needs (`blob` in for COPY FROM, `blob` out of COPY TO). */
export interface EmbeddedClient {
  waitReady: unknown;
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ blob?: Blob }>;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value in COPY's text format: `\N` for null; backslash, tab, newline and carriage return escaped. */
export function copyValue(v: string | null): string {
  if (v === null) return '\\N';
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : v;
}

/** The rows as COPY text (one tab-separated line per row, columns `COPY_COLUMNS`); ≈ 0.8 µs per row. */
export function copyText(rows: CallRecord[]): string {
  let text = '';
  for (const r of rows)
    text += `${new Date(r.at).toISOString()}\t${copyValue(r.tenantId)}\t${copyValue(r.productId)}\t${copyValue(r.method)}\t${copyValue(r.api)}\t${r.status}\t${copyValue(r.code)}\t${r.latencyMs}\t${r.callerType}\t${copyValue(r.callerId)}\t${copyValue(r.callerName)}\t${copyValue(r.requestId)}\n`;
  return text;
}

/**
 * Inserts `rows` into `db`'s call_logs in ONE statement. On the embedded database: `COPY call_logs FROM` a blob of
 * `copyText`, about half the CPU per row of the INSERT below (docs/benchmarks.md "Call logs"); it runs as the
 * embedded database's owner, outside row-level security (COPY FROM refuses tables with it), which changes nothing
 * for this write: the recorder writes every tenant's rows in the platform scope anyway (docs/security.md "Call
 * records"). On PostgreSQL: `INSERT … SELECT FROM unnest(<12 arrays>)` in the platform scope (12 parameters
 * whatever the row count). Errors (database) are thrown; the recorder keeps the rows.
 */
export async function insertCallRecords(db: Db, rows: CallRecord[]): Promise<void> {
  if (!rows.length) return;
  const embedded = embeddedClient(db);
  if (embedded) {
    await embedded.query(`copy call_logs (${COPY_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([copyText(rows)]) });
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
