import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTenantRow, createUserRow, testApp } from '../testing/test-app.js';
import { users } from './schema/index.js';
import { inScope } from './context.js';
import { createTestDatabase } from '../testing/postgres-admin.js';

// The same proof on the embedded PGlite and, when MP_TEST_DATABASE_URL names one (the unit run starts
// it: testing/postgres-server.ts), on a real PostgreSQL server in a database of its own.
const serverUrl = process.env.MP_TEST_DATABASE_URL;
const targets: { label: string; open: () => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }> }[] = [
  { label: 'PGlite', open: async () => ({}) },
  ...(serverUrl
    ? [
        {
          label: 'PostgreSQL',
          open: async () => {
            const db = await createTestDatabase(serverUrl, 'mp_rls');
            return { databaseUrl: db.url, drop: db.drop };
          },
        },
      ]
    : []),
];

describe.each(targets)('row-level security (tenant isolation) on $label', ({ open }) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let a: string;
  let b: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const target = await open();
    drop = target.drop;
    t = await testApp(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {});
    a = await createTenantRow(t.app, 'rlsA');
    b = await createTenantRow(t.app, 'rlsB');
    await createUserRow(t.app, { tenantId: a, username: 'alice', password: 'Passw0rd!' });
    await createUserRow(t.app, { tenantId: b, username: 'bob', password: 'Passw0rd!' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('a query that forgets its tenant filter still sees only its own tenant', async () => {
    const seen = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.select({ username: users.username, tenantId: users.tenantId }).from(users),
    );
    expect(seen).toEqual([{ username: 'alice', tenantId: a }]);
  });

  it('refuses to write a row into another tenant', async () => {
    const err = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.insert(users).values({ id: 'x1', tenantId: b, username: 'mallory', passwordHash: 'x' }),
    ).then(
      () => undefined,
      (e: Error & { cause?: Error }) => e,
    );
    expect(String(err?.cause?.message ?? err?.message)).toMatch(/row-level security/);
  });

  it("cannot update or delete another tenant's rows", async () => {
    const changed = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.update(users).set({ employeeName: 'hacked' }).where(sql`${users.username} = 'bob'`).returning(),
    );
    expect(changed).toEqual([]);
    const deleted = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.delete(users).where(sql`${users.username} = 'bob'`).returning(),
    );
    expect(deleted).toEqual([]);
  });

  it("runs as the non-owner role, so the table owner's bypass does not apply", async () => {
    const role = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) => tx.execute(sql`select current_user as u`));
    expect((role as unknown as { rows: { u: string }[] }).rows[0]!.u).toBe('mp_app');
  });

  it('the platform scope sees every tenant', async () => {
    const seen = await inScope(t.app.database.db, { scope: 'platform', tenantId: 'sys' }, (tx) => tx.select({ username: users.username }).from(users));
    expect(seen.map((r) => r.username)).toEqual(expect.arrayContaining(['alice', 'bob', 'admin']));
  });
});
