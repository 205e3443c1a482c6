/**
 * Tenant management calls of the platform administrator (SPEC §2 tenancyManager; docs/protocol.md
 * Calls): list, get, add, edit, delete, enable/disable, export to Excel.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import writeExcelFile from 'write-excel-file/node';
import { IdBody, IdsBody, ok, Paths, TenantAddBody, TenantEditBody, TenantListBody, TenantStatusBody, UserType } from '@mp/protocol';
import { translate } from '@mp/i18n';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as svc from './tenants.service.js';
import { listAllTenants } from './tenants.repository.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['tenants'];
const EXPORT_LIMIT = 100_000;

export default async function tenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  r.post(Paths.listtenant, { config: { access }, schema: { tags, body: TenantListBody } }, async (request) =>
    ok(await tx((t) => svc.listTenantPage(t, request.body))),
  );

  r.post(Paths.gettenant, { config: { access }, schema: { tags, body: IdBody } }, async (request) =>
    ok({ row: await tx((t) => svc.getTenant(t, request.body.id)) }),
  );

  r.post(Paths.addtenant, { config: { access }, schema: { tags, body: TenantAddBody } }, async (request) =>
    ok({ row: await tx((t) => svc.addTenant(t, request, request.body)) }),
  );

  r.post(Paths.edittenant, { config: { access }, schema: { tags, body: TenantEditBody } }, async (request) =>
    ok({ row: await tx((t) => svc.editTenant(t, request, request.body)) }),
  );

  r.post(Paths.deletetenant, { config: { access }, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await tx((t) => svc.deleteTenants(t, request, request.body.ids))),
  );

  r.post(Paths.statustenant, { config: { access }, schema: { tags, body: TenantStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await tx((t) => svc.setTenantStatus(t, request, b.ids, b.status)));
  });

  r.post(Paths.exporttenant, { config: { access }, schema: { tags, body: TenantListBody } }, async (request, reply) => {
    const rows = await tx((t) => listAllTenants(t, request.body, EXPORT_LIMIT));
    const l = request.locale;
    const f = (k: string) => translate(l, `errors:field.${k}`);
    const head = ['tenantId', 'code', 'name', 'abbreviation', 'address', 'status', 'description', 'creator', 'createdAt', 'updatedAt'].map((k) => ({
      value: f(k),
      fontWeight: 'bold' as const,
    }));
    const body = rows.map((r) =>
      [
        r.id,
        r.code,
        r.name,
        r.abbreviation,
        r.address,
        f(r.status === 1 ? 'enabled' : 'disabled'),
        r.description,
        r.creator,
        r.createdAt.toISOString(),
        r.updatedAt.toISOString(),
      ].map((value) => ({ value })),
    );
    const buffer = await writeExcelFile([head, ...body], { columns: head.map((_, i) => ({ width: i === 0 ? 38 : 20 })) }).toBuffer();
    const name = `tenants-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(buffer);
  });
}
