/**
 * The tenant context of a tenant-area call (docs/tenancy.md "Tenant context on the server"): the tenant
 * named by the TENANTID header (id or code) must exist and be enabled, and the caller must administer it
 * (identity 3 for that tenant) or, for `'member'` routes, hold an enabled role in it. Anything else is
 * `10009029001`, so a tenant administrator can never act in another tenant whatever ids they send.
 * Handlers then work in `inScope(db, { scope: 'tenant', tenantId: request.tenant.id }, …)` and limit
 * every list and write to `request.tenant.scope` (modules/tenancy/data-scope.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, Identity } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { userIdentities } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { resolveTenant } from '../modules/tenants/tenants.repository.js';
import type { AuthContext, TenantContext } from '../types.js';
import { apisFromGrants, listMemberGrants, scopeFromGrants, WHOLE_TENANT } from '../modules/tenancy/data-scope.js';

/**
 * Resolves and checks the context for `auth` in the tenant `tenantHeader` under `access`; raises
 * `10009029001`. For a caller who is not the tenant's administrator it also reads their role grants
 * (one statement): their data scope, and for routes of a menu (`access.menu`) the API grant of
 * `routeUrl`. One short platform-scope transaction (the identity rows live in the administered tenant).
 */
export async function resolveTenantContext(
  app: FastifyInstance,
  auth: AuthContext,
  tenantHeader: string,
  access: { tenant: 'admin' | 'member'; menu?: string | readonly string[] },
  routeUrl: string,
): Promise<TenantContext> {
  const context = await inScope(app.database.db, PLATFORM_SCOPE, async (tx): Promise<TenantContext | undefined> => {
    const tenant = await resolveTenant(tx, tenantHeader);
    if (!tenant || tenant.status !== 1) return undefined;
    const [admin] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.tenantId, tenant.id), eq(userIdentities.userId, auth.userId), eq(userIdentities.identity, Identity.TENANT_ADMIN)));
    if (admin) return { id: tenant.id, code: tenant.code, name: tenant.name, admin: true, scope: WHOLE_TENANT };
    if (access.tenant === 'admin') return undefined;
    const grants = await listMemberGrants(tx, tenant.id, auth.userId);
    if (!grants.length) return undefined;
    if (access.menu && !apisFromGrants(grants).has(routeUrl)) return undefined;
    return { id: tenant.id, code: tenant.code, name: tenant.name, admin: false, scope: scopeFromGrants(grants) };
  });
  if (!context) throw new AppError(Codes.NO_PERMISSION);
  return context;
}

/** One API of the tenant API catalogue: a tenant-area route of a menu (role API authorisation lists these). */
export interface TenantApi {
  method: string;
  url: string;
  menu: string;
}

/**
 * The tenant API catalogue (SPEC §2 "role API authorisation"): every registered tenant-area route that
 * names its menu (`access.menu`), in registration order. Built from the app's route table, so a new
 * route joins the catalogue by declaring its menu. A route two screens call (e.g. the organisation grid
 * of the element library and of organisation management) names both menus and is listed once under
 * each; the grant itself is per url, so ticking it under either menu grants it.
 */
export function tenantApiCatalogue(app: FastifyInstance): TenantApi[] {
  const out: TenantApi[] = [];
  for (const r of app.routeTable) {
    const a = r.access as { tenant?: string; menu?: string | readonly string[] } | undefined;
    if (!a || typeof a !== 'object' || !a.tenant || !a.menu || r.method === 'HEAD') continue;
    for (const menu of typeof a.menu === 'string' ? [a.menu] : a.menu) out.push({ method: r.method, url: r.url, menu });
  }
  return out;
}

/**
 * The tenant whose tenant-owned rows a call outside the tenant area reads (issue 12 "Every tenant-owned
 * row is scoped by tenant on read"): the tenant-area context when the route has one; else the tenant
 * named by TENANTID when the caller administers it or holds an enabled role in it; else the caller's
 * own tenant. Never another tenant: naming one the caller has no part in falls back to their own.
 */
export async function readerTenantId(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  if (request.tenant) return request.tenant.id;
  const auth = request.auth!;
  try {
    return (await resolveTenantContext(app, auth, request.tenantHeader, { tenant: 'member' }, request.routeOptions.url ?? '')).id;
  } catch (e) {
    if (e instanceof AppError && e.code === Codes.NO_PERMISSION) return auth.tenantId;
    throw e;
  }
}
