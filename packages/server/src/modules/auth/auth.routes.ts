/**
 * Auth service calls (PROTOCOL.md "Startup configuration", "Sign-in sequence"; SPEC §7 Auth service):
 * startup configuration, captcha, sign-in, modify password.
 */
import type { FastifyInstance } from 'fastify';
import { checkPasswordStrength, Codes, ModifyPasswordBody, ok, Paths, SignInBody } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { inScope } from '../../db/context.js';
import { findUserById, updateUserById } from '../users/users.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { createCaptcha } from './captcha.js';
import { decryptPassword, signIn } from './signin.service.js';

const tags = ['auth'];

export default async function authRoutes(app: FastifyInstance) {
  app.get(Paths.config, { config: { access: 'public' }, schema: { tags } }, async () => {
    const { mpk, cryptoType } = await app.settings.crypto();
    return ok({ rows: await app.settings.loginConfig(), currentTime: Date.now(), mpk, cryptoType });
  });

  app.post(Paths.validcode, { config: { access: 'public' }, schema: { tags } }, async () =>
    ok({ row: await createCaptcha(app.database.db) }));

  app.post(Paths.signin, { config: { access: 'signed' }, schema: { tags, body: SignInBody } }, async (request) =>
    ok({ row: await signIn(app, request, request.body as SignInBody) }));

  app.post(Paths.modifyPassword, { config: { access: 'user' }, schema: { tags, body: ModifyPasswordBody } }, async (request) => {
    const b = request.body as ModifyPasswordBody;
    const [oldPw, newPw, confirmPw] = await Promise.all([b.oldPassword, b.newPassword, b.confirmPassword].map((v) => decryptPassword(app, v)));
    if (!newPw!.trim()) throw new AppError(Codes.REQUIRED, { fieldKey: 'newPassword' });
    if (newPw!.trim() !== confirmPw!.trim()) throw new AppError(Codes.PASSWORD_MISMATCH);
    if (checkPasswordStrength(newPw!, await app.settings.passwordRule()) !== 1) throw new AppError(Codes.PASSWORD_WEAK);
    const auth = request.auth!;
    const hash = await hashPassword(newPw!);
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, async (tx) => {
      const user = await findUserById(tx, auth.userId);
      if (!user || !(await verifyPassword(user.passwordHash, oldPw!))) throw new AppError(Codes.PASSWORD_ORIGINAL_WRONG);
      await updateUserById(tx, user.id, { passwordHash: hash, passwordChangedAt: new Date() });
      await insertAuditEntry(tx, request, { tenantId: user.tenantId, action: 'password.modify', entity: 'user', entityId: user.id });
    });
    return ok({});
  });
}
