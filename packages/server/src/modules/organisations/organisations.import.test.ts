import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import readXlsxFile from 'read-excel-file/node';
import { eq } from 'drizzle-orm';
import { Codes, OrganisationCodes, Paths, UserCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations } from '../../db/schema/index.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { uploadTo } from '../users/users.testing.js';
import { pollJob } from '../users/users.tenant.testing.js';
import { orgFixture } from './organisations.fixture.js';

const EN_HEAD = ['Code', 'Name', 'Parent organisation code', 'Type', 'Sort order', 'Status', 'Description'];
let f: Awaited<ReturnType<typeof orgFixture>>;
let nora: GatewayClient;
beforeAll(async () => {
  f = await orgFixture([Paths.importorg, Paths.listorg]);
  nora = await f.as('nora');
  nora.language = 'EN_US';
});
afterAll(async () => {
  await f.t.close();
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  return writeExcelFile(rows.map((r) => r.map((value) => ({ value: value as string }))) as never).toBuffer() as Promise<Buffer>;
}
const upload = (c: GatewayClient, data: Buffer, name = 'orgs.xlsx') => uploadTo(f.t.app, c, Paths.importorg, name, data);
const snapshot = async () =>
  (await inScope(f.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(organisations).where(eq(organisations.tenantId, f.T))))
    .map(({ updatedAt: _u, createdAt: _c, ...rest }) => rest)
    .sort((a, b) => a.id.localeCompare(b.id));
const byCode = async (code: string) => (await snapshot()).find((r) => r.code === code);

describe('organisation import, export and template', () => {
  it('downloads the template with the headings in the request language', async () => {
    const [sheet] = await readXlsxFile((await nora.post(Paths.templateorg, {})).raw);
    expect(sheet!.data).toEqual([EN_HEAD]);
  });

  it('refuses a file with bad rows as a failed job with a per-row report, writing nothing', async () => {
    const before = await snapshot();
    const r = await upload(
      nora,
      await xlsx([
        EN_HEAD,
        ['N1', 'North', 'treeco', 'Company', '1', 'Enabled', ''],
        ['N2', "Bad'name", 'N1', 'Department', '1', 'Enabled', ''],
        ['N3', 'Three', 'nowhere', 'Department', '1', 'Enabled', ''],
        ['N4', 'Four', 'N5', 'Planet', 'x', 'Maybe', ''],
        ['N5', 'Five', 'N6', 'Department', '1', 'Enabled', ''],
        ['N6', 'Six', 'N5', 'Department', '1', 'Enabled', ''],
        ['n1', 'Dup', 'treeco', 'Department', '1', 'Enabled', ''],
        ['treeco', 'Root', '', 'Company', '1', 'Enabled', ''],
      ]),
    );
    expect(r.result, JSON.stringify(r)).toBe('1');
    const job = await pollJob(nora, r.data.jobId);
    expect(job.state).toBe('failed');
    const errors = job.report!.errors;
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'Name'],
      [4, 'Parent organisation code'],
      [5, 'Type'],
      [6, 'Parent organisation code'],
      [7, 'Parent organisation code'],
      [8, 'Code'],
      [9, 'Code'],
    ]);
    expect(errors[0]!.message).toBe('The organisation name must not contain single quotes or angle brackets');
    expect(errors[1]!.message).toContain('"nowhere"');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what is not an Excel file, a long name or an empty sheet at once', async () => {
    expect((await upload(nora, Buffer.from('a,b'), 'orgs.csv')).scode).toBe(UserCodes.IMPORT_EXCEL_ONLY);
    expect((await upload(nora, await xlsx([EN_HEAD]), `${'n'.repeat(48)}.xlsx`)).scode).toBe(Codes.FILE_NAME_TOO_LONG);
    expect((await upload(nora, await xlsx([EN_HEAD]))).scode).toBe(OrganisationCodes.IMPORT_EMPTY);
  });

  it('imports a good file in any row order (parents by code, from the file or the tenant), then re-imports its export unchanged', async () => {
    const r = await upload(
      nora,
      await xlsx([
        EN_HEAD,
        ['G2', 'Child', 'G1', 'Department', '2', 'Disabled', 'under G1'],
        ['G1', 'Parent', 'e', '公司', '1', '启用', ''],
        ['G3', 'Lone', '', 'Franchise store', '', '', ''],
        ['ES', 'East sales renamed', 'W', 'Department', '0', 'Enabled', ''],
      ]),
    );
    const job = await pollJob(nora, r.data.jobId);
    expect(job.state, JSON.stringify(job.report)).toBe('done');
    expect(job.report).toMatchObject({ created: 3, updated: 1, errors: [] });
    const g1 = await byCode('G1');
    expect(g1).toMatchObject({ parentId: 'east', type: 2, status: 1, path: `/${f.T}/east/${g1!.id}/` });
    expect(await byCode('G2')).toMatchObject({ parentId: g1!.id, type: 3, sort: 2, status: 0, description: 'under G1' });
    expect(await byCode('G3')).toMatchObject({ parentId: null, type: 6 });
    expect(await byCode('ES')).toMatchObject({ name: 'East sales renamed', parentId: 'west' });
    expect((await byCode('EF'))!.path).toBe(`/${f.T}/west/e-sales/e-field/`);

    const before = await snapshot();
    const exported = (await nora.post(Paths.exportorg, {})).raw;
    const [sheet] = await readXlsxFile(exported);
    expect(sheet!.data[0]).toEqual(EN_HEAD);
    expect(sheet!.data.length).toBe(before.length); // every organisation but the root, plus the headings
    const again = await pollJob(nora, (await upload(nora, exported)).data.jobId);
    expect(again.state).toBe('done');
    expect(again.report).toMatchObject({ created: 0, updated: before.length - 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a role holder inside their scope and refuses callers without the API grant', async () => {
    const rita = await f.as('rita');
    const before = await snapshot();
    const r = await upload(
      rita,
      await xlsx([
        EN_HEAD,
        ['R1', 'Rita', 'E', 'Department', '1', 'Enabled', ''],
        ['W', 'West hacked', 'treeco', 'Company', '1', 'Enabled', ''],
        ['R2', 'Single', '', 'Department', '1', 'Enabled', ''],
      ]),
    );
    const job = await pollJob(rita, r.data.jobId);
    expect(job.state).toBe('failed');
    expect(job.report!.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(await snapshot()).toEqual(before);
    expect((await upload(await f.as('tina'), await xlsx([EN_HEAD, ['T1', 'T', 'E', 'Department', '1', 'Enabled', '']]))).scode).toBe(Codes.NO_PERMISSION);
    expect((await (await f.as('rita')).post(Paths.exportorg, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it("exports nothing of this tenant to another tenant's administrator", async () => {
    const sam = await f.as('sam', f.ids.otherco);
    const [sheet] = await readXlsxFile((await sam.post(Paths.exportorg, {})).raw);
    expect(sheet!.data.slice(1).map((r) => r[0])).toEqual(['OD']);
  });
});
