/**
 * The tenant context of a tenant-area call (docs/tenancy.md "Tenant context on the server"): the tenant
 * named by the TENANTID header (id or code) must exist and be enabled, and the caller must administer it
 * (identity 3 for that tenant) or, for `'member'` routes, hold an enabled role in it. Anything else is
 * `10009029001`, so a tenant administrator can never act in another tenant whatever ids they send.
 * Handlers then work in `inScope(db, { scope: 'tenant', tenantId: request.tenant.id }, …)`.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Codes, Identity } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { roles, roleUsers, userIdentities } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { resolveTenant } from '../modules/tenants/tenants.repository.js';
import type { AuthContext, TenantContext } from '../types.js';

/**
 * Resolves and checks the context for `auth` in the tenant `tenantHeader`; raises `10009029001`.
 * One short platform-scope transaction (the identity rows live in the administered tenant).
 */
export async function resolveTenantContext(app: FastifyInstance, auth: AuthContext, tenantHeader: string, mode: 'admin' | 'member'): Promise<TenantContext> {
  const context = await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    const tenant = await resolveTenant(tx, tenantHeader);
    if (!tenant || tenant.status !== 1) return undefined;
    const [admin] = await tx.select({ userId: userIdentities.userId }).from(userIdentities)
      .where(and(eq(userIdentities.tenantId, tenant.id), eq(userIdentities.userId, auth.userId), eq(userIdentities.identity, Identity.TENANT_ADMIN)));
    if (admin) return { id: tenant.id, code: tenant.code, name: tenant.name, admin: true };
    if (mode === 'admin') return undefined;
    const [member] = await tx.select({ roleId: roleUsers.roleId }).from(roleUsers)
      .innerJoin(roles, and(eq(roles.id, roleUsers.roleId), eq(roles.tenantId, roleUsers.tenantId)))
      .where(and(eq(roleUsers.tenantId, tenant.id), eq(roleUsers.userId, auth.userId), eq(roles.status, 1))).limit(1);
    return member ? { id: tenant.id, code: tenant.code, name: tenant.name, admin: false } : undefined;
  });
  if (!context) throw new AppError(Codes.NO_PERMISSION);
  return context;
}
