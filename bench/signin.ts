/**
 * Sign-in and OpenID Connect throughput, per core (issue 4 "Benchmark"; docs/benchmarks.md "Sign-in
 * and OpenID Connect"). One server (the real gateway as a child process, bench/server.ts) and, in the
 * same run:
 *   (a)  GET /healthz — the bare-route baseline;
 *   (s)  POST …/auth/login/signin — the full signed sign-in with an encrypted password: argon2id with
 *        the OWASP parameters of lib/passwords.ts (19 MiB, t=2, p=1), a new session, earlier sessions
 *        replaced, audit entry. Anchor: Keycloak's published 15 password logins/s per vCPU;
 *   (o1) POST /oidc/token/introspection — RFC 7662 with client_secret_basic, an active access token;
 *   (o2) GET /oidc/me — userinfo with that bearer access token.
 *        Anchor for both: Ory Hydra's 5,109 introspections/s on 2 CPUs;
 *   (m1), (m2) the same two calls on a minimal `oidc-provider` with its in-memory adapter
 *        (bench/oidc-minimal.ts, its own process) — the same-run baseline of issue 17's goal
 *        (o1)/(m1) and (o2)/(m2) ≥ 0.5.
 * The access token comes from the real authorization-code flow with PKCE (the relying party of
 * testing/oidc-rp.ts, the browser journey of modules/oidc/oidc.fixtures.ts without a browser), with an
 * app and an `oidc_clients` row (secret stored as lowercase hex SHA-256) inserted before the server
 * starts. "Per core" divides by the CPU time the server process used during the scenario (all its
 * threads: the event loop and libuv's threadpool, where argon2 runs), read from /proc/<pid>/stat.
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_SIGNIN_CONNECTIONS (concurrent clients, default
 * BENCH_CONNECTIONS or 10), UV_THREADPOOL_SIZE (passed to the server; libuv's default is 4),
 * BENCH_CPU_PROF=1 (server under `node --cpu-prof`, profiles in bench/results/profile-signin/),
 * BENCH_SIGNIN_PG=1 (the server on a throw-away PostgreSQL instead of the embedded database; `both`: the
 * whole set on the embedded database, then again on PostgreSQL, beside the same minimal provider),
 * BENCH_SIGNIN_SCENARIOS (comma-separated keys to run, e.g. `a,o1,o2,m1,m2`; default all),
 * BENCH_SIGNIN_ROUNDS (default 1; n > 1: (o1)/(m1) and (o2)/(m2) alternate in n rounds of
 * BENCH_DURATION / n seconds each, and the median of the rounds' ratios is reported — on a machine whose
 * load drifts between scenarios, a pair measured back to back is what compares).
 * Run alone: `npx tsx bench/signin.ts`; `npm run bench` runs it after the other scenarios.
 */
import { execSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import { Paths } from '@mp/protocol';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { oidcClients, products, tenantProducts } from '../packages/server/src/db/schema/index.js';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { RelyingParty } from '../packages/server/src/testing/oidc-rp.js';
import { nativeSignature } from '../packages/server/src/plugins/guard.js';
import { hashClientSecret } from '../packages/server/src/modules/oidc/clients.js';
import { journey, UserAgent } from '../packages/server/src/modules/oidc/oidc.fixtures.js';
import { startPostgres } from '../packages/server/src/testing/postgres-server.js';
import { ADMIN, freePort, prepareDatabase, ROOT, SIGNIN_USER, startServer, type RunningServer } from './server.js';
import { envelopeOk, runScenario, type ScenarioResult, type ScenarioSpec } from './scenario.js';

/** Published anchors the figures are set beside. */
export const ANCHORS = {
  keycloakLoginsPerVcpu: 15,
  hydraIntrospectionsPerSecond: 5109,
  hydraCpus: 2,
} as const;

const CLIENT = { clientId: 'bench-rp', clientSecret: 'bench-rp-secret-0123456789abcdef' };
/** The relying party's address: never contacted (the journey stops at the redirect to its callback). */
const RP_URL = 'http://127.0.0.1:9';

export interface PerCoreResult extends ScenarioResult {
  /** CPU seconds the server process used during the scenario (all threads). */
  serverCpuS: number;
  /** serverCpuS / duration: how many cores the server kept busy on average. */
  coresBusy: number;
  /** Requests per CPU-second of the server: the per-core throughput. */
  perCore: number;
  /** reqPerSec / this scenario's baseline (a). */
  ratioToBaseline: number;
}

export interface SigninBenchReport {
  /** The server's database. */
  database: 'PGlite' | 'PostgreSQL';
  connections: number;
  availableParallelism: number;
  uvThreadpoolSize: string;
  argon2: string;
  scenarios: PerCoreResult[];
  anchors: typeof ANCHORS;
  /** Set when the OpenID part could not run (the reason). */
  oidcPending?: string;
  /** With BENCH_SIGNIN_PG=both: the same set on PostgreSQL (this report is the embedded database's). */
  postgres?: SigninBenchReport;
  /** With BENCH_SIGNIN_ROUNDS > 1: each pair's ratios per round (req/s and per core) and their medians. */
  rounds?: { pair: string; reqPerSec: number[]; perCore: number[]; medianReqPerSec: number; medianPerCore: number }[];
}

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system, every thread) used so far by process `pid`. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime, stime (fields 14 and 15 of stat)
}

/** An app authorised for the platform tenant and its OpenID client, in the prepared database (PostgreSQL at `databaseUrl`). */
async function addOidcClient(dataDir: string, redirectUri: string, databaseUrl?: string): Promise<void> {
  const config = { ...loadConfig({ ...process.env, MP_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }), dataDir };
  const database = await openDatabase(config);
  try {
    await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
      const productId = randomUUID();
      await tx.insert(products).values({
        id: productId,
        code: 'benchrp',
        name: 'Bench RP',
        abbreviation: 'RP',
        version: '1.0',
        callbackUrl: redirectUri,
        department: 'IT',
        ownerName: 'Bench',
        ownerEmail: 'bench@example.com',
        ownerPhone: '13800000000',
        opsOwner: 'Bench',
      });
      await tx.insert(tenantProducts).values({ tenantId: 'sys', productId, version: '1.0' });
      await tx.insert(oidcClients).values({
        clientId: CLIENT.clientId,
        productId,
        name: 'Bench RP',
        secretHash: hashClientSecret(CLIENT.clientSecret),
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [],
        grantTypes: ['authorization_code', 'refresh_token'],
      });
    });
  } finally {
    await database.close();
  }
}

/** Runs `spec` and measures the server's CPU time over it. */
async function measured(
  pid: number,
  spec: ScenarioSpec,
  baseUrl: string,
  durationS: number,
  connections: number,
): Promise<Omit<PerCoreResult, 'ratioToBaseline'>> {
  const before = cpuSecondsOf(pid);
  const r = await runScenario(spec, { baseUrl, durationS, connections });
  const serverCpuS = cpuSecondsOf(pid) - before;
  return { ...r, serverCpuS: round(serverCpuS, 2), coresBusy: round(serverCpuS / r.durationS, 2), perCore: round(r.requests / Math.max(serverCpuS, 1e-9), 1) };
}

function round(n: number, d = 1): number {
  const f = 10 ** d;
  return Math.round(n * f) / f;
}

/** An access token through the authorization-code flow with PKCE, signed in as the administrator. */
async function accessToken(server: RunningServer, rp: RelyingParty): Promise<string> {
  const issuer = `${server.baseUrl}/oidc`;
  await rp.register(CLIENT.clientId, CLIENT.clientSecret);
  const pending = await rp.authorize();
  const j = await journey(server.baseUrl, new UserAgent(server.baseUrl), pending.url, { username: ADMIN.username, password: ADMIN.password });
  if (!j.callback?.searchParams.get('code')) throw new Error(`no code from ${issuer}: ${j.callback ?? j.res.status}`);
  const done = await rp.callback(j.callback);
  if (!done.accessToken) throw new Error('no access token');
  return done.accessToken;
}

