import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppMenuCodes, AppMenuPaths, Codes } from '@mp/protocol';
import { appMenus, files } from '../../db/schema/index.js';
import { addMenu, inApp, menuBody, menusWorld, PNG, treeOf, uploadAs, type MenusWorld } from './appmenus.fixtures.js';

let w: MenusWorld;
let aModule: string;
let aPage: string;
let bModule: string;
const rowsOf = async (productId: string) => w.t.app.database.db.select().from(appMenus).where(eq(appMenus.productId, productId));

beforeAll(async () => {
  w = await menusWorld();
  aModule = await addMenu(w.a, w.appA.code, menuBody('amod'));
  aPage = await addMenu(w.a, w.appA.code, menuBody('apage', { parentId: aModule, menuType: 'page', target: '/a' }));
  bModule = await addMenu(w.b, w.appB.code, menuBody('bmod'));
});
afterAll(async () => {
  await w.t.close();
});

describe("who may design an application's menus", () => {
  const everyCall = () =>
    [
      [AppMenuPaths.treeappmenu, {}],
      [AppMenuPaths.getappmenu, { id: aModule }],
      [AppMenuPaths.addappmenu, menuBody('intruder')],
      [AppMenuPaths.editappmenu, { ...menuBody('hijacked'), id: aModule }],
      [AppMenuPaths.moveappmenu, { id: aPage, parentId: '0', index: 0 }],
      [AppMenuPaths.statusappmenu, { ids: [aModule], enabled: 0 }],
      [AppMenuPaths.deleteappmenu, { id: aModule, withChildren: true }],
      [AppMenuPaths.pagesappmenu, {}],
    ] as const;

  it("refuses an ordinary user, an application administrator of no app and another app's administrator with 10009029001, changing nothing", async () => {
    const before = await rowsOf(w.appA.id);
    for (const caller of [w.plain, w.loner, w.b]) {
      for (const [path, body] of everyCall()) {
        for (const app of [w.appA.code, w.appA.id]) {
          expect((await caller.post(path, body, inApp(app))).body.scode, path).toBe(Codes.NO_PERMISSION);
        }
      }
    }
    // No APPID (the console's default 'sys') or an unknown application: the same refusal.
    expect((await w.a.post(AppMenuPaths.treeappmenu, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await w.a.post(AppMenuPaths.treeappmenu, {}, inApp('no-such-app'))).body.scode).toBe(Codes.NO_PERMISSION);
    const up = await uploadAs(w, w.plain, w.appA.code, AppMenuPaths.uploadappmenuicon, 'i.png', PNG);
    expect(up.scode).toBe(Codes.NO_PERMISSION);
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it("in their own application, another application's menu ids are not found and never a parent", async () => {
    const before = await rowsOf(w.appA.id);
    const erp = inApp(w.appB.code);
    expect((await w.b.post(AppMenuPaths.getappmenu, { id: aModule }, erp)).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await w.b.post(AppMenuPaths.editappmenu, { ...menuBody('x'), id: aModule }, erp)).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await w.b.post(AppMenuPaths.deleteappmenu, { id: aPage }, erp)).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await w.b.post(AppMenuPaths.moveappmenu, { id: aPage, parentId: '0', index: 0 }, erp)).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    expect((await w.b.post(AppMenuPaths.moveappmenu, { id: bModule, parentId: aModule, index: 0 }, erp)).body.scode).toBe(AppMenuCodes.PARENT_NOT_FOUND);
    expect((await w.b.post(AppMenuPaths.addappmenu, menuBody('b2', { parentId: aModule }), erp)).body.scode).toBe(AppMenuCodes.PARENT_NOT_FOUND);
    expect((await w.b.post(AppMenuPaths.statusappmenu, { ids: [bModule, aModule], enabled: 0 }, erp)).body.scode).toBe(AppMenuCodes.NOT_FOUND);
    // The same code may exist in two applications; B's tree shows only B's menus.
    await addMenu(w.b, w.appB.code, menuBody('amod'));
    expect((await treeOf(w.b, w.appB.code)).children.map((c) => c.code)).toEqual(['bmod', 'amod']);
    expect((await rowsOf(w.appB.id)).every((r) => r.enabled === 1)).toBe(true);
    expect(await rowsOf(w.appA.id)).toEqual(before);
  });

  it('lets the platform administrator design every application by APPID', async () => {
    const root = await treeOf(w.admin, w.appA.id);
    expect(root.name).toBe('CRM');
    const id = await addMenu(w.admin, w.appB.code, menuBody('byadmin'));
    expect((await w.admin.post(AppMenuPaths.deleteappmenu, { id }, inApp(w.appB.code))).body.data.count).toBe(1);
  });
});

describe('custom icons', () => {
  const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
  const BMP = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);

  it('uploads png/gif icons and refuses other images with the §8 message; a menu keeps file:<id>', async () => {
    const crm = w.appA.code;
    const png = await uploadAs(w, w.a, crm, AppMenuPaths.uploadappmenuicon, 'icon.png', PNG);
    expect(png.data.row).toMatchObject({ icon: `file:${png.data.row.fileId}`, name: 'icon.png', size: PNG.length });
    expect((await uploadAs(w, w.a, crm, AppMenuPaths.uploadappmenuicon, 'icon.gif', GIF, 'image/gif')).result).toBe('1');
    w.a.language = 'EN_US';
    const bmp = await uploadAs(w, w.a, crm, AppMenuPaths.uploadappmenuicon, 'icon.png', BMP);
    expect([bmp.scode, bmp.msg]).toEqual([AppMenuCodes.ICON_TYPE, 'Can only upload image (.png, .jpg, .jpeg, .gif)']);
    w.a.language = 'ZH_CN';
    const id = await addMenu(w.a, crm, menuBody('withicon', { icon: png.data.row.icon }));
    const got = await w.a.post(AppMenuPaths.getappmenu, { id }, inApp(crm));
    expect(got.body.data.row).toMatchObject({ icon: png.data.row.icon, iconUrl: png.data.row.url });
    // A file that is not a png/jpeg/gif (e.g. a logo uploaded as webp/bmp) cannot become an icon.
    const bmpId = crypto.randomUUID();
    await w.t.app.database.db
      .insert(files)
      .values({ id: bmpId, tenantId: 'sys', name: 'x.bmp', mime: 'image/bmp', size: BMP.length, data: BMP.toString('base64'), createdBy: 'admin' });
    expect((await w.a.post(AppMenuPaths.addappmenu, menuBody('bmpicon', { icon: `file:${bmpId}` }), inApp(crm))).body.scode).toBe(AppMenuCodes.ICON_TYPE);
  });

  it('refuses an icon over 10M with 413 and the §8 message', async () => {
    w.a.language = 'EN_US';
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const r = await uploadAs(w, w.a, w.appA.code, AppMenuPaths.uploadappmenuicon, 'big.png', big);
    expect([r.status, r.scode, r.msg]).toEqual([413, AppMenuCodes.ICON_TOO_LARGE, 'File size can not over 10M']);
    w.a.language = 'ZH_CN';
  });
});
