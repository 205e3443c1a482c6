/**
 * Platform dashboard (SPEC §2 Platform admin → dashboard; docs/protocol.md `GET plat/dashboard/summary`):
 * tenants, enabled tenants, users, products, roles and sign-ins per day over the last 7 days, for platform
 * administrators; and the tenant area's dashboard of one tenant. The figures come from dashboard.repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ok, Paths, UserType } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { readDashboardSummary, readTenantDashboardSummary } from './dashboard.repository.js';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get(Paths.dashboard, { config: { access: { userTypes: [UserType.PLATFORM_ADMIN] } }, schema: { tags: ['dashboard'] } }, async () =>
    ok({ row: await inScope(app.database.db, PLATFORM_SCOPE, (tx) => readDashboardSummary(tx)) }),
  );

  // The tenant area's dashboard (issue 5): the TENANTID tenant's own figures, for its administrators
  // and role holders (docs/tenancy.md); a role holder's figures are limited to their data scope. It is
  // no menu's API (the dashboard is never a menu item, SPEC §2), so any role holder may call it.
  app.get(Paths.tenancydashboard, { config: { access: { tenant: 'member' } }, schema: { tags: ['dashboard'] } }, async (request) => {
    const tenant = request.tenant!;
    return ok({
      row: await inScope(app.database.db, { scope: 'tenant', tenantId: tenant.id }, (tx) => readTenantDashboardSummary(tx, tenant, Date.now(), tenant.scope)),
    });
  });
}
