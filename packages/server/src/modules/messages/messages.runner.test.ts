/**
 * The message runner's leases (docs/messages.md "Sending"), on PGlite and on PostgreSQL when the test server
 * runs: simultaneous claims of two runners are disjoint and cover every pending delivery; a 'sending' delivery
 * whose lease expired (its runner died while the provider had it) ends 'failed' / 'interrupted' and is not
 * sent again; a 'pending' one leased by a dead runner is claimed again and sent once. On PostgreSQL, two
 * instances on one database send every delivery exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { messageDeliveries } from '../../db/schema/index.js';
import { createTestDatabase, testAppTargets } from '../../testing/postgres-admin.js';
import { testApp } from '../../testing/test-app.js';
import { until } from './messages.fixtures.js';
import { insertDueMessage, seedRecipients, startCountingSmtp, type CountingSmtp } from './messages.testing.js';
import { claimDeliveries, messageRunner } from './runner.js';
import { messageRunnerOf } from './messages.routes.js';

Object.assign(messageRunner, { pollMs: 100, leaseMs: 1500, sweepMs: 200 });

for (const { label, open } of testAppTargets('mp_msgrun')) {
  describe(`${label}: message runner leases`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    let smtp: CountingSmtp;
    let seed: Awaited<ReturnType<typeof seedRecipients>>;
    const db = () => t.app.database.db;
    const rows = (messageId: string) =>
      inScope(db(), PLATFORM_SCOPE, (tx) => tx.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, messageId)));

    beforeAll(async () => {
      smtp = await startCountingSmtp();
      ({ t, close } = await open());
      await messageRunnerOf(t.app).stop(); // the tests drive the claims themselves first
      seed = await seedRecipients(t.app, 60, smtp.port, 'mrun');
    }, 120_000);
    afterAll(async () => {
      await close();
      await smtp.close();
    });

    it('gives simultaneous claims of two runners disjoint deliveries, all of them', async () => {
      const id = await insertDueMessage(t.app, seed.productId, seed.userIds, 'email');
      const { expandOneDue } = await import('./runner.js');
      expect(await inScope(db(), PLATFORM_SCOPE, expandOneDue)).toBe(true);
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => inScope(db(), PLATFORM_SCOPE, (tx) => claimDeliveries(tx, `runner-${i % 2}`, 10))));
      const ids = claims.flat().map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(60);
      const owners = await rows(id);
      expect(owners.every((d) => d.status === 'pending' && d.leaseOwner?.startsWith('runner-'))).toBe(true);
      // leases held: nobody else gets them
      expect(await inScope(db(), PLATFORM_SCOPE, (tx) => claimDeliveries(tx, 'runner-x', 10))).toHaveLength(0);
    });

    it('ends an interrupted send as failed / interrupted and re-claims unsent leased deliveries, sending each once', async () => {
      const id = await rows(
        (await inScope(db(), PLATFORM_SCOPE, (tx) => tx.select({ m: messageDeliveries.messageId }).from(messageDeliveries).limit(1)))[0]!.m!,
      );
      const [first, second, ...rest] = id;
      // a dead runner had handed `first` to the provider; its lease ran out. The others are merely leased.
      await inScope(db(), PLATFORM_SCOPE, (tx) =>
        tx
          .update(messageDeliveries)
          .set({ status: 'sending', attempts: 1, leaseOwner: 'dead', leaseExpiresAt: sql`now() - interval '1 second'` })
          .where(eq(messageDeliveries.id, first!.id)),
      );
      await inScope(db(), PLATFORM_SCOPE, (tx) =>
        tx
          .update(messageDeliveries)
          .set({ leaseOwner: 'dead', leaseExpiresAt: sql`now() - interval '1 second'` })
          .where(eq(messageDeliveries.messageId, first!.messageId!)),
      );
      messageRunnerOf(t.app).start();
      await until(async () => (await rows(first!.messageId!)).every((d) => d.status === 'sent' || d.status === 'failed'), 30_000);
      const after = await rows(first!.messageId!);
      const f = after.find((d) => d.id === first!.id)!;
      expect(f).toMatchObject({ status: 'failed', reason: 'interrupted', attempts: 1 });
      expect(smtp.seen.has(first!.id)).toBe(false);
      for (const d of [second!, ...rest]) {
        expect(after.find((x) => x.id === d.id)!.status).toBe('sent');
        expect(smtp.seen.get(d.id)).toBe(1);
      }
    }, 60_000);
  });
}

const serverUrl = process.env.MP_TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL: two instances send every delivery exactly once', () => {
  it('splits the work between both runners and sends no delivery twice', async () => {
    const database = await createTestDatabase(serverUrl!, 'mp_msgtwo');
    const smtp = await startCountingSmtp(5);
    const a = await testApp({ databaseUrl: database.url });
    const b = await testApp({ databaseUrl: database.url });
    try {
      const seed = await seedRecipients(a.app, 120, smtp.port, 'mtwo');
      const id = await insertDueMessage(a.app, seed.productId, seed.userIds, 'email');
      const took = new Map<string, string>();
      const watch = setInterval(() => {
        void inScope(a.app.database.db, PLATFORM_SCOPE, (tx) =>
          tx.select({ id: messageDeliveries.id, owner: messageDeliveries.leaseOwner }).from(messageDeliveries).where(eq(messageDeliveries.messageId, id)),
        ).then((rs) => {
          for (const r of rs) if (r.owner) took.set(r.id, r.owner);
        });
      }, 20);
      void messageRunnerOf(a.app).kick();
      void messageRunnerOf(b.app).kick();
      await until(
        async () =>
          (await inScope(a.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, id)))).filter(
            (d) => d.status === 'sent',
          ).length === 120,
        60_000,
      );
      clearInterval(watch);
      expect(smtp.seen.size).toBe(120);
      expect([...smtp.seen.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(took.values())).toEqual(new Set([messageRunnerOf(a.app).owner, messageRunnerOf(b.app).owner]));
    } finally {
      await a.close();
      await b.close();
      await smtp.close();
      await database.drop();
    }
  }, 120_000);
});
