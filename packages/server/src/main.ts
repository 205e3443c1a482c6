/**
 * Starts the gateway and console on PORT (default 8080): migrates the database (embedded PGlite under
 * MP_DATA_DIR, or PostgreSQL at DATABASE_URL, waited for up to MP_DB_START_TIMEOUT seconds), creates the platform administrator on a first start and
 * prints a generated password once.
 */
import { buildApp } from './app.js';
import { ConfigError } from './config.js';
import { DataFolderLockedError, isConnectionError } from './db/client.js';
import { gracefulShutdown } from './plugins/shutdown.js';

const built = await buildApp().catch((err: unknown) => {
  // A variable outside its type or range (config-env.ts; docs/configuration.md): name it and stop.
  if (err instanceof ConfigError) {
    console.error(`\n  MP3.0 cannot start: ${err.message}\n`);
    process.exit(2);
  }
  // Another server holds the embedded database folder: say so plainly and exit non-zero (issue 13).
  if (err instanceof DataFolderLockedError) {
    console.error(`\n  MP3.0 cannot start: ${err.message}\n`);
    process.exit(3);
  }
  // PostgreSQL stayed unreachable for MP_DB_START_TIMEOUT seconds (each try is logged above; issue 13)
  if (isConnectionError(err)) {
    console.error(
      `\n  MP3.0 cannot start: the database at DATABASE_URL was not reachable within MP_DB_START_TIMEOUT (${process.env.MP_DB_START_TIMEOUT ?? 60} s): ${(err as Error).message}\n`,
    );
    process.exit(4);
  }
  throw err;
});
const { app, generatedAdminPassword } = built;
const { port, host } = app.config;
await app.listen({ port, host });
if (generatedAdminPassword) {
  console.log(
    `\n  MP3.0 platform administrator created\n    user name: ${app.config.adminUsername}\n    password:  ${generatedAdminPassword}\n  (shown once; change it after signing in)\n`,
  );
}
console.log(`\n  MP3.0 console: http://localhost:${port}/  (database: ${app.database.kind === 'pglite' ? app.config.dataDir : 'PostgreSQL'})\n`);
// Graceful shutdown (plugins/shutdown.ts): stop accepting, drain requests and jobs within
// MP_SHUTDOWN_TIMEOUT, close the database; a close that hangs past the bound plus 5 s is cut short.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      app.log.error('shutdown: still closing after the bound; exiting');
      process.exit(1);
    }, app.config.shutdownTimeoutMs + 5000).unref();
    void gracefulShutdown(app, signal).then((code) => process.exit(code));
  });
}
