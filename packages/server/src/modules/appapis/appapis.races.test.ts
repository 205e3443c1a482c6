import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppApiCodes, AppApiPaths as P, AppMobileMenuCodes, AppMobileMenuPaths as M } from '@mp/protocol';
import { appApis, appMobileMenus, auditLog } from '../../db/schema/index.js';
import { clientsWorld, inApp, type ClientsWorld } from '../clients/clients.fixtures.js';
import { uploadInApp, validApi, xlsx } from './appapis.fixtures.js';

// Uniqueness races (lib/unique-violation.ts), staged as in modules/unique-races.test.ts: PGlite has one
// connection, so while `race.blindReads` > 0 the pre-check's lookup answers "free" (as it did for the
// loser of a simultaneous write) although the conflicting row is already written.
const { race, blind } = vi.hoisted(() => {
  const state = { blindReads: 0 };
  /** `real`, except that it answers `none` for the next `state.blindReads` calls. */
  const blinded =
    <A extends unknown[], R>(real: (...a: A) => Promise<R>, none: R) =>
    (...a: A) => {
      if (state.blindReads <= 0) return real(...a);
      state.blindReads--;
      return Promise.resolve(none);
    };
  return { race: state, blind: blinded };
});
vi.mock('./appapis.repository.js', async (load) => {
  const m = await load<typeof import('./appapis.repository.js')>();
  return { ...m, findApisByUrls: blind(m.findApisByUrls, []) };
});
vi.mock('../appmobilemenus/appmobilemenus.repository.js', async (load) => {
  const m = await load<typeof import('../appmobilemenus/appmobilemenus.repository.js')>();
  return { ...m, findMobileMenuByName: blind(m.findMobileMenuByName, undefined) };
});

let w: ClientsWorld;
const A = () => inApp(w.appA.code);
const snapshot = async () => {
  const db = w.t.app.database.db;
  return JSON.stringify({
    apis: await db.select().from(appApis).orderBy(appApis.id),
    menus: await db.select().from(appMobileMenus).orderBy(appMobileMenus.id),
    audit: (await db.select().from(auditLog)).length,
  });
};

beforeAll(async () => {
  w = await clientsWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('a write that loses a uniqueness race answers the localised clash and writes nothing', () => {
  it('add and edit of an API whose URL another write took meanwhile', async () => {
    expect((await w.a.post(P.addappapi, validApi({ url: '/race/one.do' }), A())).body.result).toBe('1');
    const two = (await w.a.post(P.addappapi, validApi({ url: '/race/two.do' }), A())).body.data.row;
    const before = await snapshot();
    race.blindReads = 1;
    const add = await w.a.post(P.addappapi, validApi({ url: '/RACE/ONE.do' }), A());
    expect([add.status, add.body.scode]).toEqual([200, AppApiCodes.URL_IN_USE]);
    race.blindReads = 1;
    const edit = await w.a.post(P.editappapi, { id: two.id, ...validApi({ url: '/race/one.do' }) }, A());
    expect([edit.status, edit.body.scode]).toEqual([200, AppApiCodes.URL_IN_USE]);
    expect(await snapshot()).toBe(before);
  });

  it('an import whose plan missed an API written meanwhile checks and writes once more, updating it', async () => {
    const head = ['Service name', 'Module name', 'API name', 'Service url', 'Description'];
    race.blindReads = 1;
    const r = await uploadInApp(
      w.t.app,
      w.a,
      P.importappapi,
      w.appA.code,
      'apis.xlsx',
      await xlsx([head, ['svc', 'mod', 'Renamed one', '/race/one.do', ''], ['svc', 'mod', 'Three', '/race/three.do', '']]),
    );
    expect(r.data.row).toEqual({ created: 1, updated: 1 });
    const rows = await w.t.app.database.db.select().from(appApis).where(eq(appApis.productId, w.appA.id));
    expect(rows.filter((a) => a.url.toLowerCase() === '/race/one.do').map((a) => a.name)).toEqual(['Renamed one']);
  });

  it('add and edit of a mobile app menu whose name another write took meanwhile', async () => {
    expect((await w.a.post(M.addappmobilemenu, { name: 'Orders' }, A())).body.result).toBe('1');
    const other = (await w.a.post(M.addappmobilemenu, { name: 'Reports' }, A())).body.data.row;
    const before = await snapshot();
    race.blindReads = 1;
    const add = await w.a.post(M.addappmobilemenu, { name: 'ORDERS' }, A());
    expect([add.status, add.body.scode]).toEqual([200, AppMobileMenuCodes.NAME_IN_USE]);
    race.blindReads = 1;
    const edit = await w.a.post(M.editappmobilemenu, { id: other.id, name: 'orders' }, A());
    expect([edit.status, edit.body.scode]).toEqual([200, AppMobileMenuCodes.NAME_IN_USE]);
    expect(await snapshot()).toBe(before);
  });
});
