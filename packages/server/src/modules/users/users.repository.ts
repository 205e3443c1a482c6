/**
 * Users (SPEC §3 User): lockout counters, password change, identities, the platform
 * administrator bootstrap, and the writes of user management (batch status / lock / delete, ending the
 * sessions of users who may no longer work). Paged lists live in users.query.ts; the sign-in look-up by
 * user name / mobile / e-mail in sign-in-names.ts.
 * Every function takes a transaction opened by `inScope`, so row-level security applies.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { serviceAccounts, sessions, tenants, userIdentities, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function listIdentitiesOfUser(tx: Tx, userId: string): Promise<number[]> {
  const rows = await tx.select({ identity: userIdentities.identity }).from(userIdentities).where(eq(userIdentities.userId, userId));
  return [...new Set(rows.map((r) => r.identity))].sort((a, b) => b - a);
}

export async function updateUserById(tx: Tx, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Tenants the user belongs to or administers (identity 3 rows), as session `tenantList`. */
export async function listTenantsOfUser(tx: Tx, user: UserRow): Promise<{ objID: string; name: string; code: string }[]> {
  const rows = await tx
    .select({ objID: tenants.id, name: tenants.name, code: tenants.code })
    .from(tenants)
    .where(
      or(
        eq(tenants.id, user.tenantId),
        sql`${tenants.id} in (select ${userIdentities.tenantId} from ${userIdentities} where ${userIdentities.userId} = ${user.id} and ${userIdentities.identity} = 3)`,
      ),
    )
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

export async function findUsersByIds(tx: Tx, ids: string[]): Promise<UserRow[]> {
  return ids.length ? tx.select().from(users).where(inArray(users.id, ids)) : [];
}

/** The user of `tenantId` whose user name is `username` (case-insensitive), if any. */
export async function findUserByUsername(tx: Tx, tenantId: string, username: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = ${username.toLowerCase()}`));
  return row;
}

/** `array(…)` of the strings, sent as ONE JSON parameter however many there are (no parameter list of thousands). */
export function textArray(values: string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/**
 * Users of `tenantId` holding any of these user names (lower-case), mobiles or e-mails (lower-case), in
 * one statement for any number of keys (import: 10,000). Compared on the stored lower-cased columns, so
 * the (tenant_id, username_lc) / (tenant_id, mobile) indexes apply under row-level security (`lower()`
 * is not leakproof and made it a scan of the tenant, users.query.ts).
 */
export async function findUsersByKeys(tx: Tx, tenantId: string, keys: { usernames: string[]; mobiles: string[]; emails: string[] }): Promise<UserRow[]> {
  const parts = [
    keys.usernames.length ? sql`${users.usernameLc} = any(${textArray(keys.usernames)})` : undefined,
    keys.mobiles.length ? sql`${users.mobile} = any(${textArray(keys.mobiles)})` : undefined,
    keys.emails.length ? sql`${users.emailLc} = any(${textArray(keys.emails)})` : undefined,
  ].filter((p) => p !== undefined);
  if (!parts.length) return [];
  return tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), or(...parts)));
}

/** A new user of an import: the columns the import sets (dates as YYYY-MM-DD; the rest take their defaults). */
export interface ImportedUser {
  id: string;
  tenantId: string;
  username: string;
  employeeName: string;
  employeeCode: string;
  gender: string;
  orgId: string | null;
  defaultOrgId: string | null;
  effectiveDate: string | null;
  expiryDate: string | null;
  status: number;
  locked: boolean;
  email: string | null;
  mobile: string | null;
  officePhone: string;
  homePhone: string;
  idCard: string;
  signature: string;
  description: string;
  passwordHash: string;
  creator: string;
}

/**
 * Inserts many users in ONE statement whatever their number (import; issue 17): the rows travel as one
 * JSON parameter read by `jsonb_to_recordset`, so the statement-level triggers (sign-in names,
 * per-organisation counts) run once and no statement carries thousands of parameters. A taken sign-in
 * name or user name fails the whole statement (unique violation), as a multi-row insert does.
 */
export async function insertUsers(tx: Tx, rows: ImportedUser[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`insert into users (id, tenant_id, username, employee_name, employee_code, gender, org_id, default_org_id,
      effective_date, expiry_date, status, locked, email, mobile, office_phone, home_phone, id_card, signature, description, password_hash, creator)
    select r."id", r."tenantId", r."username", r."employeeName", r."employeeCode", r."gender", r."orgId", r."defaultOrgId",
      r."effectiveDate", r."expiryDate", r."status", r."locked", r."email", r."mobile", r."officePhone", r."homePhone", r."idCard", r."signature", r."description", r."passwordHash", r."creator"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("id" text, "tenantId" text, "username" text, "employeeName" text, "employeeCode" text,
      "gender" text, "orgId" text, "defaultOrgId" text, "effectiveDate" date, "expiryDate" date, "status" smallint, "locked" boolean, "email" text,
      "mobile" text, "officePhone" text, "homePhone" text, "idCard" text, "signature" text, "description" text, "passwordHash" text, "creator" text)`);
}

/** Gives users one identity in their tenant (import: enterprise user), in one statement like `insertUsers`. */
export async function insertIdentities(tx: Tx, rows: { tenantId: string; userId: string; identity: number }[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`insert into user_identities (tenant_id, user_id, identity)
    select r."tenantId", r."userId", r."identity" from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("tenantId" text, "userId" text, "identity" smallint)
    on conflict do nothing`);
}

/**
 * Locks the service-account credential rows of `ids` (none for ordinary users), in id order. A disable, lock
 * or delete from a user grid takes the same row lock as the service account's token call
 * (serviceaccounts.repository `findByKeyId`), so either the write commits first and the token call, reading
 * after its wait, refuses; or the token's session is committed before the write ends the user's sessions.
 * docs/service-accounts.md "Revocation is immediate".
 */
export async function lockServiceCredentialsOf(tx: Tx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .select({ id: serviceAccounts.userId })
    .from(serviceAccounts)
    .where(inArray(serviceAccounts.userId, ids))
    .orderBy(serviceAccounts.userId)
    .for('update');
}

export async function updateUsersStatusByIds(tx: Tx, ids: string[], status: number): Promise<number> {
  const r = await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, ids)).returning({ id: users.id });
  return r.length;
}

/** Locks (administrator lock) or unlocks; unlocking also clears a lockout after failed sign-ins. */
export async function updateUsersLockByIds(tx: Tx, ids: string[], locked: boolean): Promise<number> {
  const patch = locked ? { locked } : { locked, lockedUntil: null, failedCount: 0, failedWindowStart: null };
  const r = await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(inArray(users.id, ids))
    .returning({ id: users.id });
  return r.length;
}

/** Deletes users; identities, role memberships and product administrator rows go with them (FK cascade). */
export async function deleteUsersByIds(tx: Tx, ids: string[]): Promise<number> {
  const r = await tx.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return r.length;
}

/**
 * Ends every active session of these users at once (disabled, locked or deleted users may no longer
 * work; docs/architecture.md "Guard store"). Callers also call `guardStore.forgetSessions` per user
 * inside the same transaction. Returns how many sessions were ended.
 */
export async function endActiveSessionsOfUsers(tx: Tx, userIds: string[]): Promise<number> {
  if (!userIds.length) return 0;
  const r = await tx
    .update(sessions)
    .set({ state: 'ended', endedAt: new Date() })
    .where(and(inArray(sessions.userId, userIds), eq(sessions.state, 'active')))
    .returning({ id: sessions.id });
  return r.length;
}
