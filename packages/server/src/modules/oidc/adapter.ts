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
import { hasBadCharacters } from '../../plugins/input-hygiene.js';

export const LINK_MODEL = 'PlatformLink';

/** Models that belong to a grant and die with its platform session. */
const GRANT_BOUND = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Grant', 'BackchannelAuthenticationRequest', 'DeviceCode']);

/** SQL condition: the platform session linked under `linkId` is active and unexpired. */
const activeLink = (linkId: ReturnType<typeof sql>) => sql`exists (select 1 from oidc_payloads l join sessions s on s.id = l.payload->>'sessionId'
  where l.model = ${LINK_MODEL} and l.id = ${linkId} and s.state = 'active' and s.expires_at > now())`;
const anyLink = (linkId: ReturnType<typeof sql>) => sql`exists (select 1 from oidc_payloads l where l.model = ${LINK_MODEL} and l.id = ${linkId})`;

/** The liveness condition of a row of `model` under the alias `a` (`p` unless told). */
function liveness(model: string, a = 'p'): ReturnType<typeof sql> {
  const col = (c: string) => sql.raw(`${a}.${c}`);
  if (GRANT_BOUND.has(model)) return activeLink(sql`'grant:' || ${col(model === 'Grant' ? 'id' : 'grant_id')}`);
  // A browser session before sign-in has no link yet; once linked it lives with its platform session.
  if (model === 'Session') return sql`(not ${anyLink(sql`'session:' || ${col('uid')}`)} or ${activeLink(sql`'session:' || ${col('uid')}`)})`;
  return sql`true`;
}

/** Unexpired row under alias `a`. */
const unexpired = (a: string) => sql.raw(`(${a}.expires_at is null or ${a}.expires_at > now())`);

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
export async function linkPlatformSession(
  db: Db | Tx,
  link: { grantId?: string; sessionUid?: string },
  sessionId: string,
  expiresAt: Date | null,
): Promise<void> {
  const id = link.grantId ? `grant:${link.grantId}` : `session:${link.sessionUid}`;
  noteOidcStateChange(); // `db` may be a transaction: every database's memo
  await db
    .insert(oidcPayloads)
    .values({ model: LINK_MODEL, id, payload: { sessionId }, grantId: link.grantId ?? null, uid: link.sessionUid ?? null, expiresAt })
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { payload: { sessionId }, expiresAt } });
}

/** The platform session a browser session (`uid`) is linked to, if any. */
export async function findLinkedSessionId(db: Db | Tx, sessionUid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, LINK_MODEL), eq(oidcPayloads.id, `session:${sessionUid}`)));
  return (row?.payload as { sessionId?: string } | undefined)?.sessionId;
}

/** Deletes expired provider state (called by the module's periodic sweep). */
export async function sweepOidcPayloads(db: Db): Promise<void> {
  noteOidcStateChange(db);
  await db.execute(sql`delete from oidc_payloads where expires_at < now() - interval '1 hour'`);
}

/**
 * Every change that can end a token's life bumps an epoch (writes of provider state, platform-session
 * links, and — through the guard store, oidc.plugin.ts — every write of a platform session). The token
 * memo (below) answers only while its database's epoch is unchanged. Kept per database (an instance's
 * `db`), plus one bumped for all, so two instances in one process see each other only through the
 * database, as two processes would.
 */
let allEpoch = 0;
const dbEpochs = new WeakMap<object, number>();
const epochOf = (db: object) => allEpoch + (dbEpochs.get(db) ?? 0);

/**
 * Records that provider state or a platform session of database `db` changed (drops its token memo at
 * once); without `db`, of every database of the process.
 */
export function noteOidcStateChange(db?: object): void {
  if (db) dbEpochs.set(db, (dbEpochs.get(db) ?? 0) + 1);
  else allEpoch++;
}

/**
 * How long the token memo answers a token lookup (ms): the bound within which a change made by ANOTHER
 * instance (revocation, logout, grant revoked, platform session ended) — or a platform session expiring
 * by time — reaches this instance's answers. Changes this instance makes count at once (the epoch).
 */
