/**
 * Starts the gateway and console on PORT (default 8080): migrates the database (embedded PGlite under
 * MP_DATA_DIR, or PostgreSQL at DATABASE_URL), creates the platform administrator on a first start and
 * prints a generated password once.
 */
import { buildApp } from './app.js';

const { app, generatedAdminPassword } = await buildApp();
const { port, host } = app.config;
await app.listen({ port, host });
if (generatedAdminPassword) {
  console.log(`\n  MP3.0 platform administrator created\n    user name: ${app.config.adminUsername}\n    password:  ${generatedAdminPassword}\n  (shown once; change it after signing in)\n`);
}
console.log(`\n  MP3.0 console: http://localhost:${port}/  (database: ${app.database.kind === 'pglite' ? app.config.dataDir : 'PostgreSQL'})\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
