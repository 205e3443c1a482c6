/**
 * Admitting an account whose credential was checked (SPEC §4 Login flow; docs/login.md): shared by
 * password sign-in (signin.service.ts), dynamic-code sign-in and the MFA confirmation (modules/otc).
 * Its own module so those services depend on it and not on each other.
 *
 * `accountRefusal` answers the refusals that depend on the account alone — never on the credential —
 * so a disabled, locked or expired account, a test account or one of a disabled tenant gets the same
 * answer whether the password (or code) was right or wrong (docs/login.md "Refusals reveal nothing").
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, Identity, ServiceAccountCodes, type LoginConfig, type MfaPendingRow, type SignInRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { listIdentitiesOfUser, updateUserById, type UserRow } from '../users/users.repository.js';
import { insertSession, replaceActiveSessionsOfUser } from '../session/session.repository.js';
import { newToken, sessionIdOf, tokenMd5 } from '../session/tokens.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findTenantById } from '../tenants/tenants.repository.js';
import { startMfa } from '../otc/mfa-start.js';
import { mustChangePassword } from './password-change.js';
import { countFailedSignIn, lockUserRow } from './lockout.js';
import { isServiceAccountUser } from '../serviceaccounts/serviceaccounts.repository.js';

/** What a sign-in step answers: a session, a pending MFA sign-in, or a refusal. */
export type Outcome = { ok: SignInRow | MfaPendingRow } | { error: string; params?: Record<string, unknown> };

/** A refusal of an Outcome. */
export type Refusal = Extract<Outcome, { error: string }>;

function isOutsideValidity(u: UserRow, today: string): boolean {
  return (!!u.effectiveDate && u.effectiveDate > today) || (!!u.expiryDate && u.expiryDate < today);
}

/**
 * A wrong password for `user` (its row locked by `lockUserRow`): counts the failure and locks the account at the
 * threshold in one statement (lockout.ts), audits `signin.failed` or `signin.locked` (with `after` when given,
 * e.g. `{ method: 'wechat' }`) and counts a lockout in the metrics. Answers the refusal: login.account_locked
 * with its minutes, or the bad-credentials code. SPEC §4 sign-in; docs/login.md.
 */
export async function refuseWrongPassword(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  user: UserRow,
  now: Date,
  after?: Record<string, unknown>,
): Promise<Refusal> {
  const cfg = app.config;
  const counted = await countFailedSignIn(
    tx,
    user.id,
    { threshold: cfg.lockoutThreshold, windowMin: cfg.lockoutWindowMin, lockMinutes: cfg.lockoutMinutes },
    now,
  );
  const lock = !!counted?.locked;
  await insertAuditEntry(tx, request, {
    tenantId: user.tenantId,
    action: lock ? 'signin.locked' : 'signin.failed',
    entity: 'user',
    entityId: user.id,
    userId: user.id,
    username: user.username,
    ...(after ? { after } : {}),
  });
  if (lock) app.opsMetrics.lockout(); // mp_lockouts_total (plugins/metrics.ts)
  return lock ? { error: Codes.ACCOUNT_LOCKED, params: { minutes: cfg.lockoutMinutes } } : { error: Codes.BAD_CREDENTIALS };
}

/**
 * Why `user` may not sign in whatever its credential, or undefined: locked after failed sign-ins
 * (`account.locked` with the minutes left), disabled, locked by an administrator, outside its
 * validity dates, its tenant missing or disabled, or a test account only (SPEC §4). Runs in `tx`.
 */
export async function accountRefusal(app: FastifyInstance, tx: Tx, user: UserRow, now = new Date()): Promise<Refusal | undefined> {
  return (await checkAccount(app, tx, user, now)).refusal;
}

/** `accountRefusal`, with the identities it read (the new session records them). */
async function checkAccount(app: FastifyInstance, tx: Tx, user: UserRow, now: Date): Promise<{ refusal?: Refusal; identities: number[] }> {
  const refuse = (refusal: Refusal) => ({ refusal, identities: [] });
  if (user.lockedUntil && user.lockedUntil > now) {
    return refuse({ error: Codes.ACCOUNT_LOCKED, params: { minutes: Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000) } });
  }
  if (user.status !== 1) return refuse({ error: Codes.ACCOUNT_DISABLED });
  if (user.locked) return refuse({ error: Codes.ACCOUNT_LOCKED, params: { minutes: app.config.lockoutMinutes } });
  if (isOutsideValidity(user, now.toISOString().slice(0, 10))) return refuse({ error: Codes.ACCOUNT_EXPIRED });
  const tenant = await findTenantById(tx, user.tenantId);
  if (!tenant || tenant.status !== 1) return refuse({ error: Codes.TENANT_DISABLED });
  const identities = await listIdentitiesOfUser(tx, user.id);
  // A service account (no identities) signs in only with its key (docs/service-accounts.md).
  if (!identities.length && (await isServiceAccountUser(tx, user.id))) return refuse({ error: ServiceAccountCodes.NOT_INTERACTIVE });
  if (identities.every((i) => i === Identity.TEST_ACCOUNT)) return refuse({ error: Codes.TEST_ACCOUNT });
  return { identities };
}

/**
 * Admits an account whose credential was just verified (password, dynamic code or MFA code; modules/otc):
 * the refusals of `accountRefusal`, then the agreement — then, with `mfa`, a pending MFA sign-in (no
 * session yet), else a new session replacing the account's earlier ones. The account is re-read with a
 * row lock first (lockout.ts), so a lock set meanwhile refuses it. Runs in `tx`; `loginConfig`
 * is read before the transaction (the settings read would wait on it with PGlite).
 */
export async function admitUser(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  user: UserRow,
  o: { agree?: boolean; method: 'password' | 'code' | 'mfa' | 'wechat'; mfa?: boolean; loginConfig: LoginConfig },
): Promise<Outcome> {
  const cfg = app.config;
  const now = new Date();
  // the row as of now, locked: a lockout committed by a simultaneous wrong password is seen, not undone
  user = (await lockUserRow(tx, user.id)) ?? user;
  const { refusal, identities } = await checkAccount(app, tx, user, now);
  if (refusal) return refusal;
  if (!user.agreedAt && !o.agree) return { error: Codes.AGREEMENT_REQUIRED };

  if (o.mfa) {
    const pending = await startMfa(app, tx, request, user, !!o.agree);
    if (pending) return { ok: pending };
  }
  const restricted = mustChangePassword(o.loginConfig, user);
  const token = newToken();
  const sessionId = sessionIdOf(token);
  await insertSession(tx, {
    id: sessionId,
    tokenMd5: tokenMd5(token),
    userId: user.id,
    tenantId: user.tenantId,
    username: user.username,
    identities,
    mustChangePassword: restricted,
    superManager: user.superManager,
    expiresAt: new Date(now.getTime() + cfg.tokenTtlMin * 60_000),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  });
  await replaceActiveSessionsOfUser(tx, user.id, sessionId);
  app.guardStore.forgetSessions({ userId: user.id });
  await updateUserById(tx, user.id, {
    failedCount: 0,
    failedWindowStart: null,
    lockedUntil: null,
    lastLoginAt: now,
    ...(user.agreedAt ? {} : { agreedAt: now }),
  });
  await insertAuditEntry(tx, request, {
    tenantId: user.tenantId,
    action: 'signin',
    entity: 'session',
    entityId: randomUUID(),
    userId: user.id,
    username: user.username,
    after: { method: o.method },
  });
  return { ok: { token, userId: user.id, ...(restricted ? { mustChangePassword: true } : {}) } };
}
