import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { AppApiCodes, AppApiPaths as P, Codes, UserCodes } from '@mp/protocol';
import { appApis } from '../../db/schema/index.js';
import { clientsWorld, inApp, type ClientsWorld } from '../clients/clients.fixtures.js';
import { uploadInApp, validApi, xlsx } from './appapis.fixtures.js';

let w: ClientsWorld;
const EN = ['Service name', 'Module name', 'API name', 'Service url', 'Description'];
const ZH = ['服务名称', '模块名称', 'API 名称', '服务地址', '描述'];
const rowsOf = async (productId: string) =>
  (await w.t.app.database.db.select().from(appApis).where(eq(appApis.productId, productId)).orderBy(sql`lower(${appApis.url})`)).map((a) => [
    a.serviceName,
    a.moduleName,
    a.name,
    a.url,
    a.description,
  ]);
const importA = (data: Buffer, name = 'apis.xlsx', caller = w.a, app = w.appA.code) => uploadInApp(w.t.app, caller, P.importappapi, app, name, data);

beforeAll(async () => {
  w = await clientsWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('API registry import and template (SPEC §5 Import files)', () => {
  it('downloads the template: the headings in the request language, no rows', async () => {
    w.a.language = 'JA_JP';
    const r = await w.a.post(P.templateappapi, {}, inApp(w.appA.code));
    w.a.language = 'ZH_CN';
    expect(r.headers['content-disposition']).toContain('api-template.xlsx');
    const [sheet] = await readXlsxFile(r.raw);
    expect(sheet!.data).toEqual([['サービス名', 'モジュール名', 'API 名', 'サービス URL', '説明']]);
  });

  it('creates the rows (headings of any language, any order, empty rows skipped), then updates by URL whatever its case', async () => {
    const first = await importA(
      await xlsx([ZH, ['order', 'orders', 'List', '/o/list.do', ''], [null, null, null, null, null], ['order', 'orders', 'Save', '/o/save.do', 'Saves']]),
    );
    expect(first.data.row).toEqual({ created: 2, updated: 0 });
    const shuffled = [EN[3]!, EN[2]!, EN[0]!, EN[1]!, 'Ignored column'];
    const second = await importA(
      await xlsx([
        shuffled,
        ['/O/LIST.do', 'List all', 'order', 'orders', 'x'],
        ['/o/new.do', 'New', 'order', 'drafts', 'y'],
        ['/o/save.do', 'Save', 'order', 'orders', 'z'],
      ]),
    );
    expect(second.data.row).toEqual({ created: 1, updated: 1 });
    expect(await rowsOf(w.appA.id)).toEqual([
      ['order', 'orders', 'List all', '/O/LIST.do', ''],
      ['order', 'drafts', 'New', '/o/new.do', ''],
      ['order', 'orders', 'Save', '/o/save.do', 'Saves'],
    ]);
    expect(await rowsOf(w.appB.id)).toEqual([]);
  });

  it('writes nothing when any row fails, and reports every failed cell in the request language', async () => {
    const before = await rowsOf(w.appA.id);
    w.a.language = 'EN_US';
    const r = await importA(
      await xlsx([
        EN,
        ['svc', 'mod', 'Good', '/imp/good.do', ''],
        ['svc', 'mod', '', '/imp/bad.action', ''],
        ['svc', 'mod', 'Dup', '/IMP/GOOD.do', ''],
        ['s'.repeat(51), 'mod', 'Long', '/imp/long.do', ''],
      ]),
    );
    w.a.language = 'ZH_CN';
    expect(r.scode).toBe(AppApiCodes.IMPORT_INVALID);
    expect(r.msg).toBe('3 row(s) failed the checks; nothing was imported');
    expect(r.data).toEqual({
      failedRows: 3,
      errors: [
        { row: 3, field: 'name', column: 'API name', message: 'Please enter API name' },
        { row: 3, field: 'url', column: 'Service url', message: 'The service url must end with .do' },
        { row: 4, field: 'url', column: 'Service url', message: 'Same service url as row 2' },
        { row: 5, field: 'serviceName', column: 'Service name', message: 'Service name cannot be longer than 50 characters' },
      ],
    });
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it('refuses files that are not Excel, too long a name, unreadable content, a missing column, no rows', async () => {
    const good = await xlsx([EN, ['svc', 'mod', 'n', '/f/a.do', '']]);
    w.a.language = 'EN_US';
    const notExcel = await importA(Buffer.from('a,b'), 'apis.csv');
    expect(notExcel.scode).toBe(UserCodes.IMPORT_EXCEL_ONLY);
    expect(notExcel.msg).toBe('Only Excel files can be uploaded.');
    const long = await importA(good, `${'n'.repeat(46)}.xlsx`);
    expect(long.scode).toBe(Codes.FILE_NAME_TOO_LONG);
    expect(long.msg).toBe('The file name length can not be greater than 50.');
    expect((await importA(Buffer.from('not a workbook'))).scode).toBe(AppApiCodes.IMPORT_UNREADABLE);
    const missing = await importA(await xlsx([EN.filter((h) => h !== 'Service url'), ['svc', 'mod', 'n', '']]));
    expect(missing.scode).toBe(AppApiCodes.IMPORT_COLUMN_MISSING);
    expect(missing.msg).toBe('The required column "Service url" is missing; please use the template');
    expect((await importA(await xlsx([EN]))).scode).toBe(AppApiCodes.IMPORT_EMPTY);
    w.a.language = 'ZH_CN';
    expect(await rowsOf(w.appA.id)).not.toContainEqual(['svc', 'mod', 'n', '/f/a.do', '']);
  });

  it('refuses a file over 10M with 413', async () => {
    const big = await importA(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(big.status).toBe(413);
    expect(big.scode).toBe(Codes.FILE_TOO_LARGE);
  });

  it('an export re-imports unchanged; callers of another application are refused', async () => {
    const exp = await w.a.post(P.exportappapi, {}, inApp(w.appA.code));
    const before = await rowsOf(w.appA.id);
    expect((await importA(exp.raw, 'export.xlsx')).data.row).toEqual({ created: 0, updated: 0 });
    expect(await rowsOf(w.appA.id)).toEqual(before);
    const data = await xlsx([EN, ['svc', 'mod', 'n', '/intruder.do', '']]);
    for (const caller of [w.b, w.plain, w.loner]) expect((await importA(data, 'apis.xlsx', caller)).scode).toBe(Codes.NO_PERMISSION);
    expect(await rowsOf(w.appA.id)).toEqual(before);
    // The same file into app B goes to app B only.
    expect((await importA(data, 'apis.xlsx', w.b, w.appB.code)).data.row).toEqual({ created: 1, updated: 0 });
    expect(await rowsOf(w.appB.id)).toEqual([['svc', 'mod', 'n', '/intruder.do', '']]);
    expect((await w.a.post(P.addappapi, validApi({ url: '/intruder.do' }), inApp(w.appA.code))).body.result).toBe('1');
  });
});
