import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database, type Tx } from '../db/client.js';
import { AppError } from './errors.js';
import { retryOnUniqueViolation, uniqueViolationOf, withUniqueErrors } from './unique-violation.js';

// The translation of unique violations (lib/unique-violation.ts) on a real PGlite through drizzle; the
// write paths that use it are proven in modules/unique-races.test.ts.
let database: Database;
const inUse = new AppError('role.no_in_use', { roleNo: 'a' });

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table race_probe (id int primary key, code text not null)`);
  await database.db.execute(sql`create unique index race_probe_code_uq on race_probe (lower(code))`);
  await database.db.execute(sql`insert into race_probe values (1, 'a')`);
});
afterAll(async () => {
  await database.close();
});

/** Runs `write` in a transaction, answering what it threw. */
const thrown = (write: (tx: Tx) => Promise<unknown>) =>
  database.db.transaction(write).then(
    () => undefined,
    (e: unknown) => e,
  );
const count = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from race_probe`))[0]!.n;

describe('withUniqueErrors', () => {
  it('answers the mapped error for a violation of the named index, and the transaction writes nothing', async () => {
    const err = await thrown(async (tx) => {
      await tx.execute(sql`insert into race_probe values (2, 'b')`);
      await withUniqueErrors({ race_probe_code_uq: inUse }, () => tx.execute(sql`insert into race_probe values (3, 'A')`));
    });
    expect(err).toBe(inUse);
    expect(await count()).toBe(1);
  });

  it('leaves a violation of another constraint, and any other error, as they were', async () => {
    const pkey = await thrown((tx) => withUniqueErrors({ race_probe_code_uq: inUse }, () => tx.execute(sql`insert into race_probe values (1, 'z')`)));
    expect(pkey).not.toBe(inUse);
    expect(uniqueViolationOf(pkey)).toBe('race_probe_pkey');
    const notNull = await thrown((tx) => withUniqueErrors({ race_probe_code_uq: inUse }, () => tx.execute(sql`insert into race_probe values (4, null)`)));
    expect(notNull).not.toBe(inUse);
    expect(uniqueViolationOf(notNull)).toBeUndefined();
  });

  it('answers the result of a write that succeeds', async () => {
    const r = await withUniqueErrors({ race_probe_code_uq: inUse }, async () => 42);
    expect(r).toBe(42);
  });
});

describe('uniqueViolationOf', () => {
  it('finds the code on the error itself (node-postgres) or in its cause (drizzle around PGlite or pg)', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "x_uq"'), { code: '23505', constraint: 'x_uq' });
    expect(uniqueViolationOf(driver)).toBe('x_uq');
    expect(uniqueViolationOf(new Error('Failed query', { cause: driver }))).toBe('x_uq');
    expect(uniqueViolationOf(Object.assign(new Error('no name'), { code: '23505' }))).toBe('');
    expect(uniqueViolationOf(Object.assign(new Error('fk'), { code: '23503', constraint: 'x_fk' }))).toBeUndefined();
    expect(uniqueViolationOf(undefined)).toBeUndefined();
  });
});

describe('retryOnUniqueViolation', () => {
  it('runs a transaction again after a unique violation, and answers the second attempt', async () => {
    let attempts = 0;
    const r = await retryOnUniqueViolation(() =>
      database.db.transaction(async (tx) => {
        attempts++;
        await tx.execute(attempts === 1 ? sql`insert into race_probe values (5, 'a')` : sql`insert into race_probe values (5, 'e')`);
        return attempts;
      }),
    );
    expect(r).toBe(2);
    expect(await count()).toBe(2);
  });

  it('gives up after one retry, and never retries another error', async () => {
    let attempts = 0;
    const again = await retryOnUniqueViolation(() => {
      attempts++;
      return database.db.execute(sql`insert into race_probe values (6, 'A')`);
    }).catch((e: unknown) => e);
    expect(uniqueViolationOf(again)).toBe('race_probe_code_uq');
    expect(attempts).toBe(2);
    attempts = 0;
    const other = await retryOnUniqueViolation(() => {
      attempts++;
      return Promise.reject(new Error('not a race'));
    }).catch((e: unknown) => e);
    expect((other as Error).message).toBe('not a race');
    expect(attempts).toBe(1);
  });
});
