/**
 * Policy-service call counting (issue 15 "Application dashboard"; docs/applications.md "Dashboards"): an
 * onResponse hook on every route whose access rule is `{ appClient: true }` adds one to an in-memory counter
 * per (application, UTC day, call) — and to its error counter when the status is ≥ 400 — once the client was
 * authenticated (`request.appClient`; refused authentications belong to no application and are not counted).
 * Every `flushMs` (default 5 s) the counters are swapped out and written in ONE upsert statement that adds
 * them to `policy_call_stats` (migration 0021); on close a last flush runs before the database closes.
 * A flush that fails puts its counts back for the next one (logged); only a crash loses counts — at most
 * the last `flushMs`. Counting is a map update in the request's path; the database sees one statement per
 * interval per instance, whatever the call rate. Several instances add their own counts (upserts add).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PolicyPaths, type PolicyCallName } from '@mp/protocol';
import type { Db } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';

/** The call name of a policy route (by its URL); other appClient routes count under their last path segment. */
const CALLS: Record<string, PolicyCallName> = { [PolicyPaths.permissions]: 'permissions', [PolicyPaths.check]: 'decision', [PolicyPaths.syncbydate]: 'sync' };

interface Count {
  productId: string;
  day: string;
  call: string;
  calls: number;
  errors: number;
}

/** The in-memory counters and their flushing; `stats(app)` answers the instance's one (tests flush it). */
export class PolicyCallStats {
  private counts = new Map<string, Count>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyInstance['log'],
  ) {}

  /** Counts one answered call of `productId` at `at` (ms). */
  add(productId: string, call: string, failed: boolean, at = Date.now()): void {
    const day = new Date(at).toISOString().slice(0, 10);
    const key = `${productId}\u0000${day}\u0000${call}`;
    const c = this.counts.get(key);
    if (c) {
      c.calls += 1;
      if (failed) c.errors += 1;
    } else this.counts.set(key, { productId, day, call, calls: 1, errors: failed ? 1 : 0 });
  }

  /** Counts not yet written (tests). */
  get pending(): number {
    return this.counts.size;
  }

  /**
   * Writes the counters in one statement (rows of applications deleted meanwhile are dropped), serialised
   * with any flush under way. A failure keeps the counts for the next flush and does not throw.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = [...this.counts.values()];
    this.counts = new Map();
    try {
      const rows = sql.join(
        batch.map((c) => sql`(${c.productId}, ${c.day}::date, ${c.call}, ${c.calls}::bigint, ${c.errors}::bigint)`),
        sql`, `,
      );
      await inScope(this.db, PLATFORM_SCOPE, (tx) =>
        tx.execute(sql`insert into policy_call_stats (product_id, day, call, calls, errors)
        select v.p, v.d, v.c, v.n, v.e from (values ${rows}) as v(p, d, c, n, e)
        where exists (select 1 from products where products.id = v.p)
        on conflict (product_id, day, call) do update
          set calls = policy_call_stats.calls + excluded.calls, errors = policy_call_stats.errors + excluded.errors`),
      );
    } catch (err) {
      for (const c of batch) {
        const key = `${c.productId}\u0000${c.day}\u0000${c.call}`;
        const now = this.counts.get(key);
        if (now) {
          now.calls += c.calls;
          now.errors += c.errors;
        } else this.counts.set(key, c);
      }
      this.log.warn({ err, rows: batch.length }, 'policy call stats flush failed; kept for the next flush');
    }
  }

  /** Starts the periodic flush (unref'd: it never keeps the process alive). */
  start(flushMs: number): void {
    this.timer = setInterval(() => {
      void this.flush();
    }, flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

const instances = new WeakMap<FastifyInstance, PolicyCallStats>();

/** The app's counter (undefined before registration). */
export function policyCallStats(app: FastifyInstance): PolicyCallStats | undefined {
  return instances.get(app);
}

/**
 * Registers the counting hook on the root instance (so it sees the policy routes, registered later in their
 * own plugin) and the final flush in a child context, whose onClose runs before the root's (which closes the
 * database). Call from app.ts before the route modules. `flushMs`: the write interval in milliseconds.
 */
export async function registerPolicyCallStats(app: FastifyInstance, flushMs = 5_000): Promise<void> {
  const stats = new PolicyCallStats(app.database.db, app.log);
  instances.set(app, stats);
  app.addHook('onResponse', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!request.appClient || typeof access !== 'object' || !('appClient' in access)) return;
    const url = request.routeOptions.url ?? '';
    stats.add(request.appClient.productId, CALLS[url] ?? url.slice(url.lastIndexOf('/') + 1), reply.statusCode >= 400);
  });
  stats.start(flushMs);
  await app.register(async (child) => {
    child.addHook('onClose', async () => stats.stop());
  });
}
