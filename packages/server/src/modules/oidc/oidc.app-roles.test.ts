/**
 * Roles of the application in tokens (issue 14; docs/oidc.md "Scopes and claims", docs/applications.md
 * "Roles in tokens"): a client asking for the scope `app_roles` gets the claim `app_roles` — codes of the
 * user's enabled roles in their tenant that grant anything of the client's application — in the ID token
 * and at userinfo, beside `tenant_id`; without the scope there is no such claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appMenus, roleGrants, roles, roleUsers } from '../../db/schema/index.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { createAppRow, createClientRow, journey, listeningApp, UserAgent } from './oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';

describe('app_roles in OIDC tokens', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let tenantId: string;
  const rps: RelyingParty[] = [];
  const user = { username: 'roles.alice', password: PASSWORD };

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp());
    tenantId = await createTenantRow(app, 'acme');
    const userId = await createUserRow(app, { tenantId, username: user.username, password: PASSWORD });
    const crm = await createAppRow(app, 'crm', [tenantId]);
    const erp = await createAppRow(app, 'erp', [tenantId]);
    await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(appMenus).values([
        { id: 'm-crm', productId: crm.id, code: 'orders', name: 'Orders', menuType: 'page', target: '/orders' },
        { id: 'm-erp', productId: erp.id, code: 'stock', name: 'Stock', menuType: 'page', target: '/stock' },
      ]);
      await tx.insert(roles).values([
        { id: 'r-clerk', tenantId, code: 'clerk', name: 'Clerk' },
        { id: 'r-keeper', tenantId, code: 'keeper', name: 'Keeper' },
        { id: 'r-idle', tenantId, code: 'idle', name: 'Idle' },
        { id: 'r-off', tenantId, code: 'off', name: 'Off', status: 0 },
      ]);
      await tx.insert(roleUsers).values(['r-clerk', 'r-keeper', 'r-idle', 'r-off'].map((roleId) => ({ tenantId, roleId, userId })));
      await tx.insert(roleGrants).values([
        { tenantId, roleId: 'r-clerk', kind: 'appmenu', dataId: 'm-crm', purview: 1 },
        { tenantId, roleId: 'r-keeper', kind: 'appmenu', dataId: 'm-erp', purview: 1 },
        { tenantId, roleId: 'r-off', kind: 'appmenu', dataId: 'm-crm', purview: 1 },
      ]);
    });
    const rpFor = async (productId: string, scope: string) => {
      const rp = await new RelyingParty(issuer, scope).listen();
      const c = await createClientRow(app, productId, { redirectUris: [rp.redirectUri] });
      await rp.register(c.clientId, c.clientSecret);
      rps.push(rp);
      return rp;
    };
    rps.length = 0;
    await rpFor(crm.id, 'openid app_roles');
    await rpFor(crm.id, 'openid profile');
    await rpFor(erp.id, 'openid app_roles');
  });
  afterAll(async () => {
    for (const rp of rps) await rp.close();
    await app?.close();
  });

  async function signIn(rp: RelyingParty) {
    const pending = await rp.authorize();
    const { callback } = await journey(base, new UserAgent(base), pending.url, user);
    return rp.callback(callback!);
  }

  it("carries the roles granting the client's application (enabled only) in the ID token and userinfo", async () => {
    const crm = await signIn(rps[0]!);
    expect(crm.idTokenClaims).toMatchObject({ tenant_id: tenantId, app_roles: ['clerk'] });
    expect(crm.userinfo).toMatchObject({ tenant_id: tenantId, app_roles: ['clerk'] });
    // All enabled roles stay in `roles`, as before.
    expect(crm.idTokenClaims!.roles).toEqual(['clerk', 'idle', 'keeper']);
    const erp = await signIn(rps[2]!);
    expect(erp.idTokenClaims!.app_roles).toEqual(['keeper']);
  });

  it('adds nothing without the scope', async () => {
    const r = await signIn(rps[1]!);
    expect(r.idTokenClaims!.app_roles).toBeUndefined();
    expect(r.userinfo!.app_roles).toBeUndefined();
  });

  it('discovery lists the scope and the claim, and the client_credentials grant', async () => {
    const d = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string[]>;
    expect(d.scopes_supported).toContain('app_roles');
    expect(d.claims_supported).toContain('app_roles');
    expect(d.grant_types_supported).toContain('client_credentials');
  });
});
