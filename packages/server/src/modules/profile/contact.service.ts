/**
 * Changing one's own mobile or e-mail (issue 15 "A self-service profile"; SPEC §3 User, §5 User
 * "mobile exactly 11 digits; e-mail format-checked"; docs/users.md "Profile", docs/codes.md): a
 * 6-digit code goes to the NEW address through the one-time code machinery (hashed, 5 minutes, single
 * use, 5 wrong tries, rate-limited like every send), then `confirmcontact` with the code makes it the
 * account's address. The address must be free as a sign-in name in every tenant (docs/login.md "One
 * account per sign-in name"), checked before sending and again when confirming.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@mp/i18n';
import {
  Codes,
  OTC_RULES,
  OtcCodes,
  ProfileCodes,
  USER_RULES,
  UserCodes,
  type ConfirmContactBody,
  type ContactType,
  type SendContactCodeBody,
  type UserProfile,
} from '@mp/protocol';
import { inScope } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { lockUserRow } from '../auth/lockout.js';
import { sendMailWith } from '../sysconfig/connection-tests.js';
import { maskAddress } from '../otc/otc.accounts.js';
import { OTC_TTL } from '../otc/otc.config.js';
import { channelFor, type Channel } from '../otc/otc.delivery.js';
import { checkCode, issueCode, otcReady, type OtcPurpose } from '../otc/otc.engine.js';
import { countSend } from '../otc/otc.send.js';
import { findSignInNameHolders, signInName } from '../users/sign-in-names.js';
import { normaliseFields, problemError, uniqueKeyErrors } from '../users/users.validate.js';
import { updateUserById, type UserRow } from '../users/users.repository.js';
import { callerUser, profileOf } from './profile.service.js';

const purposeOf = (type: ContactType): OtcPurpose => (type === 'email' ? 'profile_email' : 'profile_mobile');
/** The code's subject: bound to the user AND the address, so nobody else can use it and it proves that address only. */
const subjectOf = (userId: string, address: string) => `${userId}:${address.toLowerCase()}`;

/**
 * The new address trimmed, checked by the user rules of SPEC §5 (the field is named in the message).
 * @throws AppError user.mobile_pattern / user.email_pattern, validation.required.
 */
function checkNewAddress(request: FastifyRequest, type: ContactType, raw: string): string {
  const v = raw.trim();
  if (!v) throw problemError(request, { field: type, code: Codes.REQUIRED });
  const rule = USER_RULES[type];
  if ([...v].length > rule.max || !rule.pattern.test(v))
    throw problemError(request, { field: type, code: type === 'email' ? UserCodes.EMAIL_PATTERN : UserCodes.MOBILE_PATTERN });
  return v;
}

/**
 * The address must differ from the current one and be no other account's sign-in name, in any tenant.
 * @throws AppError profile.same_address, user.mobile_in_use / user.email_in_use.
 */
async function checkFree(tx: Tx, request: FastifyRequest, user: UserRow, type: ContactType, address: string): Promise<void> {
  if (signInName(user[type]) === signInName(address)) throw new AppError(ProfileCodes.SAME_ADDRESS);
  const holders = (await findSignInNameHolders(tx, [signInName(address)])).get(signInName(address)) ?? [];
  if (holders.some((id) => id !== user.id)) {
    throw problemError(
      request,
      type === 'email'
        ? { field: 'email', code: UserCodes.EMAIL_IN_USE, params: { email: address } }
        : { field: 'mobile', code: UserCodes.MOBILE_IN_USE, params: { mobile: address } },
    );
  }
}

async function deliver(app: FastifyInstance, request: FastifyRequest, channel: Channel, to: string, code: string, name: string): Promise<void> {
  const system = (await app.settings.loginConfig()).systemName || 'MP3.0';
  const params = { system, code, minutes: OTC_RULES.codeTtlMinutes, name };
  if (channel.type === 'mobile') {
    await channel.sms.send({ mobile: to, code, minutes: OTC_RULES.codeTtlMinutes, text: translate(request.locale, 'errors:otc.sms', params) });
    return;
  }
  await sendMailWith(channel.mail.row, channel.mail.secret, {
    to,
    subject: translate(request.locale, 'errors:profile.mailSubject', params),
    text: translate(request.locale, 'errors:otc.mail.codeBody', params),
  }).catch((err: unknown) => {
    app.log.error({ err, reqId: request.id }, '[profile] the code mail could not be delivered');
    throw new AppError(ProfileCodes.MAIL_FAILED);
  });
}

