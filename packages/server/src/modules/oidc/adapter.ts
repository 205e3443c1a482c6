/**
 * The provider's storage adapter on table `oidc_payloads` (issue 4: "Provider state lives in the
 * database, not in memory"; docs/oidc.md "State"). One row per model instance (`model`, `id`), with the
 * columns the adapter looks up by (`grant_id`, `uid`, `user_code`), its expiry and its consumption.
 *
 * Platform sessions: the provider's sessions, grants, codes and tokens are tied to the platform session
 * the user signed in with (the hand-off ticket names it). The tie is a row of model `PlatformLink`:
 * id `grant:<grantId>` (with `grant_id`, so revoking the grant removes it) or `session:<uid>`, payload
 * `{ sessionId }`. `find` answers nothing for an artefact whose platform session is no longer active
 * (ended by an administrator, signed out, replaced by a newer sign-in, or expired), so such tokens stop
 * working at once: introspection says `active: false`, userinfo 401, refresh `invalid_grant`.
 *
 * Clients are not stored here: model `Client` reads `oidc_clients` (clients.ts).
 * Queries run on the pool as the owner, one statement each, like the guard store: these are
 * platform tables without a tenant (row-level security does not apply to them).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { oidcPayloads } from '../../db/schema/index.js';
import { findClientMetadata } from './clients.js';

export const LINK_MODEL = 'PlatformLink';

/** Models that belong to a grant and die with its platform session. */
const GRANT_BOUND = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Grant', 'BackchannelAuthenticationRequest', 'DeviceCode']);

/** SQL condition: the platform session linked under `linkId` is active and unexpired. */
const activeLink = (linkId: ReturnType<typeof sql>) => sql`exists (select 1 from oidc_payloads l join sessions s on s.id = l.payload->>'sessionId'
  where l.model = ${LINK_MODEL} and l.id = ${linkId} and s.state = 'active' and s.expires_at > now())`;
const anyLink = (linkId: ReturnType<typeof sql>) => sql`exists (select 1 from oidc_payloads l where l.model = ${LINK_MODEL} and l.id = ${linkId})`;

/** The liveness condition of a row `p` of `model`. */
function liveness(model: string): ReturnType<typeof sql> {
  if (GRANT_BOUND.has(model)) {
    const grantId = model === 'Grant' ? sql`p.id` : sql`p.grant_id`;
    return activeLink(sql`'grant:' || ${grantId}`);
  }
  // A browser session before sign-in has no link yet; once linked it lives with its platform session.
  if (model === 'Session') return sql`(not ${anyLink(sql`'session:' || p.uid`)} or ${activeLink(sql`'session:' || p.uid`)})`;
  return sql`true`;
}

function epoch(d: Date | string | null | undefined): number | undefined {
  return d ? Math.floor(new Date(d).getTime() / 1000) : undefined;
}

/** A stored payload (jsonb: an object, or text on some drivers) with its consumption time. */
function withConsumed(stored: unknown, consumedAt: string | Date | null): AdapterPayload {
  const payload = (typeof stored === 'string' ? JSON.parse(stored) : stored) as AdapterPayload;
  const consumed = epoch(consumedAt);
  return consumed ? { ...payload, consumed } : payload;
}

/**
 * Records that a grant (`grant:<id>`) or browser session (`session:<uid>`) belongs to platform session
 * `sessionId`. Idempotent; lives as long as `expiresAt` (null: until the grant is revoked).
 */
export async function linkPlatformSession(db: Db | Tx, link: { grantId?: string; sessionUid?: string }, sessionId: string, expiresAt: Date | null): Promise<void> {
  const id = link.grantId ? `grant:${link.grantId}` : `session:${link.sessionUid}`;
  await db.insert(oidcPayloads).values({ model: LINK_MODEL, id, payload: { sessionId }, grantId: link.grantId ?? null, uid: link.sessionUid ?? null, expiresAt })
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { payload: { sessionId }, expiresAt } });
}

