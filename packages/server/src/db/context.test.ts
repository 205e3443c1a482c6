import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTenantRow, testApp } from '../testing/test-app.js';
import { createTestDatabase } from '../testing/postgres-admin.js';
import { rowsOf } from './client.js';
import { tenants } from './schema/index.js';
import { inScope, PLATFORM_SCOPE } from './context.js';

// The request transaction (db/context.ts) on PGlite and, when the unit run started one, on PostgreSQL,
// where it opens with BEGIN and the scope in one message and a read-only one answers before its COMMIT.
// A pool of ONE connection there, so every check below runs on the connection the previous one used:
// a scope must not outlive its transaction, and a read's pending COMMIT must not disturb the next call.
const serverUrl = process.env.MP_TEST_DATABASE_URL;
const targets: { label: string; open: () => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }> }[] = [
  { label: 'PGlite', open: async () => ({}) },
  ...(serverUrl
    ? [
        {
          label: 'PostgreSQL',
          open: async () => {
            const db = await createTestDatabase(serverUrl, 'mp_ctx');
            return { databaseUrl: db.url, drop: db.drop };
          },
        },
      ]
    : []),
];

describe.each(targets)('the request transaction on $label', ({ open }) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let a: string;
  let drop: (() => Promise<void>) | undefined;
  const setting = (name: string) => sql`select current_setting(${name}, true) as v, current_user as u`;
  beforeAll(async () => {
    const target = await open();
    drop = target.drop;
    const pool = process.env.MP_DB_POOL;
    process.env.MP_DB_POOL = '1';
    try {
      t = await testApp(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {});
    } finally {
      if (pool === undefined) delete process.env.MP_DB_POOL;
      else process.env.MP_DB_POOL = pool;
    }
    a = await createTenantRow(t.app, 'ctxA');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('sets the scope exactly, quotes included, and it ends with the transaction', async () => {
    const odd = "x'); drop table tenants; --";
    const inside = await inScope(t.app.database.db, { scope: 'tenant', tenantId: odd }, (tx) => tx.execute(setting('mp.tenant_id')));
    expect(rowsOf<{ v: string; u: string }>(inside)[0]).toEqual({ v: odd, u: 'mp_app' });
    const after = rowsOf<{ v: string | null; u: string }>(await t.app.database.db.execute(setting('mp.tenant_id')))[0]!;
    expect(after.v ?? '').toBe('');
    expect(after.u).not.toBe('mp_app');
    const still = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, a)));
    expect(still).toEqual([{ id: a }]);
  });

  it('a read-only transaction refuses writes and writes nothing; the next call works at once', async () => {
    const err = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(tenants).set({ name: 'changed' }).where(eq(tenants.id, a)), {
      readOnly: true,
    }).then(
      () => undefined,
      (e: Error & { cause?: { code?: string } }) => e,
    );
    expect(err?.cause?.code ?? (err as { code?: string } | undefined)?.code).toBe('25006');
    const reads = await Promise.all(
      [1, 2, 3].map(() =>
        inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) => tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, a)), {
          readOnly: true,
        }),
      ),
    );
    for (const r of reads) expect(r).toEqual([{ name: 'Tenant ctxA' }]);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(tenants).set({ name: 'renamed' }).where(eq(tenants.id, a)));
    const seen = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, a)), {
      readOnly: true,
    });
    expect(seen).toEqual([{ name: 'renamed' }]);
  });

  it('an error in the work rolls everything back and leaves the connection usable', async () => {
    const boom = inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.update(tenants).set({ name: 'half-written' }).where(eq(tenants.id, a));
      throw new Error('boom');
    });
    await expect(boom).rejects.toThrow('boom');
    const seen = await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, a)),
    );
    expect(seen).toEqual([{ name: 'renamed' }]);
  });
});
