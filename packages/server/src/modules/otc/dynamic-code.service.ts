/**
 * Sign-in with a dynamic code (SPEC §1 Login "dynamic code by mail or SMS", §5 "dynamic code not empty;
 * mobile valid", §7 `/auth/login/send/email/{email}`, `/auth/login/send/mobile/{mobile}`; docs/codes.md):
 * a 6-digit code sent to the account's registered address, then `signinbycode` admits the account
 * exactly as password sign-in does (auth/admission.ts `admitUser`). Sends answer success whether or not an
 * account has the address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OTC_RULES, OtcCodes, type CodeSignInBody, type OtcChannel, type SignInRow } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { findUserById } from '../users/users.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { accountRefusal, admitUser, type Outcome } from '../auth/admission.js';
import { checkCode, issueCode } from './otc.engine.js';
import { otcReady } from './otc.engine.js';
import { OTC_TTL } from './otc.config.js';
import { channelFor, deliverCode } from './otc.delivery.js';
import { findAccountByKey, maskAddress } from './otc.accounts.js';
import { checkAddress, countSend, deliverLater } from './otc.send.js';

/** `send/{type}/{address}`: a new sign-in code to the account with this address, if there is one. */
export async function sendLoginCode(app: FastifyInstance, request: FastifyRequest, type: OtcChannel, rawAddress: string): Promise<void> {
  await otcReady(app);
  const address = checkAddress(type, rawAddress);
  const channel = await channelFor(app, type);
  const db = app.database.db;
  const user = await inScope(db, PLATFORM_SCOPE, (tx) => findAccountByKey(tx, request.tenantHeader, { kind: type, value: address }));
  await countSend(app, request, `${type}:${address}`, user?.id);
  if (!user) return;
  const purpose = type === 'email' ? 'login_email' : 'login_mobile';
  const { code } = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const issued = await issueCode(app, tx, { purpose, subject: address, userId: user.id, tenantId: user.tenantId, ttlMs: OTC_TTL.code, kind: 'digits' });
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'otc.send',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      username: user.username,
      after: { purpose, to: maskAddress(type, address) },
    });
    return issued;
  });
  const to = type === 'email' ? (user.email ?? address) : address;
  deliverLater(app, request, `${purpose} code`, () =>
    deliverCode(app, channel, request.locale, { to, code, minutes: OTC_RULES.codeTtlMinutes, name: user.employeeName || user.username, purpose: 'login' }),
  );
}

/**
 * Signs in with a dynamic code: checks the address and the code (6 digits, live, at most 5 wrong tries,
 * single use), then admits the account. A refusal after the code matched leaves the code unused (the
 * agreement dialog resubmits it).
 */
export async function signInByCode(app: FastifyInstance, request: FastifyRequest, body: CodeSignInBody): Promise<SignInRow> {
  await otcReady(app);
  const address = checkAddress(body.loginType, body.address);
  const code = (body.dynamicCode ?? '').trim();
  if (!code) throw new AppError(OtcCodes.CODE_EMPTY);
  if (!OTC_RULES.code.pattern.test(code)) throw new AppError(OtcCodes.CODE_INVALID);
  const purpose = body.loginType === 'email' ? 'login_email' : 'login_mobile';
  const loginConfig = await app.settings.loginConfig();
  const outcome = await inScope(app.database.db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    // The account's own refusals (locked, disabled, …) come first: the same answer for a right and a wrong code.
    const holder = await findAccountByKey(tx, request.tenantHeader, { kind: body.loginType, value: address });
    const refused = holder && (await accountRefusal(app, tx, holder));
    if (refused) throw new AppError(refused.error, refused.params);
    const checked = await checkCode(app, tx, purpose, address, code, { consume: true });
    if (!checked.ok) return { error: checked.reason === 'too_many' ? OtcCodes.CODE_TOO_MANY_TRIES : OtcCodes.CODE_INVALID };
    const user = await findUserById(tx, checked.row.userId);
    if (!user) throw new AppError(OtcCodes.CODE_INVALID);
    const admitted = await admitUser(app, tx, request, user, { agree: body.agree, method: 'code', loginConfig });
    if ('error' in admitted) throw new AppError(admitted.error, admitted.params); // rolls back: the code stays usable
    return admitted;
  });
  if ('error' in outcome) throw new AppError(outcome.error, outcome.params);
  return outcome.ok as SignInRow;
}
