/**
 * Production build of the server (issue 17 "Runtime and packaging"): bundles `src/main.ts` with the
 * workspace packages it imports (`@mp/protocol`, `@mp/i18n`, TypeScript sources) into
 * `packages/server/dist/main.js` with a source map, and copies the SQL migrations beside it
 * (`dist/migrations`, where `db/client.ts` looks for them relative to the running file); the call-log store's
 * worker thread likewise into `dist/calllog-worker.js` with its schema `dist/calllogs.worker.sql`.
 *
 * Every other package stays an `import` of node_modules, so `node --enable-source-maps dist/main.js`
 * runs with the production dependencies of server, protocol and i18n only
 * (`npm ci --omit=dev -w packages/server -w packages/protocol -w packages/i18n`; docs/operations.md).
 * Run by `npm run build -w packages/server` (root `npm run build`). Throws when esbuild reports an error.
 */
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const DIST = here('./dist');

/** Bare imports other than the workspace's own `@mp/*` packages are left to node_modules at run time. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mp/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(DIST, { recursive: true, force: true });
await build({
  // the call-log store's worker thread is its own file (modules/calllogs/calllogs.worker-store.ts looks for it
  // beside main.js), with its schema beside it
  entryPoints: { main: here('./src/main.ts'), 'calllog-worker': here('./src/modules/calllogs/calllogs.worker.ts') },
  outdir: DIST,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // the map points at the TypeScript sources; stack traces name them with --enable-source-maps
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
cpSync(here('./src/db/migrations'), `${DIST}/migrations`, { recursive: true });
cpSync(here('./src/modules/calllogs/calllogs.worker.sql'), `${DIST}/calllogs.worker.sql`);
