/**
 * Graceful shutdown (issue 17 "Operating it"; docs/operations.md "Graceful shutdown"). On SIGTERM or
 * SIGINT (main.ts) the app closes in this order, each step logged:
 * 1. stop accepting: the listening socket closes and new requests on open keep-alive connections get
 *    Fastify's 503 (`/readyz` thus fails too);
 * 2. drain in-flight requests (Fastify's close waits for them);
 * 3. drain the background jobs this process runs (modules/jobs; `drainJobs`), within what is left;
 * 4. the other close hooks (sweeps, caches, policy statistics' and call log's last flush), then the database.
 * The whole run is bounded by `config.shutdownTimeoutMs` (MP_SHUTDOWN_TIMEOUT): past it, remaining
 * connections are cut and unfinished jobs are left to their lease (another instance ends them
 * `interrupted`); the process then exits with code 1 instead of 0.
 */
import type { FastifyInstance } from 'fastify';
import { drainJobs } from '../modules/jobs/jobs.runner.js';

/** A shutdown in progress, per app: its deadline (epoch ms) and whether something was left unfinished. */
const shutdowns = new WeakMap<FastifyInstance, { deadline: number; incomplete: boolean }>();

/**
 * Adds the job-draining close hook. Register it after the modules: close hooks run last-registered
 * first, so this runs right after the requests drained and before the modules' and the database's hooks.
 */
export function registerShutdown(app: FastifyInstance): void {
  app.addHook('onClose', async () => {
    const state = shutdowns.get(app);
    if (!state) return; // a plain app.close() (tests): nothing to wait for
    app.log.info('shutdown: in-flight requests drained');
    const left = await drainJobs(app, state.deadline - Date.now());
    if (left) state.incomplete = true;
    if (left) app.log.warn({ jobs: left }, 'shutdown: jobs still running at the deadline; their lease ends them on another instance');
    else app.log.info('shutdown: background jobs drained');
  });
}

/**
 * Closes `app` gracefully within `config.shutdownTimeoutMs` and answers the exit code: 0 when every
 * request and job finished in time, 1 when the bound was reached or closing failed.
 */
export async function gracefulShutdown(app: FastifyInstance, signal: string): Promise<number> {
  const bound = app.config.shutdownTimeoutMs;
  const state = { deadline: Date.now() + bound, incomplete: false };
  shutdowns.set(app, state);
  app.log.info({ signal, timeoutMs: bound }, 'shutdown: stopped accepting connections; draining');
  const cut = setTimeout(() => {
    state.incomplete = true;
    app.log.warn('shutdown: timeout reached; closing the remaining connections');
    app.server.closeAllConnections();
  }, bound);
  cut.unref();
  try {
    await app.close();
    app.log.info('shutdown: database closed; exiting');
    return state.incomplete ? 1 : 0;
  } catch (err) {
    app.log.error({ err }, 'shutdown: close failed');
    return 1;
  } finally {
    clearTimeout(cut);
  }
}
