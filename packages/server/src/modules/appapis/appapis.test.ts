import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { AppApiCodes, AppApiPaths as P, Codes } from '@mp/protocol';
import { appApis, appPageNodes, appPages, auditLog, roleGrants, roles } from '../../db/schema/index.js';
import { createTenantRow } from '../../testing/test-app.js';
import { clientsWorld, inApp, type ClientsWorld } from '../clients/clients.fixtures.js';
import { validApi } from './appapis.fixtures.js';

let w: ClientsWorld;
const A = () => inApp(w.appA.code);
const rowsOf = async (productId: string) => w.t.app.database.db.select().from(appApis).where(eq(appApis.productId, productId)).orderBy(appApis.url);
const add = async (patch: Record<string, unknown> = {}) => {
  const r = await w.a.post(P.addappapi, validApi(patch), A());
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  return r.body.data.row as { id: string; url: string; name: string };
};

beforeAll(async () => {
  w = await clientsWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('API registry: add, get, edit (SPEC §3 API, §5 ".do")', () => {
  it('adds an API with trimmed fields, answers it on get, and audits the add', async () => {
    const row = await add({ name: '  Order list ', url: ' /order/a.do ' });
    expect(row).toMatchObject({
      name: 'Order list',
      serviceName: 'order-service',
      moduleName: 'orders',
      url: '/order/a.do',
      description: 'Pages through orders',
    });
    expect((await w.a.post(P.getappapi, { id: row.id }, A())).body.data.row).toEqual(row);
    const audit = await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit.map((e) => e.action)).toEqual(['appapi.add']);
  });

  it('refuses each rule with its localised message and writes nothing', async () => {
    const before = await rowsOf(w.appA.id);
    w.a.language = 'EN_US';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: '/order/list.action' }, AppApiCodes.URL_SUFFIX, 'The service url must end with .do'],
      [{ url: '/order/li st.do' }, AppApiCodes.URL_SPACE, 'The service url must not contain spaces'],
      [{ name: '   ' }, Codes.REQUIRED, 'Please enter API name'],
      [{ serviceName: '' }, Codes.REQUIRED, 'Please enter Service name'],
      [{ moduleName: '' }, Codes.REQUIRED, 'Please enter Module name'],
      [{ url: '' }, Codes.REQUIRED, 'Please enter Service url'],
      [{ name: 'n'.repeat(51) }, Codes.TOO_LONG, 'API name cannot be longer than 50 characters'],
      [{ serviceName: 's'.repeat(51) }, Codes.TOO_LONG, 'Service name cannot be longer than 50 characters'],
      [{ moduleName: 'm'.repeat(51) }, Codes.TOO_LONG, 'Module name cannot be longer than 50 characters'],
      [{ description: 'd'.repeat(201) }, Codes.TOO_LONG, 'Description cannot be longer than 200 characters'],
      [{ url: `/${'u'.repeat(197)}.do` }, Codes.TOO_LONG, 'Service url cannot be longer than 200 characters'],
      [{ name: '<script>x</script>' }, Codes.SCRIPT_TAG, ''],
    ];
    for (const [patch, code, message] of cases) {
      const r = await w.a.post(P.addappapi, validApi({ url: '/rules/x.do', ...patch }), A());
      expect(r.body.scode, JSON.stringify(patch)).toBe(code);
      if (message) expect(r.body.msg).toBe(message);
    }
    // 50 characters exactly (after trimming) are fine.
    expect((await w.a.post(P.addappapi, validApi({ name: ` ${'n'.repeat(50)} `, url: '/rules/fifty.do' }), A())).body.result).toBe('1');
    w.a.language = 'ZH_CN';
    expect((await w.a.post(P.addappapi, validApi({ url: '/x.htm' }), A())).body.msg).toBe('服务地址必须以 .do 结尾');
    w.a.language = 'JA_JP';
    expect((await w.a.post(P.addappapi, validApi({ url: '/x.htm' }), A())).body.msg).toBe('サービス URL は .do で終わる必要があります');
    w.a.language = 'ZH_CN';
    expect((await rowsOf(w.appA.id)).length).toBe(before.length + 1);
  });

  it('refuses a URL already registered in the application, whatever its case; the same URL in another application is fine', async () => {
    await add({ url: '/clash/one.do' });
    w.a.language = 'EN_US';
    const r = await w.a.post(P.addappapi, validApi({ url: '/CLASH/One.do' }), A());
    w.a.language = 'ZH_CN';
    expect(r.body.scode).toBe(AppApiCodes.URL_IN_USE);
    expect(r.body.msg).toBe('The service url "/CLASH/One.do" is already used by another API of this application');
    expect((await w.b.post(P.addappapi, validApi({ url: '/clash/one.do' }), inApp(w.appB.code))).body.result).toBe('1');
  });

  it("edits every field; refuses another API's URL; keeps its own URL in another case", async () => {
    const one = await add({ url: '/edit/one.do' });
    await add({ url: '/edit/two.do' });
    const r = await w.a.post(
      P.editappapi,
      { id: one.id, ...validApi({ name: 'Renamed', serviceName: 'svc2', moduleName: 'mod2', description: '', url: '/EDIT/ONE.do' }) },
      A(),
    );
    expect(r.body.data.row).toMatchObject({ id: one.id, name: 'Renamed', serviceName: 'svc2', moduleName: 'mod2', description: '', url: '/EDIT/ONE.do' });
    expect((await w.a.post(P.editappapi, { id: one.id, ...validApi({ url: '/edit/two.do' }) }, A())).body.scode).toBe(AppApiCodes.URL_IN_USE);
    expect((await w.a.post(P.editappapi, { id: one.id, ...validApi({ url: '/edit/x.jsp' }) }, A())).body.scode).toBe(AppApiCodes.URL_SUFFIX);
    expect((await w.a.post(P.getappapi, { id: one.id }, A())).body.data.row.url).toBe('/EDIT/ONE.do');
    expect((await w.a.post(P.editappapi, { id: 'nope', ...validApi() }, A())).body.scode).toBe(AppApiCodes.NOT_FOUND);
  });

  it('answers HTTP 400 with the envelope for input outside the schema', async () => {
    for (const body of [{ ...validApi(), name: 5 }, { ...validApi(), url: 'x'.repeat(801) }, { name: 'a' }]) {
      const r = await w.a.post(P.addappapi, body, A());
      expect(r.status).toBe(400);
      expect(r.body.result).toBe('0');
    }
    const bad = await w.a.post(P.listappapi, { sortField: 'description' }, A());
    expect(bad.status).toBe(400);
    expect((await w.a.post(P.deleteappapi, { ids: [] }, A())).status).toBe(400);
  });
});

