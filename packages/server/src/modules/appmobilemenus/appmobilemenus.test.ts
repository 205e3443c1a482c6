import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppMobileMenuCodes, AppMobileMenuPaths as P, Codes, Paths } from '@mp/protocol';
import { appMobileMenus, auditLog, files } from '../../db/schema/index.js';
import { createTenantRow } from '../../testing/test-app.js';
import { clientsWorld, inApp, type ClientsWorld } from '../clients/clients.fixtures.js';
import { uploadInApp } from '../appapis/appapis.fixtures.js';

let w: ClientsWorld;
const A = () => inApp(w.appA.code);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
const rowsOf = async (productId: string) =>
  w.t.app.database.db.select().from(appMobileMenus).where(eq(appMobileMenus.productId, productId)).orderBy(appMobileMenus.name);
const upload = async (caller: ClientsWorld['a'], data: Buffer, name = 'icon.png') =>
  (await uploadInApp(w.t.app, caller, Paths.uploadfile, w.appA.code, name, data, 'image/png')).data.row.fileId as string;
const add = async (body: Record<string, unknown>) => {
  const r = await w.a.post(P.addappmobilemenu, body, A());
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  return r.body.data.row as { id: string; name: string; sort: number; enabled: number };
};

beforeAll(async () => {
  w = await clientsWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('mobile app menus (SPEC §2 Mobile app menu list, §3 Mobile app menu)', () => {
  it('adds a menu with three uploaded icons, enabled and after the last by default; answers it on get; audits', async () => {
    const [list, normal, high] = [await upload(w.a, PNG), await upload(w.a, PNG), await upload(w.a, PNG)];
    const m = await add({ name: ' Orders ', listIcon: list, normalIcon: normal, highlightIcon: high, description: 'Order app' });
    expect(m).toMatchObject({
      name: 'Orders',
      listIcon: list,
      listIconUrl: `${Paths.getfile}/${list}`,
      normalIcon: normal,
      highlightIcon: high,
      highlightIconUrl: `${Paths.getfile}/${high}`,
      enabled: 1,
      description: 'Order app',
      sort: 0,
    });
    const second = await add({ name: 'Approvals' });
    expect(second).toMatchObject({ sort: 1, listIcon: '', listIconUrl: '', enabled: 1 });
    expect((await w.a.post(P.getappmobilemenu, { id: m.id }, A())).body.data.row).toEqual(m);
    const audit = await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect(audit.map((e) => e.action)).toEqual(['appmobilemenu.add']);
  });

  it('refuses each rule with its localised message, writing nothing', async () => {
    const before = await rowsOf(w.appA.id);
    const webp = await upload(w.a, WEBP, 'icon.webp');
    // An image of another tenant is not the caller's to use.
    const otherTenant = await createTenantRow(w.t.app, 'acme');
    await w.t.app.database.db
      .insert(files)
      .values({ id: 'acme-icon', tenantId: otherTenant, name: 'x.png', mime: 'image/png', size: PNG.length, data: PNG.toString('base64') });
    w.a.language = 'EN_US';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, Codes.REQUIRED, 'Please enter App name'],
      [{ name: 'n'.repeat(51) }, Codes.TOO_LONG, 'App name cannot be longer than 50 characters'],
      [{ name: 'ok', description: 'd'.repeat(201) }, Codes.TOO_LONG, 'description cannot be longer than 200 characters'],
      [{ name: 'ORDERS' }, AppMobileMenuCodes.NAME_IN_USE, 'The app name "ORDERS" already exists'],
      [{ name: 'ok', listIcon: webp }, AppMobileMenuCodes.ICON_TYPE, 'Can only upload image (.png, .jpg, .jpeg, .gif)'],
      [{ name: 'ok', normalIcon: 'no-such-file' }, AppMobileMenuCodes.ICON_NOT_FOUND, 'The image of the normal icon does not exist; please upload it again'],
      [{ name: 'ok', highlightIcon: 'acme-icon' }, AppMobileMenuCodes.ICON_NOT_FOUND, 'The image of the highlight icon does not exist; please upload it again'],
    ];
    for (const [body, code, message] of cases) {
      const r = await w.a.post(P.addappmobilemenu, body, A());
      expect(r.body.scode, JSON.stringify(body)).toBe(code);
      expect(r.body.msg).toBe(message);
    }
    w.a.language = 'ZH_CN';
    for (const body of [{ name: 'x', sort: -1 }, { name: 'x', enabled: 2 }, { name: 3 }, {}]) {
      expect((await w.a.post(P.addappmobilemenu, body, A())).status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it("'Edit App' replaces the given fields, keeps the others, and refuses another menu's name", async () => {
    const m = await add({ name: 'Editable', description: 'before', sort: 7 });
    const icon = await upload(w.a, PNG);
    const r = await w.a.post(P.editappmobilemenu, { id: m.id, name: 'Edited', normalIcon: icon, enabled: 0 }, A());
    expect(r.body.data.row).toMatchObject({ name: 'Edited', normalIcon: icon, description: 'before', sort: 7, enabled: 0 });
    expect((await w.a.post(P.editappmobilemenu, { id: m.id, name: 'edited', listIcon: '' }, A())).body.data.row.name).toBe('edited');
    expect((await w.a.post(P.editappmobilemenu, { id: m.id, name: 'approvals' }, A())).body.scode).toBe(AppMobileMenuCodes.NAME_IN_USE);
    expect((await w.a.post(P.editappmobilemenu, { id: 'nope', name: 'x' }, A())).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
  });

  it('pages, searches and sorts in SQL (sequence then name by default)', async () => {
    for (const [name, sort] of [
      ['Paging c', 30],
      ['Paging a', 10],
      ['Paging b', 20],
    ] as const)
      await add({ name, sort, enabled: name === 'Paging b' ? 0 : 1 });
    const p = await w.a.post(P.listappmobilemenu, { page: 1, pageSize: 2, keyword: 'PAGING' }, A());
    expect(p.body.data).toMatchObject({ records: 3, total: 2, lastPage: false });
    expect(p.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paging a', 'Paging b']);
    const byName = await w.a.post(P.listappmobilemenu, { keyword: 'paging', sortField: 'name', sortOrder: 'descend', enabled: 1 }, A());
    expect(byName.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paging c', 'Paging a']);
    expect((await w.a.post(P.listappmobilemenu, { sortField: 'description' }, A())).status).toBe(400);
  });

  it('enables/disables and deletes in batch, all or nothing', async () => {
    const x = await add({ name: 'Batch x' });
    const y = await add({ name: 'Batch y' });
    const foreign = await w.b.post(P.addappmobilemenu, { name: 'Batch foreign' }, inApp(w.appB.code));
    const fid = foreign.body.data.row.id as string;
    expect((await w.a.post(P.statusappmobilemenu, { ids: [x.id, fid], enabled: 0 }, A())).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
    expect((await w.a.post(P.getappmobilemenu, { id: x.id }, A())).body.data.row.enabled).toBe(1);
    expect((await w.a.post(P.statusappmobilemenu, { ids: [x.id, y.id], enabled: 0 }, A())).body.data).toEqual({ count: 2 });
    expect((await w.a.post(P.getappmobilemenu, { id: y.id }, A())).body.data.row.enabled).toBe(0);
    expect((await w.a.post(P.deleteappmobilemenu, { ids: [x.id, fid] }, A())).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
    expect((await w.a.post(P.deleteappmobilemenu, { ids: [x.id, y.id] }, A())).body.data).toEqual({ count: 2 });
    expect((await w.a.post(P.getappmobilemenu, { id: x.id }, A())).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
    expect((await w.b.post(P.getappmobilemenu, { id: fid }, inApp(w.appB.code))).body.data.row.name).toBe('Batch foreign');
  });

  it("refuses an ordinary user, an administrator of no app and another app's administrator; another app's ids are not found", async () => {
    const m = await add({ name: 'Guarded' });
    const before = await rowsOf(w.appA.id);
    const calls = [
      [P.listappmobilemenu, {}],
      [P.getappmobilemenu, { id: m.id }],
      [P.addappmobilemenu, { name: 'Intruder' }],
      [P.editappmobilemenu, { id: m.id, name: 'Hijacked' }],
      [P.statusappmobilemenu, { ids: [m.id], enabled: 0 }],
      [P.deleteappmobilemenu, { ids: [m.id] }],
    ] as const;
    for (const caller of [w.plain, w.loner, w.b]) {
      for (const [path, body] of calls) expect((await caller.post(path, body, A())).body.scode, path).toBe(Codes.NO_PERMISSION);
    }
    const B = inApp(w.appB.code);
    expect((await w.b.post(P.getappmobilemenu, { id: m.id }, B)).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
    expect((await w.b.post(P.editappmobilemenu, { id: m.id, name: 'Hijacked' }, B)).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
    expect((await w.b.post(P.deleteappmobilemenu, { ids: [m.id] }, B)).body.scode).toBe(AppMobileMenuCodes.NOT_FOUND);
    expect(await rowsOf(w.appA.id)).toEqual(before);
    // The same name in another application is its own.
    expect((await w.b.post(P.addappmobilemenu, { name: 'Guarded' }, B)).body.result).toBe('1');
    expect((await w.admin.post(P.listappmobilemenu, { keyword: 'guarded' }, A())).body.data.records).toBe(1);
  });
});
