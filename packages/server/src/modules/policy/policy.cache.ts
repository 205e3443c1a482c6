/**
 * The policy service's per-instance decision cache (issue 14, benchmark goal "decision ≥ 0.5 of the bare
 * route"; docs/applications.md "Decision cache"). Entries: a user's compiled permissions per
 * (application, tenant as named, user as named) — LRU-bounded (`size` entries, MAX_CACHED_GRANTS grant
 * rows in all), each living at most `maxAgeMs`
 * and never past the moment the user's `active` may change by itself (lock end, validity dates) — and
 * each application's menus. Kept current from the change log (`policy_changes`): one poller per instance
 * reads every application's changes after its own cursor with the commit-safe rule of sync (xid below
 * the snapshot's xmin, (xid, seq) order) every `pollMs`, never overlapping, and drops what each change
 * concerns (`invalidate`); the sync route hands its changes over as well, so a client never learns of a
 * change from this instance before this instance's answers reflect it. An entry loaded while a change
 * was being dropped is answered but not kept (generation check), so a drop cannot be lost to a race.
 */
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { ServerConfig } from '../../config.js';
import * as repo from './policy.repository.js';
import { encodeCursor, laterPosition } from './policy.cursor.js';
import { checkedSubject, compileApp, compileUser, type CompiledApp, type CompiledUser } from './policy.compiled.js';

/** A change as the cache reads it (a policy_changes row, or a change of a sync page). */
export interface CacheChange {
  kind: string;
  productId: string | null;
  tenantId: string | null;
  userId: string | null;
}

const DESIGN = new Set(['menu', 'page', 'control', 'api']);
const TENANT_WIDE = new Set(['grant', 'role', 'subscription']);
const PER_USER = new Set(['member', 'user']);
const POLL_PAGE = 1000;
const DAY_MS = 86_400_000;
/** Most grant rows held over all entries (≈ 100–150 MB): a user with thousands of grants weighs accordingly. */
export const MAX_CACHED_GRANTS = 500_000;

/** When (ms) the subject's `active` may change by itself: lock end, first valid day, day after the last. */
export function activeChangesAt(s: repo.SubjectRow, now: number): number {
  const times = [
    s.lockedUntil ? Date.parse(s.lockedUntil) : NaN,
    s.effectiveDate ? Date.parse(`${s.effectiveDate}T00:00:00Z`) : NaN,
    s.expiryDate ? Date.parse(`${s.expiryDate}T00:00:00Z`) + DAY_MS : NaN,
  ].filter((t) => Number.isFinite(t) && t > now);
  return times.length ? Math.min(...times) : Infinity;
}

export class PolicyCache {
  private readonly users: LRUCache<string, CompiledUser>;
  private readonly apps = new Map<string, CompiledApp>();
  private readonly loading = new Map<string, Promise<CompiledUser>>();
  private generation = 0;
  private position: { xid: string; seq: string } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `opts`: the `policyCache` part of the configuration (ServerConfig). */
  constructor(
    private readonly db: Db,
    private readonly opts: ServerConfig['policyCache'],
    private readonly log?: FastifyBaseLogger,
  ) {
    this.users = new LRUCache({
      max: Math.max(1, opts.size),
      maxSize: MAX_CACHED_GRANTS,
      sizeCalculation: (u) => u.grants.length + 1,
      ttl: opts.maxAgeMs,
      ttlAutopurge: false,
    });
  }

  /** Number of cached user entries. */
  get size(): number {
    return this.users.size;
  }

  /**
   * A user's compiled permissions for application `productId`: cached, or read in one platform-scope
   * transaction (cursor, subject, grants) and kept unless a change was dropped meanwhile.
   * @throws the contract's refusals (not cached).
   */
  async user(productId: string, tenant: string, ref: repo.UserRef): Promise<CompiledUser> {
    const key = `${productId}\u0000${tenant}\u0000${ref.userId !== undefined ? `i${ref.userId}` : `n${ref.username ?? ''}`}`;
    const hit = this.users.get(key);
    if (hit) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const load = this.loadUser(key, productId, tenant, ref).finally(() => this.loading.delete(key));
    this.loading.set(key, load);
    return load;
  }

  private async loadUser(key: string, productId: string, tenant: string, ref: repo.UserRef): Promise<CompiledUser> {
    const generation = this.generation;
    const ready = this.position !== undefined;
    const now = Date.now();
    const u = await inScope(this.db, PLATFORM_SCOPE, async (tx) => {
      const cursor = encodeCursor({ xid: await repo.snapshotXmin(tx), seq: '0', issuedMs: now });
      const s = checkedSubject(await repo.findSubject(tx, productId, tenant, ref, new Date(now)));
      return compileUser(productId, s, s.active ? await repo.listUserGrants(tx, productId, s.tenantId, s.userId) : [], cursor);
    });
    const ttl = Math.min(this.opts.maxAgeMs, activeChangesAt(u.subject, now) - now);
    if (ready && !this.stopped && generation === this.generation && ttl > 0) this.users.set(key, u, { ttl });
    return u;
  }

