/**
 * Migration 0016 (sign-in names, docs/login.md "One account per sign-in name") on a database that
 * already holds names shared by several accounts — possible while names were unique per tenant only.
 * The migration must not fail and no account may lose its sign-in: one holder per name keeps it for
 * the default console (the 'sys' tenant's, else a user name's, else the oldest), every other holder
 * keeps it for sign-in naming its tenant, and each account keeps its own user name at least there.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Codes, Paths } from '@mp/protocol';
import { buildApp } from '../app.js';
import { hashPassword } from '../lib/passwords.js';
import { GatewayClient } from '../testing/gateway-client.js';
import { findSignInNameHolders, takenSignInKinds } from '../modules/users/sign-in-names.js';
import { ADMIN_PASSWORD } from '../testing/test-app.js';
import { MIGRATIONS_DIR, rowsOf, type Db } from './client.js';
import { inScope, PLATFORM_SCOPE } from './context.js';
import * as schema from './schema/index.js';

const PASSWORD = 'Passw0rd!x';
let client: PGlite;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let before: string;

/** The migrations folder as it was before 0016 (journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mp-mig-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** [user id, tenant, user name, mobile, e-mail, created] of the data before the migration. */
const USERS: [string, string, string, string | null, string | null, string][] = [
  // a name in 'sys' and in tenant A (A's is older): the 'sys' holder keeps it for the default console
  ['sys-shared', 'sys', 'shared', null, null, '2026-03-01'],
  ['a-shared', 'ta', 'shared', null, null, '2025-01-01'],
  // the same user name in A and B: the older (A) keeps it
  ['a-old', 'ta', 'old', null, 'old@a.example', '2025-01-01'],
  ['b-old', 'tb', 'OLD', null, 'OLD@A.example', '2025-06-01'],
  // A's mobile is B's user name: the user name keeps it (B), A's user signs in with it naming A
  ['a-cara', 'ta', 'cara', '13600000001', null, '2025-01-01'],
  ['b-num', 'tb', '13600000001', null, null, '2025-06-01'],
  // inside one tenant: an older user's mobile is a younger user's name; the name wins there too
  ['a-dan', 'ta', 'dan', '13600000002', null, '2025-01-01'],
  ['a-num', 'ta', '13600000002', null, null, '2025-06-01'],
  // a user name equal to the same user's mobile is one name
  ['b-self', 'tb', '13600000003', '13600000003', null, '2025-01-01'],
];

