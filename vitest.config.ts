import { defineConfig } from 'vitest/config';

/**
 * One runner for every test: `unit` (pure functions and in-process API tests on a real PGlite) and
 * `e2e` (the built console in Debian's Chromium against a real server). `npm test` runs both.
 */
/** Test files run at a time in the unit project (MP_TEST_UNIT_WORKERS, default 2) and in e2e (MP_TEST_E2E_WORKERS, default 2). */
const UNIT_WORKERS = Number(process.env.MP_TEST_UNIT_WORKERS) || 2;
const E2E_WORKERS = Number(process.env.MP_TEST_E2E_WORKERS) || 2;

/**
 * Unit files that replace modules (`vi.mock`) or globals (`vi.stubGlobal`): they run in the project
 * `unit-isolated`, one module graph per file, because a mock cannot replace a module another file already
 * loaded into a shared graph.
 */
const ISOLATED = [
  'packages/server/src/modules/users/users.import.scale.test.ts',
  'packages/server/src/modules/appapis/appapis.races.test.ts',
  'packages/server/src/modules/appmenus/appmenus.race.test.ts',
  'packages/server/src/modules/unique-races.test.ts',
  'packages/console/src/api/workflow.test.ts',
  'packages/console/src/api/http/feedback.test.ts',
  'packages/console/src/pages/Login/pow-derive.test.ts',
];

/** What both unit projects share (the unit files are split only by module isolation). */
const UNIT_COMMON = {
  environment: 'node',
  // a throw-away PostgreSQL server for the *.postgres.test.ts files (sets MP_TEST_DATABASE_URL)
  // and a migrated PGlite data folder that every memory:// database starts from (MP_TEST_PGLITE_TEMPLATE)
  globalSetup: ['packages/server/src/testing/postgres-server.ts', 'packages/server/src/testing/pglite-template.ts'],
  // passwords hashed at a tiny argon2id cost in test processes (lib/passwords.ts useTestPasswordCost)
  setupFiles: ['packages/server/src/testing/password-cost.ts'],
  // generous: a test that boots its own database (migrations on PGlite) can take half a minute
  // on a two-core machine running the other files in parallel; a hung test still fails
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // two test files at a time (Vitest's default on two cores is one: cores − 1). Many files wait on
  // child processes, sockets and timers (data-folder-lock, messages.killed, shutdown, …) and the main
  // process is mostly idle, so a second worker uses the otherwise idle core; every file has its own
  // databases, temp folders and free ports (docs/benchmarks.md "Test suite").
  // MP_TEST_UNIT_WORKERS=1 runs them one at a time (for measuring).
  maxWorkers: UNIT_WORKERS,
};

export default defineConfig({
  test: {
    // the default output, then the slowest files of each project with their CPU time and the run's totals
    reporters: ['default', './packages/server/src/testing/slowest-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts'],
          // the files that replace modules (vi.mock) or globals need a fresh module graph: project unit-isolated
          exclude: [...ISOLATED, '**/node_modules/**'],
          // one module graph per worker, not per file: the app's modules are imported (transformed and
          // evaluated) once per worker instead of once per file — 474 → 311 s wall, 855 → 534 s CPU on the
          // 2-core machine (docs/benchmarks.md "Test suite"). Every file builds its own app, databases, temp
          // folders and ports, so nothing of a test's own state is shared; MP_TEST_UNIT_ISOLATE=1 isolates again.
          isolate: process.env.MP_TEST_UNIT_ISOLATE === '1',
          ...UNIT_COMMON,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ISOLATED,
          isolate: true,
          ...UNIT_COMMON,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // each spec starts its own server (free port, own data folder copied from the migrated template, or
          // from the demo data seeded once per run: e2e/tenant-session.ts) in its own browser contexts, and
          // writes only into its server's folder and e2e/artifacts/<spec>-*.png, so two specs run at once: a
          // spec alone leaves part of the second core idle while it waits on browser/server round trips.
          // MP_TEST_E2E_WORKERS=1 runs them one at a time (docs/benchmarks.md "Test suite").
          globalSetup: ['packages/server/src/testing/e2e-data-template.ts', 'e2e/browser-server.ts'],
          maxWorkers: E2E_WORKERS,
          // in CI a failed e2e test runs once more (Playwright's own CI default is two): with two specs at a time on
          // two cores one step in ~250 has timed out (sessions.spec "eliminates a tenant administrator", twice in
          // four full runs; it passes alone). A test that fails twice still fails the run; the flake is an open item.
          retry: process.env.CI ? 1 : 0,
          // `vitest run` without --project: the unit files first, then the e2e specs (not mixed in one pool)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
