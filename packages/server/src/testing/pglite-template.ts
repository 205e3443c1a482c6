import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from '../db/client.js';

/** The environment variable naming the migrated template (`db/client.ts` reads it for `memory://` databases). */
export const TEMPLATE_ENV = 'MP_TEST_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the `unit` project: makes sure a migrated PGlite data folder exists (an
 * uncompressed `dumpDataDir('none')` tarball, ~45 MB) and sets `MP_TEST_PGLITE_TEMPLATE` to it. Every
 * `memory://` database a test then opens (`openDatabase`, hence `testApp` and `buildApp`) starts from a
 * copy of it (`loadDataDir`) instead of running every migration again; each app still gets its own
 * fresh, private database (the migrator then finds nothing to do). The tarball is kept in the OS temp
 * folder under a name hashing the migration files and the PGlite build, so later runs (a single file
 * while developing) reuse it and a changed migration makes a new one; it is written to a temp name and
 * renamed, so runs started together never read half a file. When the variable is already set, nothing is
 * made (`off`: no template, every database migrates from empty as before; for measuring).
 */
export default async function setup(): Promise<void> {
  if (process.env[TEMPLATE_ENV]) return;
  const file = join(tmpdir(), `mp-pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
      const part = `${file}.${process.pid}.part`;
      writeFileSync(part, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      renameSync(part, file);
    } finally {
      await database.close();
    }
  }
  process.env[TEMPLATE_ENV] = file;
}

/** A hash (16 hex digits) of every migration file (names and contents) and of the installed PGlite build. */
function templateKey(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else h.update(name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  try {
    const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const s = statSync(main);
    h.update(`${main}:${s.size}:${s.mtimeMs}`);
  } catch {
    h.update('pglite');
  }
  return h.digest('hex').slice(0, 16);
}
