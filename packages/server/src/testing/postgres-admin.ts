/**
 * Test helpers for the PostgreSQL server named by MP_TEST_DATABASE_URL (testing/postgres-server.ts).
 */
import { testApp } from './test-app.js';

/** Runs the statements one after another on the server's maintenance database as its (super)user. */
export async function onTestServer(serverUrl: string, ...statements: string[]): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const q of statements) await client.query(q);
  } finally {
    await client.end();
  }
}

/** The connection string of database `database` on the same server, as `user` when given (trust authentication). */
export function testDatabaseUrl(serverUrl: string, database: string, user?: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = 'unused';
  }
  return url.toString();
}

/**
 * Creates a database with a random name (`<prefix>_<8 hex>`) on the server and answers its connection
 * string and a `drop` that removes it; each test file takes its own, so files running in parallel do
 * not collide.
 */
export async function createTestDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onTestServer(serverUrl, `create database ${name}`);
  return { url: testDatabaseUrl(serverUrl, name), drop: () => onTestServer(serverUrl, `drop database if exists ${name}`) };
}

/** A database a test runs its app on: the embedded PGlite, or its own database on the test PostgreSQL. */
export interface TestAppTarget {
  label: 'PGlite' | 'PostgreSQL';
  /** Opens the app; `close` stops it and drops its PostgreSQL database. */
  open: () => Promise<{ t: Awaited<ReturnType<typeof testApp>>; close: () => Promise<void> }>;
}

/**
 * The databases a test should prove its behaviour on: PGlite always, and PostgreSQL (a database named
 * `<prefix>_<8 hex>`) when MP_TEST_DATABASE_URL names a server (testing/postgres-server.ts starts one).
 */
export function testAppTargets(prefix: string): TestAppTarget[] {
  const serverUrl = process.env.MP_TEST_DATABASE_URL;
  const pglite: TestAppTarget = {
    label: 'PGlite',
    open: async () => {
      const t = await testApp();
      return { t, close: () => t.close() };
    },
  };
  if (!serverUrl) return [pglite];
  return [
    pglite,
    {
      label: 'PostgreSQL',
      open: async () => {
        const db = await createTestDatabase(serverUrl, prefix);
        const t = await testApp({ databaseUrl: db.url });
        return {
          t,
          close: async () => {
            await t.close();
            await db.drop();
          },
        };
      },
    },
  ];
}
