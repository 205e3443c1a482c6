/**
 * PolicyClient: what an application's backend uses to ask the MP3.0 policy service (SPEC §7;
 * docs/applications.md "Using the client package"). It authenticates with the application's confidential
 * OIDC client (HTTP Basic), fetches a user's permissions once and caches them, keeps the cache current with
 * `syncbydate` (invalidating exactly what each change concerns, refetching lazily) and answers decisions
 * locally. Only `fetch` is needed at run time.
 */
import { cacheKey, concerns, PermissionCache } from './cache.js';
import { decide } from './decide.js';
import { POLICY_PATHS, type Change, type Decision, type DecisionQuery, type Envelope, type PlatformType, type SyncPage, type UserPermissions, type UserRef } from './types.js';

export interface PolicyClientOptions {
  /** The platform's address, e.g. `https://mp.example.com` (the gateway paths are appended). */
  baseUrl: string;
  /** client_id and client_secret of a confidential OIDC client of the application (docs/clients.md). */
  clientId: string;
  clientSecret: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Interval of the periodic sync of {@link PolicyClient.start}, ms (default 30 000). */
  syncIntervalMs?: number;
  /** Page size of syncbydate, 1..1000 (default 500). */
  syncLimit?: number;
  /** Language of the service's messages (X-Language: ZH_CN, EN_US, JA_JP). */
  language?: string;
  /** Called with the error of a failed periodic sync (default: ignored; the next tick retries). */
  onSyncError?: (e: unknown) => void;
}

/** An error of the policy service (its envelope's `scode`, e.g. `policy.user_not_found`) or of the network (`scode` 'network'). */
export class PolicyError extends Error {
  constructor(readonly scode: string, message: string, readonly status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PolicyError';
  }
}

/** What one {@link PolicyClient.sync} did. */
export interface SyncOutcome { changes: number; dropped: number; pages: number; expired: boolean }

interface InFlight { promise: Promise<UserPermissions>; seen: Change[]; cleared: boolean }

export class PolicyClient {
  private readonly cache = new PermissionCache();
  private readonly inflight = new Map<string, InFlight>();
  private readonly doFetch: typeof fetch;
  private readonly auth: string;
  private cursorValue: string | undefined;
  private syncing: Promise<SyncOutcome> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly opts: PolicyClientOptions) {
    this.doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.auth = `Basic ${btoa(`${encodeURIComponent(opts.clientId)}:${encodeURIComponent(opts.clientSecret)}`)}`;
  }

  /** The sync position (undefined until the first permissions answer, and after an expired cursor). */
  get cursor(): string | undefined { return this.cursorValue; }
  /** Number of cached answers. */
  get cachedUsers(): number { return this.cache.size; }

  /**
   * The permissions of `user` in `tenantId` (tenant id or code) for this application: from the cache, or
   * fetched once (concurrent callers share the request). `platformType` filters the menus (1 PC, 2 Phone).
   * Errors: PolicyError (`policy.tenant_not_subscribed`, `policy.user_not_found`, `policy.client_unauthorized`, …).
   */
  async permissions(tenantId: string, user: UserRef, platformType?: PlatformType): Promise<UserPermissions> {
    const key = cacheKey(tenantId, user, platformType);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const running = this.inflight.get(key);
    if (running) return running.promise;
    const flight: InFlight = { seen: [], cleared: false, promise: Promise.resolve(undefined as never) };
    flight.promise = (async () => {
      try {
        const body = { tenantId, ...user, ...(platformType !== undefined ? { platformType } : {}) };
        const p = await this.post<UserPermissions>(POLICY_PATHS.permissions, body);
        if (this.cursorValue === undefined) this.cursorValue = p.cursor;
        // a change seen by a sync while this answer was on its way may be newer than the answer: do not keep it
        if (!flight.cleared && !flight.seen.some((c) => concerns(c, p))) this.cache.set(key, p);
        return p;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, flight);
    return flight.promise;
  }

  /**
   * Decides locally from the cached permissions (fetching them first when not cached): `{ api: url }`,
   * `{ control: id, need }` or `{ menu: idOrCode, need }` (need 'read' by default). An inactive user is refused.
   */
  async can(tenantId: string, user: UserRef, q: DecisionQuery): Promise<boolean> {
    return decide(await this.permissions(tenantId, user), q);
  }

  /** Asks the service for a decision (with the granting role); not cached. */
  async check(tenantId: string, user: UserRef, q: DecisionQuery): Promise<Decision> {
    return this.post<Decision>(POLICY_PATHS.check, { tenantId, ...user, ...q });
  }

  /**
   * Reads the change log from the last cursor, page by page until `hasMore` is false, dropping the cached
   * answers each change concerns (they are refetched on their next use). Without a cursor (nothing fetched
   * yet) there is nothing to sync. `policy.cursor_expired` drops everything and forgets the cursor.
   * Concurrent calls share one run.
   */
  sync(): Promise<SyncOutcome> {
    if (!this.syncing) this.syncing = this.runSync().finally(() => { this.syncing = undefined; });
    return this.syncing;
  }

  /** Drops every cached answer (the cursor is kept). */
  invalidateAll(): void {
    this.cache.clear();
    for (const f of this.inflight.values()) f.cleared = true;
  }

  /** Starts the periodic sync (every `syncIntervalMs`); a failed run is reported to `onSyncError`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => { this.sync().catch((e) => this.opts.onSyncError?.(e)); }, this.opts.syncIntervalMs ?? 30_000);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Stops the periodic sync. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async runSync(): Promise<SyncOutcome> {
    const out: SyncOutcome = { changes: 0, dropped: 0, pages: 0, expired: false };
    let hasMore = this.cursorValue !== undefined;
    while (hasMore) {
      let page: SyncPage;
      try {
        page = await this.post<SyncPage>(POLICY_PATHS.syncbydate, { cursor: this.cursorValue, limit: this.opts.syncLimit ?? 500 });
      } catch (e) {
        if (e instanceof PolicyError && e.scode === 'policy.cursor_expired') {
          this.invalidateAll();
          this.cursorValue = undefined;
          return { ...out, expired: true };
        }
        throw e;
      }
      for (const c of page.changes) {
        out.dropped += this.cache.apply(c);
        for (const f of this.inflight.values()) f.seen.push(c);
      }
      out.changes += page.changes.length;
      out.pages++;
      this.cursorValue = page.cursor;
      hasMore = page.hasMore && page.changes.length > 0;
    }
    return out;
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await this.doFetch(new URL(path, this.opts.baseUrl), {
        method: 'POST',
        headers: { authorization: this.auth, 'content-type': 'application/json', accept: 'application/json', ...(this.opts.language ? { 'x-language': this.opts.language } : {}) },
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new PolicyError('network', `policy service unreachable: ${String(e)}`, 0, { cause: e });
    }
    let env: Envelope<T> | undefined;
    try { env = await res.json() as Envelope<T>; } catch { env = undefined; }
    if (!env || typeof env !== 'object') throw new PolicyError('protocol', `policy service answered HTTP ${res.status} without an envelope`, res.status);
    if (env.result !== '1' || !res.ok) throw new PolicyError(env.scode ?? String(res.status), env.message ?? env.msg ?? `HTTP ${res.status}`, res.status);
    return env.data;
  }
}
