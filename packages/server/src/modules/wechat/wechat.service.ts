/**
 * WeChat QR sign-in (issue 18; SPEC §3 WeChat type, §4/§7 polling, §8 'User association succeeded';
 * docs/wechat-signin.md). `createQr` opens a ticket for an enabled WeChat configuration; `acceptScan`
 * is WeChat's redirect after the scan (code → open id / user id); `pollTicket` answers where the ticket
 * stands and, once the identity is known and bound, signs in exactly like a password sign-in
 * (auth/admission.ts `admitUser`: refusals, agreement, MFA, session, audit); `bindAndSignIn` checks the
 * password of the account to bind to with sign-in's rate limits and lockout, binds, and signs in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Codes,
  DEFAULTS,
  IntegrationKind,
  WECHAT_RULES,
  WechatCodes,
  WechatPaths,
  type WechatBindBody,
  type WechatOption,
  type WechatPollRow,
  type WechatQrRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { accountRefusal, admitUser, refuseWrongPassword, type Outcome } from '../auth/admission.js';
import { lockUserRow } from '../auth/lockout.js';
import { countAttempt, decryptPassword } from '../auth/signin.service.js';
import { listAllIntegrationConfigs } from '../sysconfig/sysconfig.repository.js';
import { loadConfigWithSecret } from '../sysconfig/integration.service.js';
import { resolveTenant } from '../tenants/tenants.repository.js';
import { findSignInAccount } from '../users/sign-in-names.js';
import { findUserById } from '../users/users.repository.js';
import { bindIdentity, findBoundAccounts } from './wechat.accounts.js';
import { authorizeUrl, exchangeCode, type WechatApp } from './wechat.client.js';
import * as tickets from './wechat.tickets.js';

/** The enabled WeChat configurations, by order (what the login page offers). */
export async function listWechatOptions(app: FastifyInstance): Promise<WechatOption[]> {
  const rows = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => listAllIntegrationConfigs(tx, IntegrationKind.WX), { readOnly: true });
  return rows.filter((r) => r.status === 1).map((r) => ({ id: r.id, name: r.name, type: Number((r.data as { type?: unknown }).type) as 1 | 2 | 3 }));
}

/**
 * The enabled configuration `id` with its secret, or `wechat.not_configured`. `key` is the deployment's
 * secret key, read before the transaction (a settings read inside it would wait for it with PGlite).
 */
async function loadApp(key: Buffer, tx: Tx, id: string): Promise<{ wx: WechatApp; callbackUrl: string }> {
  let loaded;
  try {
    loaded = await loadConfigWithSecret(tx, key, IntegrationKind.WX, id);
  } catch {
    throw new AppError(WechatCodes.NOT_CONFIGURED);
  }
  const { row, secret } = loaded;
  if (row.status !== 1 || !secret) throw new AppError(WechatCodes.NOT_CONFIGURED);
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  const wx: WechatApp = { id: row.id, type: Number(row.type) as 1 | 2 | 3, corpId: s(row.corpId), agentId: s(row.agentId), appId: s(row.appId), secret };
  return { wx, callbackUrl: s(row.callbackUrl) };
}

/** The public origin (MP_PUBLIC_URL) the default callback lives under. */
function publicOrigin(app: FastifyInstance): string {
  return app.config.oidcIssuer.replace(/\/oidc$/, '');
}

/**
 * `POST qr`: a new ticket for configuration `configId` (or the first enabled one): the poller's secret,
 * the authorize URL the QR code encodes (its redirect is the entry's `callbackUrl`, default
 * `<MP_PUBLIC_URL>` + the callback path) and the expiry. 30 per minute and client address.
 */
