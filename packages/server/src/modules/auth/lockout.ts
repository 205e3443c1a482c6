/**
 * The lockout after failed sign-ins (SPEC §4 Login flow; docs/login.md "Lockout"), written so that
 * simultaneous attempts lose no update on a pooled PostgreSQL (issue 13 "Lockout loses updates"):
 * the outcome step of a sign-in reads its account with a row lock (`lockUserRow`), and a wrong
 * password is counted by one `UPDATE … SET failed_count = failed_count + 1 … RETURNING` that also
 * decides the lock from the row's own current values (`countFailedSignIn`).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { UserRow } from '../users/users.repository.js';

/**
 * Reads the account `id` with `SELECT … FOR UPDATE`: a concurrent sign-in of the same account waits
 * for this transaction, so its refusal check and its counter update see this one's outcome. Runs in `tx`.
 */
export async function lockUserRow(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The lockout settings: failures allowed (`threshold`) within `windowMin` minutes, then locked `lockMinutes`. */
export interface LockoutRules {
  threshold: number;
  windowMin: number;
  lockMinutes: number;
}

/**
 * Counts one wrong password of account `id` atomically: within the window (failures since
 * `failed_window_start`, less than `windowMin` minutes ago) the count grows by one, else a new window
 * starts at 1; reaching `threshold` locks the account for `lockMinutes` (the count and window are
 * cleared) unless it is a super manager, which is never locked. One statement, evaluated on the row's
 * latest version, so simultaneous failures are all counted. Answers the row's count after the update
 * and whether this failure locked the account; undefined when the account is gone. Runs in `tx`.
 */
export async function countFailedSignIn(
  tx: Tx,
  id: string,
  rules: LockoutRules,
  now = new Date(),
): Promise<{ failedCount: number; locked: boolean } | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const open = sql`(${users.failedWindowStart} is not null and ${users.failedWindowStart} > ${at} - make_interval(mins => ${rules.windowMin}::int))`;
  const next = sql`(case when ${open} then ${users.failedCount} + 1 else 1 end)`;
  const lock = sql`(${next} >= ${rules.threshold}::int and not ${users.superManager})`;
  const [row] = await tx
    .update(users)
    .set({
      failedCount: sql`case when ${lock} then 0 else ${next} end`,
      failedWindowStart: sql`case when ${lock} then null when ${open} then ${users.failedWindowStart} else ${at} end`,
      lockedUntil: sql`case when ${lock} then ${at} + make_interval(mins => ${rules.lockMinutes}::int) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, id))
    .returning({ failedCount: users.failedCount, lockedUntil: users.lockedUntil });
  if (!row) return undefined;
  return { failedCount: row.failedCount, locked: !!row.lockedUntil && row.lockedUntil > now };
}