export const TOKEN_MEMO_MS = 1000;

/** How long a grant or browser session read along with a token is kept for the request's own lookups (ms). */
const KEPT_MS = 1000;
/** At most this many kept rows (expired ones are dropped when it is reached). */
const KEPT_MAX = 10_000;

/** Models an opaque token value can be (the provider looks an introspected token up as each). */
const TOKEN_MODELS = ['AccessToken', 'ClientCredentials', 'RefreshToken'];

interface TokenRow {
  model: string;
  payload: unknown;
  consumed_at: string | Date | null;
  grant_payload: unknown;
  grant_consumed_at: string | Date | null;
  session_payload: unknown;
}

/**
 * Builds the adapter class the provider instantiates once per model name.
 *
 * Hot path (issue 17; docs/oidc.md "State"): introspection looks a token value up as an access token,
 * a client-credentials token and a refresh token, then its grant and (for a token that expires with
 * the browser session) that session; userinfo the access token, grant and session. One statement
 * answers all of it: the value's rows of the three token models, each with its grant and browser
 * session (each under its own liveness condition). The other models' lookups of the same value that
 * start while it runs share it, and the grant and session are kept for `KEPT_MS` for the
 * `Grant.find` / `Session.findByUid` that follow. A kept row was live at a token lookup at most
 * `KEPT_MS` before; every write of it through this adapter forgets it, so what a kept copy can miss is
 * another instance's change (or the end of a platform session) within that second. With `memoTokens`
 * the token lookups are memoised as well (`memoised` below), under the same one-second bound.
 */
