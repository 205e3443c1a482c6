import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, testApp } from '../testing/test-app.js';
import { onTestServer, testDatabaseUrl } from '../testing/postgres-admin.js';
import { MIGRATIONS_DIR, openDatabase, rowsOf } from './client.js';

// Migrations on a real PostgreSQL (issue 13 "Faults"; docs/operations.md "PostgreSQL"): instances started
// together on an empty database both come up (db/migrate.ts, advisory lock), and a login without
// CREATEROLE migrates and serves once an administrator has pre-created mp_app as documented. Runs when
// MP_TEST_DATABASE_URL names a server whose user may create databases and roles (the unit project's
// global setup starts one); each test creates its own database (and role) and drops it.
const serverUrl = process.env.MP_TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const cleanups: string[] = [];

describe.skipIf(!serverUrl)('PostgreSQL migrations', () => {
  afterAll(async () => {
    for (const q of cleanups.reverse()) await onTestServer(serverUrl!, q);
  });

  it('two instances opened together on an empty database both start, and each migration runs once', async () => {
    const name = `mp_mig_${randomBytes(4).toString('hex')}`;
    await onTestServer(serverUrl!, `create database ${name}`);
    cleanups.push(`drop database if exists ${name}`);
    const results = await Promise.allSettled([
      openDatabase({ databaseUrl: testDatabaseUrl(serverUrl!, name), dataDir: 'memory://' }),
      openDatabase({ databaseUrl: testDatabaseUrl(serverUrl!, name), dataDir: 'memory://' }),
    ]);
    const opened = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      const applied = rowsOf<{ n: number }>(await opened[0]!.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations'));
      expect(applied[0]!.n).toBe(journal.entries.length);
    } finally {
      for (const d of opened) await d.close();
    }
  }, 120_000);

  it('a login without CREATEROLE migrates and serves when mp_app was pre-created as documented', async () => {
    const suffix = randomBytes(4).toString('hex');
    const name = `mp_norole_${suffix}`;
    const login = `mp_login_${suffix}`;
    // The steps of docs/operations.md "PostgreSQL", as the server's superuser (mp_app is cluster-wide and
    // may exist from another test's database already).
    await onTestServer(
      serverUrl!,
      `create role ${login} login password 'unused' nocreaterole nocreatedb nosuperuser`,
      `do $$ begin if not exists (select 1 from pg_roles where rolname = 'mp_app') then create role mp_app nologin; end if; end $$`,
      `grant mp_app to ${login}`,
      `create database ${name} owner ${login}`,
    );
    cleanups.push(`drop role if exists ${login}`, `drop database if exists ${name}`);
    const t = await testApp({ databaseUrl: testDatabaseUrl(serverUrl!, name, login) });
    try {
      const who = rowsOf<{ user: string; createrole: boolean }>(
        await t.app.database.db.execute('select current_user as user, rolcreaterole as createrole from pg_roles where rolname = current_user'),
      );
      expect(who[0]).toEqual({ user: login, createrole: false });
      // Work under SET LOCAL ROLE mp_app and row-level security: a tenant row and the administrator's sign-in.
      await createTenantRow(t.app, `t${suffix}`);
      const c = await t.client();
      const r = await c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), agree: true });
      expect(r.body.result).toBe('1');
    } finally {
      await t.close();
    }
  }, 120_000);
});
