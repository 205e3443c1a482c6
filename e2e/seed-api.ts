/**
 * Test data made through the real gateway before a browser signs in (e2e specs): the platform
 * administrator's signed client and tenants with an uploaded logo (SPEC §5: a tenant's logo is required).
 */
import { Paths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { ADMIN_PASSWORD } from './support.js';

/** A 1×1 PNG, the smallest valid logo. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A gateway client signed in as the platform administrator of the e2e server at `url`. */
export async function adminClient(url: string): Promise<GatewayClient> {
  const c = await new GatewayClient(url).init();
  await c.signIn('admin', ADMIN_PASSWORD);
  return c;
}

/** Uploads `PNG` through `c` and answers its file id. */
export async function uploadLogo(c: GatewayClient, url: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  const headers = c.headersFor('POST', undefined);
  delete headers['content-type'];
  const up = (await (await fetch(url + Paths.uploadfile, { method: 'POST', headers, body: form })).json()) as { data: { row: { fileId: string } } };
  return up.data.row.fileId;
}

/** Adds enabled tenants `{ code, name }` with a logo; answers their ids by code. Throws on a refusal. */
export async function addTenants(
  c: GatewayClient,
  url: string,
  tenants: { code: string; name: string; abbreviation?: string }[],
): Promise<Record<string, string>> {
  const logo = await uploadLogo(c, url);
  const ids: Record<string, string> = {};
  for (const t of tenants) {
    const r = await c.post(Paths.addtenant, { code: t.code, name: t.name, abbreviation: t.abbreviation ?? t.code, logo, address: '1 Main St', status: 1 });
    if (r.body.result !== '1') throw new Error(`addtenant ${t.code}: ${r.body.msg}`);
    ids[t.code] = r.body.data.row.id;
  }
  return ids;
}

/** Adds an enabled user `username` with `password` to the platform tenant (organisation `sys`). Throws on a refusal. */
export async function addPlatformUser(c: GatewayClient, username: string, password: string): Promise<void> {
  const r = await c.post(Paths.adduser, {
    tenantId: 'sys',
    username,
    employeeName: username.replace(/[^0-9A-Za-z]/g, ''),
    orgId: 'sys',
    effectiveDate: '2026-01-01',
    expiryDate: '2035-12-31',
    status: 1,
    password: c.encrypt(password),
  });
  if (r.body.result !== '1') throw new Error(`adduser ${username}: ${r.body.msg}`);
}
