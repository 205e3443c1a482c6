/**
 * Sign-in (SPEC §4 Login flow, §5 Login; PROTOCOL.md Sign-in step 3; docs/protocol.md Sign-in):
 * rate limits (per account and address, per address), captcha (image or slider) with its proof of work,
 * the one account of the typed user name / mobile / e-mail (users/sign-in-names.ts), the account's own refusals — lockout,
 * status, validity, tenant, test account (admission.ts), answered alike for right and wrong passwords —
 * password, agreement; then a new session that replaces the account's earlier ones — restricted when the
 * password must first be changed (password-change.ts; docs/login.md).
 * Failures that must be remembered (failed-attempt counters, consumed captchas) are committed before
 * the error is raised. A user whose tenant is disabled cannot sign in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, decryptValue, SigninCodes, VerifyCodeType, type MfaPendingRow, type SignInBody, type SignInRow } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { findSignInAccount } from '../users/sign-in-names.js';
import { checkCaptcha, consumeCaptcha } from './captcha.js';
import { checkSliderCaptcha } from './slider-captcha.js';
import { checkPow } from './proof-of-work.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { accountRefusal, admitUser, refuseWrongPassword, type Outcome } from './admission.js';
import { lockUserRow } from './lockout.js';

/** Decrypts a password sent under the deployment key; a broken value is a 400. */
export async function decryptPassword(app: FastifyInstance, value: string): Promise<string> {
  const { mpk, cryptoType } = await app.settings.crypto();
  try {
    return decryptValue(value, mpk, cryptoType);
  } catch {
    throw new AppError(Codes.DECRYPT_FAILED, {}, 400);
  }
}

/**
 * Sign-in attempts allowed per minute: per account and client address (MP_SIGNIN_RATE_ACCOUNT, 10), per
 * client address (MP_SIGNIN_RATE_IP, 50), and per account from all addresses together
 * (MP_SIGNIN_RATE_ACCOUNT_ALL, 30: a client that varies its address still meets a limit); 0 turns a limit
 * off (benchmarks). On top of the lockout (docs/login.md).
 */
export function signInRateLimits(env: NodeJS.ProcessEnv = process.env): { account: number; ip: number; accountAll: number } {
  const n = (v: string | undefined, d: number) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : d);
  return { account: n(env.MP_SIGNIN_RATE_ACCOUNT, 10), ip: n(env.MP_SIGNIN_RATE_IP, 50), accountAll: n(env.MP_SIGNIN_RATE_ACCOUNT_ALL, 30) };
}

/**
 * New verification checks (`validcode`) allowed per client address and minute (MP_CAPTCHA_RATE_IP,
 * default 120; 0 turns it off): each costs the server an image and a proof-of-work challenge, so a
 * flood of them is refused with 429 like sign-in attempts (docs/login.md).
 */
export async function countCaptchaRequest(app: FastifyInstance, request: FastifyRequest, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const v = env.MP_CAPTCHA_RATE_IP;
  const max = v !== undefined && /^\d+$/.test(v) ? Number(v) : 120;
  if (max > 0) await enforceRateLimits(app.database.db, [{ key: `captcha:ip:${request.ip}`, limit: { max, windowMs: 60_000 } }]);
}

/** Counts the attempt; 429 `protocol.rate_limited` with Retry-After when over a limit. */
export async function countAttempt(app: FastifyInstance, request: FastifyRequest, login: string): Promise<void> {
  const limits = signInRateLimits();
  const hits = [];
  const minute = 60_000;
  if (limits.account > 0) hits.push({ key: `signin:account:${login.trim().toLowerCase()}|${request.ip}`, limit: { max: limits.account, windowMs: minute } });
  if (limits.ip > 0) hits.push({ key: `signin:ip:${request.ip}`, limit: { max: limits.ip, windowMs: minute } });
  if (limits.accountAll > 0) hits.push({ key: `signin:account-all:${login.trim().toLowerCase()}`, limit: { max: limits.accountAll, windowMs: minute } });
  if (hits.length) await enforceRateLimits(app.database.db, hits);
}