  /** An application's menus, cached until a design change of the application. */
  async app(productId: string): Promise<CompiledApp> {
    const hit = this.apps.get(productId);
    if (hit) return hit;
    const generation = this.generation;
    const ready = this.position !== undefined;
    const app = compileApp(await inScope(this.db, PLATFORM_SCOPE, (tx) => repo.listAppMenus(tx, productId)));
    if (ready && !this.stopped && generation === this.generation) {
      if (this.apps.size >= 1000) this.apps.clear();
      this.apps.set(productId, app);
    }
    return app;
  }

  /**
   * Drops what the changes concern (contract "Meaning for a cache"): design kinds → the application's
   * entries and menus; grant / role / subscription → the tenant's entries (of the application when the
   * change names one); member / user → that user's entries. Mobile app menus change no answer. A kind
   * it does not know (a later migration's) drops the widest set it names: the application, else the tenant.
   */
  invalidate(changes: readonly CacheChange[]): void {
    if (!changes.length) return;
    this.generation++;
    const products = new Set<string>();
    const tenants = new Set<string>();
    const users = new Set<string>();
    for (const c of changes) {
      if (DESIGN.has(c.kind) && c.productId) {
        products.add(c.productId);
        this.apps.delete(c.productId);
      } else if (TENANT_WIDE.has(c.kind) && c.tenantId) tenants.add(c.productId ? `${c.productId}\u0000${c.tenantId}` : c.tenantId);
      else if (PER_USER.has(c.kind) && c.tenantId && c.userId) users.add(`${c.tenantId}\u0000${c.userId}`);
      else if (c.kind !== 'mobilemenu' && !DESIGN.has(c.kind) && !TENANT_WIDE.has(c.kind) && !PER_USER.has(c.kind)) {
        if (c.productId) {
          products.add(c.productId);
          this.apps.delete(c.productId);
        } else if (c.tenantId) tenants.add(c.tenantId);
      }
    }
    const drop: string[] = [];
    this.users.forEach((u, key) => {
      const t = u.subject.tenantId;
      if (products.has(u.productId) || tenants.has(t) || tenants.has(`${u.productId}\u0000${t}`) || users.has(`${t}\u0000${u.subject.userId}`)) drop.push(key);
    });
    for (const key of drop) this.users.delete(key);
  }

  /**
   * Reads the change log after the poller's cursor (all pages) and drops what it concerns; answers the
   * number of changes read. Calls are queued, never overlapping. The first call only sets the cursor
   * (nothing is cached before it).
   */
  pollOnce(): Promise<number> {
    const run = this.queue.then(() => this.readChanges());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async readChanges(): Promise<number> {
    let total = 0;
    for (;;) {
      const at = this.position;
      const { rows, xmin } = await inScope(this.db, PLATFORM_SCOPE, async (tx) => {
        const x = await repo.snapshotXmin(tx);
        return { xmin: x, rows: at ? await repo.listAllChanges(tx, at, x, POLL_PAGE) : [] };
      });
      this.invalidate(rows.map((r) => ({ kind: r.kind, productId: r.product_id, tenantId: r.tenant_id, userId: r.user_id })));
      total += rows.length;
      const last = rows[rows.length - 1];
      this.position = rows.length === POLL_PAGE ? { xid: last!.xid, seq: last!.seq } : laterPosition(at ?? { xid: '0', seq: '0' }, { xid: xmin, seq: '0' });
      if (rows.length < POLL_PAGE) return total;
    }
  }

  /**
   * Polls until every transaction committed before this call has been read (tests: "await the poller
   * rather than sleep"). @throws when that takes longer than `timeoutMs`.
   */
  async flush(timeoutMs = 10_000): Promise<void> {
    const target = BigInt(await repo.nextXid(this.db));
    const until = Date.now() + timeoutMs;
    for (;;) {
      await this.pollOnce();
      if (this.position && BigInt(this.position.xid) >= target) return;
      if (Date.now() > until) throw new Error('policy cache: the change log did not catch up');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Starts the poller (every `pollMs` after the previous poll ended; errors are logged, not thrown). */
  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.pollOnce()
        .catch((err: unknown) => this.log?.warn({ err }, 'policy cache poll failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.opts.pollMs);
        });
    };
    tick();
  }

  /** Stops the poller and empties the cache; waits for a running poll. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.queue;
    this.users.clear();
    this.apps.clear();
  }
}

const caches = new WeakMap<object, PolicyCache>();

/** Registers the cache of an app's database (`app.database`), for the routes and for tests. */
export function setPolicyCache(database: object, cache: PolicyCache | undefined): void {
  if (cache) caches.set(database, cache);
  else caches.delete(database);
}

/** The decision cache of an app's database (`app.database`), or undefined when it is off (MP_POLICY_CACHE=0). */
export function policyCacheOf(database: object): PolicyCache | undefined {
  return caches.get(database);
}