/** The minimal provider of bench/oidc-minimal.ts as a child process, with its token. */
async function startMinimalProvider(): Promise<{ baseUrl: string; pid: number; token: string; basic: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/oidc-minimal.ts', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`minimal provider did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const json = out.split('\n').find((l) => l.startsWith('{'));
      if (json) {
        clearTimeout(timer);
        resolve(json);
      }
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`minimal provider exited (${code}): ${out}`));
    });
  });
  const m = JSON.parse(line) as { token: string; clientId: string; clientSecret: string };
  const basic = `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString('base64')}`;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    token: m.token,
    basic,
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}

/** Introspection and userinfo specs against `paths` with `token` and the client's Basic credentials. */
function oidcSpecs(
  keys: [string, string],
  labels: [string, string],
  paths: { introspection: string; userinfo: string },
  token: string,
  basic: string,
): ScenarioSpec[] {
  const form = `token=${encodeURIComponent(token)}&token_type_hint=access_token`;
  return [
    {
      key: keys[0],
      label: labels[0],
      method: 'POST',
      path: paths.introspection,
      body: form,
      headers: () => ({ 'content-type': 'application/x-www-form-urlencoded', authorization: basic }),
      isSuccess: (st, b) => st === 200 && b.includes('"active":true'),
    },
    {
      key: keys[1],
      label: labels[1],
      method: 'GET',
      path: paths.userinfo,
      headers: () => ({ authorization: `Bearer ${token}` }),
      isSuccess: (st, b) => st === 200 && b.includes('"sub"'),
    },
  ];
}

/**
 * Runs (a), (s), (o1), (o2) on a server of its own beside (m1), (m2) on the minimal provider, and prints
 * the table; with BENCH_SIGNIN_PG=both once on each database (docs above). Throws only when the
 * benchmark itself broke (server, sign-in); an OpenID provider that cannot issue a token leaves (o1)
 * and (o2) marked pending.
 */
export async function runSigninBench(o: { durationS: number; connections: number }): Promise<SigninBenchReport> {
  // The sign-in rate limits (docs/login.md) would turn most of (s) into 429s: off for the server under test.
  for (const k of ['MP_SIGNIN_RATE_ACCOUNT', 'MP_SIGNIN_RATE_IP', 'MP_SIGNIN_RATE_ACCOUNT_ALL']) process.env[k] = '0';
  const which = process.env.BENCH_SIGNIN_PG;
  let minimal: Awaited<ReturnType<typeof startMinimalProvider>> | undefined;
  try {
    minimal = await startMinimalProvider();
    if (which !== 'both') return await runOnDatabase(which === '1', o, minimal);
    const report = await runOnDatabase(false, o, minimal);
    return { ...report, postgres: await runOnDatabase(true, o, minimal) };
  } finally {
    minimal?.stop();
  }
}

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};

/**
 * BENCH_SIGNIN_ROUNDS: (oN) and (mN) back to back, `rounds` times, each for durationS / rounds seconds
 * (after one warm-up each); answers each scenario summed over its rounds and each pair's ratios.
 */