/** The platform session a browser session (`uid`) is linked to, if any. */
export async function findLinkedSessionId(db: Db | Tx, sessionUid: string): Promise<string | undefined> {
  const [row] = await db.select({ payload: oidcPayloads.payload }).from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, LINK_MODEL), eq(oidcPayloads.id, `session:${sessionUid}`)));
  return (row?.payload as { sessionId?: string } | undefined)?.sessionId;
}

/** Deletes expired provider state (called by the module's periodic sweep). */
export async function sweepOidcPayloads(db: Db): Promise<void> {
  await db.execute(sql`delete from oidc_payloads where expires_at < now() - interval '1 hour'`);
}

/** How long a grant read along with its token is kept for the same request's `Grant.find` (ms). */
const GRANT_MEMO_MS = 1000;
/** At most this many kept grants (expired ones are dropped when it is reached). */
const GRANT_MEMO_MAX = 10_000;

/** A grant row read together with a token of it (see `drizzleAdapter`). */
interface MemoGrant { payload: AdapterPayload; at: number }

/**
 * Builds the adapter class the provider instantiates once per model name.
 *
 * Hot path (issue 17; docs/oidc.md "State"): a token lookup (access token, refresh token, code) reads
 * its grant in the same statement and keeps it for `GRANT_MEMO_MS`; the provider's `Grant.find` that
 * follows in the request (introspection, userinfo, refresh) takes it from there instead of running a
 * second statement. The grant's liveness is the token's (both hang on the link `grant:<grantId>`, which
 * that lookup has just checked); every write of a grant through this adapter forgets the kept copy, so
 * a kept grant is at most `GRANT_MEMO_MS` older than a token lookup of it (another instance's change
 * of the grant within that second is the only thing it can miss).
 */
export function drizzleAdapter(db: Db): new (name: string) => Adapter {
  const grants = new Map<string, MemoGrant>();
  const forgetGrant = (grantId: string | undefined) => { if (grantId) grants.delete(grantId); };
  return class DrizzleAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: payload as object,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      if (this.model === 'Grant') forgetGrant(id);
      await db.insert(oidcPayloads).values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return findClientMetadata(db, id);
      if (this.model === 'Grant') {
        const kept = grants.get(id);
        if (kept && Date.now() - kept.at < GRANT_MEMO_MS) return kept.payload;
        grants.delete(id);
      }
      return this.findWhere(sql`p.id = ${id}`);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(sql`p.uid = ${uid}`);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(sql`p.user_code = ${userCode}`);
    }

    async consume(id: string): Promise<void> {
      await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Grant') forgetGrant(id);
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      forgetGrant(grantId);
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findWhere(cond: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
      // Tokens of a grant bring the grant along (it lives and dies with the same link).
      const withGrant = GRANT_BOUND.has(this.model) && this.model !== 'Grant';
      const result = await db.execute(withGrant
        ? sql`select p.payload, p.consumed_at, g.payload as grant_payload, g.consumed_at as grant_consumed_at from oidc_payloads p
          left join oidc_payloads g on g.model = 'Grant' and g.id = p.grant_id and (g.expires_at is null or g.expires_at > now())
          where p.model = ${this.model} and ${cond} and (p.expires_at is null or p.expires_at > now()) and ${liveness(this.model)} limit 1`
        : sql`select p.payload, p.consumed_at from oidc_payloads p
          where p.model = ${this.model} and ${cond} and (p.expires_at is null or p.expires_at > now()) and ${liveness(this.model)} limit 1`);
      const row = rowsOf<{ payload: unknown; consumed_at: string | Date | null; grant_payload?: unknown; grant_consumed_at?: string | Date | null }>(result)[0];
      if (!row) return undefined;
      const payload = withConsumed(row.payload, row.consumed_at);
      if (withGrant && row.grant_payload && payload.grantId) {
        const now = Date.now();
        if (grants.size >= GRANT_MEMO_MAX) for (const [k, v] of grants) if (now - v.at >= GRANT_MEMO_MS) grants.delete(k);
        if (grants.size < GRANT_MEMO_MAX) grants.set(payload.grantId, { payload: withConsumed(row.grant_payload, row.grant_consumed_at ?? null), at: now });
      }
      return payload;
    }
  };
}
