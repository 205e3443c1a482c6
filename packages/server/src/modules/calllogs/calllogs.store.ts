/**
 * Where the call records live (docs/call-logs.md "Where the records live"): a `CallLogStore` is what the recorder
 * (plugins/call-log.ts), the routes and the rollup / retention timers use. Two implementations:
 * - the database store (this file): the main database's call_logs (PostgreSQL, or PGlite `memory://` in tests);
 *   tenant views read in the tenant's row-level-security scope;
 * - the worker store (calllogs.worker-store.ts): a second embedded database in a worker thread, for an embedded
 *   install, so the batch COPY and the long statistics queries do not run on the gateway's thread.
 * Chosen by `MP_CALL_LOG_STORE` (`auto`: the worker store when the main database is PGlite with a data folder).
 * The stores answer ids only; `namedStats` / `namedRows` fill the tenants' and applications' names from the main
 * database (one code path for both stores).
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { CallLogRow, CallStats } from '@mp/protocol';
import { rowsOf, type Database, type Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE, type DbScope } from '../../db/context.js';
import { countCalls, selectCalls, type CallLogView, type CallQuery } from './calllogs.query.js';
import { insertCallRecords, type CallRecord } from './calllogs.records.js';
import { sweepCallLogs } from './calllogs.retention.js';
import { rollUpCallLogs } from './calllogs.rollup.js';
import type { CallLogStore, StoreRollupOptions } from './calllogs.store-api.js';
import { callStatistics } from './calllogs.stats.js';
import { WorkerCallLogStore } from './calllogs.worker-store.js';

export type { CallLogStore, StoreRollupOptions } from './calllogs.store-api.js';

/** The scope a view reads in on the main database: a tenant view in its tenant's, the others in the platform's. */
export function scopeOfView(view: CallLogView): DbScope {
  return view.tenantId ? { scope: 'tenant', tenantId: view.tenantId } : PLATFORM_SCOPE;
}

/** The main database's store (today's SQL; tenant views under row-level security). */
export class DatabaseCallLogStore implements CallLogStore {
  readonly kind = 'database';
  constructor(private readonly db: Db) {}

  async open(): Promise<void> {}

  insert(rows: CallRecord[]): Promise<void> {
    return insertCallRecords(this.db, rows);
  }
  statistics(q: CallQuery, view: CallLogView): Promise<CallStats> {
    return inScope(this.db, scopeOfView(view), (tx) => callStatistics(tx, q, view));
  }
  count(q: CallQuery, view: CallLogView): Promise<number> {
    return inScope(this.db, scopeOfView(view), (tx) => countCalls(tx, q, view));
  }
  select(q: CallQuery, view: CallLogView, limit: number, offset: number): Promise<CallLogRow[]> {
    return inScope(this.db, scopeOfView(view), (tx) => selectCalls(tx, q, view, limit, offset));
  }
  rollup(now: number, { backDays, ...o }: StoreRollupOptions): Promise<number> {
    return rollUpCallLogs(this.db, backDays, now, o);
  }
  sweep(retentionDays: number, now: number): Promise<number> {
    return sweepCallLogs(this.db, retentionDays, now);
  }
  async close(): Promise<void> {}
}

/** `MP_CALL_LOG_STORE`: `auto` (the worker store for PGlite with a data folder), `database` or `worker`. */
export type CallLogStoreChoice = 'auto' | 'database' | 'worker';

/**
 * The store for `choice` on `database` (data folder `dataDir`): the worker's database at `<dataDir>/calllogs`, or
 * `memory://` when the main one is; an embedded main database's old records move there (calllogs.move.ts).
 */
export function openCallLogStore(choice: CallLogStoreChoice, database: Database, dataDir: string, log: FastifyInstance['log']): CallLogStore {
  const worker = choice === 'worker' || (choice === 'auto' && database.kind === 'pglite' && dataDir !== 'memory://');
  if (!worker) return new DatabaseCallLogStore(database.db);
  return new WorkerCallLogStore({
    dataDir: dataDir === 'memory://' ? 'memory://' : join(dataDir, 'calllogs'),
    log,
    ...(database.kind === 'pglite' ? { moveFrom: database.db } : {}),
  });
}

/** Makes `store` the app's, for every plugin context (a decoration; plugins/call-log.ts). */
export function setCallLogStore(app: FastifyInstance, store: CallLogStore): void {
  app.decorate('callLogStore', store);
}

/** The app's store (plugins/call-log.ts opens it at start). Throws when the app has none. */
export function callLogStore(app: FastifyInstance): CallLogStore {
  if (!app.hasDecorator('callLogStore')) throw new Error('no call log store: registerCallLog was not run');
  return app.callLogStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the call records live (calllogs.store.ts). */
    callLogStore: CallLogStore;
  }
}

/**
 * Names of tenants and applications by id from the main database, read in `view`'s scope (a tenant administrator's
 * scope shows what it showed when the queries joined the tables).
 */
async function callNames(db: Db, view: CallLogView, tenantIds: string[], productIds: string[]) {
  const none = { tenants: new Map<string, string>(), products: new Map<string, string>() };
  if (!tenantIds.length && !productIds.length) return none;
  // both lookups in one read-only transaction of the view's scope
  return inScope(
    db,
    scopeOfView(view),
    async (tx) => {
      const read = async (table: 'tenants' | 'products', ids: string[]) =>
        ids.length
          ? new Map(
              rowsOf<{ id: string; name: string }>(
                await tx.execute(sql`select id, name from ${sql.raw(table)} where id = any(${sql.param([...new Set(ids)])}::text[])`),
              ).map((r) => [r.id, r.name]),
            )
          : new Map<string, string>();
      return { tenants: await read('tenants', tenantIds), products: await read('products', productIds) };
    },
    { readOnly: true },
  );
}

/** `stats` with the names of its applications and tenants (the id when the row is gone). */
export async function namedStats(db: Db, view: CallLogView, stats: CallStats): Promise<CallStats> {
  const n = await callNames(
    db,
    view,
    stats.byTenant.map((g) => g.tenantId),
    stats.byApp.map((g) => g.productId),
  );
  return {
    ...stats,
    byApp: stats.byApp.map((g) => ({ ...g, name: n.products.get(g.productId) ?? g.productId })),
    byTenant: stats.byTenant.map((g) => ({ ...g, name: n.tenants.get(g.tenantId) ?? g.tenantId })),
  };
}

/** `rows` with their tenant's and application's names ('' when gone or none). */
export async function namedRows(db: Db, view: CallLogView, rows: CallLogRow[]): Promise<CallLogRow[]> {
  const n = await callNames(db, view, rows.map((r) => r.tenantId).filter(Boolean), rows.map((r) => r.productId).filter(Boolean));
  return rows.map((r) => ({ ...r, tenantName: n.tenants.get(r.tenantId) ?? '', productName: n.products.get(r.productId) ?? '' }));
}