async function alternate(
  specs: (ScenarioSpec & { baseUrl?: string })[],
  rounds: number,
  o: { durationS: number; connections: number },
  baseUrl: string,
  serverPid: number,
  minimalPid: number,
) {
  const byKey = new Map(specs.map((x) => [x.key, x]));
  const pairs = (['1', '2'] as const).map((n) => [byKey.get(`o${n}`), byKey.get(`m${n}`)] as const).filter(([a, b]) => a && b) as [
    ScenarioSpec & { baseUrl?: string },
    ScenarioSpec & { baseUrl?: string },
  ][];
  const sums = new Map<string, Omit<PerCoreResult, 'ratioToBaseline'>[]>();
  const out: NonNullable<SigninBenchReport['rounds']> = [];
  const each = Math.max(1, Math.round(o.durationS / rounds));
  for (const [a, b] of pairs) for (const x of [a, b]) await runScenario(x, { baseUrl: x.baseUrl ?? baseUrl, durationS: 2, connections: o.connections }); // warm up
  for (const [a, b] of pairs) out.push({ pair: `(${a.key})/(${b.key})`, reqPerSec: [], perCore: [], medianReqPerSec: 0, medianPerCore: 0 });
  for (let r = 0; r < rounds; r++) {
    for (const [i, [a, b]] of pairs.entries()) {
      const [ra, rb] = [await measured(serverPid, a, baseUrl, each, o.connections), await measured(minimalPid, b, b.baseUrl!, each, o.connections)];
      for (const x of [ra, rb]) sums.set(x.key, [...(sums.get(x.key) ?? []), x]);
      out[i]!.reqPerSec.push(round(ra.reqPerSec / rb.reqPerSec, 2));
      out[i]!.perCore.push(round(ra.perCore / rb.perCore, 2));
      console.log(`round ${r + 1}: (${a.key}) ${ra.reqPerSec} req/s, ${ra.perCore}/s per core; (${b.key}) ${rb.reqPerSec} req/s, ${rb.perCore}/s per core`);
    }
  }
  for (const x of out) {
    x.medianReqPerSec = median(x.reqPerSec);
    x.medianPerCore = median(x.perCore);
  }
  const results = [...sums.values()].map((rs) => {
    const requests = rs.reduce((n, x) => n + x.requests, 0);
    const durationS = rs.reduce((n, x) => n + x.durationS, 0);
    const serverCpuS = rs.reduce((n, x) => n + x.serverCpuS, 0);
    return {
      ...rs[0]!,
      requests,
      durationS,
      errors: rs.reduce((n, x) => n + x.errors, 0),
      reqPerSec: round(requests / durationS, 1),
      serverCpuS: round(serverCpuS, 2),
      coresBusy: round(serverCpuS / durationS, 2),
      perCore: round(requests / Math.max(serverCpuS, 1e-9), 1),
    };
  });
  return { rounds: out, results };
}

