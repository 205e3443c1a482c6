/**
 * Online sessions for administrators (SPEC §4 Records: users online/offline; removal shows
 * 'Eliminate user success'; docs/sessions.md): who may see which sessions, the page of online
 * sessions, and ending sessions so their tokens stop at once (docs/architecture.md "Guard store").
 *
 * Who: platform administrators see and end every tenant's sessions; a tenant administrator only the
 * sessions of the tenant named by TENANTID, and only when they administer that tenant (identity 3 for
 * it) — anything else is refused with 10009029001 — and there only the sessions of users they may act
 * on (modules/tenancy/acting-on.ts). Nobody ends their own current session here.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { Codes, Identity, pageInfo, SessionCodes, UserType, type Paged, type SessionListBody, type SessionRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE, type DbScope } from '../../db/context.js';
import type { Db, Tx } from '../../db/client.js';
import { userIdentities } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { resolveTenant } from '../tenants/tenants.repository.js';
import type { GuardStore } from './guard-store.js';
import { assertActsOn } from '../tenancy/acting-on.js';
import { WHOLE_TENANT } from '../tenancy/data-scope.js';
import * as repo from './session.repository.js';

/** What the caller may see: every tenant (`tenantId` undefined) or one tenant. */
export interface SessionReach {
  scope: DbScope;
  tenantId?: string;
}

/**
 * The caller's reach. Platform administrators: every tenant. Tenant administrators: the TENANTID
 * tenant, which they must administer. @throws AppError 10009029001 otherwise.
 */
export async function reachOf(db: Db, request: FastifyRequest): Promise<SessionReach> {
  const auth = request.auth!;
  if (auth.userTypes.includes(UserType.PLATFORM_ADMIN)) return { scope: PLATFORM_SCOPE };
  const tenantId = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const tenant = await resolveTenant(tx, request.tenantHeader);
    if (!tenant) return undefined;
    const [admin] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.tenantId, tenant.id), eq(userIdentities.userId, auth.userId), eq(userIdentities.identity, Identity.TENANT_ADMIN)))
      .limit(1);
    return admin ? tenant.id : undefined;
  });
  if (!tenantId) throw new AppError(Codes.NO_PERMISSION);
  return { scope: { scope: 'tenant', tenantId }, tenantId };
}

function toSessionRow(r: repo.OnlineSessionRecord, currentId: string): SessionRow {
  return {
    id: r.id,
    userId: r.userId,
    username: r.username,
    employeeName: r.employeeName ?? '',
    tenantId: r.tenantId,
    tenantName: r.tenantName ?? '',
    tenantCode: r.tenantCode ?? '',
    identities: [...r.identities].sort((a, b) => b - a),
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === currentId,
  };
}

/** One page of the online sessions the caller may see. */
export async function listSessionPage(tx: Tx, reach: SessionReach, currentId: string, q: SessionListBody): Promise<Paged<SessionRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  // A tenant administrator's list is their tenant; the tenant filter is the platform administrator's.
  const { rows, records } = await repo.listOnlineSessions(tx, {
    ...q,
    page,
    pageSize,
    tenantId: reach.tenantId,
    tenant: reach.tenantId ? undefined : q.tenant,
  });
  return { rows: rows.map((r) => toSessionRow(r, currentId)), ...pageInfo(page, pageSize, records) };
}

/**
 * Ends the given online sessions: state 'ended', ended_at now, the guard store forgets them (their
 * tokens answer 10009021001 from the next request on, on every instance), one audit entry each.
 * All or nothing: an id the caller may not see, or one no longer online, refuses the whole call.
 * @throws AppError session.own_session for the caller's current session; session.not_found;
 *   user.outranks_caller (a tenant administrator, for a session of someone they may not act on).
 */
export async function endSessions(tx: Tx, request: FastifyRequest, guardStore: GuardStore, reach: SessionReach, ids: string[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  if (unique.includes(request.auth!.sessionId)) throw new AppError(SessionCodes.OWN_SESSION);
  const found = await repo.findOnlineSessionsByIds(tx, unique, reach.tenantId);
  if (found.length !== unique.length) throw new AppError(SessionCodes.NOT_FOUND);
  // A tenant administrator ends only sessions of users they may act on (not a platform administrator,
  // the super manager or another tenant's administrator: modules/tenancy/acting-on.ts).
  if (reach.tenantId)
    await assertActsOn(
      tx,
      { userId: request.auth!.userId, tenantId: reach.tenantId, admin: true, scope: WHOLE_TENANT },
      found.map((s) => s.userId),
    );
  const ended = await repo.endSessionsByIds(tx, unique);
  guardStore.forgetSessions({ ids: unique });
  for (const s of found) {
    await insertAuditEntry(tx, request, {
      tenantId: s.tenantId,
      action: 'session.end',
      entity: 'session',
      entityId: s.id,
      before: { userId: s.userId, username: s.username, state: s.state, ip: s.ip, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() },
      after: { state: 'ended' },
    });
  }
  return { count: ended.length };
}
