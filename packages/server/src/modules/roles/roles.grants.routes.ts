/**
 * Role authorisation calls (SPEC §7 /plat/rolepurview/*): GET listmenupurviewtree and
 * listorgtypepurview (query roleId, tenantId), GET listorgpurview (query roleId, tenantId,
 * orgCategory); POST savemenupurview, saveorgtypepurview, saveorgpurview (body roleId, tenantId,
 * dataPurview [{ dpDataid, dpPurview }], plus orgCategory). Platform administrators only.
 */
import type { FastifyInstance } from 'fastify';
import { GrantQuery, GrantSaveBody, ok, OrgGrantQuery, OrgGrantSaveBody, Paths, UserType } from '@mp/protocol';
import { inTenant } from './roles.context.js';
import * as svc from './roles.grants.service.js';

const config = { access: { userTypes: [UserType.PLATFORM_ADMIN] } } as const;
const tags = ['roles'];

export default async function roleGrantRoutes(app: FastifyInstance) {
  app.get(Paths.listmenupurviewtree, { config, schema: { tags, querystring: GrantQuery } }, async (request) => {
    const q = request.query as GrantQuery;
    return ok({ rows: await inTenant(app, q.tenantId, (tx) => svc.menuPurviewTree(tx, request.locale, q.tenantId, q.roleId)) });
  });

  app.post(Paths.savemenupurview, { config, schema: { tags, body: GrantSaveBody } }, async (request) => {
    const b = request.body as GrantSaveBody;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.saveMenuPurviews(tx, request, b.tenantId, b.roleId, b.dataPurview)));
  });

  app.get(Paths.listorgtypepurview, { config, schema: { tags, querystring: GrantQuery } }, async (request) => {
    const q = request.query as GrantQuery;
    return ok({ rows: await inTenant(app, q.tenantId, (tx) => svc.orgTypePurviews(tx, q.tenantId, q.roleId)) });
  });

  app.post(Paths.saveorgtypepurview, { config, schema: { tags, body: GrantSaveBody } }, async (request) => {
    const b = request.body as GrantSaveBody;
    return ok(await inTenant(app, b.tenantId, (tx) => svc.saveOrgTypePurviews(tx, request, b.tenantId, b.roleId, b.dataPurview)));
  });

  app.get(Paths.listorgpurview, { config, schema: { tags, querystring: OrgGrantQuery } }, async (request) => {
    const q = request.query as OrgGrantQuery;
    const categories = await svc.orgCategoriesOf(app, request.locale, q.tenantId);
    return ok(await inTenant(app, q.tenantId, (tx) => svc.orgPurviews(tx, categories, q.tenantId, q.roleId, q.orgCategory ?? 0)));
  });

  app.post(Paths.saveorgpurview, { config, schema: { tags, body: OrgGrantSaveBody } }, async (request) => {
    const b = request.body as OrgGrantSaveBody;
    const categories = await svc.orgCategoriesOf(app, request.locale, b.tenantId);
    return ok(await inTenant(app, b.tenantId, (tx) => svc.saveOrgPurviews(tx, request, categories, b.tenantId, b.roleId, b.orgCategory, b.dataPurview)));
  });
}