beforeAll(async () => {
  client = new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Db;
  const old = migrationsBefore('0016_sign_in_names');
  await migrate(db as never, { migrationsFolder: old });
  rmSync(old, { recursive: true, force: true });
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into tenants (id, code, name, abbreviation, address, built_in) values
    ('sys', 'sys', 'MP3.0 Platform', 'MP3.0', '-', true), ('ta', 'mga', 'Tenant A', 'A', '-', false), ('tb', 'mgb', 'Tenant B', 'B', '-', false)`);
  for (const [id, tenant, username, mobile, email, created] of USERS) {
    await db.execute(sql`insert into users (id, tenant_id, username, mobile, email, password_hash, agreed_at, created_at)
      values (${id}, ${tenant}, ${username}, ${mobile}, ${email}, ${hash}, now(), ${created}::timestamptz)`);
    await db.execute(sql`insert into user_identities (tenant_id, user_id, identity) values (${tenant}, ${id}, 1)`);
  }
  before = JSON.stringify(rowsOf(await db.execute(sql`select id, tenant_id, username, mobile, email from users order by id`)));
  // the rest of the migrations, as a start of the new version does
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
  ({ app } = await buildApp(
    { dataDir: 'memory://', adminUsername: 'admin', adminPassword: ADMIN_PASSWORD, loginCaptcha: '0', consoleDir: '/nonexistent' },
    { logger: false, database: { db, kind: 'pglite', close: () => client.close() } },
  ));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await client?.close();
});

async function signIn(login: string, tenant?: string) {
  const c = await new GatewayClient(app).init();
  if (tenant) c.tenantId = tenant;
  const r = await c.post(Paths.signin, { username: login, password: c.encrypt(PASSWORD), agree: true });
  return r.body.result === '1' ? (r.body.data.row.userId as string) : (r.body.scode as string);
}

describe('migration 0016 on names already shared', () => {
  it('keeps every user row as it was and records one holder per name for the default console', async () => {
    const db = app.database.db;
    expect(
      JSON.stringify(
        rowsOf(
          await db.execute(
            sql`select id, tenant_id, username, mobile, email from users where id <> (select id from users where username = 'admin') order by id`,
          ),
        ),
      ),
    ).toBe(before);
    const names = rowsOf<{ name: string; user_id: string; shared: boolean }>(
      await db.execute(
        sql`select name, user_id, shared from sign_in_names where user_id <> (select id from users where username = 'admin') order by name, shared, user_id`,
      ),
    );
    expect(names).toEqual([
      { name: '13600000001', user_id: 'b-num', shared: false },
      { name: '13600000001', user_id: 'a-cara', shared: true },
      { name: '13600000002', user_id: 'a-num', shared: false },
      { name: '13600000003', user_id: 'b-self', shared: false },
      { name: 'cara', user_id: 'a-cara', shared: false },
      { name: 'dan', user_id: 'a-dan', shared: false },
      { name: 'old', user_id: 'a-old', shared: false },
      { name: 'old', user_id: 'b-old', shared: true },
      { name: 'old@a.example', user_id: 'a-old', shared: false },
      { name: 'old@a.example', user_id: 'b-old', shared: true },
      { name: 'shared', user_id: 'sys-shared', shared: false },
      { name: 'shared', user_id: 'a-shared', shared: true },
    ]);
  });

  it('from the default console each name signs in its one holder', async () => {
    expect(await signIn('shared')).toBe('sys-shared');
    expect(await signIn('old')).toBe('a-old');
    expect(await signIn('OLD@a.example')).toBe('a-old');
    expect(await signIn('13600000001')).toBe('b-num');
    expect(await signIn('13600000002')).toBe('a-num');
    expect(await signIn('dan')).toBe('a-dan');
    expect(await signIn('13600000003')).toBe('b-self');
  });

  it('every other holder still signs in naming its tenant (code), by the shared name and by its own user name', async () => {
    expect(await signIn('shared', 'mga')).toBe('a-shared');
    expect(await signIn('old', 'mgb')).toBe('b-old');
    expect(await signIn('old@a.example', 'mgb')).toBe('b-old');
    expect(await signIn('13600000001', 'mga')).toBe('a-cara');
    expect(await signIn('cara')).toBe('a-cara');
    // a name another user of the same tenant holds as user name stays with that user there
    expect(await signIn('13600000002', 'mga')).toBe('a-num');
    // and a tenant-qualified sign-in never reaches another tenant's holder
    expect(await signIn('cara', 'mgb')).toBe(Codes.BAD_CREDENTIALS);
  });

  it('the services let each sharer keep saving its shared names; only a new name must be free', async () => {
    const holders = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => findSignInNameHolders(tx, ['old', 'old@a.example', '13600000002']));
    const bOld = { id: 'b-old', username: 'OLD', mobile: null, email: 'OLD@A.example' };
    expect(takenSignInKinds({ username: 'OLD', email: 'OLD@A.example' }, holders, bOld)).toEqual([]);
    expect(takenSignInKinds({ username: 'old', email: 'old@a.example' }, holders, undefined)).toEqual(['username', 'email']);
    // a-dan's mobile, held inside the tenant by a-num's user name, stays savable for a-dan
    const dan = { id: 'a-dan', username: 'dan', mobile: '13600000002', email: null };
    expect(takenSignInKinds({ username: 'dan', mobile: '13600000002' }, holders, dan)).toEqual([]);
  });

  it('a new user cannot take a shared name, and renaming a sharer frees it and makes the new name global', async () => {
    const db = app.database.db;
    const taken = db.execute(sql`insert into users (id, tenant_id, username, password_hash) values ('c-new', 'tb', 'Shared', 'x')`);
    await expect(taken).rejects.toMatchObject({ cause: { code: '23505', constraint: 'sign_in_names_username_uq' } });
    await db.execute(sql`update users set username = 'old-b' where id = 'b-old'`);
    expect(await signIn('old-b')).toBe('b-old');
    expect(await signIn('old', 'mgb')).toBe(Codes.BAD_CREDENTIALS);
    expect(await signIn('old@a.example', 'mgb')).toBe('b-old');
  });
});
