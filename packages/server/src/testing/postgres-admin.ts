/**
 * Test helpers for the PostgreSQL server named by MP_TEST_DATABASE_URL (testing/postgres-server.ts).
 */

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
  if (user) { url.username = user; url.password = 'unused'; }
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
