/**
 * Rows of the `jobs` table (docs/tenancy.md "Bulk import as a background job"): create, progress,
 * finish, read. Every call runs in the caller's tenant scope.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { JobReport, JobRow, JobStateValue } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

export type JobRecord = typeof jobs.$inferSelect;

export async function insertJob(tx: Tx, row: { id: string; tenantId: string; kind: string; fileName: string; total: number; createdBy: string }): Promise<void> {
  await tx.insert(jobs).values(row);
}

/** Records progress (and a new state) of a running job. */
export async function updateJobProgress(tx: Tx, id: string, processed: number, state?: JobStateValue): Promise<void> {
  await tx.update(jobs).set({ processed, updatedAt: new Date(), ...(state ? { state } : {}) }).where(eq(jobs.id, id));
}

/** Ends a job in `state` with its report. */
export async function finishJob(tx: Tx, id: string, state: JobStateValue, report: JobReport, processed?: number): Promise<void> {
  const now = new Date();
  await tx.update(jobs).set({ state, report, updatedAt: now, finishedAt: now, ...(processed === undefined ? {} : { processed }) }).where(eq(jobs.id, id));
}

/** The job `id` of `tenantId`; with `createdBy`, only when that user started it (a role holder's own jobs). */
export async function findJob(tx: Tx, tenantId: string, id: string, createdBy?: string): Promise<JobRecord | undefined> {
  const [row] = await tx.select().from(jobs).where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id), createdBy === undefined ? undefined : eq(jobs.createdBy, createdBy)));
  return row;
}

/**
 * Marks jobs that stopped reporting for `staleMs` as 'error' (their instance stopped mid-job; the
 * apply transaction rolled back with it, so nothing was written). Runs at start-up in platform scope.
 */
export async function failStaleJobs(tx: Tx, staleMs: number): Promise<number> {
  const rows = await tx.update(jobs).set({ state: 'error', finishedAt: new Date(), report: sql`jsonb_build_object('created', 0, 'updated', 0, 'errors', '[]'::jsonb, 'message', 'interrupted')` })
    .where(and(inArray(jobs.state, ['queued', 'validating', 'applying']), lt(jobs.updatedAt, new Date(Date.now() - staleMs)))).returning({ id: jobs.id });
  return rows.length;
}

/** The row as `getjob` answers it. */
export function toJobRow(r: JobRecord): JobRow {
  return {
    id: r.id, kind: r.kind, state: r.state as JobStateValue, fileName: r.fileName, total: r.total, processed: r.processed,
    report: (r.report as JobReport | null) ?? null, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
