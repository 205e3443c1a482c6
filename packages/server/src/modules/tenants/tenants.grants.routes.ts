/**
 * Tenant management, completed (SPEC §2 tenancyManager "product authorisation, set administrator";
 * docs/protocol.md Calls): `listtenantproduct`, `savetenantproduct`, `listtenantadmin`,
 * `savetenantadmin` and the administrator candidates `listtenantadmincandidate`. Platform
 * administrators only; every write one transaction, audited.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminCandidateListBody,
  ok,
  Paths,
  TenantAdminListBody,
  TenantAdminSaveBody,
  TenantProductListBody,
  TenantProductSaveBody,
  UserType,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as products from './tenants.products.service.js';
import * as admins from './tenants.admins.service.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['tenants'];

export default async function tenantGrantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  r.post(Paths.listtenantproduct, { config: { access }, schema: { tags, body: TenantProductListBody } }, async (request) =>
    ok(await tx((t) => products.listTenantProductPage(t, request.body))),
  );

  r.post(Paths.savetenantproduct, { config: { access }, schema: { tags, body: TenantProductSaveBody } }, async (request) =>
    ok(await tx((t) => products.saveTenantProducts(t, request, request.body))),
  );

  r.post(Paths.listtenantadmin, { config: { access }, schema: { tags, body: TenantAdminListBody } }, async (request) =>
    ok(await tx((t) => admins.listTenantAdmins(t, request.body.tenantId))),
  );

  r.post(Paths.savetenantadmin, { config: { access }, schema: { tags, body: TenantAdminSaveBody } }, async (request) =>
    ok(await tx((t) => admins.saveTenantAdmins(t, request, request.body))),
  );

  r.post(Paths.listtenantadmincandidate, { config: { access }, schema: { tags, body: AdminCandidateListBody } }, async (request) =>
    ok(await tx((t) => admins.listTenantAdminCandidates(t, request.body))),
  );
}
