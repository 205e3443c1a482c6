/**
 * Lockout under simultaneous wrong passwords (issue 13 "Lockout loses updates"; docs/login.md "Lockout";
 * modules/auth/lockout.ts): ACCOUNTS accounts each get the threshold number of wrong passwords at once
 * (Promise.all over app.inject, each request its own nonce; the login check is off in tests, so no captcha).
 * Every account must end locked, every attempt must have been counted (threshold − 1 answers
 * `auth.bad_credentials`, one `account.locked`, one audit entry per attempt), and the right password then
 * gets the lock's answer; a super manager is never locked and its count equals its attempts. Runs on PGlite, and on PostgreSQL (a pool of connections, the case that lost
 * updates) when MP_TEST_DATABASE_URL names a server whose user may create databases; that run uses a
 * database of its own and drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, users } from '../../db/schema/index.js';
import { createUserRow, type testApp } from '../../testing/test-app.js';
import { testAppTargets } from '../../testing/postgres-admin.js';

const PASSWORD = 'Passw0rd!x';
const ACCOUNTS = 8;

/** The race on the app of `open`; `label` names the database. */
function race(label: string, open: () => Promise<{ t: Awaited<ReturnType<typeof testApp>>; close: () => Promise<void> }>) {
  describe(`${label}: simultaneous wrong passwords`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    beforeAll(async () => {
      ({ t, close } = await open());
    }, 120_000);
    afterAll(async () => {
      await close();
    });

    it(`lock every one of ${ACCOUNTS} accounts and count every attempt`, async () => {
      const threshold = t.app.config.lockoutThreshold;
      const names = Array.from({ length: ACCOUNTS }, (_, i) => `race-${i}`);
      const ids = await Promise.all(names.map((username) => createUserRow(t.app, { username, password: PASSWORD })));
      const clients = await Promise.all(
        names.map(async () => {
          const c = await t.client();
          c.language = 'EN_US';
          return c;
        }),
      );
      const answers = await Promise.all(
        names.flatMap((username, i) =>
          Array.from({ length: threshold }, () => clients[i]!.post(Paths.signin, { username, password: clients[i]!.encrypt('Wrong-passw0rd'), agree: true })),
        ),
      );

      const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
        tx.select({ id: users.id, lockedUntil: users.lockedUntil, failedCount: users.failedCount }).from(users).where(inArray(users.id, ids)),
      );
      const lockedNow = rows.filter((r) => r.lockedUntil && r.lockedUntil > new Date()).length;
      console.info(`[lockout-race] ${label}: ${lockedNow} of ${ACCOUNTS} accounts locked after ${threshold} simultaneous wrong passwords each`);
      expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
      expect(lockedNow).toBe(ACCOUNTS);
      expect(rows.every((r) => r.failedCount === 0)).toBe(true);

      for (let i = 0; i < ACCOUNTS; i++) {
        const mine = answers
          .slice(i * threshold, (i + 1) * threshold)
          .map((a) => a.body.scode)
          .sort();
        expect(mine).toEqual([...Array(threshold - 1).fill(Codes.BAD_CREDENTIALS), Codes.ACCOUNT_LOCKED].sort());
        const counted = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
          tx
            .select({ action: auditLog.action })
            .from(auditLog)
            .where(and(eq(auditLog.userId, ids[i]!), inArray(auditLog.action, ['signin.failed', 'signin.locked']))),
        );
        expect(counted.length).toBe(threshold);
      }

      await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
      const right = await clients[0]!.post(Paths.signin, { username: names[0], password: clients[0]!.encrypt(PASSWORD), agree: true });
      expect(right.body).toMatchObject({ result: '0', scode: Codes.ACCOUNT_LOCKED });
    }, 120_000);

    it('a super manager is never locked, and every one of its simultaneous failures is counted', async () => {
      const attempts = 2 * t.app.config.lockoutThreshold;
      const id = await createUserRow(t.app, { username: 'race-super', password: PASSWORD, superManager: true });
      await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
      const c = await t.client();
      const answers = await Promise.all(
        Array.from({ length: attempts }, () => c.post(Paths.signin, { username: 'race-super', password: c.encrypt('Wrong-passw0rd'), agree: true })),
      );
      expect(answers.map((a) => a.body.scode)).toEqual(Array(attempts).fill(Codes.BAD_CREDENTIALS));
      const [row] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
        tx.select({ lockedUntil: users.lockedUntil, failedCount: users.failedCount }).from(users).where(eq(users.id, id)),
      );
      expect(row).toEqual({ lockedUntil: null, failedCount: attempts });
    }, 120_000);
  });
}

for (const { label, open } of testAppTargets('mp_lockout')) race(label, open);
