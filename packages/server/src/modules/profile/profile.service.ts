/**
 * The signed-in user's profile (issue 15 "`POST /auth/user/load`", "A self-service profile"; SPEC §3
 * User, §5 User, §7 `POST /auth/user/load`; docs/users.md "Profile"): what `user/load` answers and the
 * fields a user changes themselves without a code — avatar (a stored raster image ≤ 500K) and work
 * signature (text ≤ 200). Mobile and e-mail change through contact.service.ts. Everything else (name,
 * organisation, station, status, dates) is the administrators'.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, expandIdentities, SCRIPT_TAG, SELF_EDITABLE_FIELDS, USER_RULES, type SaveProfileBody, type UserProfile } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findOrganisationById } from '../organisations/organisations.repository.js';
import { findStationById } from '../stations/stations.repository.js';
import { findTenantById } from '../tenants/tenants.repository.js';
import { checkImage, problemError } from '../users/users.validate.js';
import { findUserById, listIdentitiesOfUser, updateUserById, type UserRow } from '../users/users.repository.js';
import { fileUrl } from '../files/file-url.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

/** The caller's user row, read in `tx` (the session's user; gone → token invalid). */
export async function callerUser(tx: Tx, request: FastifyRequest): Promise<UserRow> {
  const user = await findUserById(tx, request.auth!.userId);
  if (!user || user.tenantId !== request.auth!.tenantId) throw new AppError(Codes.TOKEN_INVALID);
  return user;
}

/** The profile of `user` as UserProfile (no password hash, no ID-card number, no lockout counters). */
export async function profileOf(tx: Tx, user: UserRow): Promise<UserProfile> {
  const [org, station, tenant, identities] = await Promise.all([
    user.orgId ? findOrganisationById(tx, user.tenantId, user.orgId) : undefined,
    user.stationId ? findStationById(tx, user.tenantId, user.stationId) : undefined,
    findTenantById(tx, user.tenantId),
    listIdentitiesOfUser(tx, user.id),
  ]);
  return {
    userId: user.id,
    userName: user.username,
    employeeName: user.employeeName,
    employeeCode: user.employeeCode,
    gender: user.gender,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    officePhone: user.officePhone,
    homePhone: user.homePhone,
    orgId: user.orgId ?? '',
    orgName: org?.name ?? '',
    stationId: user.stationId ?? '',
    stationName: station?.name ?? '',
    effectiveDate: user.effectiveDate ?? '',
    expiryDate: user.expiryDate ?? '',
    status: user.status,
    description: user.description,
    avatar: user.avatar,
    avatarUrl: fileUrl(user.avatar),
    facePhotoUrl: fileUrl(user.facePhoto),
    signature: user.signature,
    tenantId: user.tenantId,
    tenantName: tenant?.name ?? '',
    tenantCode: tenant?.code ?? '',
    identities,
    userTypes: expandIdentities(identities).map(String),
    superManager: user.superManager,
    lastLoginAt: iso(user.lastLoginAt),
    passwordChangedAt: iso(user.passwordChangedAt),
    editable: [...SELF_EDITABLE_FIELDS],
  };
}

/** `user/load`: the caller's profile. */
export async function loadProfile(app: FastifyInstance, request: FastifyRequest): Promise<UserProfile> {
  return inScope(app.database.db, { scope: 'tenant', tenantId: request.auth!.tenantId }, async (tx) => profileOf(tx, await callerUser(tx, request)));
}

/**
 * `saveprofile`: changes the avatar and/or the work signature of the caller in one transaction,
 * audited `profile.save` with before/after; answers the new profile.
 * @throws AppError errors:common too_long / script_tag for the signature; user.avatar_not_image,
 *   user.avatar_too_large, file.not_found for the avatar (nothing is written).
 */
export async function saveProfile(app: FastifyInstance, request: FastifyRequest, body: SaveProfileBody): Promise<UserProfile> {
  const signature = body.signature === undefined ? undefined : body.signature.trim();
  if (signature !== undefined) {
    if ([...signature].length > USER_RULES.signature.max)
      throw problemError(request, { field: 'signature', code: Codes.TOO_LONG, params: { max: USER_RULES.signature.max } });
    if (SCRIPT_TAG.test(signature)) throw problemError(request, { field: 'signature', code: Codes.SCRIPT_TAG });
  }
  return inScope(app.database.db, { scope: 'tenant', tenantId: request.auth!.tenantId }, async (tx) => {
    const user = await callerUser(tx, request);
    const patch: { avatar?: string; signature?: string } = {};
    if (body.avatar !== undefined && body.avatar.trim() !== user.avatar) patch.avatar = await checkImage(tx, 'avatar', body.avatar.trim(), user.tenantId);
    if (signature !== undefined && signature !== user.signature) patch.signature = signature;
    if (Object.keys(patch).length) {
      await updateUserById(tx, user.id, { ...patch, updatedAt: new Date() });
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, user[k as keyof typeof patch]]));
      await insertAuditEntry(tx, request, { tenantId: user.tenantId, action: 'profile.save', entity: 'user', entityId: user.id, before, after: patch });
    }
    return profileOf(tx, { ...user, ...patch });
  });
}
