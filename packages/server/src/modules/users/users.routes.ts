/**
 * User management calls of the platform administrator (SPEC §2 employeeManagement; docs/protocol.md
 * "Calls"): listuser, getuser, adduser, edituser, deleteuser, statususer, lockuser, resetuserpassword,
 * importuser (multipart Excel, `?tenantId=`), exportuser and templateuser (.xlsx). Passwords arrive
 * encrypted for the wire, are checked against the password rule (code table type 1) and hashed before
 * the transaction opens (argon2id is slow); password hashes never leave the server.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  checkPasswordStrength,
  Codes,
  EmptyBody,
  IdBody,
  IdsBody,
  ok,
  Paths,
  UserAddBody,
  UserEditBody,
  UserListBody,
  UserLockBody,
  UserResetPasswordBody,
  UserStatusBody,
  UserType,
} from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { retryOnUniqueViolation } from '../../lib/unique-violation.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { decryptPassword } from '../auth/signin.service.js';
import * as svc from './users.service.js';
import { listAllUsers } from './users.query.js';
import { exportWorkbook, fileName, templateWorkbook, XLSX_TYPE } from './users.export.js';
import { assertPlanValid, hashAll, planImport, readExcelUpload, readImportFile } from './users.import.js';
import { applyImport } from './users.import-apply.js';
import { fieldLabel } from './users.validate.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['users'];
const EXPORT_LIMIT = 100_000;

/**
 * Decrypts a wire-encrypted password, checks it against the password rule (SPEC §5 Password strength)
 * and hashes it; undefined for an empty optional password. Runs outside any transaction (argon2id is
 * slow). @throws validation.required, password.strength_failed
 */
export async function userPasswordHash(
  app: FastifyInstance,
  request: FastifyRequest,
  encrypted: string | undefined,
  required: boolean,
): Promise<string | undefined> {
  const plain = encrypted ? await decryptPassword(app, encrypted) : '';
  if (!plain) {
    if (required) throw new AppError(Codes.REQUIRED, { field: fieldLabel(request.locale, 'password') });
    return undefined;
  }
  if (checkPasswordStrength(plain, await app.settings.passwordRule()) !== 1) throw new AppError(Codes.PASSWORD_WEAK);
  return hashPassword(plain);
}

export default async function userRoutes(app: FastifyInstance) {
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);
  /** A read: BEGIN READ ONLY, answered without waiting for the COMMIT on PostgreSQL (db/context.ts). */
  const read = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn, { readOnly: true });
  const ctx = (request: FastifyRequest): svc.UserWriteContext => ({ request, guardStore: app.guardStore });

  const passwordHashOf = (request: FastifyRequest, encrypted: string | undefined, required: boolean) => userPasswordHash(app, request, encrypted, required);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(Paths.listuser, { config: { access }, schema: { tags, body: UserListBody } }, async (request) =>
    ok(await read((t) => svc.listUserPage(t, request.body))),
  );

  r.post(Paths.getuser, { config: { access }, schema: { tags, body: IdBody } }, async (request) =>
    ok({ row: await tx((t) => svc.getUser(t, request.body.id)) }),
  );

  r.post(Paths.adduser, { config: { access }, schema: { tags, body: UserAddBody } }, async (request) => {
    const b = request.body;
    const hash = (await passwordHashOf(request, b.password, true))!;
    return ok({ row: await tx((t) => svc.addUser(t, ctx(request), b, hash)) });
  });

  r.post(Paths.edituser, { config: { access }, schema: { tags, body: UserEditBody } }, async (request) => {
    const b = request.body;
    const hash = await passwordHashOf(request, b.password, false);
    return ok({ row: await tx((t) => svc.editUser(t, ctx(request), b, hash)) });
  });

  r.post(Paths.deleteuser, { config: { access }, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await tx((t) => svc.deleteUsers(t, ctx(request), request.body.ids))),
  );

  r.post(Paths.statususer, { config: { access }, schema: { tags, body: UserStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await tx((t) => svc.setUserStatus(t, ctx(request), b.ids, b.status)));
  });

  r.post(Paths.lockuser, { config: { access }, schema: { tags, body: UserLockBody } }, async (request) => {
    const b = request.body;
    return ok(await tx((t) => svc.setUserLock(t, ctx(request), b.ids, b.locked)));
  });

  r.post(Paths.resetuserpassword, { config: { access }, schema: { tags, body: UserResetPasswordBody } }, async (request) => {
    const b = request.body;
    const hash = (await passwordHashOf(request, b.password, true))!;
    await tx((t) => svc.resetUserPassword(t, ctx(request), b.id, hash));
    return ok({});
  });

  r.post(
    Paths.importuser,
    {
      config: { access },
      schema: { tags, consumes: ['multipart/form-data'], querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 64 })) }) },
    },
    async (request) => {
      const { data } = await readExcelUpload(request);
      const tenantId = request.query.tenantId?.trim() || undefined;
      const cells = await readImportFile(data, request.locale, !!tenantId);
      const opts = { locale: request.locale, tenantId, callerId: request.auth!.userId, passwordRule: await app.settings.passwordRule() };
      // Check everything read-only first, hash the passwords outside any transaction, then check again
      // and write in one transaction (a concurrent change between the two is caught by the second check;
      // one during the write, a key taken meanwhile, by checking and writing once more).
      assertPlanValid(await tx((t) => planImport(t, cells, opts)));
      const hashes = await hashAll([...new Set(cells.map((c) => c.password).filter(Boolean))]);
      return ok({
        row: await retryOnUniqueViolation(() =>
          tx(async (t) => {
            const plan = await planImport(t, cells, opts);
            assertPlanValid(plan);
            return applyImport(t, ctx(request), plan, hashes);
          }),
        ),
      });
    },
  );

  r.post(Paths.exportuser, { config: { access }, schema: { tags, body: UserListBody } }, async (request, reply) => {
    const rows = await tx((t) => listAllUsers(t, request.body, EXPORT_LIMIT));
    const buffer = await exportWorkbook(request.locale, rows);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName('users')}"`)
      .send(buffer);
  });

  r.post(Paths.templateuser, { config: { access }, schema: { tags, body: EmptyBody } }, async (request, reply) => {
    const buffer = await templateWorkbook(request.locale);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName('user-template')}"`)
      .send(buffer);
  });
}
