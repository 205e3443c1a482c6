import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppRoleCodes, AppRolePaths as P, Codes, RoleCodes } from '@mp/protocol';
import { appRoles, auditLog } from '../../db/schema/index.js';
import { inApp, rolesWorld, validRole, type RolesWorld } from './approles.fixtures.js';

let w: RolesWorld;
const rolesOf = (productId: string) => w.t.app.database.db.select().from(appRoles).where(eq(appRoles.productId, productId)).orderBy(appRoles.code);
const add = (patch: Record<string, unknown> = {}) => w.a.post(P.addapprole, validRole(patch), inApp(w.appA.code));

beforeAll(async () => {
  w = await rolesWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('application roles (SPEC §5 Role)', () => {
  it('adds, lists, searches, sorts, edits, disables, enables and deletes roles, audited', async () => {
    const r = await add();
    expect(r.body.result).toBe('1');
    expect(r.body.data.row).toMatchObject({
      code: 'sales_rep',
      name: '销售代表',
      description: 'Sells',
      status: 1,
      templateId: '',
      templateMode: 'copy',
      memberCount: 0,
    });
    const id = r.body.data.row.id as string;
    expect((await add({ code: 'Buyer_2', name: 'Buyer' })).body.result).toBe('1');
    const list = await w.a.post(P.listapprole, { page: 1, pageSize: 10, sortField: 'code', sortOrder: 'ascend' }, inApp(w.appA.code));
    expect(list.body.data.rows.map((x: { code: string }) => x.code)).toEqual(['Buyer_2', 'sales_rep']);
    expect(list.body.data).toMatchObject({ page: 1, records: 2, total: 1, lastPage: true });
    const search = await w.a.post(P.listapprole, { code: 'SALES', name: '销售' }, inApp(w.appA.code));
    expect(search.body.data.rows.map((x: { id: string }) => x.id)).toEqual([id]);
    // '_' is searched as itself, not as a wildcard
    expect((await w.a.post(P.listapprole, { code: 'l_s' }, inApp(w.appA.code))).body.data.records).toBe(0);
    const edit = await w.a.post(P.editapprole, { id, code: 'sales_rep', name: 'Seller', description: '' }, inApp(w.appA.code));
    expect(edit.body.data.row).toMatchObject({ name: 'Seller', description: '' });
    expect((await w.a.post(P.statusapprole, { ids: [id], status: 0 }, inApp(w.appA.code))).body.data.count).toBe(1);
    expect((await w.a.post(P.listapprole, { status: 0 }, inApp(w.appA.code))).body.data.rows.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await w.a.post(P.statusapprole, { ids: [id], status: 1 }, inApp(w.appA.code))).body.data.count).toBe(1);
    const actions = (await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((x) => x.action);
    expect(actions).toEqual(expect.arrayContaining(['approle.add', 'approle.edit', 'approle.disable', 'approle.enable']));
    expect((await w.a.post(P.deleteapprole, { ids: [id] }, inApp(w.appA.code))).body.data.count).toBe(1);
    expect((await rolesOf(w.appA.id)).map((x) => x.code)).toEqual(['Buyer_2']);
  });

  it('refuses each rule with its localised message, writing nothing', async () => {
    const before = await rolesOf(w.appA.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: '' }, Codes.REQUIRED, 'Please enter role number'],
      [{ code: 'has space' }, RoleCodes.NO_PATTERN, ''],
      [{ code: 'x'.repeat(31) }, Codes.TOO_LONG, ''],
      [{ code: 'ok_1', name: 'bad-name' }, RoleCodes.NAME_PATTERN, ''],
      [{ code: 'ok_1', name: 'n'.repeat(31) }, Codes.TOO_LONG, ''],
      [{ code: 'ok_1', description: 'd'.repeat(201) }, Codes.TOO_LONG, ''],
      [{ code: 'ok_1', description: '<script>x</script>' }, Codes.SCRIPT_TAG, ''],
      [{ code: 'BUYER_2' }, AppRoleCodes.CODE_IN_USE, 'The role number "BUYER_2" already exists'],
    ];
    w.a.language = 'EN_US';
    for (const [patch, code, msg] of cases) {
      const r = await add(patch);
      expect(r.body.scode, JSON.stringify(patch)).toBe(code);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    w.a.language = 'JA_JP';
    expect((await add({ code: 'buyer_2' })).body.msg).toBe('ロール番号「buyer_2」は既に存在します');
    w.a.language = 'ZH_CN';
    expect((await add({ code: 'buyer_2' })).body.msg).toBe('角色编号“buyer_2”已存在');
    expect(await rolesOf(w.appA.id)).toEqual(before);
  });

  it('bad input is HTTP 400 with the envelope, never a 500', async () => {
    const cases: [string, unknown][] = [
      [P.addapprole, { code: 1, name: 'x' }],
      [P.addapprole, { code: 'a', name: 'b', status: 7 }],
      [P.addapprole, { code: 'a', name: 'b', templateMode: 'fork' }],
      [P.listapprole, { sortField: 'password' }],
      [P.deleteapprole, { ids: 'x' }],
      [P.statusapprole, { ids: ['x'], status: 2 }],
      [P.editapprole, { code: 'a', name: 'b' }],
    ];
    for (const [path, body] of cases) {
      const r = await w.a.post(path, body, inApp(w.appA.code));
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.result).toBe('0');
    }
  });

  it('the number is unique case-insensitively even for simultaneous adds (one wins, the other gets code_in_use)', async () => {
    const [x, y] = await Promise.all([add({ code: 'Twin' }), add({ code: 'tWIN' })]);
    expect([x.body.scode || x.body.result, y.body.scode || y.body.result].sort()).toEqual(['1', AppRoleCodes.CODE_IN_USE]);
    expect((await rolesOf(w.appA.id)).filter((r) => r.code.toLowerCase() === 'twin')).toHaveLength(1);
  });

  it('the same number may exist in another application', async () => {
    const r = await w.b.post(P.addapprole, validRole({ code: 'Buyer_2', name: 'Buyer' }), inApp(w.appB.code));
    expect(r.body.result).toBe('1');
  });

  it('batch status and delete are all or nothing; none chosen is refused', async () => {
    const mine = (await rolesOf(w.appA.id)).map((r) => r.id);
    const theirs = (await rolesOf(w.appB.id)).map((r) => r.id);
    expect((await w.a.post(P.deleteapprole, { ids: [...mine, theirs[0]] }, inApp(w.appA.code))).body.scode).toBe(AppRoleCodes.NOT_FOUND);
    expect((await w.a.post(P.statusapprole, { ids: [mine[0], 'nope'], status: 0 }, inApp(w.appA.code))).body.scode).toBe(AppRoleCodes.NOT_FOUND);
    expect((await w.a.post(P.deleteapprole, { ids: [] }, inApp(w.appA.code))).body.scode).toBe(Codes.CHOOSE_AT_LEAST_ONE);
    expect((await rolesOf(w.appA.id)).map((r) => [r.id, r.status])).toEqual(mine.map((id) => [id, 1]));
    expect(await rolesOf(w.appB.id)).toHaveLength(1);
  });
});
