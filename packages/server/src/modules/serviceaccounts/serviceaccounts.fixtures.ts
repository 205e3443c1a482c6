/**
 * Fixtures of the service-account tests: the tenant-area world of users.tenant.testing.ts (acme with nora
 * its administrator, rita holding role "east" — the subtree east and the user calls; beta with sam), a
 * platform-tenant role, and a client that signs in with a service account's key id and secret.
 */
import { expect } from 'vitest';
import { Paths, ServiceAccountPaths as P, type ServiceAccountSecretData } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { roleGrants, roles } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { buildWorld, type TenantUserWorld } from '../users/users.tenant.testing.js';

export type TestApp = Awaited<ReturnType<typeof testApp>>;
export interface SaWorld {
  t: TestApp;
  w: TenantUserWorld;
  admin: GatewayClient;
  nora: GatewayClient;
  sam: GatewayClient;
  rita: GatewayClient;
  eastRole: string;
  sysRole: string;
}

/** Builds the world (`prefix` keeps user names of two files apart). */
export async function saWorld(prefix: string, overrides: Parameters<typeof testApp>[0] = {}, opts: Parameters<typeof testApp>[1] = {}): Promise<SaWorld> {
  const t = await testApp(overrides, opts);
  const w = await buildWorld(t, prefix);
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  const sysRole = `sys-r-${prefix}auditor`;
  await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(roles).values({ id: sysRole, tenantId: 'sys', code: `${prefix}auditor`, name: 'Auditor' });
    await tx.insert(roleGrants).values({ tenantId: 'sys', roleId: sysRole, kind: 'api', dataId: Paths.listtenantuser });
  });
  return {
    t,
    w,
    admin,
    sysRole,
    eastRole: `${w.acme.tenantId}-r-east`,
    nora: await w.as(`${prefix}nora`, w.acme.tenantId),
    sam: await w.as(`${prefix}sam`, w.beta.tenantId),
    rita: await w.as('rita', w.acme.tenantId),
  };
}

/** Adds a service account in the tenant area as `c` and answers its row and secret (asserting success). */
export async function addInTenant(c: GatewayClient, body: Record<string, unknown>): Promise<ServiceAccountSecretData> {
  const r = await c.post<ServiceAccountSecretData>(P.addtenantserviceaccount, body);
  expect(r.body.scode === '' || r.body.result === '1' ? r.body.result : `${r.body.scode} ${r.body.msg}`).toBe('1');
  return r.body.data;
}

/** Asks for a token with `keyId` / `secret` (the secret encrypted like a password); the raw answer. */
export function requestToken(_t: TestApp, c: GatewayClient, keyId: string, secret: string) {
  return c.post<{ row: { token: string; userId: string; expiresAt: number } }>(P.serviceaccounttoken, { keyId, secret: c.encrypt(secret) });
}

/** A client signed in as the service account (token call), with TENANTID `tenant`. */
export async function asServiceAccount(t: TestApp, keyId: string, secret: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  const r = await requestToken(t, c, keyId, secret);
  expect(r.body.result === '1' ? '1' : `${r.body.scode} ${r.body.msg}`).toBe('1');
  c.token = r.body.data.row.token;
  c.userId = r.body.data.row.userId;
  c.tenantId = tenant;
  return c;
}
