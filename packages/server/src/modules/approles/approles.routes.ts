/**
 * Application roles and permission templates calls (issue 15 "App roles"; SPEC §2 App roleManagement;
 * docs/applications.md "Application roles and permission templates"): `/gateway/tenant/plat/approle/*`
 * and `/gateway/tenant/plat/apptemplate/*` (AppRolePaths). Every route is `{ app: 'admin' }`: the guard
 * resolves the APPID header to an application the caller administers (`request.application`); each call is
 * one platform-scope transaction scoped to it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppRoleAddBody,
  AppRoleEditBody,
  AppRoleIdsBody,
  AppRoleListBody,
  AppRolePaths,
  AppRolePurviewBody,
  AppRoleSaveBody,
  AppRoleStatusBody,
  AppRoleUserBody,
  AppRoleUserListBody,
  AppTemplateAddBody,
  AppTemplateApplyBody,
  AppTemplateEditBody,
  AppTemplateIdBody,
  AppTemplateMoveBody,
  AppTemplatePurviewBody,
  AppTemplateSaveBody,
  EmptyBody,
  ok,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../types.js';
import * as svc from './approles.service.js';
import * as tpl from './approles.templates.js';
import { grantView, ownerTree } from './approles.grants.js';

const access = { app: 'admin' } as const;
const tags = ['approles'];

export default async function appRoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one platform-scope transaction for the application the guard resolved. */
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, a: AppContext) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!));
  const config = { access };

  r.post(AppRolePaths.listapprole, { config, schema: { tags, body: AppRoleListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.listRolePage(tx, a, q.body))),
  );
  r.post(AppRolePaths.addapprole, { config, schema: { tags, body: AppRoleAddBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.addRole(tx, q, a, q.body)) }),
  );
  r.post(AppRolePaths.editapprole, { config, schema: { tags, body: AppRoleEditBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.editRole(tx, q, a, q.body)) }),
  );
  r.post(AppRolePaths.statusapprole, { config, schema: { tags, body: AppRoleStatusBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.setRolesStatus(tx, q, a, q.body.ids, q.body.status))),
  );
  r.post(AppRolePaths.deleteapprole, { config, schema: { tags, body: AppRoleIdsBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.deleteRoles(tx, q, a, q.body.ids))),
  );

  r.post(AppRolePaths.listapproleuser, { config, schema: { tags, body: AppRoleUserListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.listRoleUserPage(tx, a, q.body, true))),
  );
  r.post(AppRolePaths.listapprolecandidate, { config, schema: { tags, body: AppRoleUserListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.listRoleUserPage(tx, a, q.body, false))),
  );
  r.post(AppRolePaths.addapproleuser, { config, schema: { tags, body: AppRoleUserBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.addRoleUsers(tx, q, a, q.body.roleId, q.body.userIds))),
  );
  r.post(AppRolePaths.deleteapproleuser, { config, schema: { tags, body: AppRoleUserBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.deleteRoleUsers(tx, q, a, q.body.roleId, q.body.userIds))),
  );

  r.post(AppRolePaths.approlepurview, { config, schema: { tags, body: AppRolePurviewBody } }, async (q) =>
    ok({
      rows: await inApp(q, async (tx, a) => ownerTree(tx, q, a, { type: 'role', id: (await svc.getRole(tx, a, q.body.roleId)).id }, q.body.tree ?? 'menu')),
    }),
  );
  r.post(AppRolePaths.saveapprolepurview, { config, schema: { tags, body: AppRoleSaveBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.saveRolePurview(tx, q, a, q.body.roleId, q.body.tree, q.body.dataPurview))),
  );
  r.post(AppRolePaths.approlegrantview, { config, schema: { tags, body: AppRolePurviewBody } }, async (q) =>
    ok({ rows: await inApp(q, async (tx, a) => grantView(tx, q, a, { type: 'role', id: (await svc.getRole(tx, a, q.body.roleId)).id })) }),
  );
  r.post(AppRolePaths.applyapptemplate, { config, schema: { tags, body: AppTemplateApplyBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.applyTemplate(tx, q, a, q.body.roleId, q.body.templateId, q.body.mode)) }),
  );

  r.post(AppRolePaths.treeapptemplate, { config, schema: { tags, body: EmptyBody } }, async (q) =>
    ok({ root: await inApp(q, (tx, a) => tpl.templateTree(tx, a)) }),
  );
  r.post(AppRolePaths.addapptemplate, { config, schema: { tags, body: AppTemplateAddBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.addTemplate(tx, q, a, q.body))),
  );
  r.post(AppRolePaths.editapptemplate, { config, schema: { tags, body: AppTemplateEditBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.editTemplate(tx, q, a, q.body))),
  );
  r.post(AppRolePaths.deleteapptemplate, { config, schema: { tags, body: AppTemplateIdBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.deleteTemplate(tx, q, a, q.body.id))),
  );
  r.post(AppRolePaths.moveapptemplate, { config, schema: { tags, body: AppTemplateMoveBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.moveTemplate(tx, q, a, q.body.id, q.body.parentId))),
  );
  r.post(AppRolePaths.apptemplatepurview, { config, schema: { tags, body: AppTemplatePurviewBody } }, async (q) =>
    ok({ rows: await inApp(q, (tx, a) => tpl.templatePurview(tx, q, a, q.body.templateId, q.body.tree ?? 'menu')) }),
  );
  r.post(AppRolePaths.saveapptemplatepurview, { config, schema: { tags, body: AppTemplateSaveBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.saveTemplatePurview(tx, q, a, q.body.templateId, q.body.tree, q.body.dataPurview))),
  );
}
