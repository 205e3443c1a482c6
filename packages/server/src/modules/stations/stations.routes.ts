/**
 * `POST /gateway/tenant/plat/station/liststation` — a tenant's stations for the user form's station
 * choice (SPEC §3 User station, §3 Station). Platform administrators. The tenant area's station
 * management (SPEC §2 stationManagement) is registered here too (stations.tenant.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, pageInfo, Paths, StationListBody, UserType, type StationRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { listStations, type StationRecord } from './stations.repository.js';
import stationTenantRoutes from './stations.tenant.routes.js';

/** The API shape of a station. */
export function toStationRow(r: StationRecord): StationRow {
  return {
    id: r.id,
    tenantId: r.tenantId,
    orgId: r.orgId ?? '',
    parentId: r.parentId ?? '',
    code: r.code,
    name: r.name,
    level: r.level,
    type: r.type,
    description: r.description,
    enabled: r.enabled === 1 ? 1 : 0,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export default async function stationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    Paths.liststation,
    {
      config: { access: { userTypes: [UserType.PLATFORM_ADMIN] } },
      schema: { tags: ['stations'], body: StationListBody },
    },
    async (request) => {
      const b = request.body;
      const page = b.page ?? 1;
      const pageSize = b.pageSize ?? 10;
      const { rows, records } = await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
        listStations(tx, { tenantId: b.tenantId, keyword: b.keyword, page, pageSize }),
      );
      return ok({ rows: rows.map(toStationRow), ...pageInfo(page, pageSize, records) });
    },
  );

  await stationTenantRoutes(app);
}
