/**
 * `POST /gateway/tenant/plat/tenancy/listmytenant` — "my tenants" of the tenant administrator (SPEC §2
 * Tenant admin → tenancyList; docs/tenancy.md): the tenants the caller holds the tenant-admin identity
 * for, paged and searched; a disabled tenant is listed with its status (the console does not enter it).
 * User type 2 (tenant administrators) only.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MyTenantListBody, ok, pageInfo, Paths, UserType, type MyTenantRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { listTenantsAdministeredBy, type TenantRecord } from './tenancy.repository.js';
import { fileUrl } from '../files/file-url.js';

/** The API shape of a tenant tile. */
export function toMyTenantRow(t: TenantRecord): MyTenantRow {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    abbreviation: t.abbreviation,
    address: t.address,
    logoUrl: fileUrl(t.logo),
    status: t.status === 1 ? 1 : 0,
  };
}

export default async function tenancyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    Paths.listmytenant,
    {
      config: { access: { userTypes: [UserType.TENANT_ADMIN] } },
      schema: { tags: ['tenancy'], body: MyTenantListBody },
    },
    async (request) => {
      const b = request.body;
      const page = b.page ?? 1;
      const pageSize = b.pageSize ?? 24;
      const { rows, records } = await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
        listTenantsAdministeredBy(tx, request.auth!.userId, { keyword: b.keyword, page, pageSize }),
      );
      return ok({ rows: rows.map(toMyTenantRow), ...pageInfo(page, pageSize, records) });
    },
  );
}
