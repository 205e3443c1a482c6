/**
 * Service-account calls (docs/service-accounts.md): the token call (`signed`, like sign-in); the platform
 * administrators' management of the platform tenant's (`sys`) service accounts; the tenant area's management
 * of the TENANTID tenant's service accounts by its administrators. Writes name the account in `id` (its user
 * id), declared as `actsOn` so the acting-on rules apply as to any user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ok,
  ServiceAccountAddBody,
  ServiceAccountEditBody,
  ServiceAccountIdBody,
  ServiceAccountListBody,
  ServiceAccountPaths as P,
  ServiceAccountStatusBody,
  ServiceAccountTokenBody,
  UserType,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Access } from '../../types.js';
import * as svc from './serviceaccounts.service.js';
import { issueServiceAccountToken } from './serviceaccounts.token.js';

const tags = ['serviceaccounts'];
const platform: { access: Access } = { access: { userTypes: [UserType.PLATFORM_ADMIN] } };
const tenantList: { access: Access } = { access: { tenant: 'admin' } };
const tenantWrite: { access: Access } = { access: { tenant: 'admin', actsOn: 'id' } };

export default async function serviceAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(P.serviceaccounttoken, { config: { access: 'signed' }, schema: { tags, body: ServiceAccountTokenBody } }, async (request) =>
    ok({ row: await issueServiceAccountToken(app, request, request.body) }),
  );

  /** The platform tenant's accounts, in the platform scope. */
  const asPlatform = <T>(fn: (tx: Tx, owner: svc.Owner) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, { tenantId: PLATFORM_SCOPE.tenantId }));
  /** The TENANTID tenant's accounts, in its scope (row-level security). */
  const asTenant = <T>(request: FastifyRequest, fn: (tx: Tx, owner: svc.Owner) => Promise<T>) => {
    const ctx = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId: ctx.id }, (tx) => fn(tx, { tenantId: ctx.id, ctx }));
  };

  const register = (
    paths: { list: string; add: string; edit: string; rotate: string; status: string; delete: string },
    cfg: { list: { access: Access }; write: { access: Access } },
    run: <T>(request: FastifyRequest, fn: (tx: Tx, owner: svc.Owner) => Promise<T>) => Promise<T>,
  ) => {
    r.post(paths.list, { config: cfg.list, schema: { tags, body: ServiceAccountListBody } }, async (request) =>
      ok(await run(request, (tx, o) => svc.listServiceAccountPage(tx, o, request.body))),
    );
    r.post(paths.add, { config: cfg.list, schema: { tags, body: ServiceAccountAddBody } }, async (request) =>
      ok(await run(request, (tx, o) => svc.addServiceAccount(tx, request, o, request.body))),
    );
    r.post(paths.edit, { config: cfg.write, schema: { tags, body: ServiceAccountEditBody } }, async (request) =>
      ok({ row: await run(request, (tx, o) => svc.editServiceAccount(app, tx, request, o, request.body)) }),
    );
    r.post(paths.rotate, { config: cfg.write, schema: { tags, body: ServiceAccountIdBody } }, async (request) =>
      ok(await run(request, (tx, o) => svc.rotateServiceAccount(app, tx, request, o, request.body.id))),
    );
    r.post(paths.status, { config: cfg.write, schema: { tags, body: ServiceAccountStatusBody } }, async (request) =>
      ok({ row: await run(request, (tx, o) => svc.setServiceAccountStatus(app, tx, request, o, request.body.id, request.body.status)) }),
    );
    r.post(paths.delete, { config: cfg.write, schema: { tags, body: ServiceAccountIdBody } }, async (request) =>
      ok(await run(request, (tx, o) => svc.deleteServiceAccount(app, tx, request, o, request.body.id))),
    );
  };

  register(
    {
      list: P.listserviceaccount,
      add: P.addserviceaccount,
      edit: P.editserviceaccount,
      rotate: P.rotateserviceaccount,
      status: P.statusserviceaccount,
      delete: P.deleteserviceaccount,
    },
    { list: platform, write: platform },
    (_request, fn) => asPlatform(fn),
  );
  register(
    {
      list: P.listtenantserviceaccount,
      add: P.addtenantserviceaccount,
      edit: P.edittenantserviceaccount,
      rotate: P.rotatetenantserviceaccount,
      status: P.statustenantserviceaccount,
      delete: P.deletetenantserviceaccount,
    },
    { list: tenantList, write: tenantWrite },
    asTenant,
  );
}
