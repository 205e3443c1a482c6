/**
 * Tenant service login calls (SPEC §7 /tenant/login/*; PROTOCOL.md Sign-in steps 4–5): token login
 * answering the session user info, logout, renewal. The administrator flavours (admintokenlogin,
 * renewaladmintoken) are in session/admin-login.routes.ts; both share session/user-info.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, Paths, TokenBody } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { endSessionById } from '../session/session.repository.js';
import { checkSameToken, renewSession, sessionUserInfo } from '../session/user-info.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { restrictedUserInfo } from './password-change.js';

const tags = ['login'];

export default async function loginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.tokenlogin, { config: { access: 'user', signerMayOmitUserId: true }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request, request.body);
    // A first sign-in that must change its password first stays restricted (password-change.ts).
    const info = (await restrictedUserInfo(app, request.auth!)) ?? (await sessionUserInfo(app, request.auth!));
    return ok({ row: info });
  });

  r.post(Paths.tokenlogout, { config: { access: 'user' }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request, request.body);
    const auth = request.auth!;
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, async (tx) => {
      await endSessionById(tx, auth.sessionId);
      app.guardStore.forgetSessions({ ids: [auth.sessionId] });
      await insertAuditEntry(tx, request, { tenantId: auth.tenantId, action: 'signout', entity: 'session' });
    });
    return ok({});
  });

  r.post(Paths.renewaltoken, { config: { access: 'user' }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request, request.body);
    return ok({ row: await renewSession(app, request.auth!) });
  });
}
