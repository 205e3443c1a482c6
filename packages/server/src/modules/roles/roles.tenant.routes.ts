/**
 * Role management calls of the tenant area (SPEC §2 Tenant → roleManagement; §7 /plat/role/* and
 * /plat/rolepurview/* in their tenant-area form; docs/tenant-roles.md). The tenant is the TENANTID header;
 * every call is an API of the menu 'roleManagement' (`{ tenant: 'member', menu }`): the tenant's
 * administrators and role holders with the API grant of the call may make it, limited to their data
 * scope (roles.tenant.service.ts). Each call is one transaction in the tenant's scope.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ok,
  Paths,
  TenantApiGrantSaveBody,
  TenantGrantQuery,
  TenantGrantSaveBody,
  TenantOrgGrantQuery,
  TenantOrgGrantSaveBody,
  TenantRoleAddBody,
  TenantRoleDeleteBody,
  TenantRoleEditBody,
  TenantRoleListBody,
  TenantRoleUserBody,
  TenantRoleUserListBody,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { TenantContext } from '../../types.js';
import * as svc from './roles.tenant.service.js';
import * as grantSvc from './roles.tenant.grants.service.js';
import { menuPurviewTree, orgCategoriesOf, orgTypePurviews } from './roles.grants.service.js';

const access = { tenant: 'member', menu: 'roleManagement' } as const;
const config = { access } as const;
/** Membership changes of the users in `userIds`: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onUsers = { access: { ...access, actsOn: 'userIds' } } as const;
const tags = ['roles'];

export default async function roleTenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with its tenant context. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, ctx: TenantContext) => Promise<T>) => {
    const ctx = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId: ctx.id }, (tx) => fn(tx, ctx));
  };

  r.post(Paths.listtenantrole, { config, schema: { tags, body: TenantRoleListBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listTenantRolePage(tx, c, request.body))),
  );

  r.post(Paths.addtenantrole, { config, schema: { tags, body: TenantRoleAddBody } }, async (request) =>
    ok({ row: await inTenant(request, (tx, c) => svc.addTenantRole(tx, request, c, request.body)) }),
  );

  r.post(Paths.edittenantrole, { config, schema: { tags, body: TenantRoleEditBody } }, async (request) =>
    ok({ row: await inTenant(request, (tx, c) => svc.editTenantRole(tx, request, c, request.body)) }),
  );

  r.post(Paths.deletetenantrole, { config, schema: { tags, body: TenantRoleDeleteBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.deleteTenantRoles(tx, request, c, request.body.roleIds))),
  );

  r.post(Paths.listtenantroleuser, { config, schema: { tags, body: TenantRoleUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listTenantRoleUserPage(tx, c, request.body, true))),
  );

  r.post(Paths.listusernotintenantrole, { config, schema: { tags, body: TenantRoleUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listTenantRoleUserPage(tx, c, request.body, false))),
  );

  r.post(Paths.addtenantroleuser, { config: onUsers, schema: { tags, body: TenantRoleUserBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.addTenantRoleUsers(tx, request, c, request.body))),
  );

  r.post(Paths.deletetenantroleuser, { config: onUsers, schema: { tags, body: TenantRoleUserBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.deleteTenantRoleUsers(tx, request, c, request.body))),
  );

  r.get(Paths.listtenantmenupurview, { config, schema: { tags, querystring: TenantGrantQuery } }, async (request) => {
    const { roleId } = request.query;
    return ok({
      rows: await inTenant(request, async (tx, c) => {
        await svc.getRoleInScope(tx, c, roleId);
        return menuPurviewTree(tx, request.locale, c.id, roleId);
      }),
    });
  });

  r.post(Paths.savetenantmenupurview, { config, schema: { tags, body: TenantGrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx, c) => grantSvc.saveTenantMenuPurviews(tx, request, c, b.roleId, b.dataPurview)));
  });

  r.get(Paths.listtenantorgtypepurview, { config, schema: { tags, querystring: TenantGrantQuery } }, async (request) => {
    const { roleId } = request.query;
    return ok({
      rows: await inTenant(request, async (tx, c) => {
        await svc.getRoleInScope(tx, c, roleId);
        return orgTypePurviews(tx, c.id, roleId);
      }),
    });
  });

  r.post(Paths.savetenantorgtypepurview, { config, schema: { tags, body: TenantGrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx, c) => grantSvc.saveTenantOrgTypePurviews(tx, request, c, b.roleId, b.dataPurview)));
  });

  r.get(Paths.listtenantorgpurview, { config, schema: { tags, querystring: TenantOrgGrantQuery } }, async (request) => {
    const q = request.query;
    const categories = await orgCategoriesOf(app, request.locale, request.tenant!.id);
    const level = { category: q.orgCategory ?? 0, parentId: q.parentId, page: q.page ?? 1, pageSize: q.pageSize ?? 200 };
    return ok(await inTenant(request, (tx, c) => grantSvc.tenantOrgPurviewLevel(tx, categories, c, q.roleId, level)));
  });

  r.post(Paths.savetenantorgpurview, { config, schema: { tags, body: TenantOrgGrantSaveBody } }, async (request) => {
    const b = request.body;
    const categories = await orgCategoriesOf(app, request.locale, request.tenant!.id);
    return ok(await inTenant(request, (tx, c) => grantSvc.saveTenantOrgPurviews(tx, request, categories, c, b.roleId, b.orgCategory, b.dataPurview)));
  });

  r.get(Paths.listtenantapipurview, { config, schema: { tags, querystring: TenantGrantQuery } }, async (request) => {
    const { roleId } = request.query;
    return ok({ rows: await inTenant(request, (tx, c) => grantSvc.tenantApiPurviews(app, tx, request.locale, c, roleId)) });
  });

  r.post(Paths.savetenantapipurview, { config, schema: { tags, body: TenantApiGrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx, c) => grantSvc.saveTenantApiPurviews(app, tx, request, c, b.roleId, b.dataPurview)));
  });

  r.get(Paths.listtenantgrantview, { config, schema: { tags, querystring: TenantGrantQuery } }, async (request) => {
    const { roleId } = request.query;
    return ok({ row: await inTenant(request, (tx, c) => grantSvc.tenantGrantView(app, tx, request.locale, c, roleId)) });
  });
}
