/**
 * Station management in the tenant area (SPEC §2 stationManagement; docs/stations.md): the TENANTID
 * tenant's stations and their members, for that tenant's administrators (`access: { tenant: 'admin' }`,
 * docs/tenancy.md). Each call is one transaction in the tenant's scope; ids of another tenant are
 * "not found".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdsBody, IdsStatusBody, ok, Paths, StationAddBody, StationEditBody, StationUserBody, StationUserListBody, TenantStationListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import * as members from './stations.members.service.js';
import * as svc from './stations.service.js';

const config = { access: { tenant: 'admin' } } as const;
const tags = ['stations'];

export default async function stationTenantRoutes(app: FastifyInstance) {
  /** Runs `fn` in one transaction scoped to the request's tenant. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string) => Promise<T>) => {
    const tenantId = request.tenant!.id;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, tenantId));
  };

  app.post(Paths.listtenantstation, { config, schema: { tags, body: TenantStationListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => svc.listTenantStationPage(tx, t, request.body as TenantStationListBody))));

  app.post(Paths.addstation, { config, schema: { tags, body: StationAddBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => svc.addStation(tx, request, t, request.body as StationAddBody))));

  app.post(Paths.editstation, { config, schema: { tags, body: StationEditBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => svc.editStation(tx, request, t, request.body as StationEditBody))));

  app.post(Paths.deletestation, { config, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => svc.deleteStations(tx, request, t, (request.body as { ids: string[] }).ids))));

  app.post(Paths.statusstation, { config, schema: { tags, body: IdsStatusBody } }, async (request) => {
    const b = request.body as { ids: string[]; status: 0 | 1 };
    return ok(await inTenant(request, (tx, t) => svc.setStationsEnabled(tx, request, t, b.ids, b.status)));
  });

  app.post(Paths.liststationuser, { config, schema: { tags, body: StationUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => members.listStationUserPage(tx, t, request.body as StationUserListBody, true))));

  app.post(Paths.listusernotinstation, { config, schema: { tags, body: StationUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => members.listStationUserPage(tx, t, request.body as StationUserListBody, false))));

  app.post(Paths.addstationuser, { config, schema: { tags, body: StationUserBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => members.addStationUsers(tx, request, t, request.body as StationUserBody))));

  app.post(Paths.deletestationuser, { config, schema: { tags, body: StationUserBody } }, async (request) =>
    ok(await inTenant(request, (tx, t) => members.deleteStationUsers(tx, request, t, request.body as StationUserBody))));
}