export async function createQr(app: FastifyInstance, request: FastifyRequest, configId?: string): Promise<WechatQrRow> {
  await enforceRateLimits(app.database.db, [{ key: `wechat:qr:${request.ip}`, limit: { max: 30, windowMs: 60_000 } }]);
  const id = configId ?? (await listWechatOptions(app))[0]?.id;
  if (!id) throw new AppError(WechatCodes.NOT_CONFIGURED);
  const key = await app.settings.secretKey();
  return inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    const { wx, callbackUrl } = await loadApp(key, tx, id);
    const ttlMs = WECHAT_RULES.qrTtlSeconds * 1000;
    const t = await tickets.insertTicket(tx, { configId: wx.id, wxType: wx.type, tenantHint: request.tenantHeader ?? '', ip: request.ip, ttlMs });
    const url = authorizeUrl(app.config.wechat, wx, callbackUrl || `${publicOrigin(app)}${WechatPaths.callback}`, t.state);
    return { ticket: t.ticket, url, expiresAt: t.expiresAt.toISOString(), expiresIn: WECHAT_RULES.qrTtlSeconds };
  });
}

/**
 * `GET callback?code=&state=`: marks the ticket of `state` scanned (once), exchanges the code at WeChat
 * and records the identity, or the failure the next poll answers. Throws `wechat.ticket_invalid` for an
 * unknown, expired or reused state; a WeChat failure is recorded on the ticket and thrown too.
 */
export async function acceptScan(app: FastifyInstance, state: string, code: string | undefined): Promise<void> {
  const db = app.database.db;
  const key = await app.settings.secretKey();
  const scanned = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const t = await tickets.markScanned(tx, state);
    if (!t) return undefined;
    try {
      return { t, ...(await loadApp(key, tx, t.configId)) };
    } catch (e) {
      await tickets.markFailed(tx, t.id, { code: (e as AppError).code });
      return { t, failed: e as AppError };
    }
  });
  if (!scanned) throw new AppError(WechatCodes.TICKET_INVALID);
  if ('failed' in scanned) throw scanned.failed;
  const { t, wx } = scanned;
  let account: string;
  try {
    if (!code) throw new AppError(WechatCodes.PROVIDER_ERROR, { errcode: 0, errmsg: 'authorization refused' });
    account = await exchangeCode(app.config.wechat, wx, code);
  } catch (e) {
    const err = e instanceof AppError ? e : new AppError(WechatCodes.PROVIDER_UNREACHABLE);
    await inScope(db, PLATFORM_SCOPE, (tx) => tickets.markFailed(tx, t.id, { code: err.code, params: err.params }));
    throw err;
  }
  const until = new Date(Date.now() + WECHAT_RULES.bindTtlSeconds * 1000);
  await inScope(db, PLATFORM_SCOPE, (tx) => tickets.markIdentified(tx, t.id, account, until));
}

/** The tenant a ticket is restricted to (its page's TENANTID), or undefined for any tenant. */
async function hintTenant(tx: Tx, hint: string): Promise<string | undefined> {
  if (!hint || hint === DEFAULTS.tenantId) return undefined;
  const tenant = await resolveTenant(tx, hint);
  if (tenant?.id === DEFAULTS.tenantId) return undefined;
  return tenant?.id ?? `unknown:${hint}`;
}

/** The live, identified ticket of `secret` (locked), or the error the caller answers. */
async function identifiedTicket(tx: Tx, secret: string, now: Date): Promise<tickets.TicketRecord> {
  const t = await tickets.lockTicketBySecret(tx, secret);
  if (!t || t.status === 'done' || t.expiresAt <= now) throw new AppError(WechatCodes.TICKET_INVALID);
  if (t.status === 'failed') {
    const e = (t.error ?? {}) as { code?: string; params?: Record<string, unknown> };
    throw new AppError(e.code ?? WechatCodes.TICKET_INVALID, e.params ?? {});
  }
  if (t.status !== 'identified' || !t.wxAccount) throw new AppError(WechatCodes.NOT_SCANNED);
  return t;
}

/** Throws the outcome's refusal, else answers the poll row; uses the ticket up on success. */
function signedIn(outcome: Outcome): WechatPollRow {
  if ('error' in outcome) throw new AppError(outcome.error, outcome.params);
  return { state: 'signedIn', signIn: outcome.ok };
}

/**
 * `POST poll`: 'waiting', 'scanned' (the exchange with WeChat runs), 'expired', 'needsBinding' (no user
 * has this WeChat identity in the ticket's tenant scope), or 'signedIn' with a session (or pending MFA)
 * exactly as signin answers. Refuses: unknown or used ticket, a failed scan's error, a disabled
 * configuration, a disabled account row, an identity bound in several tenants, the account refusals.
 */
