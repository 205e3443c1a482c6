/**
 * The server under test for `npm run bench`: a throw-away embedded database in a temporary folder,
 * prepared with the users the scenarios need, and the real gateway (packages/server/src/main.ts)
 * started as a child process on a free loopback port, so the load generator and the server do not
 * share one event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { bootstrap } from '../packages/server/src/bootstrap.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { SettingsService } from '../packages/server/src/modules/settings/settings.service.js';
import { insertIdentity, insertUser } from '../packages/server/src/modules/users/users.repository.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { username: 'admin', password: 'Bench@2026admin' };
/** The account scenario (c) signs in as: its own, because a sign-in replaces the account's earlier session. */
export const SIGNIN_USER = { username: 'bench.signin', password: 'Bench@2026user' };

/** A free TCP port on 127.0.0.1 (asks the OS for one, then releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** The environment the server child runs with (same variables main.ts reads). */
function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MP_DATA_DIR: dataDir,
    MP_LOGIN_CAPTCHA: '0',
    MP_ADMIN_USERNAME: ADMIN.username,
    MP_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    MP_CONSOLE_DIR: join(dataDir, 'no-console'),
    DATABASE_URL: '',
    // the benchmarks measure throughput, not the sign-in rate limiter (docs/login.md)
    MP_SIGNIN_RATE_ACCOUNT: '0',
    MP_SIGNIN_RATE_IP: '0',
    MP_SIGNIN_RATE_ACCOUNT_ALL: '0',
  };
}

/**
 * Creates the database in `dataDir` (migrations, bootstrap with the bench admin) and the sign-in
 * user of scenario (c), then closes it so the server can open it (PGlite: one process per folder).
 * With `databaseUrl` the same is done on that PostgreSQL database instead (bench/signin.ts BENCH_SIGNIN_PG=1).
 */
export async function prepareDatabase(dataDir: string, databaseUrl?: string): Promise<void> {
  // The port is not listened on here; it only has to be a valid one (the configuration refuses 0).
  const config = { ...loadConfig(serverEnv(dataDir, 8080)), dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
  const database = await openDatabase(config);
  try {
    await bootstrap(database, config, new SettingsService(database.db, config));
    const passwordHash = await hashPassword(SIGNIN_USER.password);
    await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
      const id = 'bench-signin-user';
      await insertUser(tx, { id, tenantId: 'sys', username: SIGNIN_USER.username, employeeName: 'Bench sign-in', passwordHash, agreedAt: new Date() });
      await insertIdentity(tx, 'sys', id, 1);
    });
  } finally {
    await database.close();
  }
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** The server's stderr/stdout so far (shown when it fails). */
  output(): string;
  /** Stops the child (SIGTERM, then SIGKILL after 5 s) and removes the data folder. */
  stop(): Promise<void>;
}

async function waitHealthy(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${baseUrl}/healthz`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * How the bench starts the server: from the source through tsx (the default), or with `BENCH_SERVER=dist` the
 * production build as `npm run serve` starts it (`npm run build` first; the call-log worker is then
 * dist/calllog-worker.js instead of its TypeScript file loaded through tsx).
 */
const SERVER_ENTRY =
  process.env.BENCH_SERVER === 'dist' ? ['--enable-source-maps', 'packages/server/dist/main.js'] : ['--import', 'tsx', 'packages/server/src/main.ts'];

/**
 * Prepares a temporary database and starts the server on it. `nodeArgs` are passed to node before the
 * script (e.g. `--cpu-prof`); `prepare` adds rows a scenario needs to the prepared folder before the
 * server opens it (e.g. an OpenID client, bench/signin.ts). @throws when the server does not answer
 * /healthz within 60 s. `env` overrides the server's environment (e.g. DATABASE_URL for PostgreSQL, bench/appusers.ts).
 */
export async function startServer(nodeArgs: string[] = [], prepare?: (dataDir: string) => Promise<void>, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-'));
  await prepareDatabase(dataDir);
  await prepare?.(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(baseUrl, child, 60_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${out}`);
  }
  return { baseUrl, dataDir, child, output: () => out, stop };
}
