/**
 * One benchmark scenario: autocannon against the loopback server with a per-request hook that builds
 * fresh headers (nonce, timestamp, signature), and a response check that counts every answer that is
 * not a success (non-2xx status, or an envelope whose `result` is not '1') as an error.
 */
import autocannon from 'autocannon';

export interface ScenarioSpec {
  /** Short key ('a', 'b', 'c') and a human label. */
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** Exact body text sent (and signed), if any. */
  body?: string;
  /** Headers for one request; called for every request, so nonces and timestamps are fresh. */
  headers: () => Record<string, string>;
  /** True when the response body is a success for this scenario. */
  isSuccess: (status: number, body: string) => boolean;
}

export interface ScenarioResult {
  key: string;
  label: string;
  method: string;
  path: string;
  durationS: number;
  connections: number;
  requests: number;
  /** Mean requests per second over the run. */
  reqPerSec: number;
  /** Latency percentiles and mean in milliseconds. */
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  /** Failed answers (non-2xx or result !== '1') plus connection errors and timeouts. */
  errors: number;
  non2xx: number;
  connectionErrors: number;
  timeouts: number;
  /** Up to five distinct failed answers, `status body` (truncated). */
  errorSamples: string[];
}

export interface RunOptions {
  baseUrl: string;
  durationS: number;
  connections: number;
}

/**
 * Runs `spec` for `durationS` seconds with `connections` keep-alive connections.
 * @throws when autocannon cannot start (bad URL or options).
 */
export async function runScenario(spec: ScenarioSpec, o: RunOptions): Promise<ScenarioResult> {
  let failed = 0;
  const samples = new Set<string>();
  const result = await autocannon({
    url: o.baseUrl,
    connections: o.connections,
    duration: o.durationS,
    timeout: 10,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        setupRequest: (req) => ({
          ...req,
          method: spec.method,
          path: spec.path,
          headers: spec.headers(),
          ...(spec.body !== undefined ? { body: spec.body } : {}),
        }),
        onResponse: (status, body) => {
          if (spec.isSuccess(status, body)) return;
          failed++;
          if (samples.size < 5) samples.add(`${status} ${String(body).slice(0, 200)}`);
        },
      },
    ],
  });
  return {
    key: spec.key,
    label: spec.label,
    method: spec.method,
    path: spec.path,
    durationS: result.duration,
    connections: result.connections,
    requests: result.requests.total,
    reqPerSec: round(result.requests.total / result.duration),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: round(result.latency.mean), max: result.latency.max },
    errors: failed + result.errors,
    non2xx: result.non2xx,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    errorSamples: [...samples],
  };
}

/**
 * Runs `specs` in order against one server, each after a 2 s warm-up, the first being the bare-route
 * baseline the others are compared with; `before(spec)` runs once before a scenario (e.g. a check that the
 * call answers). Returns the measured results in order.
 * @throws when a scenario completed no request (nothing to report).
 */
export async function runScenarios(specs: readonly ScenarioSpec[], o: RunOptions, before?: (spec: ScenarioSpec) => Promise<void>): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const spec of specs) {
    if (before) await before(spec);
    await runScenario(spec, { ...o, durationS: 2 });
    const r = await runScenario(spec, o);
    if (r.requests === 0) throw new Error(`scenario (${spec.key}) completed no requests`);
    results.push(r);
  }
  return results;
}

/** Throughput, p50 and p99 of each result after the first, as ratios to the first (the baseline), to `digits` decimals. */
export function ratiosToBaseline(results: readonly ScenarioResult[], digits = 2): Record<string, { throughput: number; p50: number; p99: number }> {
  const base = results[0]!;
  const f = 10 ** digits;
  const r = (x: number) => Math.round(x * f) / f;
  return Object.fromEntries(
    results.slice(1).map((x) => [
      x.key,
      {
        throughput: r(x.reqPerSec / base.reqPerSec),
        p50: r(Math.max(x.latencyMs.p50, 1) / Math.max(base.latencyMs.p50, 1)),
        p99: r(Math.max(x.latencyMs.p99, 1) / Math.max(base.latencyMs.p99, 1)),
      },
    ]),
  );
}

/**
 * Runs a benchmark module as a script (`npx tsx bench/<x>.ts`) when `moduleUrl` is the file node started:
 * BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10); exit code 1 when a scenario completed
 * no request (the figures themselves are a report, never a failure).
 */
export async function runAsScript(
  moduleUrl: string,
  bench: (o: { durationS: number; connections: number }) => Promise<{ scenarios: ScenarioResult[] }>,
): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const r = await bench({ durationS: Number(process.env.BENCH_DURATION ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 10) });
  process.exitCode = r.scenarios.some((x) => x.requests === 0) ? 1 : 0;
}

/** True for a 2xx answer whose JSON envelope says `result: '1'`. */
export function envelopeOk(status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  try {
    return (JSON.parse(body) as { result?: unknown }).result === '1';
  } catch {
    return false;
  }
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Runs `run` against a bench server whose embedded database `seed` filled first (opened, seeded and closed
 * before the server opens the folder: PGlite is one process per folder); prints the tail of the server's
 * output when it fails, and always stops it. Used by benches on a seeded tenant (bench/workflow.ts).
 */
export async function onSeededServer<T>(
  seed: (database: import('../packages/server/src/db/client.js').Database) => Promise<void>,
  run: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const { startServer } = await import('./server.js');
  const { loadConfig } = await import('../packages/server/src/config.js');
  const { openDatabase } = await import('../packages/server/src/db/client.js');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer([], async (dataDir) => {
      const database = await openDatabase({ ...loadConfig({ ...process.env, MP_DATA_DIR: dataDir, DATABASE_URL: '' }), dataDir });
      try {
        await seed(database);
      } finally {
        await database.close();
      }
    });
    return await run(server.baseUrl);
  } catch (err) {
    if (server) console.error(`--- server output ---\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await server?.stop();
  }
}

/** Prints scenario results with their ratios to the baseline scenario `baseKey` (p50 / p99 / req/s). */
export function printScenarioTable(results: readonly ScenarioResult[], baseKey: string): Record<string, { throughput: number; p50: number; p99: number }> {
  const ratios = ratiosToBaseline(results);
  console.log(
    `\n${'scenario'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  p50 / p99 / req/s vs (${baseKey})`,
  );
  for (const r of results) {
    const x = ratios[r.key];
    console.log(
      `${`(${r.key}) ${r.label}`.padEnd(36)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(7)} ${String(r.latencyMs.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${x ? `${x.p50} / ${x.p99} / ${x.throughput}` : '—'}`,
    );
    for (const s of r.errorSamples) console.log(`    failed: ${s}`);
  }
  return ratios;
}
