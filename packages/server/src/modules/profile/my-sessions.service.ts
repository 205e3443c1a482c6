/**
 * The user's dashboard (issue 15 "Dashboard"; docs/users.md "Dashboard"): my sign-in history (audit
 * log, 90 days, newest first), my sessions and devices, and ending one or all of my OTHER live
 * sessions — never the current one (signing out is tokenlogout). Everything is bound to the caller's
 * session: an id of another user's session is "not found" and nothing ends.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageInfo, ProfileCodes, SIGNIN_HISTORY_DAYS, type MySessionRow, type Paged, type SignInHistoryBody, type SignInHistoryRow } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { endSessionsOfUser, listSessionsOfUser, liveSessionsOfUser, pageSignInEvents, type SessionRecord } from './profile.repository.js';

const DAY_MS = 86_400_000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const scopeOf = (request: FastifyRequest) => ({ scope: 'tenant' as const, tenantId: request.auth!.tenantId });

/** A page of the caller's sign-in events of the last SIGNIN_HISTORY_DAYS days (SignInHistoryRow), newest first. */
export async function signInHistory(app: FastifyInstance, request: FastifyRequest, body: SignInHistoryBody): Promise<Paged<SignInHistoryRow>> {
  const auth = request.auth!;
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 10;
  const since = new Date(Date.now() - SIGNIN_HISTORY_DAYS * DAY_MS);
  const { rows, total } = await inScope(app.database.db, scopeOf(request), (tx) => pageSignInEvents(tx, auth.tenantId, auth.userId, since, page, pageSize));
  return {
    ...pageInfo(page, pageSize, total),
    rows: rows.map((r) => {
      const after = r.after as { method?: unknown } | null;
      return {
        id: r.id,
        at: r.at.toISOString(),
        action: r.action,
        method: typeof after?.method === 'string' ? after.method : '',
        ip: r.ip,
        userAgent: r.userAgent,
      };
    }),
  };
}

function stateOf(s: SessionRecord, now: number): string {
  return s.state === 'active' && s.expiresAt.getTime() <= now ? 'expired' : s.state;
}

/** The caller's sessions of the last 90 days (at most 100), newest first, the current one marked. */
export async function mySessions(app: FastifyInstance, request: FastifyRequest): Promise<{ rows: MySessionRow[] }> {
  const auth = request.auth!;
  const since = new Date(Date.now() - SIGNIN_HISTORY_DAYS * DAY_MS);
  const rows = await inScope(app.database.db, scopeOf(request), (tx) => listSessionsOfUser(tx, auth.userId, since));
  const now = Date.now();
  return {
    rows: rows.map((s) => ({
      id: s.id,
      state: stateOf(s, now),
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      endedAt: iso(s.endedAt),
      current: s.id === auth.sessionId,
    })),
  };
}

/**
 * Ends `ids` (undefined: every other live session) of the caller in one transaction; their tokens stop
 * at once (guardStore.forgetSessions). One audit entry `session.end` per ended session.
 * @throws AppError profile.own_session for the current session; profile.session_not_found for an id
 *   that is not a live session of the caller (nothing ends).
 */
export async function endMySessions(app: FastifyInstance, request: FastifyRequest, ids?: string[]): Promise<{ count: number }> {
  const auth = request.auth!;
  if (ids?.includes(auth.sessionId)) throw new AppError(ProfileCodes.OWN_SESSION);
  return inScope(app.database.db, scopeOf(request), async (tx) => {
    const live = (await liveSessionsOfUser(tx, auth.userId, ids)).filter((s) => s.id !== auth.sessionId);
    if (ids && live.length !== new Set(ids).size) throw new AppError(ProfileCodes.SESSION_NOT_FOUND);
    const n = await endSessionsOfUser(
      tx,
      auth.userId,
      live.map((s) => s.id),
    );
    if (live.length) app.guardStore.forgetSessions({ ids: live.map((s) => s.id) });
    for (const s of live) {
      await insertAuditEntry(tx, request, {
        tenantId: s.tenantId,
        action: 'session.end',
        entity: 'session',
        entityId: s.id,
        before: { userId: s.userId, username: s.username, state: s.state, ip: s.ip, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) },
        after: { state: 'ended', by: 'self' },
      });
    }
    return { count: n };
  });
}
