/**
 * Auth service calls (PROTOCOL.md "Startup configuration", "Sign-in sequence"; SPEC §7 Auth service):
 * startup configuration, captcha (image digits or slider puzzle by `verifyCodeType`), sign-in, modify
 * password (which also lifts a first sign-in's restriction, password-change.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { checkPasswordStrength, Codes, EmptyBody, ModifyPasswordBody, ok, Paths, SignInBody, SigninCodes, VerifyCodeType } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { inScope } from '../../db/context.js';
import { findUserById, updateUserById } from '../users/users.repository.js';
import { sessions } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { createCaptcha } from './captcha.js';
import { createSliderCaptcha } from './slider-captcha.js';
import { isRestrictedSession } from './password-change.js';
import { countCaptchaRequest, decryptPassword, signIn } from './signin.service.js';

const tags = ['auth'];

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(Paths.config, { config: { access: 'public' }, schema: { tags } }, async () => {
    const { mpk, cryptoType } = await app.settings.crypto();
    return ok({ rows: await app.settings.loginConfig(), currentTime: Date.now(), mpk, cryptoType, requestTimeoutMs: app.config.requestTimeoutMs });
  });

  r.post(Paths.validcode, { config: { access: 'public' }, schema: { tags, body: EmptyBody } }, async (request) => {
    await countCaptchaRequest(app, request);
    const { verifyCodeType } = await app.settings.loginConfig();
    const work = app.config.captchaPowWork;
    if (verifyCodeType === VerifyCodeType.SLIDER) return ok({ row: await createSliderCaptcha(app.database.db, await app.settings.crypto(), work) });
    return ok({ row: await createCaptcha(app.database.db, work) });
  });

  r.post(Paths.signin, { config: { access: 'signed' }, schema: { tags, body: SignInBody } }, async (request) =>
    ok({ row: await signIn(app, request, request.body) }),
  );

  r.post(Paths.modifyPassword, { config: { access: 'user' }, schema: { tags, body: ModifyPasswordBody } }, async (request) => {
    const b = request.body;
    const [oldPw, newPw, confirmPw] = await Promise.all([b.oldPassword, b.newPassword, b.confirmPassword].map((v) => decryptPassword(app, v)));
    if (!newPw!.trim()) throw new AppError(Codes.REQUIRED, { fieldKey: 'newPassword' });
    if (newPw!.trim() !== confirmPw!.trim()) throw new AppError(Codes.PASSWORD_MISMATCH);
    if (checkPasswordStrength(newPw!, await app.settings.passwordRule()) !== 1) throw new AppError(Codes.PASSWORD_WEAK);
    if (newPw === oldPw) throw new AppError(SigninCodes.PASSWORD_UNCHANGED);
    const auth = request.auth!;
    const hash = await hashPassword(newPw!);
    await inScope(app.database.db, { scope: 'tenant', tenantId: auth.tenantId }, async (tx) => {
      const user = await findUserById(tx, auth.userId);
      if (!user || !(await verifyPassword(user.passwordHash, oldPw!))) throw new AppError(Codes.PASSWORD_ORIGINAL_WRONG);
      await updateUserById(tx, user.id, { passwordHash: hash, passwordChangedAt: new Date() });
      if (isRestrictedSession(auth)) {
        // The first sign-in's restriction ends.
        await tx.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, auth.sessionId));
        app.guardStore.forgetSessions({ ids: [auth.sessionId] });
      }
      await insertAuditEntry(tx, request, { tenantId: user.tenantId, action: 'password.modify', entity: 'user', entityId: user.id });
    });
    return ok({});
  });
}
