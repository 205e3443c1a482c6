import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.js';

/** The environment variable naming the migrated template (`db/client.ts` reads it for `memory://` databases). */
export const TEMPLATE_ENV = 'MP_TEST_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the `unit` project: migrates one in-memory PGlite once per run, dumps its data
 * folder (an uncompressed tarball, PGlite `dumpDataDir('none')`, ~45 MB) into a new temp folder and sets
 * `MP_TEST_PGLITE_TEMPLATE` to that file. Every `memory://` database a test then opens
 * (`openDatabase`, hence `testApp` and `buildApp`) starts from a copy of it (`loadDataDir`) instead of
 * running every migration again; each app still gets its own fresh, private database (the migrator
 * then finds nothing to do). When the variable is already set, nothing is made (`off`: no template, every
 * database migrates from empty, as before; for measuring). Returns the teardown,
 * which removes the folder.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env[TEMPLATE_ENV]) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'mp-pglite-template-'));
  const file = join(folder, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_ENV] = file;
  return () => {
    delete process.env[TEMPLATE_ENV];
    rmSync(folder, { recursive: true, force: true });
  };
}
