/**
 * The API registry of an application (SPEC §2 App `api`; docs/applications.md "API registry"), all
 * `{ app: 'admin' }` (the APPID header names an application the caller administers; the guard sets
 * `request.application`): `/gateway/tenant/plat/appapi/{listappapi, groupappapi, getappapi, addappapi,
 * editappapi, deleteappapi, importappapi (multipart Excel), exportappapi, templateappapi (.xlsx)}`.
 * Each call is one platform-scope transaction bounded by that application.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APP_API_EXPORT_MAX_ROWS,
  AppApiAddBody,
  AppApiEditBody,
  AppApiExportBody,
  AppApiGroupBody,
  AppApiIdBody,
  AppApiIdsBody,
  AppApiListBody,
  AppApiPaths as P,
  EmptyBody,
  ok,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { retryOnUniqueViolation } from '../../lib/unique-violation.js';
import { readExcelUpload } from '../users/users.import.js';
import * as svc from './appapis.service.js';
import { listAllApis } from './appapis.repository.js';
import { apiTemplateWorkbook, exportApisWorkbook, importApis, readApiSheet, XLSX_TYPE } from './appapis.excel.js';

const access = { app: 'admin' } as const;
const tags = ['appapis'];

/** `attachment` header of a download named `name` (ASCII names only). */
const attachment = (name: string) => `attachment; filename="${name}"`;

export default async function appApiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one platform-scope transaction with the request's application id. */
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, productId: string) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!.id));

  r.post(P.listappapi, { config: { access }, schema: { tags, body: AppApiListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.listApiPage(tx, pid, request.body))),
  );

  r.post(P.groupappapi, { config: { access }, schema: { tags, body: AppApiGroupBody } }, async (request) =>
    ok({ rows: await inApp(request, (tx, pid) => svc.groupApis(tx, pid, request.body.keyword)) }),
  );

  r.post(P.getappapi, { config: { access }, schema: { tags, body: AppApiIdBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.getApi(tx, pid, request.body.id)) }),
  );

  r.post(P.addappapi, { config: { access }, schema: { tags, body: AppApiAddBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.addApi(tx, request, pid, request.body)) }),
  );

  r.post(P.editappapi, { config: { access }, schema: { tags, body: AppApiEditBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.editApi(tx, request, pid, request.body)) }),
  );

  r.post(P.deleteappapi, { config: { access }, schema: { tags, body: AppApiIdsBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.deleteApis(tx, request, pid, request.body.ids))),
  );

  r.post(P.importappapi, { config: { access }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request) => {
    const { data } = await readExcelUpload(request);
    const rows = await readApiSheet(data, request.locale);
    // Check and write in one transaction; a URL taken meanwhile by another write: check and write once more.
    return ok({ row: await retryOnUniqueViolation(() => inApp(request, (tx, pid) => importApis(tx, request, pid, rows))) });
  });

  r.post(P.exportappapi, { config: { access }, schema: { tags, body: AppApiExportBody } }, async (request, reply) => {
    const apis = await inApp(request, (tx, pid) => listAllApis(tx, pid, request.body, APP_API_EXPORT_MAX_ROWS));
    const buffer = await exportApisWorkbook(request.locale, apis);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(`apis-${new Date().toISOString().slice(0, 10)}.xlsx`))
      .send(buffer);
  });

  r.post(P.templateappapi, { config: { access }, schema: { tags, body: EmptyBody } }, async (request, reply) => {
    const buffer = await apiTemplateWorkbook(request.locale);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('api-template.xlsx')).send(buffer);
  });
}
