/**
 * Station management in the tenant area (SPEC §2 stationManagement; docs/stations.md): the TENANTID
 * tenant's stations and their members, for that tenant's administrators and for role holders granted
 * the `stationManagement` menu's APIs (`access: { tenant: 'member', menu: 'stationManagement' }`,
 * docs/tenancy.md). Each call is one transaction in the tenant's scope; ids of another tenant are
 * "not found". Role holders see and change only stations and users inside their data scope
 * (stations.tenant.service.ts); anything outside it is `10009029001`, checked before the write.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdsBody, IdsStatusBody, ok, Paths, StationAddBody, StationEditBody, StationUserBody, StationUserListBody, TenantStationListBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { DataScope } from '../tenancy/data-scope.js';
import * as members from './stations.members.service.js';
import * as svc from './stations.service.js';
import * as scoped from './stations.tenant.service.js';

const access = { tenant: 'member', menu: 'stationManagement' } as const;
const config = { access } as const;
/** Membership changes of the users in `userIds`: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onUsers = { access: { ...access, actsOn: 'userIds' } } as const;
const tags = ['stations'];

export default async function stationTenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's data scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string, scope: DataScope) => Promise<T>) => {
    const { id: tenantId, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, tenantId, scope));
  };

  r.post(Paths.listtenantstation, { config, schema: { tags, body: TenantStationListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => scoped.listScopedStationPage(tx, t, s, request.body))),
  );

  r.post(Paths.addstation, { config, schema: { tags, body: StationAddBody } }, async (request) => {
    const b = request.body;
    return ok(
      await inTenant(request, async (tx, t, s) => {
        await scoped.assertStationWriteInScope(tx, t, s, b);
        return svc.addStation(tx, request, t, b);
      }),
    );
  });

  r.post(Paths.editstation, { config, schema: { tags, body: StationEditBody } }, async (request) => {
    const b = request.body;
    return ok(
      await inTenant(request, async (tx, t, s) => {
        await scoped.assertStationWriteInScope(tx, t, s, b);
        return svc.editStation(tx, request, t, b);
      }),
    );
  });

  r.post(Paths.deletestation, { config, schema: { tags, body: IdsBody } }, async (request) => {
    const { ids } = request.body;
    return ok(
      await inTenant(request, async (tx, t, s) => {
        await scoped.assertStationsInScope(tx, t, s, ids);
        return svc.deleteStations(tx, request, t, ids);
      }),
    );
  });

  r.post(Paths.statusstation, { config, schema: { tags, body: IdsStatusBody } }, async (request) => {
    const b = request.body;
    return ok(
      await inTenant(request, async (tx, t, s) => {
        await scoped.assertStationsInScope(tx, t, s, b.ids);
        return svc.setStationsEnabled(tx, request, t, b.ids, b.status);
      }),
    );
  });

  r.post(Paths.liststationuser, { config, schema: { tags, body: StationUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => scoped.listScopedStationUserPage(tx, t, s, request.body, true))),
  );

  r.post(Paths.listusernotinstation, { config, schema: { tags, body: StationUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => scoped.listScopedStationUserPage(tx, t, s, request.body, false))),
  );

  r.post(Paths.addstationuser, { config: onUsers, schema: { tags, body: StationUserBody } }, async (request) => {
    const b = request.body;
    return ok(
      await inTenant(request, async (tx, t, s) => {
        await scoped.assertStationsInScope(tx, t, s, [b.stationId]);
        return members.addStationUsers(tx, request, t, b);
      }),
    );
  });

  r.post(Paths.deletestationuser, { config: onUsers, schema: { tags, body: StationUserBody } }, async (request) => {
    const b = request.body;
    return ok(
      await inTenant(request, async (tx, t, s) => {
        await scoped.assertStationsInScope(tx, t, s, [b.stationId]);
        return members.deleteStationUsers(tx, request, t, b);
      }),
    );
  });
}
