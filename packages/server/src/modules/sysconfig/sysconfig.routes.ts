/**
 * Platform configuration calls (SPEC §2 sysconfig, §7 codetable calls, §9; docs/sysconfig.md):
 * login configuration (read: public, like the startup configuration; save: platform administrators),
 * the code table save, organisation types and categories; the integration lists and their live checks
 * are registered from integration.routes.ts. Every write runs in one transaction and, once committed,
 * drops this instance's settings cache so the startup configuration shows it at once (other instances
 * within the cache's 5 s).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CodeTableSaveBody, LoginConfigSaveBody, OrgCategoryDeleteBody, OrgCategoryQuery, OrgCategorySaveBody, ok, Paths, UserType } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as svc from './sysconfig.service.js';
import integrationRoutes from './integration.routes.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['sysconfig'];

export default async function sysconfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);
  /** Runs a configuration write and forgets the cached settings after it commits. */
  const write = async <T>(fn: Parameters<typeof inScope<T>>[2]): Promise<T> => {
    try {
      return await tx(fn);
    } finally {
      app.settings.invalidate();
    }
  };
  const layers = async () => {
    const l = await app.settings.loginConfigLayers();
    return { row: l.effective, layers: { defaults: l.defaults, public: l.public, system: l.system }, sources: l.sources };
  };

  r.get(Paths.getloginconfig, { config: { access: 'public' }, schema: { tags } }, async () => ok(await layers()));

  r.post(Paths.saveloginconfig, { config: { access }, schema: { tags, body: LoginConfigSaveBody } }, async (request) => {
    await write((t) => svc.saveLoginConfig(t, request, request.body));
    return ok(await layers());
  });

  r.post(Paths.savecodetablelist, { config: { access }, schema: { tags, body: CodeTableSaveBody } }, async (request) =>
    ok({ rows: await write((t) => svc.saveCodeTable(t, request, request.body)) }),
  );

  r.get(Paths.queryorgtypeconfiglist, { config: { access }, schema: { tags } }, async (request) =>
    ok({ rows: await tx((t) => svc.listOrgTypes(t, request.locale)) }),
  );

  r.get(Paths.queryorgcateconfiglist, { config: { access }, schema: { tags, querystring: OrgCategoryQuery } }, async (request) => {
    const tenantId = request.query.tenantId ?? request.tenantHeader;
    return ok({ rows: await tx((t) => svc.listOrgCategoriesOf(t, tenantId, request.locale)) });
  });

  r.post(Paths.saveorgcateconfig, { config: { access }, schema: { tags, body: OrgCategorySaveBody } }, async (request) => {
    const b = request.body;
    const tenantId = b.tenantId ?? request.tenantHeader;
    await write((t) => svc.saveOrgCategory(t, request, tenantId, b.codeKey, b.codeVal));
    return ok({ rows: await tx((t) => svc.listOrgCategoriesOf(t, tenantId, request.locale)) });
  });

  r.post(Paths.delorgcateconfig, { config: { access }, schema: { tags, body: OrgCategoryDeleteBody } }, async (request) => {
    const b = request.body;
    const tenantId = b.tenantId ?? request.tenantHeader;
    await write((t) => svc.deleteOrgCategory(t, request, tenantId, b.codeKey, b.codeVal));
    return ok({ rows: await tx((t) => svc.listOrgCategoriesOf(t, tenantId, request.locale)) });
  });

  await app.register(integrationRoutes);
}
