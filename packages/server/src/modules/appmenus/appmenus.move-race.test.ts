/**
 * Simultaneous moves of one application's menus (docs/applications.md "Menu designer": tree-shaping writes
 * take a per-application advisory lock). Two moves that would together build a cycle (A under B, B under A)
 * end with exactly one done and the other refused `appmenu.move_cycle`; simultaneous reorders leave the
 * siblings numbered 0…n−1 without gaps or duplicates. On PGlite, and on PostgreSQL (a pool of
 * connections, where the race is real) when MP_TEST_DATABASE_URL names a server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppMenuCodes, AppMenuPaths, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appMenus } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, type testApp } from '../../testing/test-app.js';
import { testAppTargets } from '../../testing/postgres-admin.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { addMenu, inApp, menuBody, treeOf } from './appmenus.fixtures.js';
import type { AppMenuNode } from '@mp/protocol';

const count = (n: AppMenuNode): number => n.children.reduce((s, c) => s + 1 + count(c), 0);

for (const target of testAppTargets('appmenus_race')) {
  describe(`${target.label}: simultaneous menu moves`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    let admin: GatewayClient;
    let app: string;
    beforeAll(async () => {
      ({ t, close } = await target.open());
      admin = await t.client();
      await admin.signIn('admin', ADMIN_PASSWORD);
      const r = await admin.post(Paths.addproduct, {
        code: 'crm',
        name: 'CRM',
        abbreviation: 'CRM',
        version: 'V1',
        status: 1,
        callbackUrl: 'https://crm.example.com/cb',
        department: 'IT',
        ownerName: 'Owner',
        ownerEmail: 'owner@example.com',
        ownerPhone: '13800138000',
        opsOwner: 'Ops',
        adminIds: [],
      });
      app = r.body.data.row.id;
    }, 120_000);
    afterAll(async () => {
      await close();
    });

    it('never builds a cycle: of A→B and B→A at once, one is done and one refused', async () => {
      for (let round = 0; round < 5; round++) {
        const a = await addMenu(admin, app, menuBody(`a${round}`));
        const b = await addMenu(admin, app, menuBody(`b${round}`));
        const [x, y] = await Promise.all([
          admin.post(AppMenuPaths.moveappmenu, { id: a, parentId: b, index: 0 }, inApp(app)),
          admin.post(AppMenuPaths.moveappmenu, { id: b, parentId: a, index: 0 }, inApp(app)),
        ]);
        expect([x.body.result, y.body.result].sort()).toEqual(['0', '1']);
        expect([x.body.scode, y.body.scode]).toContain(AppMenuCodes.MOVE_CYCLE);
      }
      const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(appMenus).where(eq(appMenus.productId, app)));
      expect(count(await treeOf(admin, app))).toBe(rows.length);
    }, 120_000);

    it('keeps siblings numbered 0…n−1 after simultaneous reorders', async () => {
      const parent = await addMenu(admin, app, menuBody('parent'));
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await addMenu(admin, app, menuBody(`p${i}`, { parentId: parent, menuType: 'page', target: `/p${i}` })));
      const answers = await Promise.all(ids.map((id, i) => admin.post(AppMenuPaths.moveappmenu, { id, parentId: parent, index: (i * 7) % 6 }, inApp(app))));
      expect(answers.every((r) => r.body.result === '1')).toBe(true);
      const node = (await treeOf(admin, app)).children.find((c) => c.code === 'parent')!;
      expect(node.children.map((c) => c.sequence)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(node.children.map((c) => c.id).sort()).toEqual([...ids].sort());
    }, 120_000);
  });
}
