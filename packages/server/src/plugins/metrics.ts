/**
 * Prometheus metrics at `GET /metrics` (issue 17 "Operating it"; docs/operations.md "Metrics";
 * docs/grafana/mp-server.json). prom-client with a registry per app (tests build many apps in one
 * process). Off unless MP_METRICS=1: then `/metrics` answers only client addresses in MP_METRICS_ALLOW
 * (default loopback) and, when MP_METRICS_TOKEN is set, only with `Authorization: Bearer <token>`;
 * refusals are 403 `ops.metrics_refused` with the envelope; while off it is 404 like any unknown path.
 *
 * Series (prefix `mp_`, plus prom-client's process and Node.js metrics, including event-loop lag):
 * - `mp_http_requests_total{method,route,status}` and `mp_http_request_duration_seconds{method,route,status}`:
 *   `route` is the route pattern (`/gateway/…/:id`), never the raw URL; unmatched paths are `(unmatched)`.
 * - `mp_signins_total{result,reason}`: password sign-ins and service-account token calls, `result` success | failure, `reason` the refusal code.
 * - `mp_lockouts_total`: accounts locked by failed sign-ins (counted where the lock is decided).
 * - `mp_call_log_dropped_total`: gateway call records dropped because the call-log buffer was full (plugins/call-log.ts).
 * - `mp_oidc_tokens_issued_total{grant_type}`: successful token endpoint answers of the OpenID provider.
 * - `mp_db_pool_connections{state}` (PostgreSQL: total, idle, waiting) — PGlite has no pool to show.
 * - `mp_jobs{state}` (rows of `jobs` by state), `mp_jobs_running_here` (this process),
 *   `mp_message_deliveries{status}` (pending, sending, failed; when the messages table exists).
 * Database gauges are read at scrape time (one short statement each, platform scope, 2 s bound).
 */
