/**
 * Accounts of the tenant area (SPEC §2 accountManagement; docs/tenant-members.md):
 * `/gateway/tenant/plat/account/{listaccount,addaccount,editaccount,deleteaccount,bindaccount,
 * unbindaccount,listusercandidate}`. APIs of the menu 'accountManagement' (`{ tenant: 'member' }`:
 * administrators, and role holders with the API grant); the tenant is TENANTID, every call one
 * transaction in the tenant scope, limited to the caller's data scope.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountAddBody, AccountBindBody, AccountEditBody, AccountListBody, AccountUserCandidateBody, IdBody, IdsBody, ok, Paths } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { TenantCaller } from '../orgmembers/orgmembers.service.js';
import * as svc from './accounts.service.js';

const access = { tenant: 'member', menu: 'accountManagement' } as const;
const config = { access } as const;
/** Associates the user `userId`: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onUser = { access: { ...access, actsOn: 'userId' } } as const;
const tags = ['accounts'];

export default async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, c: TenantCaller) => Promise<T>) => {
    const { id: tenantId, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, { tenantId, scope }));
  };

  r.post(Paths.listaccount, { config, schema: { tags, body: AccountListBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listAccountPage(tx, c, request.body))),
  );

  r.post(Paths.listaccountusercandidate, { config, schema: { tags, body: AccountUserCandidateBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listUserCandidatePage(tx, c, request.body))),
  );

  r.post(Paths.addaccount, { config, schema: { tags, body: AccountAddBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.addAccount(tx, request, c, request.body))),
  );

  r.post(Paths.editaccount, { config, schema: { tags, body: AccountEditBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.editAccount(tx, request, c, request.body))),
  );

  r.post(Paths.deleteaccount, { config, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.deleteAccounts(tx, request, c, request.body.ids))),
  );

  r.post(Paths.bindaccount, { config: onUser, schema: { tags, body: AccountBindBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.bindAccount(tx, request, c, request.body))),
  );

  r.post(Paths.unbindaccount, { config, schema: { tags, body: IdBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.unbindAccount(tx, request, c, request.body.id))),
  );
}
