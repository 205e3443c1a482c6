/**
 * Tenant service login calls (SPEC §7 /tenant/login/*; PROTOCOL.md Sign-in steps 4–5): token login
 * answering the session user info, logout, renewal.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, expandIdentities, ok, Paths, TokenBody, type SessionUserInfo } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { inScope } from '../../db/context.js';
import { findUserById, listIdentitiesOfUser, listTenantsOfUser } from '../users/users.repository.js';
import { endSessionById, extendSessionById } from '../session/session.repository.js';
import { sessions } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { insertAuditEntry } from '../audit/audit.repository.js';

const tags = ['login'];

/** The body's token must be the bearer token of the call (one session, one credential). */
function checkSameToken(request: FastifyRequest): void {
  if ((request.body as TokenBody).token !== request.auth!.token) throw new AppError(Codes.TOKEN_INVALID);
}

export default async function loginRoutes(app: FastifyInstance) {
  app.post(Paths.tokenlogin, { config: { access: 'user', signerMayOmitUserId: true }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request);
    const auth = request.auth!;
    const info = await inScope(app.database.db, { scope: 'platform', tenantId: auth.tenantId }, async (tx): Promise<SessionUserInfo> => {
      const user = await findUserById(tx, auth.userId);
      if (!user) throw new AppError(Codes.TOKEN_INVALID);
      const identities = await listIdentitiesOfUser(tx, user.id);
      // Refresh the session's snapshot: identities may have changed since sign-in.
      await tx.update(sessions).set({ identities }).where(eq(sessions.id, auth.sessionId));
      app.guardStore.forgetSessions({ ids: [auth.sessionId] });
      const userTypes = expandIdentities(identities);
      return {
        token: auth.token, accessToken: auth.token, userId: user.id, userName: user.username, employeeName: user.employeeName,
        tenantId: user.tenantId, userType: identities, userTypes: userTypes.map(String), currentUserType: String(userTypes[0] ?? ''),
        appList: [], tenantList: await listTenantsOfUser(tx, user), expiresAt: auth.expiresAt.getTime(), superManager: user.superManager,
      };
    });
    return ok({ row: info });
  });

  app.post(Paths.tokenlogout, { config: { access: 'user' }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request);
    const auth = request.auth!;
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, async (tx) => {
      await endSessionById(tx, auth.sessionId);
      app.guardStore.forgetSessions({ ids: [auth.sessionId] });
      await insertAuditEntry(tx, request, { tenantId: auth.tenantId, action: 'signout', entity: 'session' });
    });
    return ok({});
  });

  app.post(Paths.renewaltoken, { config: { access: 'user' }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request);
    const auth = request.auth!;
    const expiresAt = new Date(Date.now() + app.config.tokenTtlMin * 60_000);
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, async (tx) => {
      await extendSessionById(tx, auth.sessionId, expiresAt);
      app.guardStore.forgetSessions({ ids: [auth.sessionId] });
    });
    return ok({ row: { token: auth.token, expiresAt: expiresAt.getTime() } });
  });
}
