/**
 * Userinfo's per-instance memo of account claims (issue 17 "OpenID Connect hot path"; docs/oidc.md
 * "Hot path"). An application's backend may call userinfo for every request it serves; without the memo
 * each call reads the user, tenant, identities, roles and organisation (one statement, accounts.ts) and,
 * with scope `app_roles`, the application's role codes (one transaction).
 *
 * What is kept: the account's row as read (not the verdict), for `ttlMs` (CLAIMS_MEMO_MS, 1 s). Every
 * answer re-applies the usability rules to the kept row at the time of the call, so a lock that ends or a
 * validity date that passes counts at once. Bound: any change in the database — a user disabled, locked,
 * deleted, their tenant disabled, roles or identities changed, a name or address edited — reaches
 * userinfo on every instance within `ttlMs`. Lookups of the same account that start while one runs share
 * it. Only userinfo uses the memo: the token endpoint (code exchange, refresh) always reads.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { appRoleClaims, claimsOfRow, readAccountRow, type AccountClaims, type AccountRow } from './accounts.js';

/** How long userinfo reuses an account's claims row and app role codes (ms): the documented bound. */
export const CLAIMS_MEMO_MS = 1000;
/** At most this many accounts (and as many app-role entries) are kept. */
const MEMO_MAX = 10_000;

/** The memo of one app's database: `claims(userId)` and `appRoles(...)`, as accounts.ts answers them. */
export interface ClaimsMemo {
  /** The claims of `userId` now (accounts.ts `claimsOfRow`), from a row at most `ttlMs` old. */
  claims(userId: string, now?: Date): Promise<AccountClaims | undefined>;
  /** `appRoleClaims` of accounts.ts, its answer kept for `ttlMs` per (application, tenant, user, scope). */
  appRoles(claims: Pick<AccountClaims, 'sub' | 'tenant_id'>, productId: string, scope: string | undefined): Promise<{ app_roles?: string[] }>;
  /** Forgets every kept entry (tests: "the bound passes"). */
  clear(): void;
}

/** A value kept for `ttl` ms whose concurrent loads share one promise; a failed load is not kept. */
function sharedTtlCache<V extends object>(ttl: number) {
  const cache = new LRUCache<string, { v: V | undefined }>({ max: MEMO_MAX, ttl, ttlAutopurge: false });
  const loading = new Map<string, Promise<V | undefined>>();
  return {
    async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
      const hit = cache.get(key);
      if (hit) return hit.v;
      let pending = loading.get(key);
      if (!pending) {
        pending = load()
          .then((v) => {
            cache.set(key, { v });
            return v;
          })
          .finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
    clear: () => cache.clear(),
  };
}

/**
 * Builds the memo for `db`; `ttlMs` 0 builds one that always reads (MP_POLICY_CACHE=0 turns the
 * platform's caches off).
 */
export function createClaimsMemo(db: Db, ttlMs = CLAIMS_MEMO_MS): ClaimsMemo {
  if (ttlMs <= 0) {
    return {
      claims: async (userId, now) => claimsOfRow(await readAccountRow(db, userId), now),
      appRoles: (claims, productId, scope) => appRoleClaims(db, claims, productId, scope),
      clear: () => undefined,
    };
  }
  const rows = sharedTtlCache<AccountRow & object>(ttlMs);
  const roles = sharedTtlCache<{ app_roles?: string[] }>(ttlMs);
  return {
    claims: async (userId, now) => claimsOfRow(await rows.get(userId, () => readAccountRow(db, userId)), now),
    appRoles: async (claims, productId, scope) =>
      (await roles.get(`${productId}\u0000${claims.tenant_id}\u0000${claims.sub}\u0000${scope ?? ''}`, () => appRoleClaims(db, claims, productId, scope))) ??
      {},
    clear: () => {
      rows.clear();
      roles.clear();
    },
  };
}

const memos = new WeakMap<object, ClaimsMemo>();

/** Keeps `memo` under `owner` (the app's `database`) for `claimsMemoOf`; answers `memo`. */
export function registerClaimsMemo(owner: object, memo: ClaimsMemo): ClaimsMemo {
  memos.set(owner, memo);
  return memo;
}

/** The claims memo of an app's database (tests that change a row directly: "the bound passes"). */
export function claimsMemoOf(owner: object): ClaimsMemo | undefined {
  return memos.get(owner);
}
