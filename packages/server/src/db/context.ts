/**
 * Runs work in one transaction as the non-owner role `mp_app` with the caller's tenant set, so
 * PostgreSQL row-level security refuses rows of another tenant even when a query forgets its
 * `tenant_id` filter (CONVENTIONS "Tenant isolation in two layers"; migrations/0001_rls.sql).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** Who the transaction acts for: a tenant, or the platform (platform administrators, sign-in). */
export interface DbScope {
  scope: 'platform' | 'tenant';
  tenantId: string;
}

export const PLATFORM_SCOPE: DbScope = { scope: 'platform', tenantId: 'sys' };

/**
 * Opens a transaction, sets `mp.scope`, `mp.tenant_id` and the role `mp_app` for it (one statement),
 * and runs `fn`. Everything `fn` writes commits together or not at all.
 */
export async function inScope<T>(db: Db, scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('mp.scope', ${scope.scope}, true), set_config('mp.tenant_id', ${scope.tenantId}, true), set_config('role', 'mp_app', true)`);
    return fn(tx);
  });
}
