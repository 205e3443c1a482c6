/**
 * A job whose process is killed (issue 13 "Background jobs stay applying for ever"; docs/operations.md
 * "Job leases"): a child process (tsx) opens the app on a temporary PGlite folder with short lease
 * timings, starts a job that never ends, and is killed with SIGKILL while the job is 'applying'. A new
 * app on the same folder (the next instance) ends the job 'error' / 'interrupted' by its sweep once the
 * dead process's lease expired; the time from the kill to the final state is printed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isJobFinished } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { jobs } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import { jobLease } from './jobs.runner.js';

const SRC = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const ROOT = resolve(SRC, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'mp-jobs-killed-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const CHILD = `
import { buildApp } from ${JSON.stringify(join(SRC, 'app.ts'))};
import { jobLease, startJob } from ${JSON.stringify(join(SRC, 'modules/jobs/jobs.runner.ts'))};
import { createTenantRow } from ${JSON.stringify(join(SRC, 'testing/test-app.ts'))};
Object.assign(jobLease, { leaseMs: 600, heartbeatMs: 100, sweepMs: 200 });
setInterval(() => {}, 1000);
const { app } = await buildApp({ dataDir: process.env.JOB_DIR, adminUsername: 'admin', adminPassword: 'Killed-Passw0rd!', loginCaptcha: '0', consoleDir: '/nonexistent' }, { logger: false });
await app.ready();
const tenantId = await createTenantRow(app, 'killnorth');
const id = await startJob(app, { tenantId, kind: 'test', fileName: 'killed.xlsx', total: 1, createdBy: 'x' }, async (ctx) => {
  await ctx.progress(0, 'applying');
  console.log('JOB ' + id);
  await new Promise(() => {});
  return { created: 0, updated: 0, errors: [] };
});
`;

describe('a job whose process is killed', () => {
  it('is ended error / interrupted by the next instance once its lease expired', async () => {
    const script = join(dir, 'child.mts');
    writeFileSync(script, CHILD);
    const proc = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...process.env, JOB_DIR: join(dir, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const id = await new Promise<string>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`child did not start the job: ${out}`)), 90_000);
      const read = (d: Buffer) => {
        out += d;
        const m = /JOB (\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          res(m[1]!);
        }
      };
      proc.stdout!.on('data', read);
      proc.stderr!.on('data', (d: Buffer) => {
        out += d;
      });
      proc.once('exit', (code) => rej(new Error(`child exited ${code}: ${out}`)));
    });
    await new Promise((res) => setTimeout(res, 300)); // a few heartbeats
    const exited = new Promise((res) => proc.once('exit', res));
    proc.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    Object.assign(jobLease, { leaseMs: 600, heartbeatMs: 100, sweepMs: 200 });
    const t = await testApp({ dataDir: join(dir, 'data') });
    try {
      const read = async () => (await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(jobs).where(eq(jobs.id, id))))[0]!;
      let row = await read();
      while (!isJobFinished(row.state as never) && Date.now() - killedAt < 30_000) {
        await new Promise((res) => setTimeout(res, 20));
        row = await read();
      }
      expect(row.state).toBe('error');
      expect(row.report).toMatchObject({ message: 'interrupted', created: 0, updated: 0 });
      console.info(
        `killed job final ${Date.now() - killedAt} ms after SIGKILL (lease ${jobLease.leaseMs} ms, sweep ${jobLease.sweepMs} ms, including the new instance's start)`,
      );
    } finally {
      await t.close();
    }
  }, 180_000);
});
