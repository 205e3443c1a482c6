/**
 * Client access calls of an app (SPEC §2 App `client`; docs/clients.md; docs/protocol.md Calls):
 * `/gateway/tenant/plat/client/{listclient, getclient, addclient, editclient, deleteclient,
 * statusclient, resetclientsecret}`, and the workbench's `/gateway/tenant/plat/product/listmyapp`
 * (the apps the caller administers; every app for a platform administrator).
 *
 * The guard lets in platform administrators (user type 1) and application administrators (types 4/5,
 * identity 2); the service then checks the caller administers the app the call names
 * (`manageableApp`), refusing with `10009029001`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClientAddBody,
  ClientEditBody,
  ClientIdBody,
  ClientIdsBody,
  ClientListBody,
  ClientStatusBody,
  MyAppListBody,
  ok,
  pageInfo,
  Paths,
  UserType,
  type MyAppRow,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import * as svc from './clients.service.js';
import { listMyProducts } from './clients.repository.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN, UserType.APP_ADMIN, UserType.APP] } as const;
const tags = ['clients'];

export default async function clientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /**
   * Runs `fn` in one platform-scope transaction for the app the caller may manage: the body's
   * `productId`, else the app header.
   */
  const inApp = <T>(request: FastifyRequest & { body: { productId?: string | undefined } }, fn: (tx: Tx, productId: string) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      const product = await svc.manageableApp(tx, request, request.body.productId);
      return fn(tx, product.id);
    });

  r.post(Paths.listclient, { config: { access }, schema: { tags, body: ClientListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.listClientPage(tx, pid, request.body))),
  );

  r.post(Paths.getclient, { config: { access }, schema: { tags, body: ClientIdBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.getClient(tx, pid, request.body.clientId)) }),
  );

  r.post(Paths.addclient, { config: { access }, schema: { tags, body: ClientAddBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.addClient(tx, request, pid, request.body))),
  );

  r.post(Paths.editclient, { config: { access }, schema: { tags, body: ClientEditBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.editClient(tx, request, pid, request.body)) }),
  );

  r.post(Paths.deleteclient, { config: { access }, schema: { tags, body: ClientIdsBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.deleteClients(tx, request, pid, request.body.ids))),
  );

  r.post(Paths.statusclient, { config: { access }, schema: { tags, body: ClientStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await inApp(request, (tx, pid) => svc.setClientStatus(tx, request, pid, b.ids, b.status)));
  });

  r.post(Paths.resetclientsecret, { config: { access }, schema: { tags, body: ClientIdBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.resetClientSecret(tx, request, pid, request.body.clientId))),
  );

  /** The workbench tiles (SPEC §2 appList): apps the caller administers, by name; all for a platform administrator. */
  r.post(Paths.listmyapp, { config: { access }, schema: { tags, body: MyAppListBody } }, async (request) => {
    const b = request.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 50;
    const auth = request.auth!;
    const userId = auth.userTypes.includes(UserType.PLATFORM_ADMIN) ? undefined : auth.userId;
    const { rows, records } = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => listMyProducts(tx, userId, { ...b, page, pageSize }));
    const apps: MyAppRow[] = rows.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      abbreviation: p.abbreviation,
      logoUrl: p.logo ? `${Paths.getfile}/${p.logo}` : '',
      version: p.version,
      status: p.status === 1 ? 1 : 0,
    }));
    return ok({ rows: apps, ...pageInfo(page, pageSize, records) });
  });
}
