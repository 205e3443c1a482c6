/**
 * The tenant area's organisation calls (SPEC §2 baseOrgManagement, orgManagement; docs/organisations.md).
 * Tree reading calls (`listorgchildren`, `searchorg`, `getorg`) are open to every member of the tenant
 * (`{ tenant: 'member' }` without a menu): the tree pickers of users, roles and positions need them, and
 * what they answer is limited to the caller's data scope anyway. The element calls (list, add, edit,
 * status, delete) are APIs of both the element library 'baseOrgManagement' and organisation
 * management 'orgManagement', whose grid and forms make them too; import, export and template are the
 * library's; placing elements in the tree (move, take out) are organisation management's (a role
 * holder needs the API grant of each call; docs/organisations.md). Each call is one transaction in the TENANTID tenant's
 * scope; ids of another tenant are "not found".
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EmptyBody,
  IdsBody,
  IdsStatusBody,
  ok,
  OrgAddBody,
  OrgChildrenBody,
  OrgEditBody,
  OrgIdBody,
  OrgListBody,
  OrgMoveBody,
  OrgSearchBody,
  Paths,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import type { DataScope } from '../tenancy/data-scope.js';
import * as read from './organisations.tree.service.js';
import * as svc from './organisations.service.js';
import * as repo from './organisations.manage.repository.js';
import { exportOrgWorkbook, templateOrgWorkbook, XLSX_TYPE } from './organisations.excel.js';
import { startOrgImport } from './organisations.import.js';

/** Most organisations one export writes. */
const EXPORT_LIMIT = 10000;
const today = () => new Date().toISOString().slice(0, 10);

/** Readers of the tree: any member; no menu, so no API grant is needed (scope still applies). */
const member = { access: { tenant: 'member' } } as const;
/** Element calls that organisation management's grid and forms make too: APIs of both menus. */
const element = { access: { tenant: 'member', menu: ['baseOrgManagement', 'orgManagement'] } } as const;
/** Import, export and template: the element library's own APIs. */
const library = { access: { tenant: 'member', menu: 'baseOrgManagement' } } as const;
/** Tree placement calls: organisation management's APIs. */
const management = { access: { tenant: 'member', menu: 'orgManagement' } } as const;
const tags = ['organisations'];

export default async function organisationTenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant, with the caller's data scope. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx, tenantId: string, scope: DataScope) => Promise<T>) => {
    const { id, scope } = request.tenant!;
    return inScope(app.database.db, { scope: 'tenant', tenantId: id }, (tx) => fn(tx, id, scope));
  };

  r.post(Paths.listorgchildren, { config: member, schema: { tags, body: OrgChildrenBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => read.listOrgChildrenPage(tx, t, s, request.body))),
  );

  r.post(Paths.searchorg, { config: member, schema: { tags, body: OrgSearchBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => read.searchOrgHits(tx, t, s, request.body))),
  );

  r.post(Paths.getorg, { config: member, schema: { tags, body: OrgIdBody } }, async (request) =>
    ok({ row: read.toOrgRow(await inTenant(request, (tx, t, s) => read.getOrgNode(tx, t, s, request.body.id)), request.tenant!.id) }),
  );

  /** The caller for the services: tenant, data scope and the request (audit). */
  const caller = (request: FastifyRequest): svc.OrgCaller => ({ tenantId: request.tenant!.id, scope: request.tenant!.scope, request });

  r.post(Paths.listorg, { config: element, schema: { tags, body: OrgListBody } }, async (request) =>
    ok(await inTenant(request, (tx, t, s) => svc.listOrgPage(tx, { tenantId: t, scope: s }, request.body))),
  );

  r.post(Paths.addorg, { config: element, schema: { tags, body: OrgAddBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.addOrg(tx, caller(request), request.body))),
  );

  r.post(Paths.editorg, { config: element, schema: { tags, body: OrgEditBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.editOrg(tx, caller(request), request.body))),
  );

  r.post(Paths.statusorg, { config: element, schema: { tags, body: IdsStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx) => svc.setOrgsStatus(tx, caller(request), b.ids, b.status)));
  });

  r.post(Paths.deleteorg, { config: element, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.deleteOrgs(tx, caller(request), request.body.ids))),
  );

  r.post(Paths.moveorg, { config: management, schema: { tags, body: OrgMoveBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.moveOrg(tx, caller(request), request.body))),
  );

  r.post(Paths.detachorg, { config: management, schema: { tags, body: OrgIdBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.detachOrg(tx, caller(request), request.body.id))),
  );

  r.post(Paths.importorg, { config: library, schema: { tags, consumes: ['multipart/form-data'] } }, async (request) =>
    ok({ jobId: await startOrgImport(app, request) }),
  );

  r.post(Paths.exportorg, { config: library, schema: { tags, body: OrgListBody } }, async (request, reply) => {
    const b = request.body;
    const rows = await inTenant(request, async (tx, t, s) => {
      const under = b.parentId?.trim() ? await read.getOrgNode(tx, t, s, b.parentId.trim()) : undefined;
      return repo.listOrgsForExport(tx, { ...b, tenantId: t, scope: s, under }, EXPORT_LIMIT);
    });
    const tenantId = request.tenant!.id;
    const buffer = await exportOrgWorkbook(
      request.locale,
      rows.filter((r) => r.id !== tenantId).map((r) => ({ ...r, parentCode: r.parentId ? (r.parentCode ?? '') : '' })),
    );
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="organisations-${today()}.xlsx"`).send(buffer);
  });

  r.post(Paths.templateorg, { config: library, schema: { tags, body: EmptyBody } }, async (request, reply) => {
    const buffer = await templateOrgWorkbook(request.locale);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', 'attachment; filename="organisation-template.xlsx"').send(buffer);
  });
}
