/**
 * Online-session calls (SPEC §4 Records; docs/protocol.md Calls, docs/sessions.md):
 * `listsession` (paged, searched by user and tenant, sorted by sign-in time) and `endsession` (ids).
 * Platform administrators and tenant administrators may call them; sessions.service.ts decides
 * which sessions each sees.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdsBody, ok, Paths, SessionListBody, UserType } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import * as svc from './sessions.service.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN, UserType.TENANT_ADMIN] } as const;
const tags = ['sessions'];

export default async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.listsession, { config: { access }, schema: { tags, body: SessionListBody } }, async (request) => {
    const reach = await svc.reachOf(app.database.db, request);
    return ok(await inScope(app.database.db, reach.scope, (tx) => svc.listSessionPage(tx, reach, request.auth!.sessionId, request.body)));
  });

  r.post(Paths.endsession, { config: { access }, schema: { tags, body: IdsBody } }, async (request) => {
    const reach = await svc.reachOf(app.database.db, request);
    const { ids } = request.body;
    return ok(await inScope(app.database.db, reach.scope, (tx) => svc.endSessions(tx, request, app.guardStore, reach, ids)));
  });
}
