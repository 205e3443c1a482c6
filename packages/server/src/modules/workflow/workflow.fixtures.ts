/**
 * Test fixtures of the approval workflow (tests only): the application-roles world (crm = app A with
 * administrator `a`, erp = app B with `b`; acme uses crm with root organisation Sales — ann (Sales) is crm's
 * user, bob (Works) is not; beta uses crm (cat); other uses erp (dan)) plus, in acme, the tenant role
 * MANAGER held by `mgr` and `mgr3` (data scope: the Works subtree) and by `mgr2` (scope: Sales only), and an
 * enabled crm roles `crm_viewer` and `crm_editor`. Signed-in clients for bob, ann, cat, mgr, mgr2, mgr3.
 */
import { eq } from 'drizzle-orm';
import { Identity } from '@mp/protocol';
import { appRoles, roleGrants, roleUsers, roles, users } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createUserRow } from '../../testing/test-app.js';
import { rolesWorld } from '../approles/approles.fixtures.js';
import { USER_PASSWORD } from '../clients/clients.fixtures.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

export { inApp } from '../approles/approles.fixtures.js';

export type WfWorld = Awaited<ReturnType<typeof workflowWorld>>;

/** The crm process "acme's MANAGER, then crm's administrators". */
export const MANAGER_THEN_ADMIN = [{ kind: 'manager', roleCode: 'MANAGER' }, { kind: 'appAdmin' }];

/** Builds the world (see the file's comment). */
export async function workflowWorld() {
  const w = await rolesWorld();
  const app = w.t.app;
  const acme = w.tenants.acme;
  const mk = (username: string, orgId: string) =>
    createUserRow(app, { tenantId: acme, username, password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] }).then(async (id) => {
      await inScope(app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId }).where(eq(users.id, id)));
      return id;
    });
  const managers = { mgr: await mk('mgr', 'ar-org-works'), mgr2: await mk('mgr2', 'ar-org-sales'), mgr3: await mk('mgr3', 'ar-org-works') };
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(roles).values([
      { id: 'wf-role-manager', tenantId: acme, code: 'MANAGER', name: 'Manager' },
      { id: 'wf-role-works', tenantId: acme, code: 'works_scope', name: 'Works scope' },
      { id: 'wf-role-sales', tenantId: acme, code: 'sales_scope', name: 'Sales scope' },
    ]);
    await tx.insert(roleGrants).values([
      { tenantId: acme, roleId: 'wf-role-works', kind: 'org', dataId: 'ar-org-works' },
      { tenantId: acme, roleId: 'wf-role-sales', kind: 'org', dataId: 'ar-org-sales' },
    ]);
    await tx.insert(roleUsers).values([
      { tenantId: acme, roleId: 'wf-role-manager', userId: managers.mgr },
      { tenantId: acme, roleId: 'wf-role-manager', userId: managers.mgr2 },
      { tenantId: acme, roleId: 'wf-role-manager', userId: managers.mgr3 },
      { tenantId: acme, roleId: 'wf-role-works', userId: managers.mgr },
      { tenantId: acme, roleId: 'wf-role-works', userId: managers.mgr3 },
      { tenantId: acme, roleId: 'wf-role-sales', userId: managers.mgr2 },
    ]);
    await tx.insert(appRoles).values([
      { id: 'wf-crm-viewer', productId: w.appA.id, code: 'crm_viewer', name: 'Viewer' },
      { id: 'wf-crm-editor', productId: w.appA.id, code: 'crm_editor', name: 'Editor' },
    ]);
  });
  const signedIn = async (username: string): Promise<GatewayClient> => {
    const c = await w.t.client();
    await c.signIn(username, USER_PASSWORD);
    c.language = 'EN_US';
    return c;
  };
  return {
    ...w,
    managers,
    u: {
      bob: await signedIn('bob'),
      ann: await signedIn('ann'),
      cat: await signedIn('cat'),
      dan: await signedIn('dan'),
      mgr: await signedIn('mgr'),
      mgr2: await signedIn('mgr2'),
      mgr3: await signedIn('mgr3'),
    },
  };
}
