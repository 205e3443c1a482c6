/**
 * User management in the tenant area (SPEC §2 Tenant → employeeManagement; issue 5; docs/tenant-users.md):
 * listtenantuser, gettenantuser, addtenantuser, edittenantuser, deletetenantuser, statustenantuser,
 * locktenantuser, resettenantuserpassword, importtenantuser (multipart Excel → a background job),
 * exporttenantuser and templatetenantuser (.xlsx), and listtenantuserstation (the positions to choose from). The tenant is TENANTID (never a body field); every
 * call is an API of the menu `employeeManagement` (`{ tenant: 'member', menu }`: the tenant's
 * administrators, and role holders with an API grant for the call), limited to the caller's data scope
 * (users.tenant.service.ts). Each call is one transaction in the tenant's scope; passwords are hashed
 * before it opens; hashes never leave the server.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EmptyBody,
  IdBody,
  IdsBody,
  ok,
  pageInfo,
  Paths,
  TenantUserAddBody,
  TenantUserStationListBody,
  TenantUserListBody,
  UserEditBody,
  UserLockBody,
  UserResetPasswordBody,
  UserStatusBody,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope } from '../../db/context.js';
import { listStations } from '../stations/stations.repository.js';
import { toStationRow } from '../stations/stations.routes.js';
import { listAllUsers } from './users.query.js';
import { exportWorkbook, fileName, templateWorkbook, XLSX_TYPE } from './users.export.js';
import { userPasswordHash } from './users.routes.js';
import type { UserWriteContext } from './users.service.js';
import * as svc from './users.tenant.service.js';
import { startTenantUserImport } from './users.tenant.import.js';

const access = { tenant: 'member', menu: 'employeeManagement' } as const;
const config = { access } as const;
/** Calls that change the users whose ids the body carries: scope and rank checked by the guard (modules/tenancy/acting-on.ts). */
const onId = { access: { ...access, actsOn: 'id' } } as const;
const onIds = { access: { ...access, actsOn: 'ids' } } as const;
const tags = ['users'];
const EXPORT_LIMIT = 100_000;

export default async function userTenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one transaction scoped to the request's tenant. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx) => Promise<T>) => inScope(app.database.db, { scope: 'tenant', tenantId: request.tenant!.id }, fn);
  const ctx = (request: FastifyRequest): UserWriteContext => ({ request, guardStore: app.guardStore });

  r.post(Paths.listtenantuser, { config, schema: { tags, body: TenantUserListBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.listTenantUserPage(tx, request.tenant!, request.body))),
  );

  r.post(Paths.gettenantuser, { config, schema: { tags, body: IdBody } }, async (request) =>
    ok({ row: await inTenant(request, (tx) => svc.getTenantUser(tx, request.tenant!, request.body.id)) }),
  );

  r.post(Paths.addtenantuser, { config, schema: { tags, body: TenantUserAddBody } }, async (request) => {
    const b = request.body;
    const hash = (await userPasswordHash(app, request, b.password, true))!;
    return ok({ row: await inTenant(request, (tx) => svc.addTenantUser(tx, ctx(request), b, hash)) });
  });

  r.post(Paths.edittenantuser, { config: onId, schema: { tags, body: UserEditBody } }, async (request) => {
    const b = request.body;
    const hash = await userPasswordHash(app, request, b.password, false);
    return ok({ row: await inTenant(request, (tx) => svc.editTenantUser(tx, ctx(request), b, hash)) });
  });

  r.post(Paths.deletetenantuser, { config: onIds, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await inTenant(request, (tx) => svc.deleteTenantUsers(tx, ctx(request), request.body.ids))),
  );

  r.post(Paths.statustenantuser, { config: onIds, schema: { tags, body: UserStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx) => svc.setTenantUserStatus(tx, ctx(request), b.ids, b.status)));
  });

  r.post(Paths.locktenantuser, { config: onIds, schema: { tags, body: UserLockBody } }, async (request) => {
    const b = request.body;
    return ok(await inTenant(request, (tx) => svc.setTenantUserLock(tx, ctx(request), b.ids, b.locked)));
  });

  r.post(Paths.resettenantuserpassword, { config: onId, schema: { tags, body: UserResetPasswordBody } }, async (request) => {
    const b = request.body;
    const hash = (await userPasswordHash(app, request, b.password, true))!;
    await inTenant(request, (tx) => svc.resetTenantUserPassword(tx, ctx(request), b.id, hash));
    return ok({});
  });

  r.post(Paths.importtenantuser, { config, schema: { tags, consumes: ['multipart/form-data'] } }, async (request) =>
    ok({ row: { jobId: await startTenantUserImport(app, request) } }),
  );

  r.post(Paths.exporttenantuser, { config, schema: { tags, body: TenantUserListBody } }, async (request, reply) => {
    const rows = await inTenant(request, async (tx) => {
      const { body, scope } = await svc.tenantUserQuery(tx, request.tenant!, request.body);
      return listAllUsers(tx, body, EXPORT_LIMIT, scope);
    });
    const buffer = await exportWorkbook(request.locale, rows);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName('users')}"`)
      .send(buffer);
  });

  r.post(Paths.listtenantuserstation, { config, schema: { tags, body: TenantUserStationListBody } }, async (request) => {
    const b = request.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const { rows, records } = await inTenant(request, (tx) =>
      listStations(tx, { tenantId: request.tenant!.id, keyword: b.keyword, page, pageSize }, request.tenant!.scope),
    );
    return ok({ rows: rows.map(toStationRow), ...pageInfo(page, pageSize, records) });
  });

  r.post(Paths.templatetenantuser, { config, schema: { tags, body: EmptyBody } }, async (request, reply) => {
    const buffer = await templateWorkbook(request.locale);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName('user-template')}"`)
      .send(buffer);
  });
}
