/**
 * The interface of a call-log store (docs/call-logs.md "Where the records live"), in a file of its own so that both
 * implementations (calllogs.store.ts, calllogs.worker-store.ts) import it without importing each other.
 */
import type { CallLogRow, CallStats } from '@mp/protocol';
import type { CallLogView, CallQuery } from './calllogs.query.js';
import type { CallRecord } from './calllogs.records.js';
import type { RollupOptions } from './calllogs.rollup.js';

/** Options of a rollup run through a store: the rollup's `backDays` (the retention) and its step bounds. */
export type StoreRollupOptions = Pick<RollupOptions, 'hoursPerTx' | 'maxSteps' | 'stopped'> & { backDays: number };

/** The operations on the call records (calllogs.store.ts: the two stores); every error is the database's, thrown. */
export interface CallLogStore {
  readonly kind: 'database' | 'worker';
  /** Gets ready (the worker store starts its worker and moves old records: at start, not under the first calls' load). */
  open(): Promise<void>;
  /** Writes a batch in one statement. */
  insert(rows: CallRecord[]): Promise<void>;
  /** calllogs.stats.ts `callStatistics` of `q` in `view`; groups named by their ids (see `namedStats`). */
  statistics(q: CallQuery, view: CallLogView): Promise<CallStats>;
  /** Number of records of `q` in `view`. */
  count(q: CallQuery, view: CallLogView): Promise<number>;
  /** `limit` records from `offset` (names empty; see `namedRows`). */
  select(q: CallQuery, view: CallLogView, limit: number, offset: number): Promise<CallLogRow[]>;
  /** calllogs.rollup.ts `rollUpCallLogs` at `now` (epoch ms): hours rolled, -1 when another instance rolls. */
  rollup(now: number, opts: StoreRollupOptions): Promise<number>;
  /** calllogs.retention.ts `sweepCallLogs`: records deleted. */
  sweep(retentionDays: number, now: number): Promise<number>;
  /** Ends the store (the worker store closes its database and thread); the main database is not closed. */
  close(): Promise<void>;
}
