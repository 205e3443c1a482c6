/**
 * The application's people (issue 15; SPEC §2 App `org`, `user`, `orgUserRelation`; docs/applications.md
 * "Application people: organisations, users, relations"): `/gateway/tenant/plat/appuser/*` (AppUserPaths).
 * `{ app: 'admin' }`: the guard resolves the APPID header to an application the caller administers
 * (`request.application`); each call is one platform-scope transaction filtered by that application and by
 * `isAppUser`. Passwords are decrypted and hashed before the transaction opens.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppOrgCandidateBody,
  AppOrgMemberBody,
  AppOrgMemberListBody,
  AppOrgTreeBody,
  AppRootOrgBody,
  AppRootOrgListBody,
  AppUserAddBody,
  AppUserEditBody,
  AppUserListBody,
  AppUserLockBody,
  AppUserPaths,
  AppUserStatusBody,
  EmptyBody,
  IdBody,
  ok,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { exportWorkbook, fileName, templateWorkbook, XLSX_TYPE } from '../users/users.export.js';
import { userPasswordHash } from '../users/users.routes.js';
import { assertPlanValid, hashAll, planImport, readExcelUpload, readImportFile } from '../users/users.import.js';
import { retryOnUniqueViolation } from '../../lib/unique-violation.js';
import { addAppProblems, applyAppImport } from './appusers.import.js';
import type { UserWriteContext } from '../users/users.service.js';
import * as roots from './appusers.roots.js';
import * as svc from './appusers.service.js';
import * as rel from './appusers.members.js';

const config = { access: { app: 'admin' } } as const;
const tags = ['appusers'];
const EXPORT_LIMIT = 100_000;

export default async function appUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one platform-scope transaction with the application the guard resolved. */
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, productId: string) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!.id));
  const ctx = (request: FastifyRequest): UserWriteContext => ({ request, guardStore: app.guardStore });
  const P = AppUserPaths;

  r.post(P.listapprootorg, { config, schema: { tags, body: AppRootOrgListBody } }, async (request) =>
    ok({ rows: await inApp(request, (tx, pid) => roots.listRootTenants(tx, pid, request.body.keyword)) }),
  );
  r.post(P.listapporgtree, { config, schema: { tags, body: AppOrgTreeBody } }, async (request) =>
    ok({ rows: await inApp(request, (tx, pid) => roots.listOrgLevel(tx, pid, request.body.tenantId, request.body.parentId?.trim() || undefined)) }),
  );
  r.post(P.addapprootorg, { config, schema: { tags, body: AppRootOrgBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => roots.addRoots(tx, request, pid, request.body))),
  );
  r.post(P.deleteapprootorg, { config, schema: { tags, body: AppRootOrgBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => roots.deleteRoots(tx, request, pid, request.body))),
  );

  r.post(P.listappuser, { config, schema: { tags, body: AppUserListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.listAppUserPage(tx, pid, request.body))),
  );
  r.post(P.getappuser, { config, schema: { tags, body: IdBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.getAppUser(tx, pid, request.body.id)) }),
  );
  r.post(P.addappuser, { config, schema: { tags, body: AppUserAddBody } }, async (request) => {
    const hash = (await userPasswordHash(app, request, request.body.password, true))!;
    return ok({ row: await inApp(request, (tx, pid) => svc.addAppUser(tx, ctx(request), pid, request.body, hash)) });
  });
  r.post(P.editappuser, { config, schema: { tags, body: AppUserEditBody } }, async (request) => {
    const hash = await userPasswordHash(app, request, request.body.password, false);
    return ok({ row: await inApp(request, (tx, pid) => svc.editAppUser(tx, ctx(request), pid, request.body, hash)) });
  });
  r.post(P.statusappuser, { config, schema: { tags, body: AppUserStatusBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.setAppUserStatus(tx, ctx(request), pid, request.body.ids, request.body.status))),
  );
  r.post(P.lockappuser, { config, schema: { tags, body: AppUserLockBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.setAppUserLock(tx, ctx(request), pid, request.body.ids, request.body.locked))),
  );
  r.post(P.exportappuser, { config, schema: { tags, body: AppUserListBody } }, async (request, reply) => {
    const rows = await inApp(request, (tx, pid) => svc.listAppUsersForExport(tx, pid, request.body, EXPORT_LIMIT));
    const buffer = await exportWorkbook(request.locale, rows);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName('users')}"`)
      .send(buffer);
  });
  r.post(P.templateappuser, { config, schema: { tags, body: EmptyBody } }, async (request, reply) => {
    const buffer = await templateWorkbook(request.locale);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName('user-template')}"`)
      .send(buffer);
  });

  r.post(P.importappuser, { config, schema: { tags, consumes: ['multipart/form-data'] } }, async (request) => {
    const { data, fileName: name } = await readExcelUpload(request);
    const cells = await readImportFile(data, request.locale, false);
    const callerId = request.auth!.userId;
    const opts = { locale: request.locale, tenantId: undefined, callerId, passwordRule: await app.settings.passwordRule() };
    const check = async (tx: Tx, pid: string) => {
      const plan = await planImport(tx, cells, opts);
      await addAppProblems(tx, pid, callerId, plan, request.locale);
      assertPlanValid(plan);
      return plan;
    };
    // As the platform import: check read-only, hash outside any transaction, check again and write in one.
    await inApp(request, check);
    const hashes = await hashAll([...new Set(cells.map((c) => c.password).filter(Boolean))]);
    return ok({
      row: await retryOnUniqueViolation(() => inApp(request, async (tx, pid) => applyAppImport(tx, ctx(request), pid, await check(tx, pid), hashes, name))),
    });
  });

  r.post(P.listapporguser, { config, schema: { tags, body: AppOrgMemberListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => rel.listAppOrgMembers(tx, pid, request.body))),
  );
  r.post(P.listappusernotinorg, { config, schema: { tags, body: AppOrgCandidateBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => rel.listAppOrgCandidates(tx, pid, request.body))),
  );
  r.post(P.addapporguser, { config, schema: { tags, body: AppOrgMemberBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => rel.addAppOrgMembers(tx, request, pid, request.body))),
  );
  r.post(P.deleteapporguser, { config, schema: { tags, body: AppOrgMemberBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => rel.deleteAppOrgMembers(tx, request, pid, request.body))),
  );
}
