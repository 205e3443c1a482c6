/**
 * Job leases (issue 13 "Background jobs stay applying for ever"; docs/operations.md "Job leases";
 * jobs.runner.ts): a job whose instance died (simulated: a running row leased to another instance id,
 * its lease expired, no heartbeat) is ended 'error' / 'interrupted' by the sweep within the sweep period
 * and `getjob` shows it; a job whose heartbeat runs keeps its lease past the lease time and finishes
 * 'done'. Timings are shortened (lease 600 ms, heartbeat 100 ms, sweep 200 ms). Runs on PGlite, and on
 * PostgreSQL when MP_TEST_DATABASE_URL names a server whose user may create databases.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isJobFinished, Paths, type JobRow } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { jobs } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, type testApp } from '../../testing/test-app.js';
import { testAppTargets } from '../../testing/postgres-admin.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { jobLease, startJob } from './jobs.runner.js';

const PASSWORD = 'Passw0rd!x';
Object.assign(jobLease, { leaseMs: 600, heartbeatMs: 100, sweepMs: 200 });
const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

function leases(label: string, open: () => Promise<{ t: Awaited<ReturnType<typeof testApp>>; close: () => Promise<void> }>) {
  describe(`${label}: job leases`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    let tenant: string;
    let noraId: string;
    let nora: GatewayClient;
    const getjob = async (id: string): Promise<JobRow> => {
      const r = await nora.get(`${Paths.getjob}?id=${id}`);
      expect(r.body.result).toBe('1');
      return r.body.data.row;
    };
    const scope = () => ({ scope: 'tenant' as const, tenantId: tenant });

    beforeAll(async () => {
      ({ t, close } = await open());
      tenant = await createTenantRow(t.app, 'leasenorth');
      noraId = await createUserRow(t.app, { username: 'leasenora', password: PASSWORD });
      const admin = await t.client();
      await admin.signIn('admin', ADMIN_PASSWORD);
      expect((await admin.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [noraId] })).body.result).toBe('1');
      nora = await t.client();
      await nora.signIn('leasenora', PASSWORD);
      nora.tenantId = tenant;
    }, 120_000);
    afterAll(async () => {
      await close();
    });

    it('ends a job of a dead instance (expired lease) as error / interrupted within the sweep period', async () => {
      const id = randomUUID();
      // A dead instance's job: 'applying', leased to another instance, its lease ending in 300 ms and never renewed.
      await inScope(t.app.database.db, scope(), (tx) =>
        tx.insert(jobs).values({
          id,
          tenantId: tenant,
          kind: 'test',
          state: 'applying',
          fileName: 'dead.xlsx',
          total: 5,
          processed: 2,
          createdBy: noraId,
          leaseOwner: 'dead-instance',
          leaseExpiresAt: sql`now() + interval '300 milliseconds'`,
        }),
      );
      const [{ expires }] = (await inScope(t.app.database.db, scope(), (tx) =>
        tx.select({ expires: jobs.leaseExpiresAt }).from(jobs).where(eq(jobs.id, id)),
      )) as [{ expires: Date }];
      expect((await getjob(id)).state).toBe('applying');
      let row = await getjob(id);
      while (!isJobFinished(row.state) && Date.now() < expires.getTime() + 5_000) {
        await sleep(20);
        row = await getjob(id);
      }
      const afterExpiry = Date.now() - expires.getTime();
      expect(row).toMatchObject({ state: 'error', report: { created: 0, updated: 0, errors: [], message: 'interrupted' } });
      expect(row.finishedAt).not.toBeNull();
      // Ended by the periodic sweep within one sweep period (plus slack for the test's polling and a busy machine).
      expect(afterExpiry).toBeLessThan(jobLease.sweepMs + 1_000);
      console.info(`[${label}] interrupted job final ${afterExpiry} ms after its lease expired (sweep every ${jobLease.sweepMs} ms)`);
    });

    it('keeps a job whose heartbeat runs past its lease time, and it finishes done', async () => {
      let release = () => {};
      const gate = new Promise<void>((res) => {
        release = res;
      });
      const id = await startJob(t.app, { tenantId: tenant, kind: 'test', fileName: 'alive.xlsx', total: 1, createdBy: noraId }, async (ctx) => {
        await ctx.progress(0, 'applying');
        await gate;
        return { created: 1, updated: 0, errors: [] };
      });
      const leaseOf = async () =>
        (
          await inScope(t.app.database.db, scope(), (tx) =>
            tx.select({ owner: jobs.leaseOwner, expires: jobs.leaseExpiresAt }).from(jobs).where(eq(jobs.id, id)),
          )
        )[0]!;
      const first = await leaseOf();
      await sleep(jobLease.leaseMs * 3); // several lease periods and sweeps
      const later = await leaseOf();
      expect(later.owner).toBe(first.owner);
      expect(later.expires!.getTime()).toBeGreaterThan(first.expires!.getTime() + jobLease.leaseMs); // renewed by the heartbeat
      expect((await getjob(id)).state).toBe('applying');
      release();
      let row = await getjob(id);
      for (let i = 0; i < 100 && !isJobFinished(row.state); i++) {
        await sleep(20);
        row = await getjob(id);
      }
      expect(row).toMatchObject({ state: 'done', report: { created: 1, updated: 0, errors: [] } });
      await sleep(jobLease.sweepMs * 2);
      expect((await getjob(id)).state).toBe('done'); // a finished job is never swept
    });
  });
}

for (const { label, open } of testAppTargets('mp_jobs')) leases(label, open);
