import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppMenuCodes, AppMenuPaths } from '@mp/protocol';
import { appMenus } from '../../db/schema/index.js';
import { addMenu, inApp, menuBody, menusWorld, type MenusWorld } from './appmenus.fixtures.js';

// The code-uniqueness race (lib/unique-violation.ts), staged as in modules/unique-races.test.ts: PGlite has
// one connection, so while `race.on` the pre-check's lookup answers "free" (as it did for the loser of a
// race) and the unique index app_menus_code_uq must then give the same localised message, writing nothing.
const { race } = vi.hoisted(() => ({ race: { on: false } }));
vi.mock('./appmenus.repository.js', async (load) => {
  const m = await load<typeof import('./appmenus.repository.js')>();
  const findByCode: typeof m.findByCode = (...a) => (race.on ? Promise.resolve(undefined) : m.findByCode(...a));
  return { ...m, findByCode };
});

let w: MenusWorld;
beforeAll(async () => {
  w = await menusWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('menu code race', () => {
  it('answers appmenu.code_in_use from the unique index on add and edit, writing nothing', async () => {
    const crm = w.appA.code;
    await addMenu(w.a, crm, menuBody('taken'));
    const other = await addMenu(w.a, crm, menuBody('other'));
    const rows = async () => w.t.app.database.db.select().from(appMenus).where(eq(appMenus.productId, w.appA.id));
    const before = await rows();
    race.on = true;
    try {
      const add = await w.a.post(AppMenuPaths.addappmenu, menuBody('TAKEN'), inApp(crm));
      expect([add.status, add.body.scode]).toEqual([200, AppMenuCodes.CODE_IN_USE]);
      const edit = await w.a.post(AppMenuPaths.editappmenu, { ...menuBody('Taken'), id: other }, inApp(crm));
      expect([edit.status, edit.body.scode]).toEqual([200, AppMenuCodes.CODE_IN_USE]);
    } finally {
      race.on = false;
    }
    expect(await rows()).toEqual(before);
  });
});
