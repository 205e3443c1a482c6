/**
 * Face registration calls (issue 18; SPEC §2 "face registration dialog"; docs/face.md): register or clear a
 * user's face photo
 * - from the platform area's user grid (`registerface`, `clearface`: platform administrators, any user,
 *   platform scope — the same rule as `edituser`);
 * - from the tenant area's user grid (`registertenantface`, `cleartenantface`: the menu
 *   `employeeManagement` of TENANTID, the user inside the caller's data scope and not outranking them —
 *   the declared `actsOn: 'id'` of `edittenantuser`; another tenant's user is "not found");
 * - for the signed-in user on their profile (`registermyface`, `clearmyface`: any signed-in user; the
 *   session says whose photo it is).
 * Each call is one transaction; the answer is the user's face state (`row: FaceState`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EmptyBody, FaceOwnRegisterBody, FacePaths, FaceRegisterBody, IdBody, ok, UserType } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { imageInTenant } from '../users/users.tenant.service.js';
import { checkImage } from '../users/users.validate.js';
import { clearFace, loadFaceUser, registerFace, type PhotoCheck } from './face.service.js';

const tags = ['users'];
const platform = { access: { userTypes: [UserType.PLATFORM_ADMIN] } } as const;
const tenantArea = { access: { tenant: 'member', menu: 'employeeManagement', actsOn: 'id' } } as const;
const self = { access: 'user' } as const;

/** The platform's image check: the file (any tenant, platform scope) copied into the user's tenant when needed. */
const platformCheck =
  (tx: Tx): PhotoCheck =>
  (fileId, user) =>
    checkImage(tx, 'facePhoto', fileId, user.tenantId);

export default async function faceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const inPlatform = <T>(fn: (tx: Tx) => Promise<T>) => inScope(app.database.db, PLATFORM_SCOPE, fn);
  const inTenant = <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) => inScope(app.database.db, { scope: 'tenant', tenantId }, fn);
  /** The tenant area's check: the caller's upload (their own tenant or TENANTID) kept in TENANTID. */
  const tenantCheck =
    (tx: Tx, request: FastifyRequest): PhotoCheck =>
    (fileId, user) =>
      imageInTenant(tx, request, 'facePhoto', fileId, user.facePhoto);

  r.post(FacePaths.registerface, { config: platform, schema: { tags, body: FaceRegisterBody } }, async (request) => {
    const b = request.body;
    return ok({ row: await inPlatform(async (tx) => registerFace(tx, request, await loadFaceUser(tx, b.id), b.fileId, platformCheck(tx))) });
  });

  r.post(FacePaths.clearface, { config: platform, schema: { tags, body: IdBody } }, async (request) =>
    ok({ row: await inPlatform(async (tx) => clearFace(tx, request, await loadFaceUser(tx, request.body.id))) }),
  );

  r.post(FacePaths.registertenantface, { config: tenantArea, schema: { tags, body: FaceRegisterBody } }, async (request) => {
    const b = request.body;
    const tenantId = request.tenant!.id;
    return ok({
      row: await inTenant(tenantId, async (tx) => registerFace(tx, request, await loadFaceUser(tx, b.id, tenantId), b.fileId, tenantCheck(tx, request))),
    });
  });

  r.post(FacePaths.cleartenantface, { config: tenantArea, schema: { tags, body: IdBody } }, async (request) => {
    const tenantId = request.tenant!.id;
    return ok({ row: await inTenant(tenantId, async (tx) => clearFace(tx, request, await loadFaceUser(tx, request.body.id, tenantId))) });
  });

  r.post(FacePaths.registermyface, { config: self, schema: { tags, body: FaceOwnRegisterBody } }, async (request) => {
    const auth = request.auth!;
    return ok({
      row: await inTenant(auth.tenantId, async (tx) =>
        registerFace(tx, request, await loadFaceUser(tx, auth.userId, auth.tenantId), request.body.fileId, platformCheck(tx)),
      ),
    });
  });

  r.post(FacePaths.clearmyface, { config: self, schema: { tags, body: EmptyBody } }, async (request) => {
    const auth = request.auth!;
    return ok({ row: await inTenant(auth.tenantId, async (tx) => clearFace(tx, request, await loadFaceUser(tx, auth.userId, auth.tenantId))) });
  });
}
