/**
 * The session user info answered by `tokenlogin` and `admintokenlogin` (SPEC §3 Session user info,
 * §7 tenant service /tenant/login/*; PROTOCOL.md Sign-in step 4), and the token renewal both
 * `renewaltoken` and `renewaladmintoken` perform.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Codes, expandIdentities, ServiceAccountCodes, UserType, type SessionUserInfo, type TokenBody, type UserTypeValue } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../../types.js';
import { findUserById, listIdentitiesOfUser, listTenantsOfUser } from '../users/users.repository.js';
import { listMenuPurviewsOfUser } from '../roles/roles.grants.repository.js';
import { extendSessionById } from './session.repository.js';
import { isServiceAccountUser } from '../serviceaccounts/serviceaccounts.repository.js';

/**
 * The body's token (`body`, the route's validated TokenBody) must be the bearer token of the call
 * (one session, one credential).
 * @throws AppError 10009021001 otherwise.
 */
export function checkSameToken(request: FastifyRequest, body: TokenBody): void {
  if (body.token !== request.auth!.token) throw new AppError(Codes.TOKEN_INVALID);
}

/**
 * Reads the caller's user, refreshes the session's identity snapshot (identities may have changed
 * since sign-in; the guard store forgets its copy) and answers the session user info. `accept`
 * may refuse the fresh identities (admintokenlogin) before anything is written. A *role holder* — a
 * user whose enabled roles in their own tenant grant at least one tenant menu (docs/tenancy.md "Who
 * enters the tenant area") — also gets user type 3 (tenant), so the console lets them into `/tenancy`
 * with the menus of their roles; their identities are unchanged.
 * @throws AppError 10009021001 when the user no longer exists; whatever `accept` throws.
 */
export async function sessionUserInfo(app: FastifyInstance, auth: AuthContext, accept?: (identities: number[]) => void): Promise<SessionUserInfo> {
  return inScope(app.database.db, { scope: 'platform', tenantId: auth.tenantId }, async (tx): Promise<SessionUserInfo> => {
    const user = await findUserById(tx, auth.userId);
    if (!user) throw new AppError(Codes.TOKEN_INVALID);
    const identities = await listIdentitiesOfUser(tx, user.id);
    accept?.(identities);
    await tx.update(sessions).set({ identities }).where(eq(sessions.id, auth.sessionId));
    app.guardStore.forgetSessions({ ids: [auth.sessionId] });
    const userTypes: UserTypeValue[] = expandIdentities(identities);
    if (!userTypes.includes(UserType.TENANT) && (await listMenuPurviewsOfUser(tx, user.tenantId, user.id)).size > 0) {
      userTypes.push(UserType.TENANT);
      userTypes.sort((a, b) => a - b); // the order identities expand to: 1, 2, 3, 4, 5, 7
    }
    return {
      token: auth.token,
      accessToken: auth.token,
      userId: user.id,
      userName: user.username,
      employeeName: user.employeeName,
      tenantId: user.tenantId,
      userType: identities,
      userTypes: userTypes.map(String),
      currentUserType: String(userTypes[0] ?? ''),
      appList: [],
      tenantList: await listTenantsOfUser(tx, user),
      expiresAt: auth.expiresAt.getTime(),
      superManager: user.superManager,
    };
  });
}

/**
 * Extends the caller's session by the token lifetime (`MP_TOKEN_TTL_MIN`) from now and answers the
 * new expiry in milliseconds since the epoch.
 */
export async function renewSession(app: FastifyInstance, auth: AuthContext): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = new Date(Date.now() + app.config.tokenTtlMin * 60_000);
  await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, async (tx) => {
    // A service account's session is never extended: the automation asks for a new token (docs/service-accounts.md).
    if (!auth.identities.length && (await isServiceAccountUser(tx, auth.userId))) throw new AppError(ServiceAccountCodes.NO_RENEWAL);
    await extendSessionById(tx, auth.sessionId, expiresAt);
    app.guardStore.forgetSessions({ ids: [auth.sessionId] });
  });
  return { token: auth.token, expiresAt: expiresAt.getTime() };
}
