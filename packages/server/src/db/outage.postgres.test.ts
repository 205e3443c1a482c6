import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../testing/test-app.js';
import { startPostgres } from '../testing/postgres-server.js';
import { isConnectionError, waitForDatabase } from './client.js';

// A database outage must not kill the process (issue 13, "Faults", first bullet). A private PostgreSQL
// server of this file's own (testing/postgres-server.ts) is stopped (fast shutdown: every connection is
// cut) and started again while the app runs: calls answer 503 with the envelope meanwhile, never 500,
// the process survives (an unhandled pool or client 'error' event would be an uncaught exception and
// fail the run), and calls succeed again after the restart without restarting the app. Then the app is
// started while the database is down and comes up when it returns within MP_DB_START_TIMEOUT.
// Runs where the unit project's global setup could start PostgreSQL (MP_TEST_DATABASE_URL set).
const available = Boolean(process.env.MP_TEST_DATABASE_URL);

describe.skipIf(!available)('on PostgreSQL, a database outage', () => {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let t: Awaited<ReturnType<typeof testApp>> | undefined;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => {
    uncaught.push(err);
  };

  beforeAll(async () => {
    server = await startPostgres();
    process.on('uncaughtException', onUncaught);
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await t?.close().catch(() => undefined);
    server?.stop();
  });

  it('answers 503 while the database is away and recovers by itself when it returns', async () => {
    t = await testApp({ databaseUrl: server.url });
    const platform = await t.client();
    await platform.signIn('admin', ADMIN_PASSWORD);
    const ok = await platform.get(Paths.listmymenu);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('1');

    server.pause();
    for (let i = 0; i < 3; i++) {
      const down = await platform.get(Paths.listmymenu);
      expect(down.status).toBe(503);
      expect(down.body.result).toBe('0');
      expect(down.body.scode).toBe(Codes.DATABASE_UNAVAILABLE);
      expect(down.body.message).toBeTruthy();
      await new Promise((r) => setTimeout(r, 300));
    }

    server.resume();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 15_000) {
      const r = await platform.get(Paths.listmymenu);
      status = r.status;
      if (r.status === 200 && r.body.result === '1') break;
      expect(r.status).toBe(503);
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(status).toBe(200);
    console.info(`[outage] calls succeed again ${Date.now() - back} ms after the database restarted`);
    expect(uncaught).toEqual([]);
  }, 120_000);

  it('waits for the database at start when it comes up within MP_DB_START_TIMEOUT', async () => {
    await t?.close();
    t = undefined;
    server.pause();
    const before = process.env.MP_DB_START_TIMEOUT;
    process.env.MP_DB_START_TIMEOUT = '30';
    try {
      const starting = testApp({ databaseUrl: server.url });
      await new Promise((r) => setTimeout(r, 1500));
      server.resume();
      t = await starting;
      const platform = await t.client();
      await platform.signIn('admin', ADMIN_PASSWORD);
      expect((await platform.get(Paths.listmymenu)).status).toBe(200);
    } finally {
      if (before === undefined) delete process.env.MP_DB_START_TIMEOUT;
      else process.env.MP_DB_START_TIMEOUT = before;
    }
    expect(uncaught).toEqual([]);
  }, 120_000);
});

describe('isConnectionError and waitForDatabase (no server needed)', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('recognises connection failures, also wrapped in a cause, and nothing else', () => {
    for (const e of [
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('read ECONNRESET', 'ECONNRESET'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      coded('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: select 1\nparams: ', { cause: coded('x', '57P01') }),
      new AggregateError([coded('a', 'ECONNREFUSED')], ''),
    ]) {
      expect(isConnectionError(e)).toBe(true);
    }
    for (const e of [coded('duplicate key value', '23505'), coded('permission denied', '42501'), new Error('boom'), 'ECONNREFUSED', undefined]) {
      expect(isConnectionError(e)).toBe(false);
    }
  });

  it('retries only connection failures, and gives up after the window', async () => {
    let calls = 0;
    await waitForDatabase(
      {
        query: async () => {
          if (++calls < 3) throw coded('refused', 'ECONNREFUSED');
          return {};
        },
      },
      10,
    );
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      waitForDatabase(
        {
          query: async () => {
            calls++;
            throw coded('password authentication failed', '28P01');
          },
        },
        10,
      ),
    ).rejects.toThrow('password');
    expect(calls).toBe(1);
    const t0 = Date.now();
    await expect(
      waitForDatabase(
        {
          query: async () => {
            throw coded('refused', 'ECONNREFUSED');
          },
        },
        1,
      ),
    ).rejects.toThrow('refused');
    expect(Date.now() - t0).toBeLessThan(1500);
  });
});
