import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import readXlsxFile from 'read-excel-file/node';
import { Codes, Paths, UserCodes, type UserRow } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { createTenantWithOrgs, uploadTo } from './users.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let acme: { tenantId: string; deptId: string };

const ZH_HEAD = [
  '租户编码',
  '用户名',
  '员工姓名',
  '员工编号',
  '性别',
  '所属组织编码',
  '默认组织编码',
  '生效日期',
  '失效日期',
  '状态',
  '锁定',
  '电子邮箱',
  '手机号码',
  '办公电话',
  '家庭电话',
  '身份证号码',
  '工作签名',
  '描述',
  '密码',
];

/** An .xlsx with these rows (first row the headings). */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  return writeExcelFile(rows.map((r) => r.map((value) => (value === null ? null : { value: value as string }))) as never).toBuffer() as Promise<Buffer>;
}

const row = (username: string, extra: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    租户编码: 'acme',
    用户名: username,
    员工姓名: '导入',
    员工编号: 'IMP_1',
    性别: '女',
    所属组织编码: 'acme-dept',
    默认组织编码: '',
    生效日期: '2026-01-01',
    失效日期: '2027-12-31',
    状态: '启用',
    锁定: '否',
    电子邮箱: '',
    手机号码: '',
    办公电话: '',
    家庭电话: '',
    身份证号码: '',
    工作签名: '',
    描述: '',
    密码: 'Passw0rd!x',
    ...extra,
  };
  return ZH_HEAD.map((h) => v[h] ?? '');
};

const importFile = (data: Buffer, name = 'users.xlsx', tenantId?: string) =>
  uploadTo(t.app, c, `${Paths.importuser}${tenantId ? `?tenantId=${tenantId}` : ''}`, name, data);

const listAcme = async (): Promise<UserRow[]> =>
  (await c.post(Paths.listuser, { tenantId: acme.tenantId, pageSize: 500, sortField: 'username', sortOrder: 'ascend' })).body.data.rows;

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  acme = await createTenantWithOrgs(t.app, 'acme');
});
afterAll(async () => {
  await t.close();
});

