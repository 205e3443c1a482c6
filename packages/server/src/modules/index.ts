/**
 * Every route module, registered explicitly so a path is found by grep (CONVENTIONS "Server").
 * Paths come from `Paths` of @mp/protocol under the gateway prefixes of PROTOCOL.md.
 */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes.js';
import loginRoutes from './auth/login.routes.js';
import sessionRoutes from './session/sessions.routes.js';
import adminLoginRoutes from './session/admin-login.routes.js';
import codeTableRoutes from './codetable/codetable.routes.js';
import menuRoutes from './menu/menu.routes.js';
import tenantRoutes from './tenants/tenants.routes.js';
import tenantGrantRoutes from './tenants/tenants.grants.routes.js';
import productRoutes from './products/products.routes.js';
import fileRoutes from './files/files.routes.js';
import dashboardRoutes from './dashboard/dashboard.routes.js';
import licenceRoutes from './licence/licence.routes.js';
import auditRoutes from './audit/audit.routes.js';
import tenantAuditRoutes from './audit/audit.tenant.routes.js';
import organisationRoutes from './organisations/organisations.routes.js';
import userRoutes from './users/users.routes.js';
import userTenantRoutes from './users/users.tenant.routes.js';
import roleRoutes from './roles/roles.routes.js';
import roleTenantRoutes from './roles/roles.tenant.routes.js';
import otcRoutes from './otc/otc.routes.js';
import clientRoutes from './clients/clients.routes.js';
import stationRoutes from './stations/stations.routes.js';
import jobRoutes from './jobs/jobs.routes.js';
import tenancyRoutes from './tenancy/tenancy.routes.js';
import appTenantRoutes from './apptenants/apptenants.routes.js';
import mappingRoutes from './mappings/mappings.routes.js';
import orgMemberRoutes from './orgmembers/orgmembers.routes.js';
import accountRoutes from './accounts/accounts.routes.js';
import tenantSettingsRoutes from './tenantsettings/tenantsettings.routes.js';
import appMenuRoutes from './appmenus/appmenus.routes.js';
import appPermissionRoutes from './apppermissions/apppermissions.routes.js';
import appApiRoutes from './appapis/appapis.routes.js';
import appMobileMenuRoutes from './appmobilemenus/appmobilemenus.routes.js';
import policyRoutes from './policy/policy.routes.js';
import oidcPlugin from './oidc/oidc.plugin.js';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(adminLoginRoutes);
  await app.register(codeTableRoutes);
  await app.register(menuRoutes);
  await app.register(tenantRoutes);
  await app.register(tenantGrantRoutes);
  await app.register(productRoutes);
  await app.register(fileRoutes);
  await app.register(dashboardRoutes);
  await app.register(licenceRoutes);
  await app.register(auditRoutes);
  await app.register(tenantAuditRoutes);
  await app.register(organisationRoutes);
  await app.register(userRoutes);
  await app.register(userTenantRoutes);
  await app.register(roleRoutes);
  await app.register(roleTenantRoutes);
  await app.register(otcRoutes);
  await app.register(clientRoutes);
  await app.register(stationRoutes);
  await app.register(tenancyRoutes);
  await app.register(appTenantRoutes);
  await app.register(mappingRoutes);
  await app.register(jobRoutes);
  await app.register(orgMemberRoutes);
  await app.register(accountRoutes);
  await app.register(tenantSettingsRoutes);
  await app.register(appMenuRoutes);
  await app.register(appPermissionRoutes);
  await app.register(appApiRoutes);
  await app.register(appMobileMenuRoutes);
  await app.register(oidcPlugin);
  await app.register(policyRoutes);
}
