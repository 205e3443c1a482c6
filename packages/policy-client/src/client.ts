/**
 * PolicyClient: what an application's backend uses to ask the MP3.0 policy service (SPEC §7;
 * docs/applications.md "Integrating an application"). It authenticates with the application's confidential
 * OIDC client (HTTP Basic, or a client_credentials access token), fetches a user's permissions once and caches them, keeps the cache current with
 * `syncbydate` (invalidating exactly what each change concerns, refetching lazily) and answers decisions
 * locally. Only `fetch` is needed at run time.
 */
import { cacheKey, concerns, PermissionCache } from './cache.js';
import { decide } from './decide.js';
import {
  POLICY_PATHS,
  type Change,
  type Decision,
  type DecisionQuery,
  type Envelope,
  type PlatformType,
  type SsoUser,
  type SyncPage,
  type UserPermissions,
  type UserRef,
} from './types.js';

export interface PolicyClientOptions {
  /** The platform's address, e.g. `https://mp.example.com` (the gateway paths are appended). */
  baseUrl: string;
  /** client_id and client_secret of a confidential OIDC client of the application (docs/clients.md). */
  clientId: string;
  clientSecret: string;
  /**
   * How calls authenticate: 'basic' (default) sends the id and secret on every call; 'client_credentials'
   * gets an access token from the provider's token endpoint (the client must be registered for that grant)
   * and sends it as a Bearer token, renewing it before it expires and once when a call is refused with 401.
   */
  auth?: 'basic' | 'client_credentials';
  /** The provider's token endpoint for 'client_credentials' (default `<baseUrl>/oidc/token`). */
  tokenUrl?: string;
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
  constructor(
    readonly scode: string,
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PolicyError';
  }
}

/** What one {@link PolicyClient.sync} did. */
export interface SyncOutcome {
  changes: number;
  dropped: number;
  pages: number;
  expired: boolean;
}

interface InFlight {
  promise: Promise<UserPermissions>;
  seen: Change[];
  cleared: boolean;
}

export class PolicyClient {
  private readonly cache = new PermissionCache();
  private readonly inflight = new Map<string, InFlight>();
  private readonly doFetch: typeof fetch;
  private readonly basic: string;
  private token: { value: string; until: number } | undefined;
  private tokenFetch: Promise<{ value: string; until: number }> | undefined;
  private cursorValue: string | undefined;
  private syncing: Promise<SyncOutcome> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly opts: PolicyClientOptions) {
    this.doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.basic = `Basic ${btoa(`${encodeURIComponent(opts.clientId)}:${encodeURIComponent(opts.clientSecret)}`)}`;
  }

  /** The sync position (undefined until the first permissions answer, and after an expired cursor). */
  get cursor(): string | undefined {
    return this.cursorValue;
  }
  /** Number of cached answers. */
  get cachedUsers(): number {
    return this.cache.size;
  }

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

  /**
   * Exchanges the `ssotoken` an application's callback address received from My apps (the console's SSO
   * query; docs/users.md "Opening an application") for the user, once: open the application's own session
   * with the answer. Errors: PolicyError `policy.ticket_invalid` (HTTP 400: unknown, used, expired, another
   * application's, or its console session ended), `policy.client_unauthorized`.
   */
  async exchangeTicket(ticket: string): Promise<SsoUser> {
    const r = await this.post<{ row: SsoUser }>(POLICY_PATHS.ssoexchange, { ticket });
    return r.row;
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
    if (!this.syncing)
      this.syncing = this.runSync().finally(() => {
        this.syncing = undefined;
      });
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
    this.timer = setInterval(() => {
      this.sync().catch((e) => this.opts.onSyncError?.(e));
    }, this.opts.syncIntervalMs ?? 30_000);
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

  /** The Authorization header of a call: Basic, or a Bearer token (fetched when missing or about to expire; concurrent calls share the fetch). */
  private async authorization(): Promise<string> {
    if (this.opts.auth !== 'client_credentials') return this.basic;
    if (!this.token || this.token.until <= Date.now()) {
      this.tokenFetch ??= this.fetchToken().finally(() => {
        this.tokenFetch = undefined;
      });
      this.token = await this.tokenFetch;
    }
    return `Bearer ${this.token.value}`;
  }

  /** A client_credentials access token from the provider. @throws PolicyError ('policy.client_unauthorized' when refused, 'network'). */
  private async fetchToken(): Promise<{ value: string; until: number }> {
    let res: Response;
    try {
      res = await this.doFetch(new URL(this.opts.tokenUrl ?? '/oidc/token', this.opts.baseUrl), {
        method: 'POST',
        headers: { authorization: this.basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      });
    } catch (e) {
      throw new PolicyError('network', `token endpoint unreachable: ${String(e)}`, 0, { cause: e });
    }
    const j = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
    if (!res.ok || !j.access_token)
      throw new PolicyError('policy.client_unauthorized', `token endpoint refused: ${j.error ?? res.status} ${j.error_description ?? ''}`.trim(), res.status);
    // renewed 30 s (or a tenth of its life) before it expires
    const life = (j.expires_in ?? 300) * 1000;
    return { value: j.access_token, until: Date.now() + life - Math.min(30_000, life / 10) };
  }

  private async post<T>(path: string, body: unknown, retried = false): Promise<T> {
    const authorization = await this.authorization();
    let res: Response;
    try {
      res = await this.doFetch(new URL(path, this.opts.baseUrl), {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.opts.language ? { 'x-language': this.opts.language } : {}),
        },
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new PolicyError('network', `policy service unreachable: ${String(e)}`, 0, { cause: e });
    }
    if (res.status === 401 && this.opts.auth === 'client_credentials' && !retried) {
      // the token may have been revoked or expired early: once more with a new one
      this.token = undefined;
      return this.post<T>(path, body, true);
    }
    let env: Envelope<T> | undefined;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      env = undefined;
    }
    if (!env || typeof env !== 'object') throw new PolicyError('protocol', `policy service answered HTTP ${res.status} without an envelope`, res.status);
    if (env.result !== '1' || !res.ok) throw new PolicyError(env.scode ?? String(res.status), env.message ?? env.msg ?? `HTTP ${res.status}`, res.status);
    return env.data;
  }
}
