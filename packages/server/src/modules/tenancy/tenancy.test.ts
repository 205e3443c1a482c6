import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { tenants } from '../../db/schema/index.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testApp>>;
let admin: GatewayClient;
const ids: Record<string, string> = {};

async function signedIn(username: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  return c;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const code of ['alpha', 'bravo', 'charlie']) ids[code] = await createTenantRow(t.app, code);
  // grace (of the platform tenant) administers alpha and bravo; hal only charlie; ivy is an ordinary user
  const grace = await createUserRow(t.app, { username: 'grace', password: PASSWORD });
  const hal = await createUserRow(t.app, { tenantId: ids.charlie, username: 'hal', password: PASSWORD });
  await createUserRow(t.app, { username: 'ivy', password: PASSWORD });
  for (const [tenantId, userIds] of [
    [ids.alpha, [grace]],
    [ids.bravo, [grace]],
    [ids.charlie, [hal]],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds })).body.result).toBe('1');
  }
  await t.app.database.db.update(tenants).set({ status: 0 }).where(eq(tenants.id, ids.bravo!));
});
afterAll(async () => {
  await t.close();
});

describe('my tenants (listmytenant)', () => {
  it('lists exactly the tenants the caller administers, by name, with their status', async () => {
    const grace = await signedIn('grace');
    const r = await grace.post(Paths.listmytenant, {});
    expect(r.body.data).toMatchObject({ records: 2, page: 1, lastPage: true });
    expect(r.body.data.rows.map((x: { code: string; status: number }) => [x.code, x.status])).toEqual([
      ['alpha', 1],
      ['bravo', 0],
    ]);
    const hal = await signedIn('hal');
    expect((await hal.post(Paths.listmytenant, {})).body.data.rows.map((x: { id: string }) => x.id)).toEqual([ids.charlie]);
  });

  it('searches and pages in SQL', async () => {
    const grace = await signedIn('grace');
    expect((await grace.post(Paths.listmytenant, { keyword: 'BRA' })).body.data.rows.map((x: { code: string }) => x.code)).toEqual(['bravo']);
    const p2 = (await grace.post(Paths.listmytenant, { page: 2, pageSize: 1 })).body.data;
    expect(p2).toMatchObject({ records: 2, page: 2, total: 2, lastPage: true });
    expect(p2.rows.map((x: { code: string }) => x.code)).toEqual(['bravo']);
  });

  it('refuses callers without the tenant-admin identity (10009029001), the platform administrator included', async () => {
    const ivy = await signedIn('ivy');
    expect((await ivy.post(Paths.listmytenant, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await admin.post(Paths.listmytenant, {})).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
