/**
 * Menu designer calls (issue 14; SPEC §2 Menu manager; docs/applications.md "Menu designer"):
 * `/gateway/tenant/plat/appmenu/{treeappmenu, getappmenu, addappmenu, editappmenu, deleteappmenu,
 * moveappmenu, statusappmenu, pagesappmenu, uploadappmenuicon}` (AppMenuPaths). Every route is
 * `{ app: 'admin' }`: the guard resolves the APPID header to an application the caller administers
 * (`request.application`), and every statement is scoped to it in one platform-scope transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APP_MENU_ICON_MIME_TYPES,
  APP_MENU_RULES,
  AppMenuAddBody,
  AppMenuCodes,
  AppMenuDeleteBody,
  AppMenuEditBody,
  AppMenuIdBody,
  AppMenuMoveBody,
  AppMenuPaths,
  AppMenuStatusBody,
  Codes,
  EmptyBody,
  FILE_LIMITS,
  ok,
  Paths,
  type AppMenuIconUpload,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AppContext } from '../../types.js';
import { insertFile } from '../files/files.repository.js';
import { sniffImage } from '../files/files.routes.js';
import * as svc from './appmenus.service.js';

const access = { app: 'admin' } as const;
const tags = ['appmenus'];

export default async function appMenuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one platform-scope transaction for the application the guard resolved. */
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, a: AppContext) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!));

  r.post(AppMenuPaths.treeappmenu, { config: { access }, schema: { tags, body: EmptyBody } }, async (request) =>
    ok({ root: await inApp(request, (tx, a) => svc.menuTree(tx, a)) }),
  );

  r.post(AppMenuPaths.getappmenu, { config: { access }, schema: { tags, body: AppMenuIdBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, a) => svc.getMenu(tx, a, request.body.id)) }),
  );

  r.post(AppMenuPaths.addappmenu, { config: { access }, schema: { tags, body: AppMenuAddBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, a) => svc.addMenu(tx, request, a, request.body)) }),
  );

  r.post(AppMenuPaths.editappmenu, { config: { access }, schema: { tags, body: AppMenuEditBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, a) => svc.editMenu(tx, request, a, request.body)) }),
  );

  r.post(AppMenuPaths.deleteappmenu, { config: { access }, schema: { tags, body: AppMenuDeleteBody } }, async (request) =>
    ok(await inApp(request, (tx, a) => svc.deleteMenu(tx, request, a, request.body.id, request.body.withChildren === true))),
  );

  r.post(AppMenuPaths.moveappmenu, { config: { access }, schema: { tags, body: AppMenuMoveBody } }, async (request) =>
    ok({ row: await inApp(request, (tx, a) => svc.moveMenu(tx, request, a, request.body)) }),
  );

  r.post(AppMenuPaths.statusappmenu, { config: { access }, schema: { tags, body: AppMenuStatusBody } }, async (request) =>
    ok(await inApp(request, (tx, a) => svc.setMenusEnabled(tx, request, a, request.body.ids, request.body.enabled))),
  );

  r.post(AppMenuPaths.pagesappmenu, { config: { access }, schema: { tags, body: EmptyBody } }, async (request) =>
    ok({ rows: await inApp(request, (tx, a) => svc.pageOptions(tx, a)) }),
  );

  /**
   * A custom menu icon (SPEC §5 Icon; §8 'Can only upload image (.png, .jpg, .jpeg, .gif)', 'File size
   * can not over 10M'): multipart field `file`, checked by content; stored like every file (files
   * module) in the uploader's tenant. The answer's `icon` (`file:<id>`) goes into the menu's icon field.
   */
  r.post(AppMenuPaths.uploadappmenuicon, { config: { access }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request) => {
    const part = await request.file({ limits: { fileSize: APP_MENU_RULES.icon.maxBytes, files: 1 } });
    if (!part) throw new AppError(Codes.REQUIRED, { fieldKey: 'logo' });
    if ([...part.filename].length > FILE_LIMITS.fileNameChars) throw new AppError(Codes.FILE_NAME_TOO_LONG);
    const data = await part.toBuffer().catch(() => {
      throw new AppError(AppMenuCodes.ICON_TOO_LARGE, {}, 413);
    });
    if (part.file.truncated) throw new AppError(AppMenuCodes.ICON_TOO_LARGE, {}, 413);
    const mime = sniffImage(data);
    if (!mime || !(APP_MENU_ICON_MIME_TYPES as readonly string[]).includes(mime)) throw new AppError(AppMenuCodes.ICON_TYPE);
    const auth = request.auth!;
    const id = randomUUID();
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, (tx) =>
      insertFile(tx, { id, tenantId: auth.tenantId, name: part.filename, mime, size: data.length, data: data.toString('base64'), createdBy: auth.username }),
    );
    const row: AppMenuIconUpload = { fileId: id, icon: `file:${id}`, url: `${Paths.getfile}/${id}`, name: part.filename, size: data.length };
    return ok({ row });
  });
}
