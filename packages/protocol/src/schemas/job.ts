/**
 * Background jobs of the tenant area (docs/tenancy.md "Bulk import as a background job"): what
 * `getjob` answers while the console polls an import.
 */
import Type, { type Static } from 'typebox';

/** queued → validating → applying → done; or failed (rows refused, nothing written) / error (nothing written). */
export const JobState = { QUEUED: 'queued', VALIDATING: 'validating', APPLYING: 'applying', DONE: 'done', FAILED: 'failed', ERROR: 'error' } as const;
export type JobStateValue = (typeof JobState)[keyof typeof JobState];

/** True once a job will not change any more. */
export function isJobFinished(state: string): boolean {
  return state === JobState.DONE || state === JobState.FAILED || state === JobState.ERROR;
}

/** One refused row of an import: 1-based sheet row (the header is row 1), the column's field, the message. */
export interface JobRowError {
  row: number;
  field: string;
  message: string;
}

/** A finished job's outcome. */
export interface JobReport {
  created: number;
  updated: number;
  errors: JobRowError[];
  message?: string;
}

/** A job as `getjob` answers it. `processed` of `total` rows is the progress. */
export interface JobRow {
  id: string;
  kind: string;
  state: JobStateValue;
  fileName: string;
  total: number;
  processed: number;
  report: JobReport | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** `getjob?id=` */
export const JobGetQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type JobGetQuery = Static<typeof JobGetQuery>;