import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { OpsCodes, Paths, ServiceAccountPaths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { rowsOf } from '../db/client.js';
import { runningJobCount } from '../modules/jobs/jobs.runner.js';
import { sendFailure } from './errors.js';

export const METRICS_PATH = '/metrics';

/** Counters other parts of the server feed (no-ops cost nothing when metrics are off). */
export interface OpsMetrics {
  /** An account was locked by failed sign-ins (modules/auth/signin.service.ts). */
  lockout(): void;
  /** Counts the OpenID provider's successful token answers (modules/oidc/oidc.plugin.ts). */
  watchOidc(provider: { on(event: string, fn: (ctx: { oidc?: { params?: { grant_type?: unknown } } }) => void): unknown }): void;
  /** `n` call records dropped because the call-log buffer was full (plugins/call-log.ts). */
  callLogDropped(n: number): void;
  /**
   * One answered request outside Fastify's hooks (modules/oidc/fast-path.ts): counted in the request series
   * like the onResponse hook's; `route` the route pattern, `seconds` the latency.
   */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The address rule of MP_METRICS_ALLOW: comma-separated addresses, CIDRs and the names `loopback`,
 * `private` (RFC 1918, unique-local, link-local) or `any`.
 * @throws Error naming a malformed entry (the start stops; config-env.ts validated its length only).
 */
export function metricsAllowList(spec: string): (ip: string) => boolean {
  const list = new BlockList();
  let any = false;
  const add = (entry: string) => {
    if (entry === 'any') {
      any = true;
      return;
    }
    if (entry === 'loopback') {
      add('127.0.0.0/8');
      add('::1');
      return;
    }
    if (entry === 'private') {
      for (const e of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', 'fc00::/7', 'fe80::/10']) add(e);
      return;
    }
    const [addr, bits] = entry.split('/');
    const type = isIP(addr ?? '');
    if (!type || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`MP_METRICS_ALLOW: "${entry}" is not an address, a CIDR, loopback, private or any`);
    const family = type === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr!, family);
    else list.addSubnet(addr!, Number(bits), family);
  };
  for (const entry of spec
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean))
    add(entry);
  return (ip) => {
    if (any) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const v = mapped ?? ip;
    const type = isIP(v);
    return type !== 0 && list.check(v, type === 4 ? 'ipv4' : 'ipv6');
  };
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Registers the metrics registry, the request hooks (when enabled), `app.opsMetrics` and `/metrics`. */
export function registerMetrics(app: FastifyInstance): void {
  const { enabled, token, allow } = app.config.metrics;
  const noop: OpsMetrics = { lockout: () => undefined, watchOidc: () => undefined, callLogDropped: () => undefined, httpRequest: () => undefined };
  if (!enabled) {
    app.decorate('opsMetrics', noop);
    return;
  }
  const allowed = metricsAllowList(allow);
  const register = new client.Registry();
  client.collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new client.Counter({ name: 'mp_http_requests_total', help: 'HTTP requests by route pattern and status', labelNames, registers: [register] });
  const duration = new client.Histogram({
    name: 'mp_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const signins = new client.Counter({
    name: 'mp_signins_total',
    help: 'Password sign-ins by result and refusal code',
    labelNames: ['result', 'reason'],
    registers: [register],
  });
  const lockouts = new client.Counter({ name: 'mp_lockouts_total', help: 'Accounts locked by failed sign-ins', registers: [register] });
  const callLogDrops = new client.Counter({
    name: 'mp_call_log_dropped_total',
    help: 'Gateway call records dropped because the call-log buffer was full',
    registers: [register],
  });
  const tokens = new client.Counter({
    name: 'mp_oidc_tokens_issued_total',
    help: 'Successful OpenID token endpoint answers by grant type',
    labelNames: ['grant_type'],
    registers: [register],
  });
  const pool = (app.database.db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } }).$client;
  if (app.database.kind === 'postgres' && pool) {
    new client.Gauge({
      name: 'mp_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance',
      labelNames: ['state'],
      registers: [register],
      collect() {
        this.set({ state: 'total' }, pool.totalCount ?? 0);
        this.set({ state: 'idle' }, pool.idleCount ?? 0);
        this.set({ state: 'waiting' }, pool.waitingCount ?? 0);
      },
    });
  }
  new client.Gauge({
    name: 'mp_jobs_running_here',
    help: 'Background jobs running in this process',
    registers: [register],
    collect() {
      this.set(runningJobCount(app));
    },
  });
  new client.Gauge({
    name: 'mp_jobs',
    help: 'Background jobs by state (all instances)',
    labelNames: ['state'],
    registers: [register],
    async collect() {
      const rows = await countBy(app, sql`select state as k, count(*)::int as n from jobs group by state`);
      this.reset();
      for (const r of rows) this.set({ state: r.k }, r.n);
    },
  });
  new client.Gauge({
    name: 'mp_message_deliveries',
    help: 'Message deliveries waiting, being sent or failed (all instances)',
    labelNames: ['status'],
    registers: [register],
    async collect() {
      const rows = await countBy(
        app,
        sql`select status as k, count(*)::int as n from message_deliveries where status in ('pending', 'sending', 'failed') group by status`,
        'message_deliveries',
      );
      this.reset();
      for (const s of ['pending', 'sending', 'failed']) this.set({ status: s }, rows.find((r) => r.k === s)?.n ?? 0);
    },
  });

  const signInPaths = new Set<string>([Paths.signin, ServiceAccountPaths.serviceaccounttoken]);
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route && signInPaths.has(route) && typeof payload === 'string') {
      const m = /"result":"([01])"(?:.*?"scode":"([^"]*)")?/.exec(payload);
      if (m) signins.inc(m[1] === '1' ? { result: 'success', reason: '' } : { result: 'failure', reason: m[2] ?? String(reply.statusCode) });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  app.decorate('opsMetrics', {
    lockout: () => lockouts.inc(),
    callLogDropped: (n) => callLogDrops.inc(n),
    httpRequest: (method, route, status, seconds) => {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    watchOidc: (provider) => {
      provider.on('grant.success', (ctx) => tokens.inc({ grant_type: String(ctx.oidc?.params?.grant_type ?? 'unknown') }));
    },
  } satisfies OpsMetrics);

  app.get(METRICS_PATH, { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!allowed(request.ip) || (token && !tokenMatches(request, token))) {
      request.log.warn({ ip: request.ip }, 'metrics refused');
      return sendFailure(request, reply, 403, OpsCodes.METRICS_REFUSED);
    }
    return reply.type(register.contentType).send(await register.metrics());
  });
}

/** `select k, n` rows in platform scope, within 2 s; none when `table` is named and does not exist, or on failure. */
async function countBy(app: FastifyInstance, query: ReturnType<typeof sql>, table?: string): Promise<{ k: string; n: number }[]> {
  const run = inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    if (table) {
      const [exists] = rowsOf<{ t: string | null }>(await tx.execute(sql`select to_regclass(${table})::text as t`));
      if (!exists?.t) return [];
    }
    return rowsOf<{ k: string; n: number }>(await tx.execute(query));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ k: string; n: number }[]>((r) => {
    timer = setTimeout(() => r([]), 2000);
  });
  try {
    return await Promise.race([
      run.catch((err: unknown) => {
        app.log.warn({ err }, 'metrics: database gauge not read');
        return [];
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters fed by other parts of the server (plugins/metrics.ts); no-ops while metrics are off. */
    opsMetrics: OpsMetrics;
  }
}
