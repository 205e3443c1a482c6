import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { createUserRow, testApp } from '../testing/test-app.js';
import { safeErrorForLog, withoutParams } from './log-safety.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

describe('errors in the log', () => {
  it('keep the statement, SQLSTATE and constraint of a failed query, never its parameters', async () => {
    const id = await createUserRow(t.app, { username: 'logsafe', password: 'Passw0rd!x' });
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$notARealHashButSecret';
    const err = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`insert into users (id, tenant_id, username, employee_name, password_hash) values (${id}, 'sys', 'other', 'x', ${secret})`),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(JSON.stringify({ message: (err as Error).message, params: (err as { params?: unknown }).params })).toContain(secret); // what drizzle carries
    const logged = safeErrorForLog(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(secret);
    expect(logged.message).toContain('insert into users');
    expect(logged.message).toContain('params: [not logged]');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_pkey' });
  });

  it('leaves messages without parameters alone and logs non-errors by type only', () => {
    expect(withoutParams('disk on fire')).toBe('disk on fire');
    expect(safeErrorForLog('a string with a secret')).toEqual({ type: 'string', message: '', stack: '' });
  });
});
