/**
 * Data role management calls of the platform administrator (SPEC §2 roleManager, §7 /plat/role/*):
 * listrole, addrole, editrole, deleterole here; members (roles.members.routes.ts) and grants
 * (roles.grants.routes.ts) are registered from here so modules/index.ts names one module. Every call
 * names its tenant and runs in that tenant's scope (roles.context.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, Paths, RoleAddBody, RoleDeleteBody, RoleEditBody, RoleListBody, UserType } from '@mp/protocol';
import { inTenant } from './roles.context.js';
import * as svc from './roles.service.js';
import roleMemberRoutes from './roles.members.routes.js';
import roleGrantRoutes from './roles.grants.routes.js';

/** Platform administrators only (others: 10009029001). */
export const roleAccess = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['roles'];

export default async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { access: roleAccess };

  r.post(Paths.listrole, { config, schema: { tags, body: RoleListBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.listRolePage(tx, b)));
  });

  r.post(Paths.addrole, { config, schema: { tags, body: RoleAddBody } }, async (request) => {
    const b = request.body;
    return ok({ row: await inTenant(app, b.tenantId, (tx) => svc.addRole(tx, request, b)) });
  });

  r.post(Paths.editrole, { config, schema: { tags, body: RoleEditBody } }, async (request) => {
    const b = request.body;
    return ok({ row: await inTenant(app, b.tenantId, (tx) => svc.editRole(tx, request, b)) });
  });

  r.post(Paths.deleterole, { config, schema: { tags, body: RoleDeleteBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.deleteRoles(tx, request, b.tenantId, b.roleIds)));
  });

  await app.register(roleMemberRoutes);
  await app.register(roleGrantRoutes);
}
