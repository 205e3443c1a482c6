/**
 * Rows of the `jobs` table (docs/tenancy.md "Bulk import as a background job"): create, progress,
 * finish, read. Every call runs in the caller's tenant scope.
 */
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { JobReport, JobRow, JobStateValue } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

export type JobRecord = typeof jobs.$inferSelect;

/** Records a new job ('queued'), leased to instance `leaseOwner` for `leaseMs` from now. */
export async function insertJob(
  tx: Tx,
  row: { id: string; tenantId: string; kind: string; fileName: string; total: number; createdBy: string; leaseOwner: string },
  leaseMs: number,
): Promise<void> {
  await tx.insert(jobs).values({ ...row, leaseExpiresAt: leaseEnd(leaseMs) });
}

/** Records progress (and a new state) of a running job. */
export async function updateJobProgress(tx: Tx, id: string, processed: number, state?: JobStateValue): Promise<void> {
  await tx
    .update(jobs)
    .set({ processed, updatedAt: new Date(), ...(state ? { state } : {}) })
    .where(eq(jobs.id, id));
}

/** Ends a job in `state` with its report. */
export async function finishJob(tx: Tx, id: string, state: JobStateValue, report: JobReport, processed?: number): Promise<void> {
  const now = new Date();
  await tx
    .update(jobs)
    .set({ state, report, updatedAt: now, finishedAt: now, ...(processed === undefined ? {} : { processed }) })
    .where(eq(jobs.id, id));
}

/** The job `id` of `tenantId`; with `createdBy`, only when that user started it (a role holder's own jobs). */
export async function findJob(tx: Tx, tenantId: string, id: string, createdBy?: string): Promise<JobRecord | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id), createdBy === undefined ? undefined : eq(jobs.createdBy, createdBy)));
  return row;
}

/** The states in which a job still runs (holds a lease). */
const RUNNING_STATES = ['queued', 'validating', 'applying'];

/** `now() + leaseMs` on the database's clock (every instance compares leases with the same clock). */
const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Extends the lease of job `id` held by instance `owner` to `leaseMs` from now; false when the job is no longer running. */
export async function renewJobLease(tx: Tx, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ leaseExpiresAt: leaseEnd(leaseMs) })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), inArray(jobs.state, RUNNING_STATES)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * The sweep (docs/operations.md "Job leases"): ends every running job whose lease expired as 'error'
 * with report message 'interrupted', in one UPDATE … RETURNING, so two instances sweeping at once end a
 * job once. The instance that held it stopped mid-job; its apply transaction rolled back with it, so
 * nothing was written. `alive`: ids of jobs this instance is running (never swept, even if a busy
 * database delayed their heartbeat). Runs in platform scope; answers the ended job ids.
 */
export async function sweepExpiredJobs(tx: Tx, alive: string[] = []): Promise<string[]> {
  const rows = await tx
    .update(jobs)
    .set({
      state: 'error',
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
      report: sql`jsonb_build_object('created', 0, 'updated', 0, 'errors', '[]'::jsonb, 'message', 'interrupted')`,
    })
    .where(and(inArray(jobs.state, RUNNING_STATES), lt(jobs.leaseExpiresAt, sql`now()`), alive.length ? notInArray(jobs.id, alive) : undefined))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** The row as `getjob` answers it. */
export function toJobRow(r: JobRecord): JobRow {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state as JobStateValue,
    fileName: r.fileName,
    total: r.total,
    processed: r.processed,
    report: (r.report as JobReport | null) ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
