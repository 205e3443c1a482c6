import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.js';

/** The environment variable naming the migrated data folder that e2e/support.ts `startServer` copies. */
export const E2E_TEMPLATE_ENV = 'MP_TEST_DATA_TEMPLATE';

/**
 * Vitest global setup of the `e2e` project: creates one embedded PGlite data folder, migrated and
 * cleanly closed (no server lock left in it), in a new temp folder, and sets `MP_TEST_DATA_TEMPLATE` to
 * it. Each server an e2e spec starts gets a copy of it as its own fresh data folder (e2e/support.ts), so
 * it neither initialises a cluster nor runs the migrations again; `main.ts` then migrates nothing and
 * bootstraps the administrator as on a new folder. Already set: nothing is made (`off`: no template).
 * Returns the teardown, which removes the folder.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env[E2E_TEMPLATE_ENV]) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'mp-e2e-template-'));
  const dataDir = join(folder, 'data');
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env[E2E_TEMPLATE_ENV] = dataDir;
  return () => {
    delete process.env[E2E_TEMPLATE_ENV];
    rmSync(folder, { recursive: true, force: true });
  };
}
