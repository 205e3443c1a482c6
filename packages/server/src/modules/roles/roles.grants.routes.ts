/**
 * Role authorisation calls (SPEC §7 /plat/rolepurview/*): GET listmenupurviewtree and
 * listorgtypepurview (query roleId, tenantId), GET listorgpurview (query roleId, tenantId,
 * orgCategory); POST savemenupurview, saveorgtypepurview, saveorgpurview (body roleId, tenantId,
 * dataPurview [{ dpDataid, dpPurview }], plus orgCategory). Platform administrators only.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GrantQuery, GrantSaveBody, ok, OrgGrantQuery, OrgGrantSaveBody, Paths, UserType } from '@mp/protocol';
import { inTenant } from './roles.context.js';
import * as svc from './roles.grants.service.js';

const config = { access: { userTypes: [UserType.PLATFORM_ADMIN] } } as const;
const tags = ['roles'];

export default async function roleGrantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(Paths.listmenupurviewtree, { config, schema: { tags, querystring: GrantQuery } }, async (request) => {
    const q = request.query;
    return ok({ rows: await inTenant(app, q.tenantId, (tx) => svc.menuPurviewTree(tx, request.locale, q.tenantId, q.roleId)) });
  });

  r.post(Paths.savemenupurview, { config, schema: { tags, body: GrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.saveMenuPurviews(tx, request, b.tenantId, b.roleId, b.dataPurview)));
  });

  r.get(Paths.listorgtypepurview, { config, schema: { tags, querystring: GrantQuery } }, async (request) => {
    const q = request.query;
    return ok({ rows: await inTenant(app, q.tenantId, (tx) => svc.orgTypePurviews(tx, q.tenantId, q.roleId)) });
  });

  r.post(Paths.saveorgtypepurview, { config, schema: { tags, body: GrantSaveBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.saveOrgTypePurviews(tx, request, b.tenantId, b.roleId, b.dataPurview)));
  });

  r.get(Paths.listorgpurview, { config, schema: { tags, querystring: OrgGrantQuery } }, async (request) => {
    const q = request.query;
    const categories = await svc.orgCategoriesOf(app, request.locale, q.tenantId);
    return ok(await inTenant(app, q.tenantId, (tx) => svc.orgPurviews(tx, categories, q.tenantId, q.roleId, q.orgCategory ?? 0)));
  });

  r.post(Paths.saveorgpurview, { config, schema: { tags, body: OrgGrantSaveBody } }, async (request) => {
    const b = request.body;
    const categories = await svc.orgCategoriesOf(app, request.locale, b.tenantId);
    return ok(await inTenant(app, b.tenantId, (tx) => svc.saveOrgPurviews(tx, request, categories, b.tenantId, b.roleId, b.orgCategory, b.dataPurview)));
  });
}
