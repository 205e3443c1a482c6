/** sendInSite (modules/messages/inbox.ts): one unread in-site message per user of the tenant, in the caller's transaction. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { messageDeliveries } from '../../db/schema/index.js';
import { createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import { sendInSite } from './inbox.js';

describe('sendInSite', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let tenant: string;
  let u1: string, u2: string, other: string;
  beforeAll(async () => {
    t = await testApp();
    tenant = await createTenantRow(t.app, 'inboxt');
    u1 = await createUserRow(t.app, { tenantId: tenant, username: 'inbox_u1', password: 'Passw0rd!x' });
    u2 = await createUserRow(t.app, { tenantId: tenant, username: 'inbox_u2', password: 'Passw0rd!x' });
    other = await createUserRow(t.app, { username: 'inbox_sys', password: 'Passw0rd!x' });
  });
  afterAll(() => t.close());

  it('writes one unread row per distinct user of the tenant and skips others', async () => {
    const n = await inScope(t.app.database.db, { scope: 'tenant', tenantId: tenant }, (tx) =>
      sendInSite(tx, {
        productId: null,
        tenantId: tenant,
        userIds: [u1, u2, u1, other, 'nobody'],
        subject: 'Approved',
        body: '<b>yes</b>',
        source: { kind: 'workflow', id: 'r1' },
      }),
    );
    expect(n).toBe(2);
    const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(messageDeliveries).where(eq(messageDeliveries.sourceId, 'r1')));
    expect(rows.map((r) => r.userId).sort()).toEqual([u1, u2].sort());
    for (const r of rows)
      expect(r).toMatchObject({
        channel: 'insite',
        status: 'sent',
        subject: 'Approved',
        body: '<b>yes</b>',
        sourceKind: 'workflow',
        tenantId: tenant,
        messageId: null,
        readAt: null,
      });
  });

  it('writes nothing when the caller rolls back, and nothing for an empty list', async () => {
    await expect(
      inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
        await sendInSite(tx, { productId: null, tenantId: tenant, userIds: [u1], subject: 's', body: 'b', source: { kind: 'workflow', id: 'r2' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.sourceId, 'r2'))),
    );
    expect(rows).toHaveLength(0);
    expect(
      await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
        sendInSite(tx, { productId: null, tenantId: tenant, userIds: [], subject: 's', body: 'b', source: { kind: 'x', id: 'y' } }),
      ),
    ).toBe(0);
  });

  it('is refused by row-level security for another tenant in a tenant scope', async () => {
    await expect(
      inScope(t.app.database.db, { scope: 'tenant', tenantId: 'sys' }, (tx) =>
        sendInSite(tx, {
          productId: null,
          tenantId: tenant,
          userIds: [u1],
          subject: 's',
          body: 'b',
          source: { kind: 'workflow', id: 'r3' },
        }),
      ),
    ).resolves.toBe(0); // the tenant's users are invisible from another tenant's scope: nothing written
  });
});
