import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ClientCodes, Codes, Paths } from '@mp/protocol';
import { oidcClients } from '../../db/schema/index.js';
import { clientsWorld, inApp, validClient, type ClientsWorld } from './clients.fixtures.js';

let w: ClientsWorld;
const rowsOf = async (productId: string) => w.t.app.database.db.select().from(oidcClients).where(eq(oidcClients.productId, productId));

beforeAll(async () => {
  w = await clientsWorld();
  for (const id of ['a-one', 'a-two']) expect((await w.a.post(Paths.addclient, validClient({ clientId: id }), inApp(w.appA.code))).body.result).toBe('1');
  expect((await w.b.post(Paths.addclient, validClient({ clientId: 'b-one', name: 'ERP' }), inApp(w.appB.code))).body.result).toBe('1');
});
afterAll(async () => {
  await w.t.close();
});

describe("who may manage an app's clients", () => {
  const everyCall = () =>
    [
      [Paths.listclient, { page: 1, pageSize: 10 }],
      [Paths.getclient, { clientId: 'a-one' }],
      [Paths.addclient, validClient({ clientId: 'intruder' })],
      [Paths.editclient, validClient({ clientId: 'a-one', name: 'Hijacked' })],
      [Paths.statusclient, { ids: ['a-one'], status: 0 }],
      [Paths.resetclientsecret, { clientId: 'a-one' }],
      [Paths.deleteclient, { ids: ['a-one'] }],
    ] as const;

  it('refuses an ordinary user and an application administrator of no app with 10009029001, changing nothing', async () => {
    const before = await rowsOf(w.appA.id);
    for (const caller of [w.plain, w.loner]) {
      for (const [path, body] of everyCall()) {
        const r = await caller.post(path, body, inApp(w.appA.code));
        expect(r.body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    }
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it('refuses an administrator of another app, whether the app is named by APPID (code or id) or by productId', async () => {
    const before = await rowsOf(w.appA.id);
    for (const [path, body] of everyCall()) {
      expect((await w.b.post(path, body, inApp(w.appA.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
      expect((await w.b.post(path, body, inApp(w.appA.id))).body.scode, path).toBe(Codes.NO_PERMISSION);
      expect((await w.b.post(path, { ...body, productId: w.appA.id }, inApp(w.appB.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
    }
    // Within their own app, another app's client is simply not there.
    expect((await w.b.post(Paths.getclient, { clientId: 'a-one' }, inApp(w.appB.code))).body.scode).toBe(ClientCodes.NOT_FOUND);
    expect((await w.b.post(Paths.editclient, validClient({ clientId: 'a-one' }), inApp(w.appB.code))).body.scode).toBe(ClientCodes.NOT_FOUND);
    expect((await w.b.post(Paths.resetclientsecret, { clientId: 'a-one' }, inApp(w.appB.code))).body.scode).toBe(ClientCodes.NOT_FOUND);
    // A batch naming one foreign client changes none of the batch (all or nothing).
    expect((await w.b.post(Paths.deleteclient, { ids: ['b-one', 'a-one'] }, inApp(w.appB.code))).body.scode).toBe(ClientCodes.NOT_FOUND);
    expect((await w.b.post(Paths.statusclient, { ids: ['b-one', 'a-two'], status: 0 }, inApp(w.appB.code))).body.scode).toBe(ClientCodes.NOT_FOUND);
    expect((await rowsOf(w.appB.id)).map((r) => [r.clientId, r.status])).toEqual([['b-one', 1]]);
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it('refuses an application administrator who names no app (APPID left at sys)', async () => {
    expect((await w.a.post(Paths.listclient, { page: 1, pageSize: 10 })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await w.a.post(Paths.listclient, { page: 1, pageSize: 10 }, inApp('no-such-app'))).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('lets the platform administrator manage every app, named by APPID or productId; without an app it asks for one', async () => {
    expect((await w.admin.post(Paths.listclient, { page: 1, pageSize: 10 })).body.scode).toBe(ClientCodes.APP_REQUIRED);
    const list = await w.admin.post(Paths.listclient, { page: 1, pageSize: 10, productId: w.appA.id });
    expect(list.body.data.rows.map((r: { clientId: string }) => r.clientId).sort()).toEqual(['a-one', 'a-two']);
    const add = await w.admin.post(Paths.addclient, validClient({ clientId: 'by-admin', productId: w.appB.code }));
    expect(add.body.data.row).toMatchObject({ clientId: 'by-admin', productId: w.appB.id, creator: 'admin' });
    expect((await w.admin.post(Paths.deleteclient, { ids: ['by-admin'] }, inApp(w.appB.id))).body.data.count).toBe(1);
  });

  it("pages, searches and sorts an app's clients in SQL, only that app's", async () => {
    for (let i = 0; i < 11; i++) {
      const r = await w.a.post(
        Paths.addclient,
        validClient({ clientId: `page-${String(i).padStart(2, '0')}`, name: `Paging ${String(i).padStart(2, '0')}`, status: i < 4 ? 0 : 1 }),
        inApp(w.appA.code),
      );
      expect(r.body.result).toBe('1');
    }
    const p1 = await w.a.post(Paths.listclient, { page: 1, pageSize: 5, keyword: 'PAGING', sortField: 'name', sortOrder: 'ascend' }, inApp(w.appA.code));
    expect(p1.body.data).toMatchObject({ page: 1, total: 3, records: 11, lastPage: false });
    expect(p1.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paging 00', 'Paging 01', 'Paging 02', 'Paging 03', 'Paging 04']);
    const p3 = await w.a.post(Paths.listclient, { page: 3, pageSize: 5, keyword: 'page-', sortField: 'clientId', sortOrder: 'descend' }, inApp(w.appA.code));
    expect(p3.body.data).toMatchObject({ page: 3, records: 11, lastPage: true });
    expect(p3.body.data.rows.map((r: { clientId: string }) => r.clientId)).toEqual(['page-00']);
    expect((await w.a.post(Paths.listclient, { page: 1, pageSize: 50, keyword: 'paging', status: 0 }, inApp(w.appA.code))).body.data.records).toBe(4);
    expect((await w.a.post(Paths.listclient, { page: 1, pageSize: 50, keyword: '%' }, inApp(w.appA.code))).body.data.records).toBe(0);
    expect((await w.b.post(Paths.listclient, { page: 1, pageSize: 50, keyword: 'page' }, inApp(w.appB.code))).body.data.records).toBe(0);
  });
});

describe('listmyapp (the workbench)', () => {
  it('answers the apps the caller administers; every app for the platform administrator; refuses others', async () => {
    const mine = await w.a.post(Paths.listmyapp, { page: 1, pageSize: 50 });
    expect(mine.body.data.rows.map((r: { code: string }) => r.code)).toEqual(['crm']);
    expect(mine.body.data.rows[0]).toEqual({ id: w.appA.id, code: 'crm', name: 'CRM', abbreviation: 'CRM', logoUrl: '', version: 'V1', status: 1 });
    expect((await w.loner.post(Paths.listmyapp, {})).body.data).toMatchObject({ rows: [], records: 0 });
    const all = await w.admin.post(Paths.listmyapp, { page: 1, pageSize: 50 });
    expect(all.body.data.rows.map((r: { code: string }) => r.code)).toEqual(['crm', 'erp']);
    expect((await w.admin.post(Paths.listmyapp, { keyword: 'er' })).body.data.rows.map((r: { code: string }) => r.code)).toEqual(['erp']);
    expect((await w.plain.post(Paths.listmyapp, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
