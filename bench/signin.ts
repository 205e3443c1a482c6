import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
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
import { ADMIN, prepareDatabase, ROOT, SIGNIN_USER, startServer, type RunningServer } from './server.js';
import { envelopeOk, runScenario, type ScenarioResult, type ScenarioSpec } from './scenario.js';
import { cpuSecondsOf, printReport, startMinimalProvider } from './signin-support.js';

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
