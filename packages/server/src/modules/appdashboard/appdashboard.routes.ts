/**
 * The application administrator's dashboards (issue 15; docs/applications.md "Dashboards"):
 * `/gateway/tenant/plat/appdashboard/{workbenchsummary, appsummary}` (AppDashboardPaths). Neither is a
 * menu's API (the dashboard is never a menu item, SPEC §2).
 * - workbenchsummary: platform administrators (every application) and application administrators (user
 *   types 4/5: the applications of their product_admins rows); others are refused by the guard.
 * - appsummary: `{ app: 'admin' }`, the APPID application (the guard checks the caller administers it).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppDashboardPaths, EmptyBody, ok, UserType, WorkbenchSummaryBody } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appSummary, workbenchSummary } from './appdashboard.service.js';

const tags = ['appdashboard'];

export default async function appDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    AppDashboardPaths.workbenchsummary,
    {
      config: { access: { userTypes: [UserType.PLATFORM_ADMIN, UserType.APP_ADMIN, UserType.APP] } },
      schema: { tags, body: WorkbenchSummaryBody },
    },
    async (request) => {
      const auth = request.auth!;
      const adminUserId = auth.userTypes.includes(UserType.PLATFORM_ADMIN) ? undefined : auth.userId;
      return ok({ row: await inScope(app.database.db, PLATFORM_SCOPE, (tx) => workbenchSummary(tx, adminUserId, request.body)) });
    },
  );

  r.post(AppDashboardPaths.appsummary, { config: { access: { app: 'admin' } }, schema: { tags, body: EmptyBody } }, async (request) =>
    ok({ row: await inScope(app.database.db, PLATFORM_SCOPE, (tx) => appSummary(tx, request.application!)) }),
  );
}
