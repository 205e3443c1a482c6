/**
 * Sign-in (SPEC §4 Login flow, §5 Login; PROTOCOL.md Sign-in step 3; docs/protocol.md Sign-in):
 * rate limits (per account and address, per address), captcha (image or slider), account by user name /
 * mobile / e-mail, password, lockout, status, validity, test account, agreement; then a new session that
 * replaces the account's earlier ones — restricted when the password must first be changed
 * (password-change.ts; docs/login.md).
 * Failures that must be remembered (failed-attempt counters, consumed captchas) are committed before
 * the error is raised. A user whose tenant is disabled cannot sign in.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, decryptValue, Identity, SigninCodes, VerifyCodeType, type LoginConfig, type MfaPendingRow, type SignInBody, type SignInRow } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { findUserById, findUsersByLogin, listIdentitiesOfUser, updateUserById, type UserRow } from '../users/users.repository.js';
import { insertSession, replaceActiveSessionsOfUser } from '../session/session.repository.js';
import { newToken, sessionIdOf, tokenMd5 } from '../session/tokens.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { checkCaptcha, consumeCaptcha } from './captcha.js';
import { checkSliderCaptcha } from './slider-captcha.js';
import { mustChangePassword } from './password-change.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { findTenantById, resolveTenant } from '../tenants/tenants.repository.js';
import { startMfa } from '../otc/mfa.service.js';

/** What a sign-in step answers: a session, a pending MFA sign-in, or a refusal. */
export type Outcome = { ok: SignInRow | MfaPendingRow } | { error: string; params?: Record<string, unknown> };

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
 * Finds the account: in the tenant named by the TENANTID header (id or code); with the default
 * 'sys', an account found nowhere there is looked up across tenants and taken when exactly one matches.
 */
