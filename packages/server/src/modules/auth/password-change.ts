/**
 * First sign-in forced password change (SPEC §2 "A first-login password reset … exist", SPEC §9 "Forced
 * password change on first login off"; docs/login.md "Forced password change").
 *
 * When the login configuration's `forcePasswordChange` is on, a user whose password was never changed by
 * themself (`users.password_changed_at` null: created, imported or reset by an administrator) signs in
 * to a *restricted* session (`sessions.must_change_password`): the guard answers
 * `signin.password_change_required` to every call but those below until `modifypassword` succeeds and
 * lifts the restriction. Identity refreshes of the session do not touch it.
 */
import type { FastifyInstance } from 'fastify';
import { Codes, expandIdentities, Paths, type LoginConfig, type SessionUserInfo } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../../types.js';
import { findUserById, listIdentitiesOfUser, listTenantsOfUser } from '../users/users.repository.js';

/** Calls a restricted session may make: the password change, its rule, and the session calls. */
export const OPEN_DURING_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  Paths.modifyPassword,
  Paths.querycodetablelist,
  Paths.tokenlogin,
  Paths.tokenlogout,
  Paths.renewaltoken,
]);

/** True when this user must change their password before anything else. */
export function mustChangePassword(config: Pick<LoginConfig, 'forcePasswordChange'>, user: { passwordChangedAt: Date | null }): boolean {
  return config.forcePasswordChange === true && user.passwordChangedAt === null;
}

/** True when the session is restricted to the password change (see the module comment). */
export function isRestrictedSession(session: { mustChangePassword: boolean }): boolean {
  return session.mustChangePassword;
}

/**
 * `tokenlogin` of a restricted session whose password must still be changed: the session user info
 * with `mustChangePassword: true`, read without touching the session.
 * Answers null when the restriction no longer holds (the flag was turned off, or the password
 * changed): the caller then refreshes the session as usual.
 */
export async function restrictedUserInfo(app: FastifyInstance, auth: AuthContext): Promise<SessionUserInfo | null> {
  if (!isRestrictedSession(auth)) return null;
  const config = await app.settings.loginConfig();
  return inScope(app.database.db, { scope: 'platform', tenantId: auth.tenantId }, async (tx) => {
    const user = await findUserById(tx, auth.userId);
    if (!user) throw new AppError(Codes.TOKEN_INVALID);
    if (!mustChangePassword(config, user)) return null;
    const identities = await listIdentitiesOfUser(tx, user.id);
    const userTypes = expandIdentities(identities);
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
      mustChangePassword: true,
    };
  });
}
