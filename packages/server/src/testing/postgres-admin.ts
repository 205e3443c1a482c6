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