async function findAccount(tx: Tx, tenantHeader: string, login: string): Promise<UserRow | undefined> {
  const tenant = await resolveTenant(tx, tenantHeader);
  if (tenant) {
    const [u] = await findUsersByLogin(tx, login, tenant.id);
    if (u || tenant.id !== 'sys') return u;
  }
  const all = await findUsersByLogin(tx, login);
  return all.length === 1 ? all[0] : undefined;
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

/** Counts the attempt; 429 `protocol.rate_limited` with Retry-After when over a limit. */
async function countAttempt(app: FastifyInstance, request: FastifyRequest, login: string): Promise<void> {
  const limits = signInRateLimits();
  const hits = [];
  const minute = 60_000;
  if (limits.account > 0) hits.push({ key: `signin:account:${login.trim().toLowerCase()}|${request.ip}`, limit: { max: limits.account, windowMs: minute } });
  if (limits.ip > 0) hits.push({ key: `signin:ip:${request.ip}`, limit: { max: limits.ip, windowMs: minute } });
  if (limits.accountAll > 0) hits.push({ key: `signin:account-all:${login.trim().toLowerCase()}`, limit: { max: limits.accountAll, windowMs: minute } });
  if (hits.length) await enforceRateLimits(app.database.db, hits);
}

function isOutsideValidity(u: UserRow, today: string): boolean {
  return (!!u.effectiveDate && u.effectiveDate > today) || (!!u.expiryDate && u.expiryDate < today);
}

/**
 * Runs the sign-in; returns the new token and user id or throws the localised failure.
 * Three steps, so the slow password hash (tens of ms) holds no transaction: (1) check the captcha and
 * find the account; (2) verify the password; (3) in one transaction, re-read the account and record
 * the outcome — counters, lock, or the new session.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, body: SignInBody): Promise<SignInRow | MfaPendingRow> {
  const cfg = app.config;
  const db = app.database.db;
  await countAttempt(app, request, body.username);
  const loginConfig = await app.settings.loginConfig();
  const password = await decryptPassword(app, body.password);
  const image = loginConfig.verifyCodeType === VerifyCodeType.IMAGE;
  const slider = loginConfig.verifyCodeType === VerifyCodeType.SLIDER;
  const needCaptcha = image || slider;
  if (image && (!body.captchaId || !body.verifyCode)) throw new AppError(Codes.CAPTCHA_REQUIRED);
  if (slider && (!body.captchaId || !body.slider)) throw new AppError(SigninCodes.SLIDER_REQUIRED);
  const wrongCaptcha = image ? Codes.CAPTCHA_WRONG : SigninCodes.SLIDER_FAILED;
  const key = slider ? await app.settings.crypto() : undefined;
  const fail = (error: string, params?: Record<string, unknown>) => new AppError(error, params);

  // (1) captcha and account
  const found = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const right = !needCaptcha || (image
      ? await checkCaptcha(tx, body.captchaId!, body.verifyCode!)
      : await checkSliderCaptcha(tx, body.captchaId!, body.slider!, key!));
    if (!right) {
      await consumeCaptcha(tx, body.captchaId!);
      return 'captcha' as const;
    }
    return findAccount(tx, request.tenantHeader, body.username);
  });
  if (found === 'captcha') throw fail(wrongCaptcha);

  // (2) the password, outside any transaction; a dummy hash when there is no account (same timing)
  const passwordOk = await verifyPassword(found?.passwordHash ?? await dummyHash(), password);

  // (3) the outcome
  const outcome = await inScope(db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    if (needCaptcha && !body.agree && found && passwordOk && !found.agreedAt) {
      // keep the captcha for the resubmission after the agreement dialog
    } else if (needCaptcha && !(await consumeCaptcha(tx, body.captchaId!))) {
      return { error: wrongCaptcha };
    }
    const user = found && await findUserById(tx, found.id);
    if (!user) return { error: Codes.BAD_CREDENTIALS };
    const now = new Date();
    if (user.lockedUntil && user.lockedUntil > now) {
      return { error: Codes.ACCOUNT_LOCKED, params: { minutes: Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000) } };
    }
    if (!passwordOk || user.passwordHash !== found.passwordHash) {
      const windowOpen = user.failedWindowStart && now.getTime() - user.failedWindowStart.getTime() < cfg.lockoutWindowMin * 60_000;
      const count = windowOpen ? user.failedCount + 1 : 1;
      const lock = count >= cfg.lockoutThreshold && !user.superManager;
      await updateUserById(tx, user.id, lock
        ? { failedCount: 0, failedWindowStart: null, lockedUntil: new Date(now.getTime() + cfg.lockoutMinutes * 60_000) }
        : { failedCount: count, failedWindowStart: windowOpen ? user.failedWindowStart : now });
      await insertAuditEntry(tx, request, { tenantId: user.tenantId, action: lock ? 'signin.locked' : 'signin.failed', entity: 'user', entityId: user.id, userId: user.id, username: user.username });
      return lock ? { error: Codes.ACCOUNT_LOCKED, params: { minutes: cfg.lockoutMinutes } } : { error: Codes.BAD_CREDENTIALS };
    }
    return admitUser(app, tx, request, user, { agree: body.agree, method: 'password', mfa: loginConfig.mfaEnabled, loginConfig });
  });
  if ('error' in outcome) throw fail(outcome.error, outcome.params);
  return outcome.ok;
}

/**
 * Admits an account whose credential was just verified (password, dynamic code or MFA code; modules/otc):
 * status, lock, validity, tenant enabled, test account, agreement — then, with `mfa`, a pending MFA
 * sign-in (no session yet), else a new session replacing the account's earlier ones. Runs in `tx`;
 * `loginConfig` is read before the transaction (the settings read would wait on it with PGlite).
 */
export async function admitUser(app: FastifyInstance, tx: Tx, request: FastifyRequest, user: UserRow, o: { agree?: boolean; method: 'password' | 'code' | 'mfa'; mfa?: boolean; loginConfig: LoginConfig }): Promise<Outcome> {
  const cfg = app.config;
  const now = new Date();
  if (user.status !== 1) return { error: Codes.ACCOUNT_DISABLED };
  if (user.locked) return { error: Codes.ACCOUNT_LOCKED, params: { minutes: cfg.lockoutMinutes } };
  if (isOutsideValidity(user, now.toISOString().slice(0, 10))) return { error: Codes.ACCOUNT_EXPIRED };
  const tenant = await findTenantById(tx, user.tenantId);
  if (!tenant || tenant.status !== 1) return { error: Codes.TENANT_DISABLED };
  const identities = await listIdentitiesOfUser(tx, user.id);
  if (identities.every((i) => i === Identity.TEST_ACCOUNT)) return { error: Codes.TEST_ACCOUNT };
  if (!user.agreedAt && !o.agree) return { error: Codes.AGREEMENT_REQUIRED };

  if (o.mfa) {
    const pending = await startMfa(app, tx, request, user, !!o.agree);
    if (pending) return { ok: pending };
  }
  const restricted = mustChangePassword(o.loginConfig, user);
  const token = newToken();
  const sessionId = sessionIdOf(token);
  await insertSession(tx, {
    id: sessionId, tokenMd5: tokenMd5(token), userId: user.id, tenantId: user.tenantId, username: user.username,
    identities, mustChangePassword: restricted, superManager: user.superManager, expiresAt: new Date(now.getTime() + cfg.tokenTtlMin * 60_000),
    ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  });
  await replaceActiveSessionsOfUser(tx, user.id, sessionId);
  app.guardStore.forgetSessions({ userId: user.id });
  await updateUserById(tx, user.id, { failedCount: 0, failedWindowStart: null, lockedUntil: null, lastLoginAt: now, ...(user.agreedAt ? {} : { agreedAt: now }) });
  await insertAuditEntry(tx, request, { tenantId: user.tenantId, action: 'signin', entity: 'session', entityId: randomUUID(), userId: user.id, username: user.username, after: { method: o.method } });
  return { ok: { token, userId: user.id, ...(restricted ? { mustChangePassword: true } : {}) } };
}
