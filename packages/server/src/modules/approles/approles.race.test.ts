/**
 * Simultaneous writes of application roles and templates (docs/applications.md "Application roles and
 * permission templates"): two adds of one role number (any case) end with one role and `approle.code_in_use`;
 * two adds of one template name under one parent end with one template and `apptemplate.name_in_use`; a
 * template's grants saved while roles are applied to it leave every following role equal to the template.
 * On PGlite, and on PostgreSQL (a pool of connections, where the race is real) when MP_TEST_DATABASE_URL
 * names a server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppRoleCodes, AppRolePaths as P, AppTemplateCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appMenus, appPermissionTemplates, appRoleGrants, appRoles, appTemplateGrants } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, type testApp } from '../../testing/test-app.js';
import { testAppTargets } from '../../testing/postgres-admin.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { createProductRow } from '../apptenants/apptenants.fixtures.js';

const outcome = (r: { body: { result: string; scode: string } }) => (r.body.result === '1' ? 'ok' : r.body.scode);

for (const target of testAppTargets('approles_race')) {
  describe(`${target.label}: simultaneous application role writes`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    let admin: GatewayClient;
    let app: string;
    const post = (path: string, body: unknown) => admin.post(path, body, { headers: { appid: app } });
    beforeAll(async () => {
      ({ t, close } = await target.open());
      admin = await t.client();
      await admin.signIn('admin', ADMIN_PASSWORD);
      app = 'race-crm';
      await createProductRow(t.app, app, 'crm', 'CRM');
      await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
        tx.insert(appMenus).values([
          { id: 'race-m1', productId: app, code: 'm1', name: 'M1', menuType: 'module', sort: 1 },
          { id: 'race-m2', productId: app, code: 'm2', name: 'M2', menuType: 'module', sort: 2 },
        ]),
      );
    }, 120_000);
    afterAll(async () => {
      await close();
    });

    it('one role per number (case-insensitive) and one template per sibling name', async () => {
      for (let round = 0; round < 4; round++) {
        const [a, b] = await Promise.all([
          post(P.addapprole, { code: `twin_${round}`, name: 'Twin' }),
          post(P.addapprole, { code: `TWIN_${round}`, name: 'Twin' }),
        ]);
        expect([outcome(a), outcome(b)].sort()).toEqual([AppRoleCodes.CODE_IN_USE, 'ok']);
        const [x, y] = await Promise.all([
          post(P.addapptemplate, { parentId: '0', name: `Same ${round}` }),
          post(P.addapptemplate, { parentId: '0', name: `same ${round}` }),
        ]);
        expect([outcome(x), outcome(y)].sort()).toEqual([AppTemplateCodes.NAME_IN_USE, 'ok']);
      }
      const roles = await t.app.database.db.select().from(appRoles).where(eq(appRoles.productId, app));
      expect(roles).toHaveLength(4);
      expect(await t.app.database.db.select().from(appPermissionTemplates).where(eq(appPermissionTemplates.productId, app))).toHaveLength(4);
    });

    it('roles applied in sync while the template changes end equal to the template', async () => {
      const tid = (await post(P.addapptemplate, { parentId: '0', name: 'Moving' })).body.data.id as string;
      const roleIds: string[] = [];
      for (let i = 0; i < 4; i++) roleIds.push((await post(P.addapprole, { code: `follower_${i}`, name: 'Follower' })).body.data.row.id);
      const save = (id: string) => post(P.saveapptemplatepurview, { templateId: tid, tree: 'menu', dataPurview: [{ dpDataid: `menu:${id}`, dpPurview: 3 }] });
      const results = await Promise.all([
        save('race-m1'),
        ...roleIds.map((roleId) => post(P.applyapptemplate, { roleId, templateId: tid, mode: 'sync' })),
        save('race-m2'),
      ]);
      expect(results.map(outcome)).toEqual(results.map(() => 'ok'));
      const db = t.app.database.db;
      const tpl = (await db.select().from(appTemplateGrants).where(eq(appTemplateGrants.templateId, tid))).map((g) => `${g.dataId}:${g.purview}`);
      expect(tpl).toHaveLength(1);
      for (const roleId of roleIds) {
        expect(
          (await db.select().from(appRoleGrants).where(eq(appRoleGrants.roleId, roleId))).map((g) => `${g.dataId}:${g.purview}`),
          roleId,
        ).toEqual(tpl);
      }
    });
  });
}
