/**
 * Organisation mapping and user mapping of the tenant area (SPEC §2 orgMappingManagement,
 * employeeMappingManagement; docs/tenant-apps.md). Each call is an API of its screen's menu
 * (`{ tenant: 'member', menu }`, docs/tenancy.md): the tenant's administrators, and role holders with
 * the API grant, limited to their data scope (`request.tenant.scope`). One transaction per call in the
 * tenant's scope; ids of another tenant are "not found".
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EmptyBody,
  IdsBody,
  MappingUserListBody,
  ok,
  OrgMappingAddBody,
  OrgMappingEditBody,
  OrgMappingListBody,
  Paths,
  UserMappingAddBody,
  UserMappingEditBody,
  UserMappingListBody,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { DataScope } from '../tenancy/data-scope.js';
import { listAppTenantOptions } from '../apptenants/apptenants.service.js';
import * as orgs from './mappings.org.service.js';
import * as people from './mappings.user.service.js';

const orgConfig = { access: { tenant: 'member', menu: 'orgMappingManagement' } } as const;
const userAccess = { tenant: 'member', menu: 'employeeMappingManagement' } as const;
const userConfig = { access: userAccess } as const;
/** Maps the user `userId`: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onUser = { access: { ...userAccess, actsOn: 'userId' } } as const;
const tags = ['mappings'];

export default async function mappingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's data scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string, scope: DataScope) => Promise<T>) => {
    const { id: tenantId, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, tenantId, scope));
  };

  // ---- organisation mapping
  r.post(Paths.listorgmapping, { config: orgConfig, schema: { tags, body: OrgMappingListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => orgs.listOrgMappingPage(tx, t, s, request.body))),
  );
  r.post(Paths.listorgmappingapp, { config: orgConfig, schema: { tags, body: EmptyBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => listAppTenantOptions(tx, t))),
  );
  r.post(Paths.addorgmapping, { config: orgConfig, schema: { tags, body: OrgMappingAddBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => orgs.addOrgMapping(tx, request, t, s, request.body))),
  );
  r.post(Paths.editorgmapping, { config: orgConfig, schema: { tags, body: OrgMappingEditBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => orgs.editOrgMapping(tx, request, t, s, request.body))),
  );
  r.post(Paths.deleteorgmapping, { config: orgConfig, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => orgs.deleteOrgMappings(tx, request, t, s, request.body.ids))),
  );

  // ---- user mapping
  r.post(Paths.listusermapping, { config: userConfig, schema: { tags, body: UserMappingListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => people.listUserMappingPage(tx, t, s, request.body))),
  );
  r.post(Paths.listusermappingapp, { config: userConfig, schema: { tags, body: EmptyBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => listAppTenantOptions(tx, t))),
  );
  r.post(Paths.listmappinguser, { config: userConfig, schema: { tags, body: MappingUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => people.listMappingUserPage(tx, t, s, request.body))),
  );
  r.post(Paths.addusermapping, { config: onUser, schema: { tags, body: UserMappingAddBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => people.addUserMapping(tx, request, t, s, request.body))),
  );
  r.post(Paths.editusermapping, { config: onUser, schema: { tags, body: UserMappingEditBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => people.editUserMapping(tx, request, t, s, request.body))),
  );
  r.post(Paths.deleteusermapping, { config: userConfig, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => people.deleteUserMappings(tx, request, t, s, request.body.ids))),
  );
}