/** The scenario keys BENCH_SIGNIN_SCENARIOS selects (all when unset). */
function selected(key: string): boolean {
  const keys = (process.env.BENCH_SIGNIN_SCENARIOS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return !keys.length || keys.includes(key);
}

/** One pass of runSigninBench on the embedded database or (`onPostgres`) a throw-away PostgreSQL. */
async function runOnDatabase(
  onPostgres: boolean,
  o: { durationS: number; connections: number },
  minimal: Awaited<ReturnType<typeof startMinimalProvider>>,
): Promise<SigninBenchReport> {
  let server: RunningServer | undefined;
  let pg: Awaited<ReturnType<typeof startPostgres>> | undefined;
  try {
    const profDir = join(ROOT, 'bench', 'results', 'profile-signin');
    if (process.env.BENCH_CPU_PROF === '1') mkdirSync(profDir, { recursive: true });
    if (onPostgres) pg = await startPostgres();
    const databaseUrl = pg?.url;
    server = await startServer(
      process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
      async (dir) => {
        if (databaseUrl) await prepareDatabase(dir, databaseUrl);
        await addOidcClient(dir, `${RP_URL}/callback`, databaseUrl);
      },
      databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    );
    const rp = new RelyingParty(`${server.baseUrl}/oidc`);
    rp.url = RP_URL;
    const anon = await new GatewayClient(server.baseUrl).init();
    anon.sign = nativeSignature;
    const signinBody = JSON.stringify({ username: SIGNIN_USER.username, password: anon.encrypt(SIGNIN_USER.password), agree: true });
    const probe = await anon.post(Paths.signin, JSON.parse(signinBody));
    if (probe.body.result !== '1') throw new Error(`bench user cannot sign in: ${probe.status} ${probe.body.scode} ${probe.body.msg}`);

    const specs: ScenarioSpec[] = [
      {
        key: 'a',
        label: 'GET /healthz (baseline)',
        method: 'GET',
        path: '/healthz',
        headers: () => ({}),
        isSuccess: (s, b) => s === 200 && b.includes('"ok"'),
      },
      {
        key: 's',
        label: 'signed sign-in (argon2id)',
        method: 'POST',
        path: Paths.signin,
        body: signinBody,
        headers: () => anon.headersFor('POST', signinBody),
        isSuccess: envelopeOk,
      },
    ];
    let oidcPending: string | undefined;
    try {
      const token = await accessToken(server, rp);
      const meta = rp.config.serverMetadata();
      const basic = `Basic ${Buffer.from(`${encodeURIComponent(CLIENT.clientId)}:${encodeURIComponent(CLIENT.clientSecret)}`).toString('base64')}`;
      const paths = { introspection: new URL(meta.introspection_endpoint!).pathname, userinfo: new URL(meta.userinfo_endpoint!).pathname };
      const baselines = oidcSpecs(
        ['m1', 'm2'],
        ['minimal provider introspection', 'minimal provider userinfo'],
        { introspection: '/token/introspection', userinfo: '/me' },
        minimal.token,
        minimal.basic,
      );
      specs.push(
        ...oidcSpecs(['o1', 'o2'], ['OIDC token introspection', 'OIDC userinfo'], paths, token, basic),
        ...baselines.map((b) => ({ ...b, baseUrl: minimal.baseUrl })),
      );
    } catch (err) {
      oidcPending = `pending: the OpenID provider at /oidc issued no access token (${(err as Error).message.split('\n')[0]})`;
    }

    const results: PerCoreResult[] = [];
    let baseline = 0;
    const rounds = Math.max(1, Number(process.env.BENCH_SIGNIN_ROUNDS ?? 1) || 1);
    const paired = (key: string) => rounds > 1 && /^[om][12]$/.test(key);
    for (const spec of (specs as (ScenarioSpec & { baseUrl?: string })[]).filter((x) => selected(x.key) && !paired(x.key))) {
      const baseUrl = spec.baseUrl ?? server.baseUrl;
      if (spec.key !== 's') await runScenario(spec, { baseUrl, durationS: 2, connections: o.connections }); // warm up
      process.stdout.write(`running (${spec.key}) ${spec.label} … `);
      const r = await measured(spec.baseUrl ? minimal.pid : server.child.pid!, spec, baseUrl, o.durationS, o.connections);
      console.log(`${r.reqPerSec} req/s, ${r.perCore}/s per core`);
      if (r.requests === 0) throw new Error(`scenario (${spec.key}) completed no requests`);
      if (spec.key === 'a') baseline = r.reqPerSec;
      results.push({ ...r, ratioToBaseline: baseline ? round(r.reqPerSec / baseline, 4) : 0 });
    }
    const roundStats =
      rounds > 1
        ? await alternate(
            specs.filter((x) => paired(x.key) && selected(x.key)),
            rounds,
            o,
            server.baseUrl,
            server.child.pid!,
            minimal.pid,
          )
        : undefined;
    for (const r of roundStats?.results ?? []) results.push({ ...r, ratioToBaseline: baseline ? round(r.reqPerSec / baseline, 4) : 0 });
    const report: SigninBenchReport = {
      ...(roundStats ? { rounds: roundStats.rounds } : {}),
      database: onPostgres ? 'PostgreSQL' : 'PGlite',
      connections: o.connections,
      availableParallelism: availableParallelism(),
      uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? '4 (libuv default)',
      argon2: 'argon2id m=19456 KiB, t=2, p=1 (OWASP)',
      scenarios: results,
      anchors: ANCHORS,
      ...(oidcPending ? { oidcPending } : {}),
    };
    printReport(report);
    return report;
  } finally {
    await server?.stop();
    pg?.stop();
  }
}

function printReport(r: SigninBenchReport): void {
  console.log(
    `\nsign-in and OIDC on ${r.database}: ${r.connections} concurrent clients; server: one Node process, UV_THREADPOOL_SIZE ${r.uvThreadpoolSize}, os.availableParallelism() ${r.availableParallelism} (${cpus()[0]?.model ?? ''}); ${r.argon2}`,
  );
  const head = `${'scenario'.padEnd(34)} ${'req/s'.padStart(9)} ${'cores busy'.padStart(10)} ${'per core'.padStart(9)} ${'÷ (a)'.padStart(8)} ${'p50/p99 ms'.padStart(11)} ${'errors'.padStart(6)}`;
  console.log(`${head}\n${'-'.repeat(head.length)}`);
  for (const s of r.scenarios) {
    console.log(
      `${`(${s.key}) ${s.label}`.padEnd(34)} ${String(s.reqPerSec).padStart(9)} ${String(s.coresBusy).padStart(10)} ${String(s.perCore).padStart(9)} ${s.ratioToBaseline.toFixed(4).padStart(8)} ${`${s.latencyMs.p50}/${s.latencyMs.p99}`.padStart(11)} ${String(s.errors).padStart(6)}`,
    );
  }
  const s = r.scenarios.find((x) => x.key === 's');
  if (s)
    console.log(
      `sign-ins per core: ${s.perCore}/s  (anchor: Keycloak ${r.anchors.keycloakLoginsPerVcpu} password logins/s per vCPU → ×${(s.perCore / r.anchors.keycloakLoginsPerVcpu).toFixed(2)})`,
    );
  const o1 = r.scenarios.find((x) => x.key === 'o1');
  const hydraPerCpu = r.anchors.hydraIntrospectionsPerSecond / r.anchors.hydraCpus;
  if (o1)
    console.log(
      `introspections per core: ${o1.perCore}/s  (anchor: Ory Hydra ${r.anchors.hydraIntrospectionsPerSecond}/s on ${r.anchors.hydraCpus} CPUs = ${hydraPerCpu}/s per CPU → ×${(o1.perCore / hydraPerCpu).toFixed(2)})`,
    );
  for (const [o, m] of [
    ['o1', 'm1'],
    ['o2', 'm2'],
  ] as const) {
    const a = r.scenarios.find((x) => x.key === o);
    const b = r.scenarios.find((x) => x.key === m);
    if (a && b)
      console.log(
        `(${o}) ÷ (${m}) minimal in-memory oidc-provider of the same run: ${(a.reqPerSec / b.reqPerSec).toFixed(2)} (req/s), ${(a.perCore / b.perCore).toFixed(2)} (per core) — goal ≥ 0.5`,
      );
  }
  for (const x of r.rounds ?? [])
    console.log(
      `${x.pair} back to back in ${x.reqPerSec.length} rounds: median ${x.medianReqPerSec} (req/s), ${x.medianPerCore} (per core); rounds ${x.reqPerSec.join(', ')} / ${x.perCore.join(', ')}`,
    );
  if (r.oidcPending) console.log(`(o1), (o2): ${r.oidcPending}`);
  for (const x of r.scenarios) if (x.errorSamples.length) console.log(`failed answers of (${x.key}): ${x.errors}\n  ${x.errorSamples.join('\n  ')}`);
}

// Run alone: npx tsx bench/signin.ts
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const durationS = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_SIGNIN_CONNECTIONS ?? process.env.BENCH_CONNECTIONS ?? 10);
  runSigninBench({ durationS, connections }).then(
    () => {
      process.exitCode = 0;
    },
    (err) => {
      console.error(`bench failed: ${(err as Error).stack ?? err}`);
      process.exitCode = 1;
    },
  );
}
