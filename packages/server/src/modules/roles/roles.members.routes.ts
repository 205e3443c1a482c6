/**
 * Role member calls (SPEC §7 /plat/role/listroleuser, listusernotinrole, addroleuser, deleteroleuser;
 * §3 Role-user link: relaId, roleId, userIds). Platform administrators only.
 */
import type { FastifyInstance } from 'fastify';
import { ok, Paths, RoleUserBody, RoleUserListBody, UserType } from '@mp/protocol';
import { inTenant } from './roles.context.js';
import * as svc from './roles.members.service.js';

const config = { access: { userTypes: [UserType.PLATFORM_ADMIN] } } as const;
const tags = ['roles'];

export default async function roleMemberRoutes(app: FastifyInstance) {
  app.post(Paths.listroleuser, { config, schema: { tags, body: RoleUserListBody } }, async (request) => {
    const b = request.body as RoleUserListBody;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.listRoleUserPage(tx, b, true)));
  });

  app.post(Paths.listusernotinrole, { config, schema: { tags, body: RoleUserListBody } }, async (request) => {
    const b = request.body as RoleUserListBody;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.listRoleUserPage(tx, b, false)));
  });

  app.post(Paths.addroleuser, { config, schema: { tags, body: RoleUserBody } }, async (request) => {
    const b = request.body as RoleUserBody;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.addRoleUsers(tx, request, b)));
  });

  app.post(Paths.deleteroleuser, { config, schema: { tags, body: RoleUserBody } }, async (request) => {
    const b = request.body as RoleUserBody;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.deleteRoleUsers(tx, request, b)));
  });
}
