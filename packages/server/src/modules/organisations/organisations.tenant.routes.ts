/**
 * The tenant area's organisation calls (SPEC §2 baseOrgManagement, orgManagement; docs/organisations.md).
 * Tree reading calls (`listorgchildren`, `searchorg`, `getorg`) are open to every member of the tenant
 * (`{ tenant: 'member' }` without a menu): the tree pickers of users, roles and positions need them, and
 * what they answer is limited to the caller's data scope anyway. Each call is one transaction in the
 * TENANTID tenant's scope; ids of another tenant are "not found".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, OrgChildrenBody, OrgIdBody, OrgSearchBody, Paths } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { DataScope } from '../tenancy/data-scope.js';
import * as read from './organisations.tree.service.js';

/** Readers of the tree: any member; no menu, so no API grant is needed (scope still applies). */
const member = { access: { tenant: 'member' } } as const;
const tags = ['organisations'];

export default async function organisationTenantRoutes(app: FastifyInstance) {
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's data scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string, scope: DataScope) => Promise<T>) => {
    const { id, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId: id }, (tx) => fn(tx, id, scope));
  };

  app.post(Paths.listorgchildren, { config: member, schema: { tags, body: OrgChildrenBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => read.listOrgChildrenPage(tx, t, s, request.body as OrgChildrenBody))));

  app.post(Paths.searchorg, { config: member, schema: { tags, body: OrgSearchBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => read.searchOrgHits(tx, t, s, request.body as OrgSearchBody))));

  app.post(Paths.getorg, { config: member, schema: { tags, body: OrgIdBody } }, async (request) =>
    ok({ row: read.toOrgRow(await inTenant(request, (tx, t, s) => read.getOrgNode(tx, t, s, (request.body as OrgIdBody).id)), request.tenant!.id) }));
}
