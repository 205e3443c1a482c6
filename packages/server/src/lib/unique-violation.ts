/**
 * Uniqueness races (CONVENTIONS "Errors"; SPEC §8 "localised errors"): a write path checks a unique key
 * before writing (`role.no_in_use`, `mapping.code_in_use`, …) so the common case gets a clear message,
 * but two simultaneous writes on PostgreSQL can both pass that check; the second then hits the unique
 * index. `withUniqueErrors` runs the write and turns such a unique violation (SQLSTATE 23505) into the
 * same AppError the pre-check raises, so the caller gets the localised message instead of a 500. The
 * error leaves the call's transaction (already aborted by PostgreSQL) and rolls it back: nothing of
 * the call is written.
 *
 * How the drivers surface it: node-postgres throws a `DatabaseError` with `code` and `constraint`
 * (the index name for a unique index, `<table>_pkey` for a primary key); PGlite's error has the same
 * fields; drizzle (0.45) wraps either in a `DrizzleQueryError` whose `cause` is the driver's error. So
 * the cause chain is searched.
 */
import type { AppError } from './errors.js';

/** PostgreSQL's `unique_violation`. */
export const UNIQUE_VIOLATION = '23505';

/** The unique constraints (index names) a write may violate, each with the AppError its pre-check raises. */
export type UniqueErrors = Record<string, AppError>;

/**
 * The name of the constraint behind a unique violation anywhere in `err`'s cause chain ('' when the
 * driver did not name it), or undefined when `err` is not a unique violation.
 */
export function uniqueViolationOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (x.code === UNIQUE_VIOLATION) return typeof x.constraint === 'string' ? x.constraint : '';
    e = x.cause;
  }
  return undefined;
}

/**
 * Runs `write` and answers its result. A unique violation of a constraint named in `errors` becomes
 * that AppError; anything else (another constraint, another error) is rethrown unchanged. Keep the
 * pre-check before the write: this only covers the race it cannot see.
 * @throws the mapped AppError, or what `write` throws.
 */
export async function withUniqueErrors<T>(errors: UniqueErrors, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    const mapped = constraint !== undefined && Object.hasOwn(errors, constraint) ? errors[constraint] : undefined;
    throw mapped ?? err;
  }
}

/**
 * Runs `attempt` — a whole transaction that checks, then writes (a bulk import) — and, when it fails on
 * a unique violation because a simultaneous write took a key between its check and its write, runs it
 * once more (`retries` times at most): the new check sees the winner's row, so the import updates it or
 * reports the row, instead of ending in a raw database error.
 * @throws what the last attempt throws.
 */
export async function retryOnUniqueViolation<T>(attempt: () => Promise<T>, retries = 1): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      if (tried >= retries || uniqueViolationOf(err) === undefined) throw err;
    }
  }
}
