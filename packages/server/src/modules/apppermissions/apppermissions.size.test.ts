import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppGrantPaths as P, type AppPermissionNode } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appApis, appMenus, appPageNodes, appPages } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import { authoriseProduct, createProductRow } from '../apptenants/apptenants.fixtures.js';
import { q, setUp, type TestApp } from '../roles/roles.tenant.testing.js';

// A large application's trees (docs/applications.md "Permission tree"): 20 modules × 20 page menus,
// each page with a form of 10 controls and 2 APIs, plus 200 APIs of no page — built from a handful of
// statements, so both trees answer in well under the request budget, and a save of every item passes.
const MODULES = 20;
const PAGES_PER_MODULE = 20;
const CONTROLS = 10;
const PRODUCT = 'p-big';
let t: TestApp;
let f: Awaited<ReturnType<typeof setUp>>;

function count(nodes: AppPermissionNode[], pick: (n: AppPermissionNode) => boolean): number {
  return nodes.reduce((s, n) => s + (pick(n) ? 1 : 0) + count(n.children, pick), 0);
}

beforeAll(async () => {
  t = await testApp();
  f = await setUp(t);
  await createProductRow(t.app, PRODUCT, 'big', 'Big');
  await authoriseProduct(t.app, f.tenantId, PRODUCT);
  const pages: (typeof appPages.$inferInsert)[] = [];
  const nodes: (typeof appPageNodes.$inferInsert)[] = [];
  const apis: (typeof appApis.$inferInsert)[] = [];
  const modules: (typeof appMenus.$inferInsert)[] = [];
  const menus: (typeof appMenus.$inferInsert)[] = [];
  const api = (id: string) => apis.push({ id, productId: PRODUCT, name: `api ${id}`, serviceName: 's', moduleName: 'm', url: `/big/${id}.do` });
  for (let m = 0; m < MODULES; m++) {
    modules.push({ id: `m${m}`, productId: PRODUCT, code: `m${m}`, name: `Module ${m}`, menuType: 'module', sort: m });
    for (let p = 0; p < PAGES_PER_MODULE; p++) {
      const pg = `pg${m}_${p}`;
      pages.push({ id: pg, productId: PRODUCT, formId: pg, name: `Page ${pg}`, path: `/${pg}` });
      menus.push({
        id: `mn${pg}`,
        productId: PRODUCT,
        parentId: `m${m}`,
        code: `mn${m}x${p}`,
        name: `Menu ${pg}`,
        menuType: 'page',
        pageId: pg,
        target: `/${pg}`,
        sort: p,
      });
      api(`a${pg}_l`);
      api(`a${pg}_s`);
      nodes.push({ id: `f${pg}`, productId: PRODUCT, pageId: pg, nodeType: 'form', name: 'form', loadApiIds: [`a${pg}_l`], saveApiIds: [`a${pg}_s`] });
      for (let c = 0; c < CONTROLS; c++)
        nodes.push({ id: `c${pg}_${c}`, productId: PRODUCT, pageId: pg, parentId: `f${pg}`, nodeType: 'button', name: `b${c}`, sort: c });
    }
  }
  for (let i = 0; i < 200; i++) api(`loose${i}`);
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(appPages).values(pages);
    await tx.insert(appApis).values(apis);
    for (let i = 0; i < nodes.length; i += 1000) await tx.insert(appPageNodes).values(nodes.slice(i, i + 1000));
    await tx.insert(appMenus).values(modules);
    await tx.insert(appMenus).values(menus);
  });
});
afterAll(async () => {
  await t.close();
});

describe('a large application', () => {
  it('answers both trees quickly and saves every item of the tree in one call', async () => {
    const started = Date.now();
    const tree = (await f.admin.get(q(P.listtenantapppurview, { roleId: 'r-west', productId: PRODUCT }))).body.data.rows as AppPermissionNode[];
    const apiTree = (await f.admin.get(q(P.listtenantappapipurview, { roleId: 'r-west', productId: PRODUCT }))).body.data.rows as AppPermissionNode[];
    const took = Date.now() - started;
    const pagesTotal = MODULES * PAGES_PER_MODULE;
    expect(count(tree, (n) => n.nodeType === 'control')).toBe(pagesTotal * CONTROLS);
    expect(count(tree, (n) => n.grantable)).toBe(MODULES + pagesTotal + pagesTotal * CONTROLS);
    expect(count(apiTree, (n) => n.nodeType === 'api')).toBe(pagesTotal * 2 + 200);
    expect(took).toBeLessThan(5000);
    const items: { dpDataid: string; dpPurview: number }[] = [];
    const walk = (ns: AppPermissionNode[]) =>
      ns.forEach((n) => {
        if (n.grantable) items.push({ dpDataid: n.uniqueId, dpPurview: 3 });
        walk(n.children);
      });
    walk(tree);
    const r = await f.admin.post(P.savetenantapppurview, { roleId: 'r-west', productId: PRODUCT, dataPurview: items });
    expect(r.body.data.count).toBe(items.length);
  });
});
