/**
 * Licences (SPEC §1 system activation): the activation history in `licences` (platform-level), the licence
 * in force (the newest active row), and the counts its limits apply to. Paged and sorted in SQL.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { DEFAULTS, type LICENCE_SORT_FIELDS, type LicenceListBody } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { sortColumn, type SortColumns } from '../../lib/sort.js';
import { licences, tenants, users } from '../../db/schema/index.js';

export type LicenceRecord = typeof licences.$inferSelect;

/** The licence in force: the newest active activation; undefined on an unactivated system. */
export async function findLicenceInForce(tx: Tx): Promise<LicenceRecord | undefined> {
  const [row] = await tx.select().from(licences).where(eq(licences.active, true)).orderBy(desc(licences.activatedAt), desc(licences.id)).limit(1);
  return row;
}

/** Marks every activation inactive (a new one takes over); returns how many were active. */
export async function deactivateLicences(tx: Tx): Promise<number> {
  const r = await tx.update(licences).set({ active: false }).where(eq(licences.active, true)).returning({ id: licences.id });
  return r.length;
}

export async function insertLicence(tx: Tx, row: typeof licences.$inferInsert): Promise<LicenceRecord> {
  const [r] = await tx.insert(licences).values(row).returning();
  return r!;
}

const SORTS: SortColumns<typeof LICENCE_SORT_FIELDS> = {
  customer: licences.customer,
  issuedAt: licences.issuedAt,
  expiresAt: licences.expiresAt,
  activatedAt: licences.activatedAt,
};

/** One page of the activation history, newest activation first unless a sort is given. */
export async function listLicences(tx: Tx, q: LicenceListBody & { page: number; pageSize: number }): Promise<{ rows: LicenceRecord[]; records: number }> {
  const col = sortColumn(SORTS, q.sortField);
  const order = col ? [q.sortOrder === 'descend' ? desc(col) : asc(col), desc(licences.id)] : [desc(licences.activatedAt), desc(licences.id)];
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(licences);
  const rows = await tx
    .select()
    .from(licences)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: count?.n ?? 0 };
}

/** When the system was installed: the creation of the built-in platform tenant (bootstrap). */
export async function findInstallationTime(tx: Tx): Promise<Date> {
  const [row] = await tx.select({ at: tenants.createdAt }).from(tenants).where(eq(tenants.id, DEFAULTS.tenantId));
  return row?.at ?? new Date();
}

/** Tenants a licence counts: every tenant but the built-in platform tenant. */
export async function countLicensedTenants(tx: Tx): Promise<number> {
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(tenants).where(eq(tenants.builtIn, false));
  return r?.n ?? 0;
}

/**
 * User accounts a licence counts: every user of every tenant except built-in accounts (the platform
 * administrator). `users` has row-level security, so in a tenant-scoped transaction the count is taken
 * with the scope raised to platform for this one statement and restored after it: the limit is for the
 * whole system, and only a number leaves the statement.
 */
export async function countLicensedUsers(tx: Tx): Promise<number> {
  const [s] = rowsOf<{ scope: string | null }>(await tx.execute(sql`select current_setting('mp.scope', true) as scope`));
  const raise = s?.scope !== 'platform';
  // No try/finally: a failing statement aborts the transaction, and its local settings go with it.
  if (raise) await tx.execute(sql`select set_config('mp.scope', 'platform', true)`);
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.builtIn, false));
  if (raise) await tx.execute(sql`select set_config('mp.scope', ${s?.scope ?? ''}, true)`);
  return r?.n ?? 0;
}
