/**
 * Pure helpers of the import job dialog: the job id in an upload answer, the progress percentage and the
 * per-row error report as CSV (opened by Excel: UTF-8 with a byte-order mark, quoted cells).
 */
import type { JobRow, JobRowError } from '@mp/protocol';

/** The job id of an import upload's `data`: `{ jobId }` (also accepted: `{ row: { jobId } }`). */
export function jobIdOf(data: unknown): string {
  const d = (data ?? {}) as { jobId?: unknown; row?: { jobId?: unknown } };
  const id = d.jobId ?? d.row?.jobId;
  if (typeof id !== 'string' || !id) throw new Error('The import answer carries no job id');
  return id;
}

/** Percentage done (0–100): processed of total; a finished job is 100. */
export function jobPercent(job: Pick<JobRow, 'processed' | 'total' | 'state'> | undefined): number {
  if (!job) return 0;
  if (job.state === 'done') return 100;
  if (!job.total) return 0;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

const cell = (v: string | number): string => `"${String(v).replace(/"/g, '""')}"`;

/** The error report as CSV text with a header line of the given (translated) column titles. */
export function errorReportCsv(errors: readonly JobRowError[], titles: { row: string; field: string; message: string }): string {
  const lines = [[titles.row, titles.field, titles.message], ...errors.map((e) => [e.row, e.field, e.message])];
  return `\uFEFF${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
