import { afterAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '../db/client.js';
import { onTestServer, testDatabaseUrl } from '../testing/postgres-admin.js';
import { runMigrate } from './migrate.js';

// `npm run migrate` (scripts/migrate.ts): migrates the configured database and exits 0, twice in a row
// (the second run finds nothing to do); on PGlite under MP_DATA_DIR, and on PostgreSQL when the unit
// project's global setup provides MP_TEST_DATABASE_URL (a database of its own, dropped afterwards).
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const serverUrl = process.env.MP_TEST_DATABASE_URL;
const folder = mkdtempSync(join(tmpdir(), 'mp-migrate-'));
let dbName = '';

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  if (dbName) await onTestServer(serverUrl!, `drop database if exists ${dbName}`);
});

describe('npm run migrate', () => {
  it('migrates a PGlite data folder and exits 0, again with nothing to do', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await runMigrate({ MP_DATA_DIR: folder })).toBe(0);
      expect(await runMigrate({ MP_DATA_DIR: folder })).toBe(0);
      expect(log).toHaveBeenLastCalledWith(`Migrated ${folder}: ${journal.entries.length} migration(s) applied in total.`);
    } finally {
      log.mockRestore();
    }
    const pg = new PGlite({ dataDir: folder });
    try {
      const r = await pg.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(r.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await pg.close();
    }
  }, 120_000);

  it.skipIf(!serverUrl)(
    'migrates the PostgreSQL database of DATABASE_URL and exits 0, again with nothing to do',
    async () => {
      dbName = `mp_cli_${randomBytes(4).toString('hex')}`;
      await onTestServer(serverUrl!, `create database ${dbName}`);
      const url = testDatabaseUrl(serverUrl!, dbName);
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        expect(await runMigrate({ DATABASE_URL: url })).toBe(0);
        expect(await runMigrate({ DATABASE_URL: url })).toBe(0);
        expect(log).toHaveBeenLastCalledWith(`Migrated PostgreSQL (DATABASE_URL): ${journal.entries.length} migration(s) applied in total.`);
      } finally {
        log.mockRestore();
      }
    },
    120_000,
  );
});
