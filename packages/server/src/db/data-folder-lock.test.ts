import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataFolderLockedError, openDatabase } from './client.js';
import { LOCK_FILE } from './data-folder-lock.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mp-lock-'));
  dirs.push(d);
  return d;
}
const children: ChildProcess[] = [];
afterAll(() => {
  // a failing run must not leave servers behind
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A process id that surely belongs to no running process: a child that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  return r.pid!;
}

describe('data-folder lock (issue 13: two servers on one PGlite folder)', () => {
  it('refuses a second open of the same folder while the first is open, says which folder and process, and opens after close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    const second = await openDatabase({ dataDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(DataFolderLockedError);
    expect((second as Error).message).toContain(dir);
    expect((second as Error).message).toContain(`process ${process.pid}`);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 120_000);

  it('takes over a lock left by a process that no longer exists, and two folders do not interfere', async () => {
    const stale = tempDir();
    writeFileSync(join(stale, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: new Date().toISOString(), token: 'dead' }));
    const other = tempDir();
    const a = await openDatabase({ dataDir: stale });
    const b = await openDatabase({ dataDir: other });
    expect(JSON.parse(readFileSync(join(stale, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await Promise.all([a.close(), b.close()]);
  }, 120_000);

  it('does not apply to memory://', async () => {
    const a = await openDatabase({ dataDir: 'memory://' });
    const b = await openDatabase({ dataDir: 'memory://' });
    await Promise.all([a.close(), b.close()]);
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => ok(port));
      })
      .on('error', fail);
  });
}

interface Child {
  proc: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

/** The exit code of a child expected to stop by itself; 'still running' after 60 s (then it is killed). */
async function exitOf(child: Child): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const r = await Promise.race([
    child.exited,
    new Promise<'still running'>((ok) => {
      timer = setTimeout(() => ok('still running'), 60_000);
    }),
  ]);
  clearTimeout(timer);
  if (r === 'still running') child.proc.kill('SIGKILL');
  return r;
}
function runServer(dataDir: string, port: number, script = 'packages/server/src/main.ts'): Child {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MP_DATA_DIR: dataDir,
      DATABASE_URL: '',
      MP_ADMIN_PASSWORD: 'Lock-test-Passw0rd!',
      MP_LOGIN_CAPTCHA: '0',
      MP_CONSOLE_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  proc.stdout!.on('data', (d) => {
    out += d;
  });
  proc.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, out: () => out, exited };
}

async function waitHealthy(url: string, child: Child): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.proc.exitCode !== null) throw new Error(`server exited: ${child.out()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${child.out()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a second server process on the same MP_DATA_DIR', () => {
  it('exits non-zero with the message while the first runs (so does seed:demo); after the first is killed, a new one starts', async () => {
    const dir = tempDir();
    const port = await freePort();
    const first = runServer(dir, port);
    try {
      await waitHealthy(`http://127.0.0.1:${port}`, first);

      const second = runServer(dir, await freePort());
      expect(await exitOf(second)).toBe(3);
      expect(second.out()).toContain(`The data folder ${dir} is in use by another MP3.0 server (process ${first.proc.pid})`);

      const seed = runServer(dir, 0, 'packages/server/src/scripts/seed-demo.ts');
      expect(await exitOf(seed)).toBe(2);
      expect(seed.out()).toContain(`The data folder ${dir} is in use`);

      // a crash leaves the lock file behind; it must not block the next start
      first.proc.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
      const port3 = await freePort();
      const third = runServer(dir, port3);
      try {
        await waitHealthy(`http://127.0.0.1:${port3}`, third);
      } finally {
        third.proc.kill('SIGTERM');
        expect(await exitOf(third)).toBe(0);
      }
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false); // released on a clean stop
    } finally {
      if (first.proc.exitCode === null && first.proc.signalCode === null) first.proc.kill('SIGKILL');
    }
  }, 300_000);
});
