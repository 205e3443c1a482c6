/**
 * Password recovery (SPEC §1 "password retrieval (sends a reset mail)", §2 /resetpw, §5 Reset form, §7
 * `findpwd`, `checkresetpwd`, `resetpwd`; docs/codes.md "Recovery"): a mail with the link
 * `<public url>/resetpw?p=<user name>&resetpsw=<flag>`; the flag is 32 random bytes, kept as a hash,
 * single-use, superseded by a newer one, and lives MP_RESET_TTL_MIN minutes (30). `findpwd` answers
 * success whether or not the account exists or has an e-mail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkPasswordStrength, Codes, OtcCodes, type CheckResetQuery, type ResetPwdQuery } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { endActiveSessionsOfUsers, findUserById, updateUserById } from '../users/users.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { decryptPassword } from '../auth/signin.service.js';
import { checkCode, issueCode } from './otc.engine.js';
import { otcReady } from './otc.engine.js';
import { supersedeOneTimeCodes } from './otc.repository.js';
import { OTC_TTL, publicUrl } from './otc.config.js';
import { deliverResetMail, mailTransport } from './otc.delivery.js';
import { findAccountByKey, maskAddress } from './otc.accounts.js';
import { countSend, deliverLater } from './otc.send.js';

const subjectOf = (username: string) => username.trim().toLowerCase();

/** `findpwd?username=`: sends the recovery mail to the account's e-mail, if there is such an account. */
export async function findPassword(app: FastifyInstance, request: FastifyRequest, username: string): Promise<void> {
  await otcReady(app);
  const mail = await mailTransport(app);
  const base = publicUrl(request);
  if (!base) throw new AppError(OtcCodes.PUBLIC_URL_MISSING);
  const db = app.database.db;
  const subject = subjectOf(username);
  const user = await inScope(db, PLATFORM_SCOPE, (tx) => findAccountByKey(tx, request.tenantHeader, { kind: 'username', value: subject }));
  await countSend(app, request, `reset:${subject}`, user?.id);
  if (!user?.email) return;
  const ttlMs = OTC_TTL.reset();
  const { code } = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const issued = await issueCode(app, tx, {
      purpose: 'reset',
      subject,
      userId: user.id,
      tenantId: user.tenantId,
      ttlMs,
      kind: 'flag',
      supersedeOwnOnly: true,
    });
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'password.recovery_sent',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      username: user.username,
      after: { to: maskAddress('email', user.email!) },
    });
    return issued;
  });
  const link = `${base}/resetpw?p=${encodeURIComponent(user.username)}&resetpsw=${encodeURIComponent(code)}`;
  deliverLater(app, request, 'recovery mail', () =>
    deliverResetMail(app, mail, request.locale, {
      to: user.email!,
      link,
      minutes: Math.round(ttlMs / 60_000),
      name: user.employeeName || user.username,
      username: user.username,
    }),
  );
}

/** `checkresetpwd`: whether the link is usable (a wrong flag counts a try on the live ones). */
export async function checkResetLink(app: FastifyInstance, q: CheckResetQuery): Promise<void> {
  await otcReady(app);
  const ok = await inScope(
    app.database.db,
    PLATFORM_SCOPE,
    async (tx) => (await checkCode(app, tx, 'reset', subjectOf(q.username), q.pwdflag, { consume: false })).ok,
  );
  if (!ok) throw new AppError(OtcCodes.RESET_LINK_INVALID);
}

/**
 * `resetpwd`: checks the password rule (code table type 1), consumes the flag, sets the password
 * (argon2id), clears failure counters and locks from failures, ends the user's sessions, audits.
 */
export async function resetPassword(app: FastifyInstance, request: FastifyRequest, q: ResetPwdQuery): Promise<void> {
  await otcReady(app);
  const pwd = await decryptPassword(app, q.pwd);
  if (!pwd.trim()) throw new AppError(Codes.REQUIRED, { fieldKey: 'newPassword' });
  if (checkPasswordStrength(pwd, await app.settings.passwordRule()) !== 1) throw new AppError(Codes.PASSWORD_WEAK);
  const hash = await hashPassword(pwd);
  const refused = await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    const checked = await checkCode(app, tx, 'reset', subjectOf(q.username), q.pwdflag, { consume: true });
    if (!checked.ok) return true;
    const user = await findUserById(tx, checked.row.userId);
    if (!user) throw new AppError(OtcCodes.RESET_LINK_INVALID);
    const now = new Date();
    await supersedeOneTimeCodes(tx, 'reset', subjectOf(q.username), now, user.id);
    await updateUserById(tx, user.id, { passwordHash: hash, passwordChangedAt: now, failedCount: 0, failedWindowStart: null, lockedUntil: null });
    const ended = await endActiveSessionsOfUsers(tx, [user.id]);
    app.guardStore.forgetSessions({ userId: user.id });
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'password.reset',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      username: user.username,
      after: { sessionsEnded: ended },
    });
    return false;
  });
  if (refused) throw new AppError(OtcCodes.RESET_LINK_INVALID);
}
