/**
 * Multi-factor sign-in (SPEC §7 `/auth/mfa/send/{type}/{username}`, `/auth/login/confirm`;
 * docs/codes.md "MFA"). With the login configuration's `mfaEnabled`, a right password opens no session:
 * `signin` answers a pending ticket (10 minutes) and the account's channels; the user asks for a code by
 * mail or SMS (the ticket proves the password) and `confirm` admits the account like signin does.
 * The ticket is opened by mfa-start.ts (called from auth/admission.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OTC_RULES, OtcCodes, type MfaConfirmQuery, type OtcChannel, type SignInRow } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { accountRefusal, admitUser, type Outcome } from '../auth/admission.js';
import { checkCode, checkTicket, consumeOneTimeCode, issueCode } from './otc.engine.js';
import { otcReady } from './otc.engine.js';
import { OTC_TTL } from './otc.config.js';
import { channelFor, deliverCode } from './otc.delivery.js';
import { maskAddress } from './otc.accounts.js';
import { countSend } from './otc.send.js';

/** The account of a live ticket, or `otc.mfa_ticket_invalid`. */
async function ticketUser(app: FastifyInstance, tx: Tx, ticket: string): Promise<{ user: UserRow; ticketId: string }> {
  const row = await checkTicket(app, tx, ticket);
  const user = row && (await findUserById(tx, row.userId));
  if (!row || !user) throw new AppError(OtcCodes.MFA_TICKET_INVALID);
  return { user, ticketId: row.id };
}

/** `mfa/send/{type}/{username}?ticket=`: a code to the account's registered e-mail or mobile. */
export async function sendMfaCode(app: FastifyInstance, request: FastifyRequest, type: OtcChannel, username: string, ticket: string): Promise<void> {
  await otcReady(app);
  const channel = await channelFor(app, type);
  const db = app.database.db;
  const { user } = await inScope(db, PLATFORM_SCOPE, (tx) => ticketUser(app, tx, ticket));
  if (user.username.toLowerCase() !== username.trim().toLowerCase()) throw new AppError(OtcCodes.MFA_TICKET_INVALID);
  const to = type === 'email' ? user.email : user.mobile;
  if (!to) throw new AppError(OtcCodes.MFA_NO_ADDRESS);
  await countSend(app, request, `${type}:${to.toLowerCase()}`, user.id);
  const purpose = type === 'email' ? 'mfa_email' : 'mfa_mobile';
  const { code } = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const issued = await issueCode(app, tx, { purpose, subject: user.id, userId: user.id, tenantId: user.tenantId, ttlMs: OTC_TTL.code, kind: 'digits' });
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'otc.send',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      username: user.username,
      after: { purpose, to: maskAddress(type, to) },
    });
    return issued;
  });
  // The caller proved the password: delivery failures may be shown.
  await deliverCode(app, channel, request.locale, { to, code, minutes: OTC_RULES.codeTtlMinutes, name: user.employeeName || user.username, purpose: 'mfa' });
}

/** `confirm?ticket=&type=&code=`: checks the code and admits the account (a session, as signin answers). */
export async function confirmMfa(app: FastifyInstance, request: FastifyRequest, q: MfaConfirmQuery): Promise<SignInRow> {
  await otcReady(app);
  const code = (q.code ?? '').trim();
  if (!code) throw new AppError(OtcCodes.CODE_EMPTY);
  const loginConfig = await app.settings.loginConfig();
  const outcome = await inScope(app.database.db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    const { user, ticketId } = await ticketUser(app, tx, q.ticket);
    // The account's own refusals (disabled, locked, …) come first: the same answer for a right and a wrong code.
    const refused = await accountRefusal(app, tx, user);
    if (refused) throw new AppError(refused.error, refused.params);
    const checked = OTC_RULES.code.pattern.test(code)
      ? await checkCode(app, tx, q.type === 'email' ? 'mfa_email' : 'mfa_mobile', user.id, code, { consume: true })
      : { ok: false as const, reason: 'invalid' as const };
    if (!checked.ok) return { error: checked.reason === 'too_many' ? OtcCodes.CODE_TOO_MANY_TRIES : OtcCodes.CODE_INVALID };
    const now = new Date();
    const admitted = await admitUser(app, tx, request, user, { method: 'mfa', loginConfig });
    if ('error' in admitted) throw new AppError(admitted.error, admitted.params);
    if (!(await consumeOneTimeCode(tx, ticketId, now))) throw new AppError(OtcCodes.MFA_TICKET_INVALID);
    return admitted;
  });
  if ('error' in outcome) throw new AppError(outcome.error, outcome.params);
  return outcome.ok as SignInRow;
}
