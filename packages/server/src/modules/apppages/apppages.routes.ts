/**
 * The page designer's calls (SPEC §2 Page manager; docs/applications.md "Page designer"), all
 * `{ app: 'admin' }`: the APPID header names the application (checked by the guard), every statement is
 * scoped by `request.application.id`, and another application's page, node or API is "not found".
 * `AppPagePaths`: pages (list, get, add, edit, delete), nodes (add, edit, delete, move), the API picker,
 * the setting file (export, import) and sharing (list, share, unshare). Each call is one platform-scope
 * transaction. Import, add and edit carry a setting file of up to 1 MiB, so their body limit is 2.5 MiB.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppApiOptionListBody,
  AppNodeAddBody,
  AppNodeDeleteBody,
  AppNodeEditBody,
  AppNodeMoveBody,
  AppPageAddBody,
  AppPageDeleteBody,
  AppPageEditBody,
  AppPageIdBody,
  AppPageImportBody,
  AppPageListBody,
  AppPagePaths,
  AppPageShareBody,
  AppPageUnshareBody,
  ok,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import * as pages from './apppages.service.js';
import * as nodes from './apppages.nodes.service.js';
import * as share from './apppages.share.js';

const access = { app: 'admin' } as const;
const tags = ['apppages'];
const fileBodyLimit = Math.floor(2.5 * 1024 * 1024);

export default async function appPageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** One platform-scope transaction for the request's application. */
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, productId: string) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!.id));

  r.post(AppPagePaths.listapppage, { config: { access }, schema: { tags, body: AppPageListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.listPagePage(tx, pid, request.body))),
  );

  r.post(AppPagePaths.getapppage, { config: { access }, schema: { tags, body: AppPageIdBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.getPage(tx, pid, request.body.id))),
  );

  r.post(AppPagePaths.addapppage, { config: { access }, bodyLimit: fileBodyLimit, schema: { tags, body: AppPageAddBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.addPage(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.editapppage, { config: { access }, bodyLimit: fileBodyLimit, schema: { tags, body: AppPageEditBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.editPage(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.deleteapppage, { config: { access }, schema: { tags, body: AppPageDeleteBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.deletePages(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.addappnode, { config: { access }, schema: { tags, body: AppNodeAddBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => nodes.addNode(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.editappnode, { config: { access }, schema: { tags, body: AppNodeEditBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => nodes.editNode(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.deleteappnode, { config: { access }, schema: { tags, body: AppNodeDeleteBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => nodes.deleteNode(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.moveappnode, { config: { access }, schema: { tags, body: AppNodeMoveBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => nodes.moveNode(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.listapioption, { config: { access }, schema: { tags, body: AppApiOptionListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.listApiOptionPage(tx, pid, request.body))),
  );

  r.post(AppPagePaths.exportapppage, { config: { access }, schema: { tags, body: AppPageIdBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.exportPage(tx, pid, request.body.id))),
  );

  r.post(AppPagePaths.importapppage, { config: { access }, bodyLimit: fileBodyLimit, schema: { tags, body: AppPageImportBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => pages.importPage(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.listpageshare, { config: { access }, schema: { tags, body: AppPageIdBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => share.listShares(tx, request, pid, request.body.id))),
  );

  r.post(AppPagePaths.shareapppage, { config: { access }, schema: { tags, body: AppPageShareBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => share.sharePage(tx, request, pid, request.body))),
  );

  r.post(AppPagePaths.unshareapppage, { config: { access }, schema: { tags, body: AppPageUnshareBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => share.unsharePage(tx, request, pid, request.body))),
  );
}
