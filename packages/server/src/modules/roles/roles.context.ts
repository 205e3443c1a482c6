/**
 * The transaction every role call runs in: scoped to the tenant the call names (roles, members and
 * grants are tenant-scoped, SPEC §6), so row-level security refuses rows of any other tenant even if a
 * query forgot its filter. The tenant must exist.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { findTenantById } from '../tenants/tenants.repository.js';

/**
 * Runs `fn` in one transaction in the scope of `tenantId`.
 * @throws AppError `tenant.not_found` when the tenant does not exist (nothing runs).
 */
export function inTenant<T>(app: FastifyInstance, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inScope(app.database.db, { scope: 'tenant', tenantId }, async (tx) => {
    if (!(await findTenantById(tx, tenantId))) throw new AppError(Codes.TENANT_NOT_FOUND);
    return fn(tx);
  });
}
