import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app.js';
import { runningJobCount, startJob } from '../modules/jobs/jobs.runner.js';
import { gracefulShutdown } from './shutdown.js';

/** Starts a job in `t`'s app whose work takes `ms`; answers a flag set when the work has finished. */
async function slowJob(t: Awaited<ReturnType<typeof testApp>>, ms: number): Promise<{ finished: boolean }> {
  const flag = { finished: false };
  await startJob(t.app, { tenantId: 'sys', kind: 'import.users', fileName: 'slow.xlsx', total: 1, createdBy: 'test' }, async () => {
    await new Promise((r) => setTimeout(r, ms));
    flag.finished = true;
    return { created: 1, updated: 0, errors: [] };
  });
  await new Promise((r) => setImmediate(r)); // the work starts after the current turn
  expect(runningJobCount(t.app)).toBe(1);
  return flag;
}

describe('graceful shutdown drains background jobs (issue 17)', () => {
  it('waits for a running job before closing the database (exit code 0)', async () => {
    const t = await testApp({ shutdownTimeoutMs: 10_000 });
    const job = await slowJob(t, 1500);
    const started = Date.now();
    expect(await gracefulShutdown(t.app, 'SIGTERM')).toBe(0);
    expect(job.finished).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(runningJobCount(t.app)).toBe(0);
  }, 60_000);

  it('stops waiting at the bound and answers exit code 1', async () => {
    const t = await testApp({ shutdownTimeoutMs: 500 });
    const job = await slowJob(t, 5000);
    const started = Date.now();
    expect(await gracefulShutdown(t.app, 'SIGTERM')).toBe(1);
    expect(job.finished).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 60_000);
});
