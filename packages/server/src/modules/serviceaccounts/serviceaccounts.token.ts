/**
 * The service account's sign-in without a browser (docs/service-accounts.md "Token"):
 * `POST /gateway/auth/serviceaccount/token` `{ keyId, secret }` — signed like `signin` (no token yet), the
 * secret encrypted with the deployment key like a password — answers a session token of
 * `MP_SERVICE_TOKEN_TTL_MIN` minutes (never past the credential's expiry) that every admin call then uses,
 * signed as PROTOCOL.md says. No refresh: `renewaltoken` refuses it; the automation asks again.
 *
 * Rate-limited like sign-in (per key id and address, per address, per key id), counted in the sign-in
 * metrics, and audited: every token issued (`serviceaccount.token`) and every refusal
 * (`serviceaccount.token_refused`, written after the refused transaction, with the reason).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, SERVICE_ACCOUNT_RULES, ServiceAccountCodes, type ServiceAccountTokenBody, type ServiceAccountTokenRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { serviceAccounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { decryptPassword, signInRateLimits } from '../auth/signin.service.js';
import { insertSession } from '../session/session.repository.js';
import { newToken, sessionIdOf, tokenMd5 } from '../session/tokens.js';
import { findTenantById } from '../tenants/tenants.repository.js';
import { listIdentitiesOfUser } from '../users/users.repository.js';
import { DUMMY_HASH, secretMatches } from './serviceaccounts.credential.js';
import { findByKeyId, type ServiceAccountRecord } from './serviceaccounts.repository.js';

async function countAttempt(app: FastifyInstance, request: FastifyRequest, keyId: string): Promise<void> {
  const limits = signInRateLimits();
  const minute = 60_000;
  const key = keyId.trim().toLowerCase();
  const hits = [];
  if (limits.account > 0) hits.push({ key: `satoken:key:${key}|${request.ip}`, limit: { max: limits.account, windowMs: minute } });
  if (limits.ip > 0) hits.push({ key: `satoken:ip:${request.ip}`, limit: { max: limits.ip, windowMs: minute } });
  if (limits.accountAll > 0) hits.push({ key: `satoken:key-all:${key}`, limit: { max: limits.accountAll, windowMs: minute } });
  if (hits.length) await enforceRateLimits(app.database.db, hits);
}

/**
 * Issues a session for the credential `{ keyId, secret }`.
 * @throws 429 protocol.rate_limited; serviceaccount.credential_invalid (unknown key id or wrong secret — one
 *   answer), and with the right secret serviceaccount.disabled (also when its user is locked from a user grid), serviceaccount.expired, login.tenant_disabled.
 */
export async function issueServiceAccountToken(app: FastifyInstance, request: FastifyRequest, b: ServiceAccountTokenBody): Promise<ServiceAccountTokenRow> {
  await countAttempt(app, request, b.keyId);
  const secret = await decryptPassword(app, b.secret); // a broken value is a 400, as for sign-in
  const now = new Date();
  type Outcome = { ok: ServiceAccountTokenRow } | { refused: string; sa: ServiceAccountRecord | undefined };
  const outcome = await inScope(app.database.db, PLATFORM_SCOPE, async (tx): Promise<Outcome> => {
    const sa = SERVICE_ACCOUNT_RULES.keyId.test(b.keyId) ? await findByKeyId(tx, b.keyId) : undefined;
    const right = secretMatches(secret, sa?.secretHash ?? DUMMY_HASH) && !!sa && SERVICE_ACCOUNT_RULES.secret.test(secret);
    if (!sa || !right) return { refused: ServiceAccountCodes.CREDENTIAL_INVALID, sa };
    if (sa.status !== 1 || sa.locked) return { refused: ServiceAccountCodes.DISABLED, sa };
    if (sa.expiresAt && sa.expiresAt <= now) return { refused: ServiceAccountCodes.EXPIRED, sa };
    const tenant = await findTenantById(tx, sa.tenantId);
    if (!tenant || tenant.status !== 1) return { refused: Codes.TENANT_DISABLED, sa };
    // The identity trigger of migration 0030 keeps this empty; checked anyway (never administrator rights).
    if ((await listIdentitiesOfUser(tx, sa.id)).length) return { refused: ServiceAccountCodes.NOT_INTERACTIVE, sa };
    const token = newToken();
    const sessionId = sessionIdOf(token);
    const ttl = new Date(now.getTime() + app.config.serviceTokenTtlMin * 60_000);
    const expiresAt = sa.expiresAt && sa.expiresAt < ttl ? sa.expiresAt : ttl;
    await insertSession(tx, {
      id: sessionId,
      tokenMd5: tokenMd5(token),
      userId: sa.id,
      tenantId: sa.tenantId,
      username: sa.username,
      identities: [],
      superManager: false,
      mustChangePassword: false,
      expiresAt,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    });
    app.guardStore.forgetSessions({ ids: [sessionId] });
    await tx
      .update(serviceAccounts)
      .set({ lastUsedAt: now })
      .where(and(eq(serviceAccounts.tenantId, sa.tenantId), eq(serviceAccounts.userId, sa.id)));
    await insertAuditEntry(tx, request, {
      tenantId: sa.tenantId,
      action: 'serviceaccount.token',
      entity: 'serviceaccount',
      entityId: sa.id,
      userId: sa.id,
      username: sa.username,
      after: { keyId: sa.keyId, expiresAt: expiresAt.toISOString() },
    });
    return { ok: { token, userId: sa.id, expiresAt: expiresAt.getTime() } };
  });
  if ('ok' in outcome) return outcome.ok;
  const { sa } = outcome;
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    insertAuditEntry(tx, request, {
      tenantId: sa?.tenantId ?? PLATFORM_SCOPE.tenantId,
      action: 'serviceaccount.token_refused',
      entity: 'serviceaccount',
      entityId: sa?.id ?? '',
      userId: sa?.id ?? '',
      username: sa?.username ?? '',
      after: { keyId: b.keyId.slice(0, 64), reason: outcome.refused },
    }),
  );
  throw new AppError(outcome.refused);
}
