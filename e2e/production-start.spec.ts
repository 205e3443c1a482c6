/**
 * The container image's start without Docker (issue 17 "Runtime and packaging"; Dockerfile): the built
 * server (`packages/server/dist`) and console (`packages/console/dist`) with the package files copied to an
 * empty folder, production dependencies only (`npm ci --omit=dev` of server, protocol and i18n from the
 * local npm cache), then `node --enable-source-maps packages/server/dist/main.js` on a fresh embedded
 * database — and the platform administrator signs in through the signed gateway and adds a tenant, and that call is
 * recorded by the call-log store's worker thread (`dist/calllog-worker.js`) and listed by the call-log API.
 * Needs `npm run build` first (the e2e run does it).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallLogPaths, Paths, type CallLogRow, type CallStats, type Paged } from '@mp/protocol';
import { addTenants, adminClient } from './seed-api.js';
import { ADMIN_PASSWORD, freePort } from './support.js';

const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
/** The workspaces the server's bundle needs at run time (their `dependencies`, not devDependencies). */
const RUNTIME_WORKSPACES = ['packages/server', 'packages/protocol', 'packages/i18n'];

describe('production start (the image layout: npm ci --omit=dev, node dist/main.js)', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  let out = '';
  let url = '';

  beforeAll(async () => {
    for (const built of ['packages/server/dist/main.js', 'packages/console/dist/index.html']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`run npm run build first: ${built} is missing`);
    }
    dir = mkdtempSync(join(tmpdir(), 'mp-prod-'));
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const f of ['package.json', 'package-lock.json', '.npmrc', ...root.workspaces.map((w) => `${w}/package.json`)]) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      cpSync(join(ROOT, f), join(dir, f));
    }
    for (const d of ['packages/server/dist', 'packages/console/dist']) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
    // the same Node that runs this test installs (native modules) and runs the server; --omit=optional
    // leaves out TypeScript, an optional peer of i18next that the lockfile marks devOptional (Dockerfile)
    const PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
    const t0 = Date.now();
    await run('npm', ['ci', '--omit=dev', '--omit=optional', '--prefer-offline', '--no-audit', '--no-fund', ...RUNTIME_WORKSPACES.flatMap((w) => ['-w', w])], {
      cwd: dir,
      env: { ...process.env, PATH },
      timeout: 240_000,
      maxBuffer: 16 << 20,
    });
    console.log(`production start: npm ci --omit=dev took ${Date.now() - t0} ms`);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
      cwd: dir,
      env: {
        ...process.env,
        PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        MP_DATA_DIR: join(dir, 'data'),
        MP_ADMIN_PASSWORD: ADMIN_PASSWORD,
        MP_LOGIN_CAPTCHA: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`production start: listening ${Date.now() - t0} ms after the install began`);
  }, 360_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        child!.once('exit', r);
        setTimeout(r, 10_000);
      });
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs no development package', () => {
    for (const dev of ['tsx', 'typescript', 'vitest', 'esbuild', 'vite', 'drizzle-kit', 'smtp-server', 'playwright-core', 'react', 'antd']) {
      expect(existsSync(join(dir, 'node_modules', dev)), dev).toBe(false);
    }
  });

  it('serves the console and signs the administrator in through the gateway', async () => {
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const admin = await adminClient(url);
    const ids = await addTenants(admin, url, [{ code: 'prodstart', name: 'Production start' }]);
    expect(ids.prodstart).toBeTruthy();
  });

  it('records the gateway calls in the call-log worker (dist/calllog-worker.js) and lists them', async () => {
    // an embedded server with a data folder keeps its call records in a worker thread's own database
    // (MP_CALL_LOG_STORE auto; docs/call-logs.md "Where the records live"): a worker missing from dist fails here
    const admin = await adminClient(url);
    const body = { startTime: new Date(Date.now() - 3_600_000).toISOString(), endTime: new Date(Date.now() + 3_600_000).toISOString() };
    let rows: CallLogRow[] = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      const r = await admin.post<Paged<CallLogRow>>(CallLogPaths.listcalllog, { ...body, api: Paths.addtenant, pageSize: 10 });
      expect(r.body.result, r.body.msg).toBe('1');
      rows = r.body.data.rows;
      if (rows.length) break;
    }
    expect(rows.map((r) => [r.api, r.status, r.callerName, r.tenantName])).toEqual([[Paths.addtenant, 200, 'admin', expect.any(String)]]);
    expect(existsSync(join(dir, 'data', 'calllogs'))).toBe(true);
    const stats = await admin.post<{ row: CallStats }>(CallLogPaths.getcallstats, body);
    expect(stats.body.data.row.totals.calls).toBeGreaterThan(1);
  });

  it('names the TypeScript sources in a stack trace (source map, --enable-source-maps)', async () => {
    // a data folder below a file: openDatabase's mkdir throws before anything else is done
    const failed = await run(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
      cwd: dir,
      env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', MP_DATA_DIR: join(dir, 'package.json', 'data') },
      timeout: 60_000,
    }).then(
      () => {
        throw new Error('the server started on a data folder below a file');
      },
      (err: { stderr: string }) => err.stderr,
    );
    expect(failed).toMatch(/ENOTDIR/);
    expect(failed).toMatch(/packages\/server\/src\/db\/client\.ts:\d+:\d+/);
  });

  it('runs on a supported runtime: no "Unsupported runtime" warning from the OpenID provider', () => {
    // oidc-provider warns below Node 22 LTS; engines is >=22.12
    if (Number(process.versions.node.split('.')[0]) >= 22) expect(out).not.toContain('Unsupported runtime');
    expect(out).not.toContain('ERR_MODULE_NOT_FOUND');
  });
});
