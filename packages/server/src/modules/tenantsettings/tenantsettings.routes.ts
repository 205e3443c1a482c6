/**
 * The tenant's system configuration (SPEC §2 Tenant sysconfig; docs/tenant-members.md):
 * `/gateway/tenant/plat/tenantsettings/{gettenantsettings,savetenantsettings,listorgcate,saveorgcate,
 * delorgcate}`. Only the TENANTID tenant's administrators (`{ tenant: 'admin' }`) change it: the
 * configuration applies to the whole tenant, so a role holder's data scope cannot bound it and it is not
 * a role's API to grant. Reading the settings is open to every member (`{ tenant: 'member' }`, no menu):
 * the user form of a role holder who may add users pre-fills the expiry from the default validity that
 * the server applies to their adds too (issue 5; docs/tenant-members.md). Organisation categories reuse the platform configuration's services (sysconfig.service.ts)
 * on the TENANTID tenant only — the platform calls stay platform-only, so nothing is widened.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, Paths, TenantOrgCategoryDeleteBody, TenantOrgCategorySaveBody, TenantSettingsSaveBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { deleteOrgCategory, listOrgCategoriesOf, saveOrgCategory } from '../sysconfig/sysconfig.service.js';
import * as svc from './tenantsettings.service.js';

const config = { access: { tenant: 'admin' } } as const;
const member = { access: { tenant: 'member' } } as const;
const tags = ['tenantsettings'];

export default async function tenantSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string) => Promise<T>) => {
    const tenantId = request.tenant!.id;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, tenantId));
  };

  r.get(Paths.gettenantsettings, { config: member, schema: { tags } }, async (request) =>
    ok({ row: await inTenant(request, (tx, t) => svc.getTenantSettings(tx, t)) }),
  );

  r.post(Paths.savetenantsettings, { config, schema: { tags, body: TenantSettingsSaveBody } }, async (request) =>
    ok({ row: await inTenant(request, (tx, t) => svc.saveTenantSettings(tx, request, t, request.body)) }),
  );

  r.get(Paths.listtenantorgcate, { config, schema: { tags } }, async (request) =>
    ok({ rows: await inTenant(request, (tx, t) => listOrgCategoriesOf(tx, t, request.locale)) }),
  );

  r.post(Paths.savetenantorgcate, { config, schema: { tags, body: TenantOrgCategorySaveBody } }, async (request) => {
    const b = request.body;
    await inTenant(request, (tx, t) => saveOrgCategory(tx, request, t, b.codeKey, b.codeVal));
    return ok({ rows: await inTenant(request, (tx, t) => listOrgCategoriesOf(tx, t, request.locale)) });
  });

  r.post(Paths.deltenantorgcate, { config, schema: { tags, body: TenantOrgCategoryDeleteBody } }, async (request) => {
    const b = request.body;
    await inTenant(request, (tx, t) => deleteOrgCategory(tx, request, t, b.codeKey, b.codeVal));
    return ok({ rows: await inTenant(request, (tx, t) => listOrgCategoriesOf(tx, t, request.locale)) });
  });
}
