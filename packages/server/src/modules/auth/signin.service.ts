/**
 * Sign-in (SPEC §4 Login flow, §5 Login; PROTOCOL.md Sign-in step 3; docs/protocol.md Sign-in):
 * captcha, account by user name / mobile / e-mail, password, lockout, status, validity, test account,
 * agreement; then a new session that replaces the account's earlier ones.
 * Failures that must be remembered (failed-attempt counters, consumed captchas) are committed before
 * the error is raised. A user whose tenant is disabled cannot sign in.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, decryptValue, Identity, type SignInBody } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { findUserById, findUsersByLogin, listIdentitiesOfUser, updateUserById, type UserRow } from '../users/users.repository.js';
import { insertSession, replaceActiveSessionsOfUser } from '../session/session.repository.js';
import { newToken, sessionIdOf, tokenMd5 } from '../session/tokens.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { checkCaptcha, consumeCaptcha } from './captcha.js';
import { findTenantById, resolveTenant } from '../tenants/tenants.repository.js';

type Outcome = { ok: { token: string; userId: string } } | { error: string; params?: Record<string, unknown> };

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

function isOutsideValidity(u: UserRow, today: string): boolean {
  return (!!u.effectiveDate && u.effectiveDate > today) || (!!u.expiryDate && u.expiryDate < today);
}

/**
 * Runs the sign-in; returns the new token and user id or throws the localised failure.
 * Three steps, so the slow password hash (tens of ms) holds no transaction: (1) check the captcha and
 * find the account; (2) verify the password; (3) in one transaction, re-read the account and record
 * the outcome — counters, lock, or the new session.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, body: SignInBody): Promise<{ token: string; userId: string }> {
  const cfg = app.config;
  const db = app.database.db;
  const loginConfig = await app.settings.loginConfig();
  const password = await decryptPassword(app, body.password);
  const needCaptcha = loginConfig.verifyCodeType === '1';
  if (needCaptcha && (!body.captchaId || !body.verifyCode)) throw new AppError(Codes.CAPTCHA_REQUIRED);
  const fail = (error: string, params?: Record<string, unknown>) => new AppError(error, params);

  // (1) captcha and account
  const found = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    if (needCaptcha && !(await checkCaptcha(tx, body.captchaId!, body.verifyCode!))) {
      await consumeCaptcha(tx, body.captchaId!);
      return 'captcha' as const;
    }
    return findAccount(tx, request.tenantHeader, body.username);
  });
  if (found === 'captcha') throw fail(Codes.CAPTCHA_WRONG);

  // (2) the password, outside any transaction; a dummy hash when there is no account (same timing)
  const passwordOk = await verifyPassword(found?.passwordHash ?? await dummyHash(), password);

  // (3) the outcome
  const outcome = await inScope(db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    if (needCaptcha && !body.agree && found && passwordOk && !found.agreedAt) {
      // keep the captcha for the resubmission after the agreement dialog
    } else if (needCaptcha && !(await consumeCaptcha(tx, body.captchaId!))) {
      return { error: Codes.CAPTCHA_WRONG };
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
    if (user.status !== 1) return { error: Codes.ACCOUNT_DISABLED };
    if (user.locked) return { error: Codes.ACCOUNT_LOCKED, params: { minutes: cfg.lockoutMinutes } };
    if (isOutsideValidity(user, now.toISOString().slice(0, 10))) return { error: Codes.ACCOUNT_EXPIRED };
    const tenant = await findTenantById(tx, user.tenantId);
    if (!tenant || tenant.status !== 1) return { error: Codes.TENANT_DISABLED };
    const identities = await listIdentitiesOfUser(tx, user.id);
    if (identities.every((i) => i === Identity.TEST_ACCOUNT)) return { error: Codes.TEST_ACCOUNT };
    if (!user.agreedAt && !body.agree) return { error: Codes.AGREEMENT_REQUIRED };

    const token = newToken();
    const sessionId = sessionIdOf(token);
    await insertSession(tx, {
      id: sessionId, tokenMd5: tokenMd5(token), userId: user.id, tenantId: user.tenantId, username: user.username,
      identities, superManager: user.superManager, expiresAt: new Date(now.getTime() + cfg.tokenTtlMin * 60_000),
      ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    });
    await replaceActiveSessionsOfUser(tx, user.id, sessionId);
    app.guardStore.forgetSessions({ userId: user.id });
    await updateUserById(tx, user.id, { failedCount: 0, failedWindowStart: null, lockedUntil: null, lastLoginAt: now, ...(user.agreedAt ? {} : { agreedAt: now }) });
    await insertAuditEntry(tx, request, { tenantId: user.tenantId, action: 'signin', entity: 'session', entityId: randomUUID(), userId: user.id, username: user.username });
    return { ok: { token, userId: user.id } };
  });
  if ('error' in outcome) throw fail(outcome.error, outcome.params);
  return outcome.ok;
}
