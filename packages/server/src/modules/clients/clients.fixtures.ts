/**
 * Test fixtures of client access (tests only): two apps, each with its own application administrator
 * (identity 2, listed in product_admins), an application administrator of no app, an ordinary user,
 * and signed-in clients for each.
 */
import { Identity, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

export const USER_PASSWORD = 'Passw0rd!x';

export type ClientsWorld = Awaited<ReturnType<typeof clientsWorld>>;

/** Builds the world: `admin` (platform), `adminA` / `adminB` (apps A / B), `loner` (identity 2, no app), `plain`. */
export async function clientsWorld() {
  const t = await testApp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  const ids = {
    adminA: await createUserRow(t.app, { username: 'appadmin_a', password: USER_PASSWORD, identities: [Identity.APP_ADMIN] }),
    adminB: await createUserRow(t.app, { username: 'appadmin_b', password: USER_PASSWORD, identities: [Identity.APP_ADMIN, Identity.ENTERPRISE_USER] }),
    loner: await createUserRow(t.app, { username: 'appadmin_none', password: USER_PASSWORD, identities: [Identity.APP_ADMIN] }),
    plain: await createUserRow(t.app, { username: 'plain_user', password: USER_PASSWORD, identities: [Identity.ENTERPRISE_USER] }),
  };
  const product = async (code: string, name: string, adminIds: string[]) => {
    const r = await admin.post(Paths.addproduct, {
      code,
      name,
      abbreviation: name,
      version: 'V1',
      status: 1,
      callbackUrl: `https://${code}.example.com/cb`,
      department: 'IT',
      ownerName: 'Owner',
      ownerEmail: 'owner@example.com',
      ownerPhone: '13800138000',
      opsOwner: 'Ops',
      adminIds,
    });
    if (r.body.result !== '1') throw new Error(`product ${code}: ${r.body.scode}`);
    return r.body.data.row as { id: string; code: string };
  };
  const appA = await product('crm', 'CRM', [ids.adminA]);
  const appB = await product('erp', 'ERP', [ids.adminB]);
  const signedIn = async (username: string): Promise<GatewayClient> => {
    const c = await t.client();
    await c.signIn(username, USER_PASSWORD);
    return c;
  };
  return {
    t,
    admin,
    ids,
    appA,
    appB,
    a: await signedIn('appadmin_a'),
    b: await signedIn('appadmin_b'),
    loner: await signedIn('appadmin_none'),
    plain: await signedIn('plain_user'),
  };
}

/** A valid add body. */
export const validClient = (patch: Record<string, unknown> = {}) => ({
  name: 'CRM web',
  redirectUris: ['https://crm.example.com/callback'],
  grantTypes: ['authorization_code', 'refresh_token'],
  ...patch,
});

/** Sends with the APPID header naming `app` (id or code). */
export const inApp = (app: string) => ({ headers: { appid: app } });