export function drizzleAdapter(db: Db, o: { memoTokens?: boolean } = {}): new (name: string) => Adapter {
  const kept = new Map<string, { payload: AdapterPayload; at: number }>();
  const memo = new Map<string, { rows: Map<string, AdapterPayload>; at: number; epoch: number }>();
  const keep = (key: string, payload: AdapterPayload, now: number) => {
    if (kept.size >= KEPT_MAX) for (const [k, v] of kept) if (now - v.at >= KEPT_MS) kept.delete(k);
    if (kept.size < KEPT_MAX) kept.set(key, { payload, at: now });
  };
  const fresh = (key: string) => {
    const k = kept.get(key);
    if (k && Date.now() - k.at < KEPT_MS) return k.payload;
    kept.delete(key);
    return undefined;
  };
  // A browser session is written by id (not uid) and rarely (sign-in, sign-out): forget every kept one.
  const forgetSessions = () => {
    for (const k of kept.keys()) if (k.startsWith('Session:')) kept.delete(k);
  };
  const inflight = new Map<string, Promise<Map<string, AdapterPayload>>>();

  /**
   * With `memoTokens`: the rows of a token value found within `TOKEN_MEMO_MS` while nothing changed
   * (this database's epoch), unexpired. A write this instance makes bumps the epoch before any later
   * lookup; on the embedded database that is every write (one process holds it, docs/architecture.md
   * "Guard store"); on PostgreSQL another instance's write reaches this memo within `TOKEN_MEMO_MS`.
   */
  function memoised(id: string): Map<string, AdapterPayload> | undefined {
    const m = memo.get(id);
    if (!m) return undefined;
    const now = Date.now();
    const live = m.epoch === epochOf(db) && now - m.at < TOKEN_MEMO_MS && [...m.rows.values()].every((p) => !p.exp || p.exp * 1000 > now);
    if (live) return m.rows;
    memo.delete(id);
    return undefined;
  }

  /** The rows of token value `id` by model (one statement; see above). */
  async function lookupToken(id: string): Promise<Map<string, AdapterPayload>> {
    const epoch = epochOf(db);
    const found = await readToken(id);
    if (o.memoTokens && found.size && epoch === epochOf(db)) {
      const now = Date.now();
      if (memo.size >= KEPT_MAX) for (const [k, v] of memo) if (now - v.at >= TOKEN_MEMO_MS || v.epoch !== epoch) memo.delete(k);
      if (memo.size < KEPT_MAX) memo.set(id, { rows: found, at: now, epoch });
    }
    return found;
  }

  async function readToken(id: string): Promise<Map<string, AdapterPayload>> {
    const result =
      await db.execute(sql`select p.model, p.payload, p.consumed_at, g.payload as grant_payload, g.consumed_at as grant_consumed_at, bs.payload as session_payload
      from oidc_payloads p
      left join oidc_payloads g on g.model = 'Grant' and g.id = p.grant_id and ${unexpired('g')}
      left join oidc_payloads bs on bs.model = 'Session' and bs.uid = p.payload->>'sessionUid' and ${unexpired('bs')} and ${liveness('Session', 'bs')}
      where p.id = ${id} and p.model in ('AccessToken', 'ClientCredentials', 'RefreshToken') and ${unexpired('p')}
        and (p.model = 'ClientCredentials' or ${liveness('AccessToken')})`);
    const found = new Map<string, AdapterPayload>();
    const now = Date.now();
    for (const row of rowsOf<TokenRow>(result)) {
      const payload = withConsumed(row.payload, row.consumed_at);
      found.set(row.model, payload);
      if (row.grant_payload && payload.grantId) keep(`Grant:${payload.grantId}`, withConsumed(row.grant_payload, row.grant_consumed_at), now);
      const uid = (payload as { sessionUid?: string }).sessionUid;
      if (row.session_payload && uid) keep(`Session:${uid}`, withConsumed(row.session_payload, null), now);
    }
    return found;
  }

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
      this.forget(id);
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (hasBadCharacters(id)) return undefined; // a NUL or a lone surrogate is never stored (the database would refuse it)
      if (this.model === 'Client') return findClientMetadata(db, id);
      if (this.model === 'Grant') {
        const k = fresh(`Grant:${id}`);
        if (k) return k;
      }
      if (TOKEN_MODELS.includes(this.model)) {
        // A refresh token is always read: its consumption (rotation, reuse detection) must be current on
        // every instance. A memoised value without a refresh-token row is not one (values are unique).
        const known = o.memoTokens ? memoised(id) : undefined;
        if (known && (this.model !== 'RefreshToken' || !known.has('RefreshToken'))) return known.get(this.model);
        let pending = inflight.get(id);
        if (!pending) {
          pending = lookupToken(id);
          inflight.set(id, pending);
          const done = () => {
            if (inflight.get(id) === pending) inflight.delete(id);
          };
          pending.then(done, done);
        }
        return (await pending).get(this.model);
      }
      return this.findWhere(sql`p.id = ${id}`);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (hasBadCharacters(uid)) return undefined;
      if (this.model === 'Session') {
        const k = fresh(`Session:${uid}`);
        if (k) return k;
      }
      return this.findWhere(sql`p.uid = ${uid}`);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (hasBadCharacters(userCode)) return undefined;
      return this.findWhere(sql`p.user_code = ${userCode}`);
    }

    async consume(id: string): Promise<void> {
      this.forget(id);
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      this.forget(id);
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      noteOidcStateChange(db);
      kept.delete(`Grant:${grantId}`);
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    /** Forgets a kept copy of row `id` of this model (grants and browser sessions) and the token memo. */
    private forget(id: string): void {
      noteOidcStateChange(db);
      if (this.model === 'Grant') kept.delete(`Grant:${id}`);
      if (this.model === 'Session') forgetSessions();
    }

    private async findWhere(cond: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
      const result = await db.execute(sql`select p.payload, p.consumed_at from oidc_payloads p
        where p.model = ${this.model} and ${cond} and ${unexpired('p')} and ${liveness(this.model)} limit 1`);
      const row = rowsOf<{ payload: unknown; consumed_at: string | Date | null }>(result)[0];
      return row ? withConsumed(row.payload, row.consumed_at) : undefined;
    }
  };
}
