import { describe, expect, it } from 'vitest';
import { errorReportCsv, jobIdOf, jobPercent } from './job-report';

describe('import job dialog helpers', () => {
  it('reads the job id of an upload answer and refuses an answer without one', () => {
    expect(jobIdOf({ jobId: 'j1' })).toBe('j1');
    expect(jobIdOf({ row: { jobId: 'j2' } })).toBe('j2');
    expect(() => jobIdOf({ row: {} })).toThrow();
  });

  it('computes the progress percentage', () => {
    expect(jobPercent({ processed: 250, total: 1000, state: 'applying' })).toBe(25);
    expect(jobPercent({ processed: 0, total: 0, state: 'validating' })).toBe(0);
    expect(jobPercent({ processed: 3, total: 5, state: 'done' })).toBe(100);
  });

  it('writes the error report as CSV Excel opens: BOM, quoted cells, doubled quotes', () => {
    const csv = errorReportCsv([{ row: 3, field: 'User name', message: 'is "taken"' }], { row: 'Row', field: 'Column', message: 'Problem' });
    expect(csv).toBe('\uFEFF"Row","Column","Problem"\r\n"3","User name","is ""taken"""\r\n');
  });
});
