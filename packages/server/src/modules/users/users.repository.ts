/**
 * Users (SPEC §3 User) — the part the foundation needs: sign-in look-up, lockout counters, password
 * change, identities and the platform administrator bootstrap. Later issues add the user screens.
 * Every function takes a transaction opened by `inScope`, so row-level security applies.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tenants, userIdentities, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/**
 * Users whose user name, mobile or e-mail equals `login` (case-insensitive for name and e-mail), in
 * `tenantId`, or in every tenant when `tenantId` is undefined.
 */
export async function findUsersByLogin(tx: Tx, login: string, tenantId?: string): Promise<UserRow[]> {
  const l = login.trim().toLowerCase();
  const match = or(sql`lower(${users.username}) = ${l}`, eq(users.mobile, login.trim()), sql`lower(${users.email}) = ${l}`);
  return tx.select().from(users).where(tenantId ? and(eq(users.tenantId, tenantId), match) : match).limit(2);
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function listIdentitiesOfUser(tx: Tx, userId: string): Promise<number[]> {
  const rows = await tx.select({ identity: userIdentities.identity }).from(userIdentities).where(eq(userIdentities.userId, userId));
  return [...new Set(rows.map((r) => r.identity))].sort((a, b) => b - a);
}

export async function updateUserById(tx: Tx, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Tenants the user belongs to or administers (identity 3 rows), as session `tenantList`. */
export async function listTenantsOfUser(tx: Tx, user: UserRow): Promise<{ objID: string; name: string; code: string }[]> {
  const rows = await tx.select({ objID: tenants.id, name: tenants.name, code: tenants.code }).from(tenants)
    .where(or(eq(tenants.id, user.tenantId), sql`${tenants.id} in (select ${userIdentities.tenantId} from ${userIdentities} where ${userIdentities.userId} = ${user.id} and ${userIdentities.identity} = 3)`))
    .orderBy(tenants.name);
  return rows;
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<void> {
  await tx.insert(users).values(row);
}

export async function insertIdentity(tx: Tx, tenantId: string, userId: string, identity: number): Promise<void> {
  await tx.insert(userIdentities).values({ tenantId, userId, identity }).onConflictDoNothing();
}

export async function countPlatformAdmins(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(userIdentities).where(eq(userIdentities.identity, 4));
  return row?.n ?? 0;
}
