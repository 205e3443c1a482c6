/**
 * Rows of `one_time_codes` (db/schema/auth-flows.ts): insert, supersede, candidates for a check,
 * attempt counting and consumption, sweep. Platform-level table; callers pass a transaction of `inScope`.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema/index.js';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

export async function insertOneTimeCode(tx: Tx, row: typeof oneTimeCodes.$inferInsert): Promise<void> {
  await tx.insert(oneTimeCodes).values(row);
}

/** Marks every unused code of `purpose` + `subject` (and of `userId` when given) used: a newer one supersedes them. */
export async function supersedeOneTimeCodes(tx: Tx, purpose: string, subject: string, now: Date, userId?: string): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.subject, subject),
        isNull(oneTimeCodes.usedAt),
        userId ? eq(oneTimeCodes.userId, userId) : undefined,
      ),
    );
}

/** Unused, unexpired codes of `purpose` + `subject`, newest first (at most a few: one per user of the subject). */
export async function listLiveOneTimeCodes(tx: Tx, purpose: string, subject: string, now: Date): Promise<OneTimeCodeRow[]> {
  return tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.subject, subject), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(10);
}

export async function findOneTimeCodeById(tx: Tx, id: string): Promise<OneTimeCodeRow | undefined> {
  const [row] = await tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id));
  return row;
}

/**
 * Adds one wrong try to each code in one statement; those reaching `max` are used up at once. Answers
 * each code's try count after the update (the decision is taken on these, not on an earlier read).
 */
export async function countWrongTries(tx: Tx, ids: string[], max: number, now: Date): Promise<{ id: string; attempts: number }[]> {
  if (!ids.length) return [];
  return tx
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + 1`,
      usedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${max} then ${now.toISOString()}::timestamptz else ${oneTimeCodes.usedAt} end`,
    })
    .where(inArray(oneTimeCodes.id, ids))
    .returning({ id: oneTimeCodes.id, attempts: oneTimeCodes.attempts });
}

/** Consumes a code (single use). Answers false when another request consumed it first. */
export async function consumeOneTimeCode(tx: Tx, id: string, now: Date): Promise<boolean> {
  const r = await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return r.length === 1;
}

/** Deletes codes that expired more than a day ago (kept a day for the audit of recent attempts). */
export async function sweepOneTimeCodes(tx: Tx, now: Date): Promise<void> {
  await tx.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
}
