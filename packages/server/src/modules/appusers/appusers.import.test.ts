import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { AppUserPaths as P, Codes, UserCodes } from '@mp/protocol';
import { auditLog, users } from '../../db/schema/index.js';
import { uploadInApp, xlsx } from '../appapis/appapis.fixtures.js';
import { inApp, peopleWorld, type PeopleWorld } from './appusers.fixtures.js';

let w: PeopleWorld;
const crm = () => inApp(w.appA.code);
const db = () => w.t.app.database.db;
const EN = [
  'Tenant code',
  'User name',
  'Employee name',
  'Employee code',
  'Gender',
  'Affiliated organisation code',
  'Effective date',
  'Expiry date',
  'Status',
  'Password',
];
const row = (tenant: string, username: string, org: string, extra: { name?: string; password?: string } = {}) => [
  tenant,
  username,
  extra.name ?? 'Imported',
  'IMP_1',
  'F',
  org,
  '2026-01-01',
  '2030-12-31',
  'Enabled',
  extra.password ?? 'Passw0rd!x',
];
const importIn = async (rows: (string | null)[][], o: { caller?: PeopleWorld['a']; app?: string; name?: string } = {}) =>
  uploadInApp(w.t.app, o.caller ?? w.a, P.importappuser, o.app ?? w.appA.code, o.name ?? 'users.xlsx', await xlsx([EN, ...rows]));
const userCount = async () => Number((await db().select({ n: sql<number>`count(*)` }).from(users))[0]!.n);
const named = async (username: string) => (await db().select().from(users).where(eq(users.username, username)))[0];

beforeAll(async () => {
  w = await peopleWorld();
  // t1 serves crm from East only: West (and its user) is outside the application.
  expect((await w.a.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, crm())).body.result).toBe('1');
  w.a.language = 'EN_US';
});
afterAll(async () => {
  await w.t.close();
});

describe('importappuser (SPEC §2 App user import, §5 Import files and User)', () => {
  it('creates new users inside the roots and updates existing application users, in one audited transaction', async () => {
    const r = await importIn([
      row('pt1', 'imp_new', 'eastsub'),
      row('pt2', 'imp_t2', 'pt2-dept'),
      row('pt1', 'u_east', 'east', { name: 'Renamed', password: '' }),
    ]);
    expect(r).toMatchObject({ result: '1', data: { row: { created: 2, updated: 1 } } });
    expect(await named('imp_new')).toMatchObject({ tenantId: w.t1, orgId: w.org.eastSub, employeeName: 'Imported' });
    expect(await named('imp_t2')).toMatchObject({ tenantId: w.t2, orgId: w.t2dept });
    expect((await named('u_east'))!.employeeName).toBe('Renamed');
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'appuser.import'));
    expect(audit).toMatchObject([{ tenantId: 'sys', entityId: w.appA.id, after: { fileName: 'users.xlsx', created: 2, updated: 1 } }]);
    expect(
      (
        await db()
          .select()
          .from(auditLog)
          .where(inArray(auditLog.action, ['user.import.add', 'user.import.edit']))
      ).length,
    ).toBe(3);
  });

  it('refuses rows outside the application (tenant, roots, other users, administrators) and writes nothing', async () => {
    const before = await userCount();
    const east = (await named('u_east'))!;
    const r = await importIn([
      row('pt1', 'imp_ok', 'east'),
      row('pt3', 'imp_t3', 'pt3-dept'), // t3 uses only erp
      row('pt4', 'imp_t4', 'pt4-dept'), // t4's authorisation is disabled
      row('pt1', 'imp_west', 'west'), // outside the roots
      row('pt1', 'u_west', 'east', { password: '' }), // an existing user outside the application
      row('pt1', 'ta_t1', 'east', { password: '' }), // a tenant administrator
      row('pt1', 'sm_t1', 'east', { password: '' }), // the super manager
      row('pt1', 'u_east', 'east', { name: 'NotKept', password: '' }),
    ]);
    expect(r.scode).toBe(UserCodes.IMPORT_INVALID);
    expect(r.msg).toBe('6 row(s) of the file are not valid; nothing was imported');
    const byRow = (n: number) =>
      (r.data.errors as { row: number; field: string; message: string }[]).filter((e) => e.row === n).map((e) => [e.field, e.message]);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([['tenantCode', 'This tenant does not use the application']]);
    expect(byRow(4)).toEqual([['tenantCode', 'This tenant does not use the application']]);
    expect(byRow(5)).toEqual([['orgCode', "The chosen organization is not inside the application's root organizations"]]);
    expect(byRow(6)).toEqual([['username', 'The user name "u_west" is already in use']]);
    expect(byRow(7)).toEqual([['username', 'The user "ta_t1" is an administrator or yourself and cannot be changed here']]);
    expect(byRow(8)[0]).toEqual(['username', 'The user "sm_t1" is an administrator or yourself and cannot be changed here']);
    expect(byRow(9)).toEqual([]);
    expect(await userCount()).toBe(before);
    expect(await named('imp_ok')).toBeUndefined();
    expect((await named('u_east'))!.employeeName).toBe(east.employeeName);
  });

  it('applies the user rules of the platform import (required cells, duplicates in the file)', async () => {
    const r = await importIn([row('pt1', 'imp_dup', 'east'), row('pt1', 'IMP_DUP', 'east'), row('pt1', 'imp_noorg', '')]);
    expect(r.scode).toBe(UserCodes.IMPORT_INVALID);
    expect((r.data.errors as { row: number; field: string }[]).map((e) => [e.row, e.field])).toEqual([
      [3, 'username'],
      [4, 'orgCode'],
    ]);
    expect(await named('imp_dup')).toBeUndefined();
  });

  it('refuses the file by the §5 rules with the §8 messages', async () => {
    const data = await xlsx([EN, row('pt1', 'imp_file', 'east')]);
    const up = (name: string, body = data) => uploadInApp(w.t.app, w.a, P.importappuser, w.appA.code, name, body);
    expect(await up('users.csv')).toMatchObject({ scode: UserCodes.IMPORT_EXCEL_ONLY, msg: 'Only Excel files can be uploaded.' });
    expect(await up(`${'n'.repeat(46)}.xlsx`)).toMatchObject({ scode: Codes.FILE_NAME_TOO_LONG });
    expect(await up('users.xlsx', Buffer.alloc(10 * 1024 * 1024 + 1))).toMatchObject({
      status: 413,
      scode: Codes.FILE_TOO_LARGE,
      msg: 'The file size can not exceed 10M.',
    });
    expect(await up('users.xlsx', Buffer.from('not a workbook'))).toMatchObject({ scode: UserCodes.IMPORT_UNREADABLE });
    expect(await named('imp_file')).toBeUndefined();
  });

  it("is the calling application's only: another application's administrator cannot import into crm, and erp cannot reach crm's tenants", async () => {
    expect(await importIn([row('pt1', 'imp_b', 'east')], { caller: w.b })).toMatchObject({ scode: Codes.NO_PERMISSION });
    w.b.language = 'EN_US';
    const r = await importIn([row('pt1', 'imp_b', 'east')], { caller: w.b, app: w.appB.code });
    expect(r.data.errors).toMatchObject([{ row: 2, field: 'tenantCode', message: 'This tenant does not use the application' }]);
    expect(await named('imp_b')).toBeUndefined();
  });
});
