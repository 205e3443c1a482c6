/**
 * Runs work in one transaction as the non-owner role `mp_app` with the caller's tenant set, so
 * PostgreSQL row-level security refuses rows of another tenant even when a query forgets its
 * `tenant_id` filter (CONVENTIONS "Tenant isolation in two layers"; migrations/0001_rls.sql).
 *
 * Round trips on PostgreSQL (issue 17; docs/benchmarks.md "The platform's list across tenants"): the
 * transaction is opened and its scope set in ONE simple-protocol message (`begin; select set_config(…)`),
 * instead of drizzle's BEGIN and a second statement; and a read-only transaction (`{ readOnly: true }`:
 * BEGIN READ ONLY, so any write in it fails) answers without waiting for its COMMIT — the connection
 * returns to the pool once the COMMIT has completed, and nothing it could lose was written. On the
 * embedded database (in process, no round trips) drizzle's transaction is used as before.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';
import type { Db, Tx } from './client.js';
import * as schema from './schema/index.js';

/** Who the transaction acts for: a tenant, or the platform (platform administrators, sign-in). */
export interface DbScope {
  scope: 'platform' | 'tenant';
  tenantId: string;
}

export const PLATFORM_SCOPE: DbScope = { scope: 'platform', tenantId: 'sys' };

/** `readOnly`: the work only reads (BEGIN READ ONLY; on PostgreSQL the answer does not wait for COMMIT). */
export interface ScopeOptions {
  readOnly?: boolean;
}

/**
 * Opens a transaction, sets `mp.scope`, `mp.tenant_id` and the role `mp_app` for it (one statement),
 * and runs `fn`. Everything `fn` writes commits together or not at all; an error in `fn` rolls back
 * and is thrown again. With `{ readOnly: true }` a write in `fn` fails (SQLSTATE 25006).
 */
export async function inScope<T>(db: Db, scope: DbScope, fn: (tx: Tx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
  const pool = poolOf(db);
  if (pool) return inPostgresScope(pool, scope, fn, opts);
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('mp.scope', ${scope.scope}, true), set_config('mp.tenant_id', ${scope.tenantId}, true), set_config('role', 'mp_app', true)`,
      );
      return fn(tx);
    },
    opts.readOnly ? { accessMode: 'read only' } : undefined,
  );
}

/** The node-postgres pool behind `db`, or undefined for the embedded database. */
function poolOf(db: Db): Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as Pool).connect === 'function' && 'totalCount' in (client as object) ? (client as Pool) : undefined;
}

/** A drizzle handle per pooled connection (built once: the schema's relational config is not free). */
const handles = new WeakMap<PoolClient, Tx>();

function handleOf(client: PoolClient): Tx {
  let h = handles.get(client);
  if (!h) {
    h = drizzle({ client, schema }) as unknown as Tx;
    handles.set(client, h);
  }
  return h;
}

async function inPostgresScope<T>(pool: Pool, scope: DbScope, fn: (tx: Tx) => Promise<T>, opts: ScopeOptions): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    // One message, two statements (simple protocol has no parameters: the values are quoted literals).
    await client.query(
      `begin${opts.readOnly ? ' read only' : ''}; select set_config('mp.scope', ${client.escapeLiteral(scope.scope)}, true), set_config('mp.tenant_id', ${client.escapeLiteral(scope.tenantId)}, true), set_config('role', 'mp_app', true)`,
    );
    result = await fn(handleOf(client));
  } catch (err) {
    await client.query('rollback').then(
      () => client.release(),
      (e: Error) => client.release(e),
    );
    throw err;
  }
  if (opts.readOnly) {
    // Nothing was written: answer now; the connection goes back to the pool when the COMMIT is done
    // (a failed one discards the connection).
    client.query('commit').then(
      () => client.release(),
      (e: Error) => client.release(e),
    );
    return result;
  }
  try {
    await client.query('commit');
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  client.release();
  return result;
}
