/**
 * App management of the tenant area (SPEC §2 appManagement; docs/tenant-apps.md): the TENANTID tenant's
 * application tenants, for its administrators and for role holders with the menu's API grants
 * (`{ tenant: 'member', menu: 'appManagement' }`, docs/tenancy.md). Application tenants belong to no
 * organisation, so data scopes do not narrow them. Each call is one transaction in the tenant's scope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppTenantEditBody, AppTenantListBody, AppTenantStatusBody, ok, Paths } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import * as svc from './apptenants.service.js';

const config = { access: { tenant: 'member', menu: 'appManagement' } } as const;
const tags = ['apptenants'];

export default async function appTenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string) => Promise<T>) => {
    const tenantId = request.tenant!.id;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, tenantId));
  };

  r.post(Paths.listapptenant, { config, schema: { tags, body: AppTenantListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => svc.listAppTenantPage(tx, t, request.body))),
  );

  r.post(Paths.editapptenant, { config, schema: { tags, body: AppTenantEditBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => svc.editAppTenant(tx, request, t, request.body))),
  );

  r.post(Paths.statusapptenant, { config, schema: { tags, body: AppTenantStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx, t) => svc.setAppTenantsStatus(tx, request, t, b.productIds, b.status)));
  });
}