export async function pollTicket(app: FastifyInstance, request: FastifyRequest, secret: string, agree?: boolean): Promise<WechatPollRow> {
  const loginConfig = await app.settings.loginConfig();
  const key = await app.settings.secretKey();
  return inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    const now = new Date();
    const t = await tickets.lockTicketBySecret(tx, secret);
    if (!t || t.status === 'done') throw new AppError(WechatCodes.TICKET_INVALID);
    if (t.expiresAt <= now) return { state: 'expired' };
    if (t.status === 'waiting') return { state: 'waiting' };
    if (t.status === 'scanned') return { state: 'scanned' };
    const live = await identifiedTicket(tx, secret, now);
    await loadApp(key, tx, live.configId);
    const bound = await findBoundAccounts(tx, live.wxType, live.wxAccount!, await hintTenant(tx, live.tenantHint));
    if (!bound.length) return { state: 'needsBinding' };
    if (bound.length > 1) throw new AppError(WechatCodes.AMBIGUOUS);
    if (bound[0]!.status !== 1) throw new AppError(WechatCodes.ACCOUNT_DISABLED);
    const user = await findUserById(tx, bound[0]!.userId!);
    if (!user) return { state: 'needsBinding' };
    const row = signedIn(await admitUser(app, tx, request, user, { agree, method: 'wechat', mfa: loginConfig.mfaEnabled, loginConfig }));
    await tickets.markUsed(tx, live.id, now);
    return row;
  });
}

/**
 * `POST bind`: the password of the account named by `username` (resolved like signin, inside the
 * ticket's tenant when its page named one), counted by sign-in's rate limits and lockout and by the
 * ticket's own limit (WECHAT_RULES.bindAttempts); then the identity is bound in the user's tenant
 * (audited `wechat.bind`) and the user signed in as by `pollTicket`.
 */
export async function bindAndSignIn(app: FastifyInstance, request: FastifyRequest, body: WechatBindBody): Promise<WechatPollRow> {
  const db = app.database.db;
  await countAttempt(app, request, body.username);
  const loginConfig = await app.settings.loginConfig();
  const key = await app.settings.secretKey();
  const password = await decryptPassword(app, body.password);
  // (1) the ticket and the account, (2) the password outside any transaction, (3) the outcome
  const found = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const t = await identifiedTicket(tx, body.ticket, new Date());
    if (t.bindFailures >= WECHAT_RULES.bindAttempts) throw new AppError(WechatCodes.TOO_MANY_TRIES);
    return { t, user: await findSignInAccount(tx, t.tenantHint, body.username) };
  });
  const passwordOk = await verifyPassword(found.user?.passwordHash ?? (await dummyHash()), password);
  const outcome = await inScope(db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    const now = new Date();
    const t = await identifiedTicket(tx, body.ticket, now);
    await loadApp(key, tx, t.configId);
    const user = found.user && (await lockUserRow(tx, found.user.id));
    const refusal = user ? await accountRefusal(app, tx, user, now) : undefined;
    if (!user || refusal || !passwordOk || user.passwordHash !== found.user?.passwordHash) await tickets.countBindFailure(tx, t.id);
    if (!user) return { error: Codes.BAD_CREDENTIALS };
    if (refusal) return refusal;
    if (!passwordOk || user.passwordHash !== found.user?.passwordHash) return refuseWrongPassword(app, tx, request, user, now, { method: 'wechat' });
    const bound = await bindIdentity(tx, user, t.wxType, t.wxAccount!, user.username, now);
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'wechat.bind',
      entity: 'account',
      entityId: bound.id,
      userId: user.id,
      username: user.username,
      after: { accountType: t.wxType, account: t.wxAccount, created: bound.created, unbound: bound.replaced },
    });
    const admitted = await admitUser(app, tx, request, user, { agree: body.agree, method: 'wechat', mfa: loginConfig.mfaEnabled, loginConfig });
    if (!('error' in admitted)) await tickets.markUsed(tx, t.id, now);
    return admitted;
  });
  return signedIn(outcome);
}
