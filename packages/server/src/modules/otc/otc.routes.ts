/**
 * Routes of one-time codes, MFA and password recovery (SPEC §7 auth service; docs/codes.md):
 * `POST …/auth/login/send/email/{email}`, `POST …/auth/login/send/mobile/{mobile}`,
 * `POST …/auth/login/signinbycode`, `POST …/auth/mfa/send/{type}/{username}?ticket=`,
 * `GET …/auth/login/confirm?ticket=&type=&code=`, `POST …/auth/user/findpwd?username=`,
 * `POST …/auth/user/checkresetpwd?username=&pwdflag=`, `POST …/auth/user/resetpwd?username=&pwdflag=&pwd=`.
 * All are signed calls without a session (the caller is not signed in yet).
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import {
  CheckResetQuery, CodeSignInBody, FindPwdQuery, MfaConfirmQuery, MfaSendParams, MfaSendQuery, ok, Paths, ResetPwdQuery,
  type OtcChannel,
} from '@mp/protocol';
import { sendLoginCode, signInByCode } from './dynamic-code.service.js';
import { confirmMfa, sendMfaCode } from './mfa.service.js';
import { checkResetLink, findPassword, resetPassword } from './recovery.service.js';
import { otcReady } from './otc.engine.js';

const tags = ['auth'];
const signed = { access: 'signed' } as const;
const addressParam = (name: string) => Type.Object({ [name]: Type.String({ minLength: 1, maxLength: 100 }) });

export default async function otcRoutes(app: FastifyInstance) {
  app.addHook('onReady', () => otcReady(app));

  app.post(`${Paths.sendemailcode}/:email`, { config: signed, schema: { tags, params: addressParam('email') } }, async (request) => {
    await sendLoginCode(app, request, 'email', (request.params as { email: string }).email);
    return ok({});
  });

  app.post(`${Paths.sendmobilecode}/:mobile`, { config: signed, schema: { tags, params: addressParam('mobile') } }, async (request) => {
    await sendLoginCode(app, request, 'mobile', (request.params as { mobile: string }).mobile);
    return ok({});
  });

  app.post(Paths.signinbycode, { config: signed, schema: { tags, body: CodeSignInBody } }, async (request) =>
    ok({ row: await signInByCode(app, request, request.body as CodeSignInBody) }));

  app.post(`${Paths.mfasend}/:type/:username`, { config: signed, schema: { tags, params: MfaSendParams, querystring: MfaSendQuery } }, async (request) => {
    const p = request.params as { type: OtcChannel; username: string };
    await sendMfaCode(app, request, p.type, p.username, (request.query as MfaSendQuery).ticket);
    return ok({});
  });

  app.get(Paths.loginconfirm, { config: signed, schema: { tags, querystring: MfaConfirmQuery } }, async (request) =>
    ok({ row: await confirmMfa(app, request, request.query as MfaConfirmQuery) }));

  app.post(Paths.findpwd, { config: signed, schema: { tags, querystring: FindPwdQuery } }, async (request) => {
    await findPassword(app, request, (request.query as FindPwdQuery).username);
    return ok({});
  });

  app.post(Paths.checkresetpwd, { config: signed, schema: { tags, querystring: CheckResetQuery } }, async (request) => {
    await checkResetLink(app, request.query as CheckResetQuery);
    return ok({});
  });

  app.post(Paths.resetpwd, { config: signed, schema: { tags, querystring: ResetPwdQuery } }, async (request) => {
    await resetPassword(app, request, request.query as ResetPwdQuery);
    return ok({});
  });
}
