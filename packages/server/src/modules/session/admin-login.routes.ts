/**
 * The administrator token calls of the tenant service (SPEC §7 /tenant/login/admintokenlogin,
 * renewaladmintoken; docs/protocol.md Calls): the same as `tokenlogin` and `renewaltoken`, for a
 * session whose user holds an administrator identity (platform, tenant or application administrator,
 * user types 1, 2, 4). Any other session is refused with 10009029001 and nothing is written.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Codes, expandIdentities, ok, Paths, TokenBody, UserType } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { checkSameToken, renewSession, sessionUserInfo } from './user-info.js';

/** User types an administrator session holds at least one of. */
export const ADMIN_USER_TYPES = [UserType.PLATFORM_ADMIN, UserType.TENANT_ADMIN, UserType.APP_ADMIN] as const;
const access = { userTypes: ADMIN_USER_TYPES } as const;
const tags = ['login'];

/** Refuses identities that no longer include an administrator's (they may have changed since sign-in). */
function requireAdmin(identities: number[]): void {
  const types = expandIdentities(identities);
  if (!ADMIN_USER_TYPES.some((t) => types.includes(t))) throw new AppError(Codes.NO_PERMISSION);
}

export default async function adminLoginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.admintokenlogin, { config: { access, signerMayOmitUserId: true }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request, request.body);
    return ok({ row: await sessionUserInfo(app, request.auth!, requireAdmin) });
  });

  r.post(Paths.renewaladmintoken, { config: { access }, schema: { tags, body: TokenBody } }, async (request) => {
    checkSameToken(request, request.body);
    return ok({ row: await renewSession(app, request.auth!) });
  });
}
