/**
 * Liveness and readiness (issue 17 "Operating it"; docs/operations.md "Health and readiness").
 * - `GET /healthz`: the process is alive and its event loop answers. It never touches the database, so
 *   a database outage does not get healthy instances restarted by a liveness probe.
 * - `GET /readyz`: the database answers (`select 1` within READY_DB_TIMEOUT_MS) and holds every migration
 *   of this build: Drizzle's rule — a journal entry is pending when its `when` is later than the newest
 *   `created_at` in `drizzle.__drizzle_migrations` — so an instance started on an older database (or a
 *   database restored from an old backup) is taken out of rotation. 200 `{ status: 'ready', … }` in the
 *   envelope, otherwise 503 with the envelope, `Retry-After: 5` and the reason (`scode` and `data.reason`).
 * Both are public (not signed), not rate-limited, hidden from the OpenAPI document, and their successful
 * answers are not logged (probes every few seconds would drown the access log).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Codes, OpsCodes, ok } from '@mp/protocol';
import { isConnectionError, MIGRATIONS_DIR, rowsOf, type Db } from '../db/client.js';
import { sendFailure } from './errors.js';

export const HEALTH_PATHS = { healthz: '/healthz', readyz: '/readyz' } as const;

/** How long /readyz waits for the database before answering 503 `ops.database_timeout`. */
export const READY_DB_TIMEOUT_MS = 2000;

/** The migration journal this build carries (drizzle's meta/_journal.json). */
export const MIGRATION_JOURNAL = join(MIGRATIONS_DIR, 'meta', '_journal.json');

/** What /readyz found. `reason` is absent when ready. */
export interface Readiness {
  ready: boolean;
  reason?: 'database_unavailable' | 'database_timeout' | 'migrations_pending';
  migrations?: { applied: number; expected: number; pending: string[] };
}

/** The journal's entries (`tag`, `when` in ms), read from `file`. */
export function readJournal(file: string): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

/**
 * Checks the database behind `db` against `journal`: reachable within `timeoutMs`, and no journal entry
 * newer than the newest applied migration. Never throws: a failure is an answer with its reason.
 */
export async function checkReadiness(db: Db, journal: { tag: string; when: number }[], timeoutMs = READY_DB_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), timeoutMs);
  });
  try {
    const query = db.execute(sql`select count(*)::int as applied, coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`);
    query.catch(() => undefined); // a late failure after the timeout is not unhandled
    const result = await Promise.race([query, timeout]);
    if (result === 'timeout') return { ready: false, reason: 'database_timeout' };
    const [row] = rowsOf<{ applied: number; last: string }>(result);
    const last = Number(row?.last ?? 0);
    const pending = journal.filter((e) => e.when > last).map((e) => e.tag);
    const migrations = { applied: Number(row?.applied ?? 0), expected: journal.length, pending };
    return pending.length ? { ready: false, reason: 'migrations_pending', migrations } : { ready: true, migrations };
  } catch (err) {
    // No migrations table at all counts as pending; anything else means the database is not usable now.
    if (
      !isConnectionError(err) &&
      /__drizzle_migrations|relation .* does not exist|schema .* does not exist/i.test(
        String((err as Error)?.message ?? err) + String((err as { cause?: Error })?.cause?.message ?? ''),
      )
    ) {
      return { ready: false, reason: 'migrations_pending', migrations: { applied: 0, expected: journal.length, pending: journal.map((e) => e.tag) } };
    }
    return { ready: false, reason: 'database_unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers /healthz and /readyz. `app.readiness.journalFile` names the journal compared (this build's by
 * default; tests point it at a copy with an extra entry); it is read once per change of the setting.
 */
export function registerHealth(app: FastifyInstance): void {
  let journalFile = MIGRATION_JOURNAL;
  let journal = readJournal(journalFile);
  app.decorate('readiness', {
    get journalFile() {
      return journalFile;
    },
    set journalFile(f: string) {
      journal = readJournal(f);
      journalFile = f;
    },
    check: () => checkReadiness(app.database.db, journal),
  });
  // logLevel 'warn': successful probes leave no access-log lines; failures (warn and above) still do
  const opts = { config: { access: 'public' as const }, schema: { hide: true }, logLevel: 'warn' as const };
  app.get(HEALTH_PATHS.healthz, opts, async () => ({ status: 'ok' }));
  app.get(HEALTH_PATHS.readyz, opts, async (request, reply) => {
    const r = await app.readiness.check();
    if (r.ready) return ok({ status: 'ready', migrations: r.migrations });
    void reply.header('retry-after', '5');
    if (r.reason === 'migrations_pending') {
      return sendFailure(
        request,
        reply,
        503,
        OpsCodes.MIGRATIONS_PENDING,
        { applied: r.migrations!.applied, expected: r.migrations!.expected },
        { reason: r.reason, migrations: r.migrations },
      );
    }
    if (r.reason === 'database_timeout') return sendFailure(request, reply, 503, OpsCodes.DATABASE_TIMEOUT, { ms: READY_DB_TIMEOUT_MS }, { reason: r.reason });
    return sendFailure(request, reply, 503, Codes.DATABASE_UNAVAILABLE, {}, { reason: r.reason });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness of this instance (plugins/health.ts). */
    readiness: { journalFile: string; check(): Promise<Readiness> };
  }
}
