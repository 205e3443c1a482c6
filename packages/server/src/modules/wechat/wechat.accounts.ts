/**
 * WeChat identities bound to users: the tenant's `user_accounts` rows (accountType = WeChat type 1/2/3,
 * account = open id / user id; modules/accounts manages them, SPEC §2 accountManagement). Sign-in reads
 * them across tenants in the platform scope (the signer has no tenant yet), narrowed to one tenant when
 * the login page names one (`TENANTID`). Functions run in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { WechatCodes } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { userAccounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';

export type AccountBinding = { id: string; tenantId: string; userId: string | null; status: number };

const sameAccount = (wxType: number, account: string) =>
  and(eq(userAccounts.accountType, wxType), sql`lower(${userAccounts.account}) = ${account.toLowerCase()}`);

/** The rows of the identity (`wxType`, `account`) bound to a user, in `tenantId` only when given. */
export async function findBoundAccounts(tx: Tx, wxType: number, account: string, tenantId?: string): Promise<AccountBinding[]> {
  return tx
    .select({ id: userAccounts.id, tenantId: userAccounts.tenantId, userId: userAccounts.userId, status: userAccounts.status })
    .from(userAccounts)
    .where(and(sameAccount(wxType, account), isNotNull(userAccounts.userId), tenantId ? eq(userAccounts.tenantId, tenantId) : undefined));
}

/**
 * Binds the identity to `user` in the user's tenant ('User association succeeded'): the tenant's row of
 * the identity is associated (or created), and another identity of the same type the user had is
 * unbound (a user has one account per type). Refuses `wechat.bound_to_other` when the row is associated
 * with someone else, `wechat.account_disabled` when it is disabled. Answers the row's id and whether a
 * previous identity was unbound.
 */
export async function bindIdentity(
  tx: Tx,
  user: { id: string; tenantId: string },
  wxType: number,
  account: string,
  creator: string,
  now = new Date(),
): Promise<{ id: string; created: boolean; replaced: string[] }> {
  const [row] = await tx
    .select()
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, user.tenantId), sameAccount(wxType, account)))
    .for('update');
  if (row?.userId && row.userId !== user.id) throw new AppError(WechatCodes.BOUND_TO_OTHER);
  if (row && row.status !== 1) throw new AppError(WechatCodes.ACCOUNT_DISABLED);
  const others = await tx
    .update(userAccounts)
    .set({ userId: null, boundAt: null, updatedAt: now })
    .where(
      and(
        eq(userAccounts.tenantId, user.tenantId),
        eq(userAccounts.userId, user.id),
        eq(userAccounts.accountType, wxType),
        row ? ne(userAccounts.id, row.id) : undefined,
      ),
    )
    .returning({ account: userAccounts.account });
  if (row) {
    if (row.userId !== user.id) await tx.update(userAccounts).set({ userId: user.id, boundAt: now, updatedAt: now }).where(eq(userAccounts.id, row.id));
    return { id: row.id, created: false, replaced: others.map((o) => o.account) };
  }
  const id = randomUUID();
  await withUniqueErrors({ user_accounts_account_uq: new AppError(WechatCodes.BOUND_TO_OTHER) }, () =>
    tx
      .insert(userAccounts)
      .values({ id, tenantId: user.tenantId, accountType: wxType, account, userId: user.id, boundAt: now, creator, createdAt: now, updatedAt: now }),
  );
  return { id, created: true, replaced: others.map((o) => o.account) };
}
