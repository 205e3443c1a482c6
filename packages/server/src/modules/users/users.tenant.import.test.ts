import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import readXlsxFile from 'read-excel-file/node';
import { Codes, Paths, UserCodes, type UserRow } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { users } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { uploadTo } from './users.testing.js';
import { buildWorld, pollJob, type TenantUserWorld } from './users.tenant.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let w: TenantUserWorld;
let nora: GatewayClient;
let a: string;

const EN_HEAD = ['User name', 'Employee name', 'Affiliated organisation code', 'Effective date', 'Expiry date', 'Password'];
const row = (username: string, org = 'east', password = 'Passw0rd!x') => [username, 'Imported', org, '2026-01-01', '2030-12-31', password];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  return writeExcelFile(rows.map((r) => r.map((value) => ({ value: value as string }))) as never).toBuffer() as Promise<Buffer>;
}
const upload = (c: GatewayClient, data: Buffer, name = 'users.xlsx') => uploadTo(t.app, c, Paths.importtenantuser, name, data);
const snapshot = async () =>
  (await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, (tx) => tx.select().from(users)))
    .map(({ updatedAt: _u, ...rest }) => rest)
    .sort((x, y) => x.username.localeCompare(y.username));

beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t, 'ti');
  a = w.acme.tenantId;
  nora = await w.as('tinora', a);
  nora.language = 'EN_US';
});
afterAll(async () => {
  await t.close();
});

describe('tenant-area user import (background job)', () => {
  it('downloads the template with the headings in the request language', async () => {
    const [sheet] = await readXlsxFile((await nora.post(Paths.templatetenantuser, {})).raw);
    expect(sheet!.data[0]).toEqual(expect.arrayContaining(EN_HEAD));
    expect(sheet!.data.length).toBe(1);
  });

  it('refuses a file with a bad row as a failed job with a per-row report, writing nothing', async () => {
    const before = await snapshot();
    const r = await upload(nora, await xlsx([EN_HEAD, row('imp1'), row('bad name!', 'nowhere'), row('imp3', 'east', 'weak')]));
    expect(r.result).toBe('1');
    const job = await pollJob(nora, r.data.row.jobId);
    expect(job.state).toBe('failed');
    const errors = job.report!.errors;
    expect(errors.map((e) => e.row)).toEqual([3, 3, 4]);
    expect(errors.map((e) => e.field).sort()).toEqual(['Affiliated organisation code', 'Password', 'User name']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what is not an Excel file at once', async () => {
    const r = await upload(nora, Buffer.from('a,b'), 'users.csv');
    expect(r.scode).toBe(UserCodes.IMPORT_EXCEL_ONLY);
  });

  it('imports a good file in one job, then re-imports its own export unchanged', async () => {
    const r = await upload(nora, await xlsx([EN_HEAD, row('imp1'), row('imp2', 'e-sales')]));
    const job = await pollJob(nora, r.data.row.jobId);
    expect(job).toMatchObject({ state: 'done', total: 2, processed: 2, report: { created: 2, updated: 0, errors: [] } });
    const listed = (await nora.post(Paths.listtenantuser, { keyword: 'imp', sortField: 'username', sortOrder: 'ascend' })).body.data.rows as UserRow[];
    expect(listed.map((u) => [u.username, u.orgName])).toEqual([
      ['imp1', 'East'],
      ['imp2', 'East sales'],
    ]);
    const u = await t.client();
    await u.signIn('imp2', 'Passw0rd!x');

    const before = await snapshot();
    // the whole export holds the super manager, whom no tenant administrator changes (modules/tenancy/acting-on.ts)
    const all = await nora.post(Paths.exporttenantuser, {});
    const refused = await pollJob(nora, (await upload(nora, all.raw)).data.row.jobId);
    expect(refused.state).toBe('failed');
    expect(refused.report!.errors).toHaveLength(1);
    expect(refused.report!.errors[0]!.message).toContain('boss');
    // the organisation tree's users (everyone but the super manager, who has no organisation)
    const exported = await nora.post(Paths.exporttenantuser, { orgId: a, includeSub: true });
    const again = await pollJob(nora, (await upload(nora, exported.raw)).data.row.jobId);
    expect(again).toMatchObject({ state: 'done', report: { created: 0, updated: before.filter((x) => x.orgId).length } });
    expect(await snapshot()).toEqual(before);
  });

  it('a role holder imports only inside their scope (organisations and existing users outside it are refused)', async () => {
    const rita = await w.as('rita', a);
    rita.language = 'EN_US';
    const before = await snapshot();
    const r = await upload(rita, await xlsx([EN_HEAD, row('imp5', 'west'), row('u-west', 'east'), row('imp6', 'e-sales')]));
    const job = await pollJob(rita, r.data.row.jobId);
    expect(job.state).toBe('failed');
    expect(job.report!.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'Affiliated organisation code'],
      [3, 'User name'],
    ]);
    expect(await snapshot()).toEqual(before);
    const ok = await pollJob(rita, (await upload(rita, await xlsx([EN_HEAD, row('imp6', 'e-sales')]))).data.row.jobId);
    expect(ok).toMatchObject({ state: 'done', report: { created: 1 } });
  });

  it("another tenant's administrator imports into their own tenant only", async () => {
    const sam = await w.as('tisam', w.beta.tenantId);
    const r = await upload(sam, await xlsx([EN_HEAD, row('imp1', 'east')]));
    const job = await pollJob(sam, r.data.row.jobId);
    expect(job.state).toBe('failed'); // acme's organisation codes are unknown in beta
    expect((await snapshot()).filter((x) => x.username === 'imp1').length).toBe(1);
    expect((await nora.get(`${Paths.getjob}?id=${r.data.row.jobId}`)).body.scode).toBe(Codes.JOB_NOT_FOUND);
  });
});
