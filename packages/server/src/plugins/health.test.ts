import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, OpsCodes } from '@mp/protocol';
import { testApp } from '../testing/test-app.js';
import { startPostgres } from '../testing/postgres-server.js';
import { MIGRATION_JOURNAL } from './health.js';

type App = Awaited<ReturnType<typeof testApp>>;

/** A copy of this build's journal with one more migration, as a newer build would carry (in a temp folder). */
function journalWithExtraEntry(): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mp-journal-'));
  const journal = JSON.parse(readFileSync(MIGRATION_JOURNAL, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_not_applied' });
  const file = join(dir, '_journal.json');
  writeFileSync(file, JSON.stringify(journal));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** /healthz, /readyz (ready), /readyz with a journal that has a migration the database lacks, then ready again. */
async function probeReadiness(t: App): Promise<void> {
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toEqual({ status: 'ok' });
  const journal = JSON.parse(readFileSync(MIGRATION_JOURNAL, 'utf8')) as { entries: unknown[] };

  const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toMatchObject({
    result: '1',
    data: { status: 'ready', migrations: { applied: journal.entries.length, expected: journal.entries.length, pending: [] } },
  });

  const newer = journalWithExtraEntry();
  const original = t.app.readiness.journalFile;
  try {
    t.app.readiness.journalFile = newer.file;
    const pending = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-language': 'EN_US' } });
    expect(pending.statusCode).toBe(503);
    expect(pending.headers['retry-after']).toBe('5');
    expect(pending.json()).toMatchObject({
      result: '0',
      scode: OpsCodes.MIGRATIONS_PENDING,
      data: { reason: 'migrations_pending', migrations: { pending: ['9999_not_applied'] } },
    });
    expect(pending.json().message).toContain('lacks migrations');
    // liveness is not readiness: the process is still alive
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  } finally {
    t.app.readiness.journalFile = original;
    newer.remove();
  }
  expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
}

describe('health and readiness (issue 17)', () => {
  it('on PGlite: alive, ready, not ready while a migration is missing, ready again', async () => {
    const t = await testApp();
    try {
      await probeReadiness(t);
    } finally {
      await t.close();
    }
  }, 60_000);
});

const available = Boolean(process.env.MP_TEST_DATABASE_URL);

describe.skipIf(!available)('health and readiness on PostgreSQL (issue 17)', () => {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let t: App | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    server?.stop();
  });

  it('ready; 503 database_unavailable while the server is stopped (healthz stays 200); ready again after it returns', async () => {
    t = await testApp({ databaseUrl: server.url });
    await probeReadiness(t);

    server.pause();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ result: '0', scode: Codes.DATABASE_UNAVAILABLE, data: { reason: 'database_unavailable' } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    server.resume();
    let status = 0;
    for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 100))) {
      status = (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      if (status === 200) break;
    }
    expect(status).toBe(200);
  }, 120_000);
});
