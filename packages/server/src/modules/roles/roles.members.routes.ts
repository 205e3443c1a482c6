/**
 * Role member calls (SPEC §7 /plat/role/listroleuser, listusernotinrole, addroleuser, deleteroleuser;
 * §3 Role-user link: relaId, roleId, userIds). Platform administrators only.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, Paths, RoleUserBody, RoleUserListBody, UserType } from '@mp/protocol';
import { inTenant } from './roles.context.js';
import * as svc from './roles.members.service.js';

const config = { access: { userTypes: [UserType.PLATFORM_ADMIN] } } as const;
const tags = ['roles'];

export default async function roleMemberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.listroleuser, { config, schema: { tags, body: RoleUserListBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.listRoleUserPage(tx, b, true)));
  });

  r.post(Paths.listusernotinrole, { config, schema: { tags, body: RoleUserListBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.listRoleUserPage(tx, b, false)));
  });

  r.post(Paths.addroleuser, { config, schema: { tags, body: RoleUserBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.addRoleUsers(tx, request, b)));
  });

  r.post(Paths.deleteroleuser, { config, schema: { tags, body: RoleUserBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.deleteRoleUsers(tx, request, b)));
  });
}
