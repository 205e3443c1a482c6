/**
 * The tenant area's calls granting application permissions to roles (issue 14 "Grants reach the
 * tenants"; SPEC §2 role authorisation, role API authorisation; docs/applications.md "Grants reach the
 * tenants"). APIs of the menu 'roleManagement' (`{ tenant: 'member', menu }`): the tenant's
 * administrators and role holders holding the call's API grant, limited to their data scope and to what
 * they hold. The viewer's application part is `listtenantgrantview` (roles.tenant.routes.ts). Each call
 * is one transaction in the tenant's scope.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppGrantPaths, ok, TenantAppGrantQuery, TenantAppGrantSaveBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { TenantContext } from '../../types.js';
import * as svc from './apppermissions.service.js';

const config = { access: { tenant: 'member', menu: 'roleManagement' } } as const;
const tags = ['roles'];

export default async function appPermissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with its tenant context. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, ctx: TenantContext) => Promise<T>) => {
    const ctx = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId: ctx.id }, (tx) => fn(tx, ctx));
  };

  r.get(AppGrantPaths.listtenantapp, { config, schema: { tags } }, async (request) =>
    ok({ rows: await inTenant(request, (tx, c) => svc.listTenantApps(tx, c)) }),
  );

  r.get(AppGrantPaths.listtenantapppurview, { config, schema: { tags, querystring: TenantAppGrantQuery } }, async (request) => {
    const { roleId, productId } = request.query;
    return ok(await inTenant(request, (tx, c) => svc.tenantAppPurview(tx, request, c, roleId, productId)));
  });

  r.post(AppGrantPaths.savetenantapppurview, { config, schema: { tags, body: TenantAppGrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx, c) => svc.saveTenantAppPurview(tx, request, c, b.roleId, b.productId, b.dataPurview)));
  });

  r.get(AppGrantPaths.listtenantappapipurview, { config, schema: { tags, querystring: TenantAppGrantQuery } }, async (request) => {
    const { roleId, productId } = request.query;
    return ok(await inTenant(request, (tx, c) => svc.tenantAppApiPurview(tx, request, c, roleId, productId)));
  });

  r.post(AppGrantPaths.savetenantappapipurview, { config, schema: { tags, body: TenantAppGrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx, c) => svc.saveTenantAppApiPurview(tx, request, c, b.roleId, b.productId, b.dataPurview)));
  });
}
