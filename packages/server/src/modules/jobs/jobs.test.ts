import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, isJobFinished, Paths, type JobRow } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { jobs } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { JobRejected, startJob } from './jobs.runner.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
let north: string;
let south: string;
let noraId: string;

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}

async function poll(c: GatewayClient, id: string): Promise<JobRow> {
  for (let i = 0; i < 100; i++) {
    const r = await c.get(`${Paths.getjob}?id=${id}`);
    expect(r.body.result).toBe('1');
    if (isJobFinished(r.body.data.row.state)) return r.body.data.row;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('job did not finish');
}

beforeAll(async () => {
  t = await testApp();
  north = await createTenantRow(t.app, 'jobnorth');
  south = await createTenantRow(t.app, 'jobsouth');
  noraId = await createUserRow(t.app, { username: 'jobnora', password: PASSWORD });
  await createUserRow(t.app, { username: 'jobsam', password: PASSWORD });
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  const sam = (await admin.post(Paths.listuser, { tenantId: 'sys', username: 'jobsam', page: 1, pageSize: 10 })).body.data.rows[0].id;
  expect((await admin.post(Paths.savetenantadmin, { tenantId: north, userIds: [noraId] })).body.result).toBe('1');
  expect((await admin.post(Paths.savetenantadmin, { tenantId: south, userIds: [sam] })).body.result).toBe('1');
});
afterAll(async () => {
  await t.close();
});

describe('background jobs (getjob)', () => {
  it('runs a job to done with its progress and report, readable by the tenant administrator', async () => {
    const id = await startJob(t.app, { tenantId: north, kind: 'test', fileName: 'a.xlsx', total: 3, createdBy: noraId }, async (ctx) => {
      await ctx.progress(3, 'applying');
      return { created: 2, updated: 1, errors: [] };
    });
    const job = await poll(await as('jobnora', north), id);
    expect(job).toMatchObject({ id, kind: 'test', state: 'done', fileName: 'a.xlsx', total: 3, processed: 3, report: { created: 2, updated: 1, errors: [] } });
    expect(job.finishedAt).not.toBeNull();
  });

  it('ends rejected rows as failed with the per-row report, and an unexpected error as error', async () => {
    const nora = await as('jobnora', north);
    const failed = await startJob(t.app, { tenantId: north, kind: 'test', fileName: 'b.xlsx', total: 2, createdBy: noraId }, async () => {
      throw new JobRejected([{ row: 2, field: 'username', message: 'required' }], 2);
    });
    expect(await poll(nora, failed)).toMatchObject({ state: 'failed', report: { errors: [{ row: 2, field: 'username', message: 'required' }] } });
    const broken = await startJob(t.app, { tenantId: north, kind: 'test', fileName: 'c.xlsx', total: 1, createdBy: noraId }, async () => {
      throw new Error('disk on fire');
    });
    const stopped = await poll(nora, broken);
    expect(stopped).toMatchObject({ state: 'error', report: { message: 'unexpected' } });
    expect(JSON.stringify(stopped)).not.toContain('disk on fire'); // the error's text stays in the server's log
  });

  it('is "not found" in another tenant, and refused to someone who is not in the tenant', async () => {
    const id = await startJob(t.app, { tenantId: north, kind: 'test', fileName: 'd.xlsx', total: 0, createdBy: noraId }, async () => ({
      created: 0,
      updated: 0,
      errors: [],
    }));
    expect((await (await as('jobsam', south)).get(`${Paths.getjob}?id=${id}`)).body.scode).toBe(Codes.JOB_NOT_FOUND);
    expect((await (await as('jobsam', north)).get(`${Paths.getjob}?id=${id}`)).body.scode).toBe(Codes.NO_PERMISSION);
    const rows = await inScope(t.app.database.db, { scope: 'tenant', tenantId: south }, (tx) => tx.select().from(jobs));
    expect(rows).toEqual([]);
  });
});