describe('API registry: list, group, delete', () => {
  it("pages, searches (name, url, service, module; contains, case-insensitive), filters by the tree's node and sorts in SQL", async () => {
    for (let i = 0; i < 7; i++) {
      await add({ name: `Paged ${i}`, serviceName: i < 4 ? 'billing' : 'shipping', moduleName: i % 2 ? 'invoice' : 'refund', url: `/pg/api${i}.do` });
    }
    const p1 = await w.a.post(P.listappapi, { page: 1, pageSize: 3, keyword: 'PAGED', sortField: 'name', sortOrder: 'descend' }, A());
    expect(p1.body.data).toMatchObject({ page: 1, records: 7, total: 3, lastPage: false });
    expect(p1.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paged 6', 'Paged 5', 'Paged 4']);
    const byUrl = await w.a.post(P.listappapi, { keyword: '/PG/API3' }, A());
    expect(byUrl.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paged 3']);
    const node = await w.a.post(P.listappapi, { serviceName: 'billing', moduleName: 'invoice' }, A());
    expect(node.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paged 1', 'Paged 3']);
    expect((await w.a.post(P.listappapi, { keyword: 'shipping' }, A())).body.data.records).toBe(3);
    expect((await w.a.post(P.listappapi, { keyword: '%' }, A())).body.data.records).toBe(0);
    const group = await w.a.post(P.groupappapi, { keyword: 'paged' }, A());
    expect(group.body.data.rows).toEqual([
      {
        serviceName: 'billing',
        count: 4,
        modules: [
          { moduleName: 'invoice', count: 2 },
          { moduleName: 'refund', count: 2 },
        ],
      },
      {
        serviceName: 'shipping',
        count: 3,
        modules: [
          { moduleName: 'invoice', count: 1 },
          { moduleName: 'refund', count: 2 },
        ],
      },
    ]);
    const all = await w.a.post(P.groupappapi, {}, A());
    expect(all.body.data.rows.map((s: { serviceName: string }) => s.serviceName)).toContain('order-service');
    // Another application's registry is not in the list.
    expect((await w.b.post(P.listappapi, { keyword: 'paged' }, inApp(w.appB.code))).body.data.records).toBe(0);
  });

  it("deletes in batch, all or nothing, and takes the APIs out of the pages' function definitions", async () => {
    const x = await add({ url: '/del/x.do' });
    const y = await add({ url: '/del/y.do' });
    const keep = await add({ url: '/del/keep.do' });
    const db = w.t.app.database.db;
    await db.insert(appPages).values({ id: 'pg-del', productId: w.appA.id, formId: 'F-DEL', name: 'Orders', path: '/orders' });
    await db.insert(appPageNodes).values({
      id: 'node-del',
      productId: w.appA.id,
      pageId: 'pg-del',
      nodeType: 'form',
      name: 'form',
      loadApiIds: [x.id, keep.id, y.id],
      saveApiIds: [y.id],
    });
    // A tenant's role holds grants of x and keep (withdrawn by trigger when the API goes, in every tenant).
    const tenantId = await createTenantRow(w.t.app, 'acme');
    await db.insert(roles).values({ id: 'role-del', tenantId, code: 'R1', name: 'Role' });
    await db.insert(roleGrants).values([
      { tenantId, roleId: 'role-del', kind: 'appapi', dataId: x.id },
      { tenantId, roleId: 'role-del', kind: 'appapi', dataId: keep.id },
    ]);
    const foreign = await w.b.post(P.addappapi, validApi({ url: '/del/foreign.do' }), inApp(w.appB.code));
    // One unknown (another app's) id: nothing deleted.
    const refused = await w.a.post(P.deleteappapi, { ids: [x.id, foreign.body.data.row.id] }, A());
    expect(refused.body.scode).toBe(AppApiCodes.NOT_FOUND);
    expect((await w.a.post(P.getappapi, { id: x.id }, A())).body.result).toBe('1');
    const r = await w.a.post(P.deleteappapi, { ids: [x.id, y.id, x.id] }, A());
    expect(r.body.data).toEqual({ count: 2 });
    expect((await w.a.post(P.getappapi, { id: y.id }, A())).body.scode).toBe(AppApiCodes.NOT_FOUND);
    const [node] = await db.select().from(appPageNodes).where(eq(appPageNodes.id, 'node-del'));
    expect(node).toMatchObject({ loadApiIds: [keep.id], saveApiIds: [] });
    expect((await db.select().from(roleGrants).where(eq(roleGrants.roleId, 'role-del'))).map((g) => g.dataId)).toEqual([keep.id]);
    expect((await w.b.post(P.getappapi, { id: foreign.body.data.row.id }, inApp(w.appB.code))).body.result).toBe('1');
  });
});

describe('API registry: who may use it', () => {
  const everyCall = (id: string) =>
    [
      [P.listappapi, {}],
      [P.groupappapi, {}],
      [P.getappapi, { id }],
      [P.addappapi, validApi({ url: '/intruder.do' })],
      [P.editappapi, { id, ...validApi({ url: '/hijack.do' }) }],
      [P.deleteappapi, { ids: [id] }],
      [P.exportappapi, {}],
      [P.templateappapi, {}],
    ] as const;

  it("refuses an ordinary user, an application administrator of no app and another app's administrator with 10009029001, changing nothing", async () => {
    const target = await add({ url: '/guarded.do' });
    const before = await rowsOf(w.appA.id);
    for (const caller of [w.plain, w.loner, w.b]) {
      for (const [path, body] of everyCall(target.id)) {
        expect((await caller.post(path, body, A())).body.scode, path).toBe(Codes.NO_PERMISSION);
        expect((await caller.post(path, body, inApp(w.appA.id))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    }
    // Without APPID (it defaults to sys) even the app's own administrator is refused.
    expect((await w.a.post(P.listappapi, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it("within their own application, another application's API ids are not found", async () => {
    const target = await add({ url: '/not-yours.do' });
    const B = inApp(w.appB.code);
    expect((await w.b.post(P.getappapi, { id: target.id }, B)).body.scode).toBe(AppApiCodes.NOT_FOUND);
    expect((await w.b.post(P.editappapi, { id: target.id, ...validApi({ url: '/mine.do' }) }, B)).body.scode).toBe(AppApiCodes.NOT_FOUND);
    expect((await w.b.post(P.deleteappapi, { ids: [target.id] }, B)).body.scode).toBe(AppApiCodes.NOT_FOUND);
    expect((await w.a.post(P.getappapi, { id: target.id }, A())).body.data.row.url).toBe('/not-yours.do');
  });

  it('lets the platform administrator work on any application named by APPID', async () => {
    const r = await w.admin.post(P.addappapi, validApi({ url: '/by-admin.do' }), inApp(w.appB.id));
    expect(r.body.result).toBe('1');
    expect((await w.b.post(P.getappapi, { id: r.body.data.row.id }, inApp(w.appB.code))).body.data.row.url).toBe('/by-admin.do');
  });

  it('exports the filtered registry with headings in the request language', async () => {
    w.a.language = 'EN_US';
    const r = await w.a.post(P.exportappapi, { keyword: '/pg/', sortField: 'url' }, A());
    w.a.language = 'ZH_CN';
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readXlsxFile(r.raw);
    expect(sheet!.data[0]).toEqual(['Service name', 'Module name', 'API name', 'Service url', 'Description']);
    expect(sheet!.data.slice(1).map((row) => row[3])).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `/pg/api${i}.do`));
  });
});