describe('user import, export and template', () => {
  it('downloads the template with the headings in the request language', async () => {
    c.language = 'EN_US';
    const r = await c.post(Paths.templateuser, {});
    c.language = 'ZH_CN';
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readXlsxFile(r.raw);
    expect(sheet!.data[0]!.slice(0, 4)).toEqual(['Tenant code', 'User name', 'Employee name', 'Employee code']);
    expect(sheet!.data.length).toBe(1);
  });

  it('imports new users (Chinese headings, tenant by code), then the chosen tenant', async () => {
    const r = await importFile(await xlsx([ZH_HEAD, row('imp1', { 手机号码: '13800000001' }), row('imp2'), ZH_HEAD.map(() => '')]));
    expect(r.data.row).toEqual({ created: 2, updated: 0 });
    // One audit entry per created user, written in one multi-row insert of the request.
    const audit = await t.app.database.db
      .select({ entityId: auditLog.entityId, after: auditLog.after, requestId: auditLog.requestId, userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.action, 'user.import.add'));
    expect(audit.map((a) => (a.after as { username: string }).username).sort()).toEqual(['imp1', 'imp2']);
    expect(new Set(audit.map((a) => a.requestId)).size).toBe(1);
    expect(audit.every((a) => a.entityId && a.userId)).toBe(true);
    const rows = await listAcme();
    expect(rows.map((u) => u.username)).toEqual(['imp1', 'imp2']);
    expect(rows[0]).toMatchObject({ gender: 'F', orgName: 'Department', mobile: '13800000001', status: 1, locked: false, expiryDate: '2027-12-31' });
    const u = await t.client();
    await u.signIn('imp2', 'Passw0rd!x');
    const chosen = await importFile(await xlsx([ZH_HEAD.slice(1), row('imp3').slice(1)]), 'one.xls', acme.tenantId);
    expect(chosen.data.row).toEqual({ created: 1, updated: 0 });
  });

  it('applies nothing when one row fails, and reports every failed cell by row and field', async () => {
    const before = await listAcme();
    c.language = 'EN_US';
    const r = await importFile(
      await xlsx([
        ZH_HEAD,
        row('imp1', { 员工姓名: 'Changed' }),
        row('new1'),
        row('bad one', { 手机号码: '123', 生效日期: '2028-01-01' }),
        row('new1'),
        row('new2', { 所属组织编码: 'nowhere', 密码: '' }),
        row('new3', { 租户编码: 'nope', 状态: 'maybe' }),
      ]),
    );
    c.language = 'ZH_CN';
    expect(r.scode).toBe(UserCodes.IMPORT_INVALID);
    expect(r.msg).toBe('4 row(s) of the file are not valid; nothing was imported');
    const errs = r.data.errors as { row: number; field: string; column: string; message: string }[];
    expect(errs).toEqual(
      expect.arrayContaining([
        { row: 4, field: 'username', column: 'User name', message: 'The user name may contain only letters, digits, hyphens and underscores' },
        expect.objectContaining({ row: 4, field: 'mobile', message: 'Please enter correct mobile number (11 digits)' }),
        expect.objectContaining({ row: 4, field: 'expiryDate', message: 'The effective date cannot be later than the expiry date' }),
        expect.objectContaining({ row: 5, field: 'username', message: 'Same as row 3' }),
        expect.objectContaining({ row: 6, field: 'orgCode' }),
        expect.objectContaining({ row: 6, field: 'password', message: 'Please enter Password' }),
        expect.objectContaining({ row: 7, field: 'tenantCode' }),
        expect.objectContaining({ row: 7, field: 'status', message: 'The Status value "maybe" is not recognised' }),
      ]),
    );
    expect(await listAcme()).toEqual(before);
  });

  it('exports the grid filters to Excel and the export re-imports unchanged', async () => {
    await c.post(Paths.lockuser, { ids: [(await listAcme())[0]!.id], locked: true });
    const before = await listAcme();
    const r = await c.post(Paths.exportuser, { tenantId: acme.tenantId, sortField: 'username', sortOrder: 'ascend' });
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="users-.*\.xlsx"/);
    const [sheet] = await readXlsxFile(r.raw);
    expect(sheet!.data[0]).toEqual(ZH_HEAD);
    expect(sheet!.data.slice(1).map((x) => x[1])).toEqual(['imp1', 'imp2', 'imp3']);
    expect(sheet!.data[1]![10]).toBe('是');
    const again = await importFile(r.raw, 'users-export.xlsx');
    expect(again.data.row).toEqual({ created: 0, updated: 3 });
    const after = await listAcme();
    expect(after.map(({ updatedAt: _u, ...x }) => x)).toEqual(before.map(({ updatedAt: _u, ...x }) => x));
    // The exported (empty) password kept each password.
    const u = await t.client();
    await u.signIn('imp2', 'Passw0rd!x');
  });

  it('refuses the super manager disabled by a file', async () => {
    await createUserRow(t.app, { username: 'admin2', password: 'Passw0rd!x', identities: [4] });
    const sys = await c.post(Paths.exportuser, { tenantId: 'sys', username: 'admin' });
    const [sheet] = await readXlsxFile(sys.raw);
    const data = sheet!.data.map((r) => [...r]);
    const i = data.findIndex((r) => r[1] === 'admin');
    data[i]![9] = '停用';
    const r = await importFile(await xlsx(data), 'sys.xlsx');
    expect(r.scode).toBe(UserCodes.IMPORT_INVALID);
    expect(r.data.errors[0]).toMatchObject({ row: i + 1, field: 'status' });
  });

  it('takes only Excel files, names of at most 50 characters and at most 10M, with the messages of SPEC §8', async () => {
    c.language = 'EN_US';
    const data = await xlsx([ZH_HEAD, row('x1')]);
    expect((await importFile(data, 'users.csv')).msg).toBe('Only Excel files can be uploaded.');
    expect((await importFile(data, `${'n'.repeat(46)}.xlsx`)).msg).toBe('The file name length can not be greater than 50.');
    const big = await importFile(Buffer.concat([data, Buffer.alloc(10 * 1024 * 1024)]), 'big.xlsx');
    expect(big.status).toBe(413);
    expect(big.msg).toBe('The file size can not exceed 10M.');
    expect((await importFile(Buffer.from('not a zip'), 'bad.xlsx')).scode).toBe(UserCodes.IMPORT_UNREADABLE);
    expect((await importFile(await xlsx([['User name'], ['x']]), 'no-tenant.xlsx')).scode).toBe(UserCodes.IMPORT_COLUMN_MISSING);
    expect((await importFile(await xlsx([ZH_HEAD]), 'empty.xlsx')).scode).toBe(UserCodes.IMPORT_EMPTY);
    c.language = 'ZH_CN';
    expect((await listAcme()).length).toBe(3);
    expect(Codes.FILE_TOO_LARGE).toBe('file.too_large');
  });
});
