/**
 * Organisation members of the tenant area (SPEC §2 orgEmployeeRelation; docs/tenant-members.md):
 * `/gateway/tenant/plat/orgmember/{listorguser,listusernotinorg,addorguser,deleteorguser}`. APIs of the
 * menu 'orgEmployeeRelation' (`{ tenant: 'member' }`: administrators, and role holders with the API
 * grant); the tenant is TENANTID, every call one transaction in the tenant scope, limited to the
 * caller's data scope.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OrgMemberAddBody, OrgMemberCandidateBody, OrgMemberDeleteBody, OrgMemberListBody, ok, Paths } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import * as svc from './orgmembers.service.js';

const access = { tenant: 'member', menu: 'orgEmployeeRelation' } as const;
const config = { access } as const;
/** Membership changes of the users in `userIds`: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onUsers = { access: { ...access, actsOn: 'userIds' } } as const;
/** Membership changes of the users in `members[].userId`: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onMembers = { access: { ...access, actsOn: 'members.userId' } } as const;
const tags = ['orgmembers'];

export default async function orgMemberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, c: svc.TenantCaller) => Promise<T>) => {
    const { id: tenantId, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => fn(tx, { tenantId, scope }));
  };

  r.post(Paths.listorguser, { config, schema: { tags, body: OrgMemberListBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listOrgMemberPage(tx, c, request.body))),
  );

  r.post(Paths.listusernotinorg, { config, schema: { tags, body: OrgMemberCandidateBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.listOrgCandidatePage(tx, c, request.body))),
  );

  r.post(Paths.addorguser, { config: onUsers, schema: { tags, body: OrgMemberAddBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.addOrgMembers(tx, request, c, request.body))),
  );

  r.post(Paths.deleteorguser, { config: onMembers, schema: { tags, body: OrgMemberDeleteBody } }, async (request) =>
    ok(await inTenant(request, (tx, c) => svc.deleteOrgMembers(tx, request, c, request.body))),
  );
}
