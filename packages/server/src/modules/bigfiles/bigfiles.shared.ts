/**
 * What big files share through the database so that several instances on one PostgreSQL database and one
 * shared folder behave as one (issue 18; docs/bigfile.md "Several instances"; migration 0036): the quota
 * reservations of recent creations and the sweep's turn. The same code runs on the embedded database.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { BigFileFolder, UploadRecord } from './bigfiles.store.js';

/**
 * How long a creation's reservation counts (minutes): longer than any shared file system shows a new record
 * late (NFS attribute caches hold a directory listing for up to a minute by default).
 */
export const RESERVATION_MINUTES = 10;

/** Bytes of `records` plus the reservations whose upload is not among them (each upload counted once). */
function usage(records: UploadRecord[], reservations: { id: string; bytes: number | string }[]): number {
  const seen = new Set(records.map((r) => r.id));
  let used = records.reduce((sum, r) => sum + (r.size ?? 0), 0);
  for (const r of reservations) if (!seen.has(r.id)) used += Number(r.bytes);
  return used;
}

/**
 * The bytes the uploads take on every instance: each stored upload's declared size, and the reservation of each
 * creation not yet seen in the folder.
 */
export async function sharedUsedBytes(db: Db, folder: BigFileFolder): Promise<number> {
  const records = await folder.records();
  const reservations = await inScope(db, PLATFORM_SCOPE, async (tx) =>
    rowsOf<{ id: string; bytes: string }>(await tx.execute(sql`select id, bytes from bigfile_reservations where expires_at > now()`)),
  );
  return usage(records, reservations);
}

/**
 * Reserves `bytes` for the upload `id` being created if the quota (`quotaBytes`) allows it. One creation checks
 * at a time across instances (a transaction-level advisory lock), and a passing creation's reservation is
 * committed before the next one checks, so simultaneous creations on different instances each count the other.
 * The folder is read before the lock: what it may miss is a creation of the last minutes, which its reservation
 * stands for. Answers whether the upload fits and the bytes used without it.
 */
export async function reserveQuota(db: Db, folder: BigFileFolder, id: string, bytes: number, quotaBytes: number): Promise<{ ok: boolean; used: number }> {
  const records = await folder.records();
  return inScope(db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mp.bigfile.quota'))`);
    await tx.execute(sql`delete from bigfile_reservations where expires_at <= now()`);
    const reservations = rowsOf<{ id: string; bytes: string }>(await tx.execute(sql`select id, bytes from bigfile_reservations`));
    const used = usage(records, reservations);
    if (used + bytes > quotaBytes) return { ok: false, used };
    await tx.execute(
      sql`insert into bigfile_reservations (id, bytes, expires_at) values (${id}, ${bytes}, now() + make_interval(mins => ${RESERVATION_MINUTES}))
          on conflict (id) do update set bytes = excluded.bytes, expires_at = excluded.expires_at`,
    );
    return { ok: true, used };
  });
}

/** Drops the reservation of upload `id` (its creation failed, or it was cancelled). */
export async function dropReservation(db: Db, id: string): Promise<void> {
  await inScope(db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from bigfile_reservations where id = ${id}`));
}

/**
 * One round of the sweep (docs/bigfile.md "Expiry"). On PostgreSQL it runs under a transaction-level advisory
 * lock taken without waiting: an instance that finds another sweeping skips this round, so two never delete the
 * same files; uploads whose lock lease is live (a request is writing them) are left for the next round, and run-out
 * leases and reservations are deleted. The embedded database has one process: the folder is swept directly.
 * Answers the number of uploads deleted (0 when another instance was sweeping).
 */
export async function sweepShared(
  db: Db,
  kind: 'pglite' | 'postgres',
  folder: BigFileFolder,
  opts: { expiryMinutes: number; keepDays: number },
  now = new Date(),
): Promise<number> {
  if (kind === 'pglite') return folder.sweep(opts, now);
  return inScope(db, PLATFORM_SCOPE, async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('mp.bigfile.sweep')) as ok`));
    if (!lock?.ok) return 0;
    await tx.execute(sql`delete from bigfile_locks where expires_at <= now()`);
    await tx.execute(sql`delete from bigfile_reservations where expires_at <= now()`);
    const busy = rowsOf<{ id: string }>(await tx.execute(sql`select id from bigfile_locks`)).map((r) => r.id);
    return folder.sweep(opts, now, new Set(busy));
  });
}
