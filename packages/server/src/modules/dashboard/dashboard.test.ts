import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, products, roles } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

const DAY = 86_400_000;
let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('platform dashboard', () => {
  it('answers the real counts of tenants, users, products and roles, and sign-ins per day for 7 days', async () => {
    const a = await createTenantRow(t.app, 'dashA');
    const b = await createTenantRow(t.app, 'dashB');
    await createUserRow(t.app, { tenantId: a, username: 'dash1', password: 'Passw0rd!' });
    await createUserRow(t.app, { tenantId: b, username: 'dash2', password: 'Passw0rd!' });
    const now = Date.now();
    await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      await tx.insert(products).values({
        id: randomUUID(),
        code: 'crm',
        name: 'CRM',
        abbreviation: 'CRM',
        version: '1.0',
        callbackUrl: 'https://crm.example.com',
        department: 'IT',
        ownerName: 'Li',
        ownerEmail: 'li@example.com',
        ownerPhone: '13800000000',
        opsOwner: 'Wang',
      });
      await tx.insert(roles).values([
        { id: randomUUID(), tenantId: a, code: 'r1', name: 'Role 1' },
        { id: randomUUID(), tenantId: b, code: 'r2', name: 'Role 2' },
        { id: randomUUID(), tenantId: b, code: 'r3', name: 'Role 3' },
      ]);
      // Two sign-ins three days ago, one eight days ago (outside the window).
      await tx
        .insert(auditLog)
        .values([3, 3, 8].map((d) => ({ id: randomUUID(), tenantId: a, action: 'signin', entity: 'session', at: new Date(now - d * DAY) })));
    });
    const r = await c.get(Paths.dashboard);
    expect(r.body.result).toBe('1');
    const row = r.body.data.row;
    // sys plus the two tenants; admin plus the two users.
    expect(row).toMatchObject({ tenants: 3, enabledTenants: 3, users: 3, products: 1, roles: 3 });
    expect(row.signIns).toHaveLength(7);
    expect(row.signIns[6].date).toBe(new Date(now).toISOString().slice(0, 10));
    const threeDaysAgo = row.signIns.find((s: { date: string }) => s.date === new Date(now - 3 * DAY).toISOString().slice(0, 10));
    expect(threeDaysAgo.count).toBe(2);
    // Today's count includes the administrator's own sign-in.
    expect(row.signIns[6].count).toBeGreaterThanOrEqual(1);
    expect(row.signIns.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(2 + row.signIns[6].count);
  });

  it('refuses a caller who is not a platform administrator', async () => {
    await createUserRow(t.app, { username: 'plaindash', password: 'Passw0rd!' });
    const plain = await t.client();
    await plain.signIn('plaindash', 'Passw0rd!');
    expect((await plain.get(Paths.dashboard)).body.scode).toBe(Codes.NO_PERMISSION);
  });
});
