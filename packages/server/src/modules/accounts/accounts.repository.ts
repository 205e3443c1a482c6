/**
 * Accounts of a tenant in SQL (SPEC §2 accountManagement; docs/tenant-members.md): external sign-in
 * accounts (`user_accounts`) and the user each is associated with. Lists are paged, filtered and sorted
 * in SQL and limited to the caller's data scope: an account associated with nobody is visible to every
 * caller of the screen, an associated one when its user is in scope. Every function names the tenant
 * and runs inside `inScope`.
 *
 * Indexes: user_accounts (tenant_id, account_type, lower(account)) unique (type filter, uniqueness),
 * (tenant_id, user_id) (association filter and "one account per type per user"), (tenant_id, updated_at)
 * (default order). Wanted: (tenant_id, lower(account)) and (tenant_id, lower(nickname)) for the
 * keyword prefix without a type (docs/tenant-members.md).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ACCOUNT_SORT_FIELDS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { organisations, userAccounts, users } from '../../db/schema/index.js';
import { orgIdInScope, type DataScope } from '../tenancy/data-scope.js';

export type AccountRecord = typeof userAccounts.$inferSelect;
/** An account with its associated user's names. */
export interface AccountListRecord extends AccountRecord {
  username: string | null;
  employeeName: string | null;
  userOrgId: string | null;
}

const SORTS: SortColumns<typeof ACCOUNT_SORT_FIELDS> = {
  account: userAccounts.account,
  nickname: userAccounts.nickname,
  accountType: userAccounts.accountType,
  status: userAccounts.status,
  boundAt: userAccounts.boundAt,
  updatedAt: userAccounts.updatedAt,
};

/** "Visible in scope": unassociated, or associated with a user in scope. */
function accountInScope(scope: DataScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    isNull(userAccounts.userId),
    sql`${userAccounts.userId} in (select ${users.id} from ${users} where ${users.tenantId} = ${userAccounts.tenantId} and ${orgIdInScope(scope, users.orgId)})`,
  );
}

/** One page of the tenant's accounts in scope (see AccountListBody for the filters). */
export async function listAccounts(
  tx: Tx,
  q: {
    tenantId: string;
    scope: DataScope;
    keyword?: string;
    accountType?: number;
    bound?: number;
    status?: number;
    sortField?: string;
    sortOrder?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: AccountListRecord[]; records: number }> {
  const k = q.keyword?.trim().toLowerCase();
  const where = and(
    eq(userAccounts.tenantId, q.tenantId),
    accountInScope(q.scope),
    q.accountType === undefined ? undefined : eq(userAccounts.accountType, q.accountType),
    q.status === undefined ? undefined : eq(userAccounts.status, q.status),
    q.bound === undefined ? undefined : q.bound === 1 ? isNotNull(userAccounts.userId) : isNull(userAccounts.userId),
    k ? or(sql`starts_with(lower(${userAccounts.account}), ${k})`, sql`starts_with(lower(${userAccounts.nickname}), ${k})`) : undefined,
  );
  const order = orderTerms(SORTS, q, desc(userAccounts.updatedAt), userAccounts.id);
  const [total] = await tx.select({ n: count() }).from(userAccounts).where(where);
  const rows = await tx
    .select({ a: userAccounts, username: users.username, employeeName: users.employeeName, userOrgId: users.orgId })
    .from(userAccounts)
    .leftJoin(users, and(eq(users.tenantId, userAccounts.tenantId), eq(users.id, userAccounts.userId)))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map((r) => ({ ...r.a, username: r.username, employeeName: r.employeeName, userOrgId: r.userOrgId })), records: total?.n ?? 0 };
}

/** The account `id` of the tenant with its user's names and organisation, or undefined. */
export async function findAccountById(tx: Tx, tenantId: string, id: string): Promise<AccountListRecord | undefined> {
  const [r] = await tx
    .select({ a: userAccounts, username: users.username, employeeName: users.employeeName, userOrgId: users.orgId })
    .from(userAccounts)
    .leftJoin(users, and(eq(users.tenantId, userAccounts.tenantId), eq(users.id, userAccounts.userId)))
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.id, id)));
  return r ? { ...r.a, username: r.username, employeeName: r.employeeName, userOrgId: r.userOrgId } : undefined;
}

