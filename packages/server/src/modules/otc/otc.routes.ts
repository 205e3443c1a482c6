/**
 * Routes of one-time codes, MFA and password recovery (SPEC §7 auth service; docs/codes.md):
 * `POST …/auth/login/send/email/{email}`, `POST …/auth/login/send/mobile/{mobile}`,
 * `POST …/auth/login/signinbycode`, `POST …/auth/mfa/send/{type}/{username}?ticket=`,
 * `GET …/auth/login/confirm?ticket=&type=&code=`, `POST …/auth/user/findpwd?username=`,
 * `POST …/auth/user/checkresetpwd?username=&pwdflag=`, `POST …/auth/user/resetpwd?username=&pwdflag=&pwd=`.
 * All are signed calls without a session (the caller is not signed in yet).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CheckResetQuery, CodeSignInBody, EmptyBody, FindPwdQuery, MfaConfirmQuery, MfaSendParams, MfaSendQuery, ok, Paths, ResetPwdQuery } from '@mp/protocol';
import { sendLoginCode, signInByCode } from './dynamic-code.service.js';
import { confirmMfa, sendMfaCode } from './mfa.service.js';
import { checkResetLink, findPassword, resetPassword } from './recovery.service.js';
import { otcReady } from './otc.engine.js';

const tags = ['auth'];
const signed = { access: 'signed' } as const;
const address = Type.String({ minLength: 1, maxLength: 100 });
const EmailParams = Type.Object({ email: address });
const MobileParams = Type.Object({ mobile: address });

export default async function otcRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onReady', () => otcReady(app));

  r.post(`${Paths.sendemailcode}/:email`, { config: signed, schema: { tags, params: EmailParams, body: EmptyBody } }, async (request) => {
    await sendLoginCode(app, request, 'email', request.params.email);
    return ok({});
  });

  r.post(`${Paths.sendmobilecode}/:mobile`, { config: signed, schema: { tags, params: MobileParams, body: EmptyBody } }, async (request) => {
    await sendLoginCode(app, request, 'mobile', request.params.mobile);
    return ok({});
  });

  r.post(Paths.signinbycode, { config: signed, schema: { tags, body: CodeSignInBody } }, async (request) =>
    ok({ row: await signInByCode(app, request, request.body) }),
  );

  r.post(
    `${Paths.mfasend}/:type/:username`,
    { config: signed, schema: { tags, params: MfaSendParams, querystring: MfaSendQuery, body: EmptyBody } },
    async (request) => {
      const p = request.params;
      await sendMfaCode(app, request, p.type, p.username, request.query.ticket);
      return ok({});
    },
  );

  r.get(Paths.loginconfirm, { config: signed, schema: { tags, querystring: MfaConfirmQuery } }, async (request) =>
    ok({ row: await confirmMfa(app, request, request.query) }),
  );

  r.post(Paths.findpwd, { config: signed, schema: { tags, querystring: FindPwdQuery, body: EmptyBody } }, async (request) => {
    await findPassword(app, request, request.query.username);
    return ok({});
  });

  r.post(Paths.checkresetpwd, { config: signed, schema: { tags, querystring: CheckResetQuery, body: EmptyBody } }, async (request) => {
    await checkResetLink(app, request.query);
    return ok({});
  });

  r.post(Paths.resetpwd, { config: signed, schema: { tags, querystring: ResetPwdQuery, body: EmptyBody } }, async (request) => {
    await resetPassword(app, request, request.query);
    return ok({});
  });
}