/**
 * `sendcontactcode`: checks the new address (format, not the current one, free in every tenant),
 * counts the send (429 over the limits), issues a code for (caller, address) and delivers it before
 * answering (the caller is signed in: nothing to hide, failures are reported). Audited `otc.send`.
 */
export async function sendContactCode(app: FastifyInstance, request: FastifyRequest, body: SendContactCodeBody): Promise<void> {
  await otcReady(app);
  const address = checkNewAddress(request, body.type, body.address);
  const scope = { scope: 'tenant' as const, tenantId: request.auth!.tenantId };
  const user = await inScope(app.database.db, scope, async (tx) => {
    const u = await callerUser(tx, request);
    await checkFree(tx, request, u, body.type, address);
    return u;
  });
  const channel = await channelFor(app, body.type);
  await countSend(app, request, `profile:${body.type}:${address.toLowerCase()}`, user.id);
  const purpose = purposeOf(body.type);
  const { code } = await inScope(app.database.db, scope, async (tx) => {
    const issued = await issueCode(app, tx, {
      purpose,
      subject: subjectOf(user.id, address),
      userId: user.id,
      tenantId: user.tenantId,
      ttlMs: OTC_TTL.code,
      kind: 'digits',
    });
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'otc.send',
      entity: 'user',
      entityId: user.id,
      after: { purpose, to: maskAddress(body.type, address) },
    });
    return issued;
  });
  await deliver(app, request, channel, address, code, user.employeeName || user.username);
}

/**
 * `confirmcontact`: the code sent to `address` for the caller makes it the account's mobile or e-mail,
 * in one transaction (code consumed, user updated, audited `profile.contact` with before/after). A
 * wrong code counts a try (committed) and changes nothing; a taken address rolls everything back.
 * @throws AppError otc.code_empty, otc.code_invalid (wrong, expired, used, another user's or another
 *   address's), otc.code_too_many_tries, profile.same_address, user.*_in_use, user.*_pattern.
 */
export async function confirmContact(app: FastifyInstance, request: FastifyRequest, body: ConfirmContactBody): Promise<UserProfile> {
  await otcReady(app);
  const address = checkNewAddress(request, body.type, body.address);
  const code = body.code.trim();
  if (!code) throw new AppError(OtcCodes.CODE_EMPTY);
  if (!OTC_RULES.code.pattern.test(code)) throw new AppError(OtcCodes.CODE_INVALID);
  const outcome = await inScope(
    app.database.db,
    { scope: 'tenant', tenantId: request.auth!.tenantId },
    async (tx): Promise<{ error: string } | { profile: UserProfile }> => {
      const user = await callerUser(tx, request);
      const locked = (await lockUserRow(tx, user.id)) ?? user;
      const checked = await checkCode(app, tx, purposeOf(body.type), subjectOf(user.id, address), code, { consume: true });
      if (!checked.ok) return { error: checked.reason === 'too_many' ? OtcCodes.CODE_TOO_MANY_TRIES : OtcCodes.CODE_INVALID };
      await checkFree(tx, request, locked, body.type, address);
      const f = normaliseFields({ ...locked, [body.type]: address });
      await withUniqueErrors(uniqueKeyErrors(request, f), () => updateUserById(tx, user.id, { [body.type]: address, updatedAt: new Date() }));
      await insertAuditEntry(tx, request, {
        tenantId: user.tenantId,
        action: 'profile.contact',
        entity: 'user',
        entityId: user.id,
        before: { [body.type]: locked[body.type] ?? '' },
        after: { [body.type]: address },
      });
      return { profile: await profileOf(tx, { ...locked, [body.type]: address }) };
    },
  );
  if ('error' in outcome) throw new AppError(outcome.error);
  return outcome.profile;
}