/**
 * Runs the sign-in; returns the new token and user id or throws the localised failure.
 * Three steps, so the slow password hash (tens of ms) holds no transaction: (1) check the captcha and
 * find the account; (2) verify the password; (3) in one transaction, re-read the account with a row lock and record
 * the outcome — counters, lock, or the new session.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, body: SignInBody): Promise<SignInRow | MfaPendingRow> {
  const db = app.database.db;
  await countAttempt(app, request, body.username);
  const loginConfig = await app.settings.loginConfig();
  const password = await decryptPassword(app, body.password);
  const image = loginConfig.verifyCodeType === VerifyCodeType.IMAGE;
  const slider = loginConfig.verifyCodeType === VerifyCodeType.SLIDER;
  const needCaptcha = image || slider;
  if (image && (!body.captchaId || !body.verifyCode)) throw new AppError(Codes.CAPTCHA_REQUIRED);
  if (slider && (!body.captchaId || !body.slider)) throw new AppError(SigninCodes.SLIDER_REQUIRED);
  if (needCaptcha && !body.pow) throw new AppError(SigninCodes.POW_REQUIRED);
  const wrongCaptcha = image ? Codes.CAPTCHA_WRONG : SigninCodes.SLIDER_FAILED;
  const key = slider ? await app.settings.crypto() : undefined;
  const fail = (error: string, params?: Record<string, unknown>) => new AppError(error, params);

  // (0) the proof of work bound to the captcha (two HMACs); a bad one uses up the captcha's one try
  if (needCaptcha) {
    const pow = await checkPow(db, body.captchaId!, body.pow!);
    if (pow !== 'ok') {
      await inScope(db, PLATFORM_SCOPE, (tx) => consumeCaptcha(tx, body.captchaId!));
      throw fail(pow === 'expired' ? SigninCodes.POW_EXPIRED : SigninCodes.POW_FAILED);
    }
  }

  // (1) captcha and account
  const found = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const right =
      !needCaptcha || (image ? await checkCaptcha(tx, body.captchaId!, body.verifyCode!) : await checkSliderCaptcha(tx, body.captchaId!, body.slider!, key!));
    if (!right) {
      await consumeCaptcha(tx, body.captchaId!);
      return 'captcha' as const;
    }
    return findSignInAccount(tx, request.tenantHeader, body.username);
  });
  if (found === 'captcha') throw fail(wrongCaptcha);

  // (2) the password, outside any transaction; a dummy hash when there is no account (same timing)
  const passwordOk = await verifyPassword(found?.passwordHash ?? (await dummyHash()), password);

  // (3) the outcome. A refusal of the account itself (locked, disabled, expired, …) is answered
  // before the password counts, so it is the same for a right and a wrong password.
  const outcome = await inScope(db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    // the row lock makes simultaneous sign-ins of one account take their turn here (lockout.ts)
    const user = found && (await lockUserRow(tx, found.id));
    const now = new Date();
    const refusal = user ? await accountRefusal(app, tx, user, now) : undefined;
    const rightPassword = !!user && passwordOk && user.passwordHash === found?.passwordHash;
    if (needCaptcha && !body.agree && user && !refusal && rightPassword && !user.agreedAt) {
      // keep the captcha for the resubmission after the agreement dialog
    } else if (needCaptcha && !(await consumeCaptcha(tx, body.captchaId!))) {
      return { error: wrongCaptcha };
    }
    if (!user) return { error: Codes.BAD_CREDENTIALS };
    if (refusal) return refusal;
    // counted and locked in one statement on the locked row (lockout.ts): simultaneous failures all count
    if (!rightPassword) return refuseWrongPassword(app, tx, request, user, now);
    return admitUser(app, tx, request, user, { agree: body.agree, method: 'password', mfa: loginConfig.mfaEnabled, loginConfig });
  });
  if ('error' in outcome) throw fail(outcome.error, outcome.params);
  return outcome.ok;
}