/** The accounts among `ids` of the tenant, with their users' organisations. */
export async function findAccountsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<AccountListRecord[]> {
  const rows = await tx
    .select({ a: userAccounts, username: users.username, employeeName: users.employeeName, userOrgId: users.orgId })
    .from(userAccounts)
    .leftJoin(users, and(eq(users.tenantId, userAccounts.tenantId), eq(users.id, userAccounts.userId)))
    .where(and(eq(userAccounts.tenantId, tenantId), inArray(userAccounts.id, ids)));
  return rows.map((r) => ({ ...r.a, username: r.username, employeeName: r.employeeName, userOrgId: r.userOrgId }));
}

/** Another account of the tenant with this type and account id (any case), other than `exceptId`. */
export async function findAccountByKey(tx: Tx, tenantId: string, accountType: number, account: string, exceptId?: string): Promise<AccountRecord | undefined> {
  const [r] = await tx
    .select()
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.tenantId, tenantId),
        eq(userAccounts.accountType, accountType),
        sql`lower(${userAccounts.account}) = ${account.toLowerCase()}`,
        exceptId ? ne(userAccounts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return r;
}

/** The account of `type` associated with `userId`, other than `exceptId`. */
export async function findUserAccountOfType(
  tx: Tx,
  tenantId: string,
  userId: string,
  accountType: number,
  exceptId?: string,
): Promise<AccountRecord | undefined> {
  const [r] = await tx
    .select()
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.tenantId, tenantId),
        eq(userAccounts.userId, userId),
        eq(userAccounts.accountType, accountType),
        exceptId ? ne(userAccounts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return r;
}

/** The user `id` of the tenant if in `scope`. */
export async function findUserInScope(
  tx: Tx,
  tenantId: string,
  scope: DataScope,
  id: string,
): Promise<{ id: string; username: string; orgId: string | null } | undefined> {
  const [r] = await tx
    .select({ id: users.id, username: users.username, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), orgIdInScope(scope, users.orgId)));
  return r;
}

/** A user the account can be associated with. */
export interface UserCandidateRecord {
  userId: string;
  username: string;
  employeeName: string;
  orgName: string | null;
  status: number;
}

/** One page of the tenant's users in scope, by the start of user name or employee name; by user name. */
export async function listUserCandidates(
  tx: Tx,
  q: { tenantId: string; scope: DataScope; keyword?: string; page: number; pageSize: number },
): Promise<{ rows: UserCandidateRecord[]; records: number }> {
  const k = q.keyword?.trim().toLowerCase();
  const where = and(
    eq(users.tenantId, q.tenantId),
    orgIdInScope(q.scope, users.orgId),
    k ? or(sql`starts_with(${users.usernameLc}, ${k})`, sql`starts_with(${users.employeeNameLc}, ${k})`) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  const rows = await tx
    .select({ userId: users.id, username: users.username, employeeName: users.employeeName, orgName: organisations.name, status: users.status })
    .from(users)
    .leftJoin(organisations, and(eq(organisations.tenantId, users.tenantId), eq(organisations.id, users.orgId)))
    .where(where)
    .orderBy(asc(users.username), asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

export async function insertAccount(tx: Tx, row: typeof userAccounts.$inferInsert): Promise<void> {
  await tx.insert(userAccounts).values(row);
}

export async function updateAccountById(tx: Tx, tenantId: string, id: string, patch: Partial<typeof userAccounts.$inferInsert>): Promise<void> {
  await tx
    .update(userAccounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.id, id)));
}

export async function deleteAccountsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  const r = await tx
    .delete(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), inArray(userAccounts.id, ids)))
    .returning({ id: userAccounts.id });
  return r.length;
}
