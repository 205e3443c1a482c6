/**
 * Runs background jobs in this process (docs/tenancy.md "Bulk import as a background job"). A job is a
 * `jobs` row, so any instance answers `getjob`; the work runs where it was started. The work function
 * validates every row first (throwing `JobRejected` with the per-row errors writes nothing and ends the
 * job 'failed'), then applies in one transaction of its own and returns the report ('done'). Any other
 * error ends it 'error' with nothing written (the apply transaction rolls back); its text goes to the log
 * only, the report's `message` is 'unexpected'.
 *
 * Leases (docs/operations.md "Job leases"; issue 13): the row names this process (`INSTANCE_ID`) and a
 * lease end, renewed by a heartbeat while the work runs. Every instance sweeps at start and then
 * periodically, ending each running job whose lease expired as 'error' with message 'interrupted'
 * (its process died; apply is one transaction, so nothing was written). The job is not re-run: its
 * input (the uploaded file) is not stored.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { JobState, type JobReport, type JobRowError, type JobStateValue } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { finishJob, insertJob, renewJobLease, sweepExpiredJobs, updateJobProgress } from './jobs.repository.js';

/** This process's lease owner id (random per process). */
export const INSTANCE_ID = randomUUID();

/**
 * Lease timings in ms: a job's lease lasts `leaseMs` from its last heartbeat, the heartbeat runs every
 * `heartbeatMs`, the sweep every `sweepMs`. An interrupted job is ended at most leaseMs + sweepMs after
 * its last heartbeat. Tests shorten them (set before the app starts).
 */
export const jobLease = { leaseMs: 30_000, heartbeatMs: 5_000, sweepMs: 10_000 };

/** The jobs this process is running, by job id: their app and heartbeat timer. */
const running = new Map<string, { app: FastifyInstance; heartbeat: NodeJS.Timeout }>();
/** The same jobs' work until it has ended (kept past the sweep's stop, which ends only the heartbeats). */
const working = new Map<string, { app: FastifyInstance; done: Promise<void> }>();

/** Number of jobs `app` is running in this process now (plugins/metrics.ts). */
export function runningJobCount(app: FastifyInstance): number {
  let n = 0;
  for (const job of working.values()) if (job.app === app) n++;
  return n;
}

/**
 * Waits until the jobs `app` runs in this process have ended, or `timeoutMs` passed (graceful shutdown,
 * plugins/shutdown.ts). Answers how many were still running at the end (0: all drained).
 */
export async function drainJobs(app: FastifyInstance, timeoutMs: number): Promise<number> {
  const pending = [...working.values()].filter((j) => j.app === app).map((j) => j.done);
  if (!pending.length) return 0;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(pending),
    new Promise((r) => {
      timer = setTimeout(r, Math.max(0, timeoutMs));
    }),
  ]);
  clearTimeout(timer);
  return runningJobCount(app);
}

/** Thrown by a job's work when rows are refused: ends the job 'failed' with these errors. */
export class JobRejected extends Error {
  constructor(
    readonly errors: JobRowError[],
    readonly total: number,
  ) {
    super(`${errors.length} rows refused`);
  }
}

/** What a job's work may report while it runs. */
export interface JobContext {
  jobId: string;
  /** Progress: `processed` rows done (of the job's total), optionally entering a new state. Throttled to one write per 250 ms. */
  progress(processed: number, state?: JobStateValue): Promise<void>;
}

export interface JobStart {
  tenantId: string;
  kind: string;
  fileName: string;
  total: number;
  createdBy: string;
}

/**
 * Records the job ('queued') and starts `work` after the current request has been answered; returns the
 * job id at once. `work` resolves to the report of a 'done' job.
 */
export async function startJob(app: FastifyInstance, start: JobStart, work: (ctx: JobContext) => Promise<JobReport>): Promise<string> {
  const id = randomUUID();
  const scope = { scope: 'tenant' as const, tenantId: start.tenantId };
  const db = app.database.db;
  await inScope(db, scope, (tx) => insertJob(tx, { id, ...start, leaseOwner: INSTANCE_ID }, jobLease.leaseMs));
  const heartbeat = setInterval(() => {
    void inScope(db, scope, (tx) => renewJobLease(tx, id, INSTANCE_ID, jobLease.leaseMs)).catch((err: unknown) =>
      app.log.warn({ err, jobId: id }, 'job lease not renewed'),
    );
  }, jobLease.heartbeatMs);
  heartbeat.unref();
  let finished!: () => void;
  running.set(id, { app, heartbeat });
  working.set(id, {
    app,
    done: new Promise<void>((r) => {
      finished = r;
    }),
  });
  let last = 0;
  const ctx: JobContext = {
    jobId: id,
    async progress(processed, state) {
      const now = Date.now();
      if (!state && now - last < 250) return;
      last = now;
      await inScope(db, scope, (tx) => updateJobProgress(tx, id, processed, state));
    },
  };
  setImmediate(() => {
    void (async () => {
      try {
        await ctx.progress(0, JobState.VALIDATING);
        const report = await work(ctx);
        await inScope(db, scope, (tx) => finishJob(tx, id, JobState.DONE, report, start.total));
      } catch (err) {
        const rejected = err instanceof JobRejected;
        if (!rejected) app.log.error({ err, jobId: id }, 'job failed');
        // An unexpected error's text stays in the log (it may quote SQL and its parameters, e.g. a
        // password hash); the report says only 'unexpected' and the console names the job id.
        const report: JobReport = rejected ? { created: 0, updated: 0, errors: err.errors } : { created: 0, updated: 0, errors: [], message: 'unexpected' };
        await inScope(db, scope, (tx) => finishJob(tx, id, rejected ? JobState.FAILED : JobState.ERROR, report)).catch((e: unknown) =>
          app.log.error({ err: e, jobId: id }, 'job not recorded'),
        );
      } finally {
        clearInterval(heartbeat);
        running.delete(id);
        working.delete(id);
        finished();
      }
    })();
  });
  return id;
}

/**
 * Starts this instance's sweep of expired job leases: once now, then every `jobLease.sweepMs`. Answers
 * the stop function (for the app's close: ends the sweep and the heartbeats of this app's jobs still
 * running). A failed periodic sweep (e.g. the database is away) is logged; the next one tries again.
 */
export async function startJobSweep(app: FastifyInstance): Promise<() => void> {
  const sweep = async () => {
    const ended = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => sweepExpiredJobs(tx, [...running.keys()]));
    if (ended.length) app.log.warn({ jobIds: ended }, 'jobs interrupted: their lease expired');
  };
  await sweep();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    sweep()
      .catch((err: unknown) => app.log.warn({ err }, 'job sweep failed'))
      .finally(() => {
        busy = false;
      });
  }, jobLease.sweepMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    for (const [id, job] of running)
      if (job.app === app) {
        clearInterval(job.heartbeat);
        running.delete(id);
      }
  };
}
