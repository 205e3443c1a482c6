/**
 * Mobile app menus of an application (SPEC §2 Mobile app menu list; docs/applications.md "Mobile app
 * menus"), all `{ app: 'admin' }` (the APPID header names an application the caller administers):
 * `/gateway/tenant/plat/appmobilemenu/{listappmobilemenu, getappmobilemenu, addappmobilemenu,
 * editappmobilemenu, statusappmobilemenu, deleteappmobilemenu}`. Each call is one platform-scope
 * transaction bounded by that application.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppMobileMenuAddBody,
  AppMobileMenuEditBody,
  AppMobileMenuIdBody,
  AppMobileMenuIdsBody,
  AppMobileMenuListBody,
  AppMobileMenuPaths as P,
  AppMobileMenuStatusBody,
  ok,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as svc from './appmobilemenus.service.js';

const access = { app: 'admin' } as const;
const tags = ['appmobilemenus'];

export default async function appMobileMenuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, productId: string) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!.id));

  r.post(P.listappmobilemenu, { config: { access }, schema: { tags, body: AppMobileMenuListBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.listMobileMenuPage(tx, pid, request.body))),
  );

  r.post(P.getappmobilemenu, { config: { access }, schema: { tags, body: AppMobileMenuIdBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.getMobileMenu(tx, pid, request.body.id)) }),
  );

  r.post(P.addappmobilemenu, { config: { access }, schema: { tags, body: AppMobileMenuAddBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.addMobileMenu(tx, request, pid, request.body)) }),
  );

  r.post(P.editappmobilemenu, { config: { access }, schema: { tags, body: AppMobileMenuEditBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, pid) => svc.editMobileMenu(tx, request, pid, request.body)) }),
  );

  r.post(P.statusappmobilemenu, { config: { access }, schema: { tags, body: AppMobileMenuStatusBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.setMobileMenusEnabled(tx, request, pid, request.body.ids, request.body.enabled))),
  );

  r.post(P.deleteappmobilemenu, { config: { access }, schema: { tags, body: AppMobileMenuIdsBody } }, async (request) =>
    ok(await inApp(request, (tx, pid) => svc.deleteMobileMenus(tx, request, pid, request.body.ids))),
  );
}
