/**
 * Accounts of the tenant area (SPEC §2 accountManagement; docs/tenant-members.md):
 * `/gateway/tenant/plat/account/{listaccount,addaccount,editaccount,deleteaccount,bindaccount,
 * unbindaccount,listusercandidate}`. APIs of the menu 'accountManagement' (`{ tenant: 'member' }`:
 * administrators, and role holders with the API grant); the tenant is TENANTID, every call one
 * transaction in the tenant scope, limited to the caller's data scope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountAddBody, AccountBindBody, AccountEditBody, AccountListBody, AccountUserCandidateBody, IdBody, IdsBody, ok, Paths } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { TenantCaller } from '../orgmembers/orgmembers.service.js';
import * as svc from './accounts.service.js';

const config = { access: { tenant: 'member', menu: 'accountManagement' } } as const;
const tags = ['accounts'];

export default async function accountRoutes(app: FastifyInstance) {
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, c: TenantCaller) => Promise<T>) => {
    const { id: tenantId, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, { tenantId, scope }));
  };

  app.post(Paths.listaccount, { config, schema: { tags, body: AccountListBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listAccountPage(tx, c, request.body as AccountListBody))));

  app.post(Paths.listaccountusercandidate, { config, schema: { tags, body: AccountUserCandidateBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listUserCandidatePage(tx, c, request.body as AccountUserCandidateBody))));

  app.post(Paths.addaccount, { config, schema: { tags, body: AccountAddBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.addAccount(tx, request, c, request.body as AccountAddBody))));

  app.post(Paths.editaccount, { config, schema: { tags, body: AccountEditBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.editAccount(tx, request, c, request.body as AccountEditBody))));

  app.post(Paths.deleteaccount, { config, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.deleteAccounts(tx, request, c, (request.body as { ids: string[] }).ids))));

  app.post(Paths.bindaccount, { config, schema: { tags, body: AccountBindBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.bindAccount(tx, request, c, request.body as AccountBindBody))));

  app.post(Paths.unbindaccount, { config, schema: { tags, body: IdBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.unbindAccount(tx, request, c, (request.body as { id: string }).id))));
}
