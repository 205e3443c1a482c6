import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup of the `unit` project: starts a throw-away PostgreSQL server for the tests that
 * need a real one (e.g. modules/unique-races.postgres.test.ts) and sets `MP_TEST_DATABASE_URL` to its
 * maintenance database (`postgres://postgres@127.0.0.1:<port>/postgres`, trust auth, superuser); each such
 * test file creates and drops a database of its own. The server is Debian's `postgresql` (binaries under
 * /usr/lib/postgresql/<version>/bin, installed by .ci/run; `MP_TEST_PG_BIN` may name another bin folder),
 * with its data folder in a new temp folder, listening on 127.0.0.1 and a free port, without durability
 * (fsync off). PostgreSQL refuses to run as root, so as root it runs as the OS user `nobody`.
 * When `MP_TEST_DATABASE_URL` is already set, that server is used and nothing is started.
 * When the server cannot start, a message is printed and the variable stays unset (those tests skip);
 * with `CI=true` the failure is thrown instead, failing the run. Returns the teardown, which stops the
 * server and removes the folder.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.MP_TEST_DATABASE_URL) return undefined;
  try {
    const server = await startPostgres();
    process.env.MP_TEST_DATABASE_URL = server.url;
    return server.stop;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (process.env.CI === 'true') throw new Error(`PostgreSQL for the tests did not start: ${why}`);
    console.warn(
      `[postgres-server] no PostgreSQL for the tests (${why}); the *.postgres.test.ts files are skipped. ` +
        "Install Debian's postgresql package (apt-get install postgresql) or set MP_TEST_DATABASE_URL.",
    );
    return undefined;
  }
}

/** The folder holding initdb, pg_ctl and postgres: `MP_TEST_PG_BIN`, else the newest /usr/lib/postgresql/<v>/bin. */
function binFolder(): string {
  const given = process.env.MP_TEST_PG_BIN;
  if (given) return given;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`no initdb under ${root}/<version>/bin`);
  return join(root, versions[0], 'bin');
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Initialises and starts a server; answers its superuser URL, a synchronous `stop` (for good: the folder
 * is removed), and `pause`/`resume` that stop the server (fast shutdown) and start it again on the same
 * port and data (outage tests, db/outage.postgres.test.ts). Throws with initdb's or the server log's text.
 */
export async function startPostgres(): Promise<{ url: string; stop: () => void; pause: () => void; resume: () => void }> {
  const bin = binFolder();
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'nobody']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'nobody']).toString().trim()) }
    : {};
  const dir = mkdtempSync(join(tmpdir(), 'mp-pg-'));
  if (asRoot) chownSync(dir, ids.uid!, ids.gid!);
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(join(bin, cmd), args, { ...ids, cwd: dir, encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new Error(`${cmd} failed: ${[r.error?.message, r.stderr, r.stdout, serverLog].filter(Boolean).join('\n')}`.trim());
    }
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    const pause = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    const resume = () => run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...ids, cwd: dir, timeout: 60_000 });
      rmSync(dir, { recursive: true, force: true });
    };
    // also when the runner exits without its teardown (an error, process.exit); a killed runner leaks it
    process.once('exit', stop);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pause, resume };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
