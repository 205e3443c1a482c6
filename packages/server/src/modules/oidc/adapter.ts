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

/** Builds the adapter class the provider instantiates once per model name. */
export function drizzleAdapter(db: Db): new (name: string) => Adapter {
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
      await db.insert(oidcPayloads).values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return findClientMetadata(db, id);
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
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findWhere(cond: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
      const result = await db.execute(sql`select p.payload, p.consumed_at from oidc_payloads p
        where p.model = ${this.model} and ${cond} and (p.expires_at is null or p.expires_at > now()) and ${liveness(this.model)} limit 1`);
      const row = rowsOf<{ payload: unknown; consumed_at: string | Date | null }>(result)[0];
      if (!row) return undefined;
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
      const consumed = epoch(row.consumed_at);
      return consumed ? { ...payload, consumed } : payload;
    }
  };
}
