/**
 * The application's users (issue 15; SPEC §2 App `user` and the user grid, §3 User, §5 User, §7 special
 * cases; docs/applications.md "Application people"). Who they are is `isAppUser` (app-users.scope.ts): a
 * user outside them is "not found" (`appuser.user_not_found`), whatever tenant they are in. The writes are
 * the platform's user service (users.service.ts: the §5 rules, unique sign-in names, audit, sessions ended,
 * super manager and self protected); this module adds where the user may be (a tenant using the
 * application, organisations inside its roots) and whom an application administrator may change.
 *
 * Acting rule (decided here, in the spirit of modules/tenancy/acting-on.ts): the application area changes
 * only ordinary users. A user holding an administrator identity (application 2, tenant 3, platform 4, in
 * any tenant), the super manager, and the caller themselves are refused with `appuser.admin_untouchable`
 * for every write (edit, enable/disable, lock/unlock, organisation membership) — for the platform
 * administrator too: administrators are managed in the platform and tenant areas. The form cannot give
 * identities or roles, so no write here raises anyone's rights. Every call is one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AppUserCodes,
  Identity,
  pageInfo,
  type AppUserAddBody,
  type AppUserEditBody,
  type AppUserListBody,
  type AppUserRow,
  type Paged,
  type UserListBody,
  type UserRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { organisations, userIdentities, userMappings, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findUserRecordById, listAllUsers, type UserListRecord } from '../users/users.query.js';
import * as usersSvc from '../users/users.service.js';
import { isAppUser } from './app-users.scope.js';
import { appUserScope, countAppUsers, pageKeys, readAppReach, type AppUserFilter } from './appusers.repository.js';
import { assertOrgsInRoots, assertTenantUsesApp } from './appusers.roots.js';

const ADMIN_IDENTITIES = [Identity.APP_ADMIN, Identity.TENANT_ADMIN, Identity.PLATFORM_ADMIN];

/**
 * The grid's filters: the user fields, the application's reach (`readAppReach`, read first so the rows,
 * the count and the page are built from constants; appusers.repository.ts) and, with `orgId` +
 * `includeSub`, the organisation's subtree (its path read first, so the prefix is a constant).
 */
export async function appUserQuery(tx: Tx, productId: string, q: AppUserListBody): Promise<{ body: UserListBody; filter: AppUserFilter }> {
  const { includeSub, ...rest } = q;
  const orgId = rest.orgId?.trim() ?? '';
  let subtree: AppUserFilter['subtree'];
  if (orgId && includeSub) {
    const [root] = await tx.select({ path: organisations.path, tenantId: organisations.tenantId }).from(organisations).where(eq(organisations.id, orgId));
    subtree = root ?? null;
  }
  return { body: { ...rest, orgId: includeSub ? undefined : orgId || undefined }, filter: { reach: await readAppReach(tx, productId), subtree } };
}

/** The accounts in the application of `userIds` (user_mappings of this product), by user id. */
async function accountsOf(tx: Tx, productId: string, userIds: string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const rows = await tx
    .select({ userId: userMappings.userId, account: userMappings.externalAccount })
    .from(userMappings)
    .where(and(eq(userMappings.productId, productId), inArray(userMappings.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.account]));
}

/** The users among `userIds` holding an administrator identity in any tenant. */
async function adminsAmong(tx: Tx, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  return new Set(
    (
      await tx
        .selectDistinct({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(inArray(userIdentities.userId, userIds), inArray(userIdentities.identity, ADMIN_IDENTITIES)))
    ).map((r) => r.userId),
  );
}

/** The rows as the calls answer them: the account in the application and the administrator flag added. */
async function withAppFields(tx: Tx, productId: string, rows: UserRow[]): Promise<AppUserRow[]> {
  const ids = rows.map((r) => r.id);
  const accounts = await accountsOf(tx, productId, ids);
  const admins = await adminsAmong(tx, ids);
  return rows.map((r) => ({ ...r, externalAccount: accounts.get(r.id) ?? '', administrator: r.superManager || admins.has(r.id) }));
}

/**
 * `listappuser`: one page of the application's users with their account in the application. The total
 * from the per-organisation counts where it can (`countAppUsers`); the page's ids sorted alone
 * (`pageKeys`), then their rows with the names (docs/benchmarks.md "Application user grid").
 */
export async function listAppUserPage(tx: Tx, productId: string, q: AppUserListBody): Promise<Paged<AppUserRow>> {
  const { body, filter } = await appUserQuery(tx, productId, q);
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 10;
  const records = await countAppUsers(tx, body, filter);
  const rows = await listAllUsers(tx, body, pageSize, { extra: inArray(users.id, pageKeys(tx, { ...body, page, pageSize }, filter, records)) });
  return { rows: await withAppFields(tx, productId, rows.map(usersSvc.toUserRow)), ...pageInfo(page, pageSize, records) };
}

/** Every user of the grid's filters (export), at most `limit`. */
export async function listAppUsersForExport(tx: Tx, productId: string, q: AppUserListBody, limit: number): Promise<UserListRecord[]> {
  const { body, filter } = await appUserQuery(tx, productId, q);
  return listAllUsers(tx, body, limit, { extra: appUserScope(filter) });
}

/**
 * The application's users among `ids`, all or an error. @throws appuser.user_not_found when one is not
 * (unknown, outside the roots, tenant not using the application).
 */
export async function loadAppUsers(
  tx: Tx,
  productId: string,
  ids: string[],
): Promise<{ id: string; username: string; tenantId: string; orgId: string | null; superManager: boolean }[]> {
  const unique = [...new Set(ids)];
  const found = unique.length
    ? await tx
        .select({ id: users.id, username: users.username, tenantId: users.tenantId, orgId: users.orgId, superManager: users.superManager })
        .from(users)
        .where(and(inArray(users.id, unique), isAppUser(productId)))
    : [];
  if (found.length !== unique.length) throw new AppError(AppUserCodes.USER_NOT_FOUND);
  return found;
}

/** @throws appuser.admin_untouchable (params: username) when a target is an administrator, the super manager or the caller (module comment). */
export async function assertOrdinaryUsers(
  tx: Tx,
  callerId: string | undefined,
  targets: { id: string; username: string; superManager: boolean }[],
): Promise<void> {
  if (!targets.length) return;
  const admins = await adminsAmong(
    tx,
    targets.map((t) => t.id),
  );
  const bad = targets.find((t) => t.superManager || t.id === callerId || admins.has(t.id));
  if (bad) throw new AppError(AppUserCodes.ADMIN_UNTOUCHABLE, { username: bad.username });
}

/** Loads app users and refuses administrators (both rules above). */
async function loadOrdinary(tx: Tx, ctx: usersSvc.UserWriteContext, productId: string, ids: string[]) {
  const found = await loadAppUsers(tx, productId, ids);
  await assertOrdinaryUsers(tx, ctx.request.auth?.userId, found);
  return found;
}

/**
 * Sets the user's account in the application: '' or the user name itself removes the mapping. Audited.
 * @throws appuser.account_in_use when another user of the tenant has it in this application (any case).
 */
async function setAccount(
  tx: Tx,
  ctx: usersSvc.UserWriteContext,
  productId: string,
  u: { id: string; tenantId: string; username: string },
  account: string | undefined,
): Promise<void> {
  if (account === undefined) return;
  const a = account.trim();
  const [current] = await tx
    .select()
    .from(userMappings)
    .where(and(eq(userMappings.productId, productId), eq(userMappings.tenantId, u.tenantId), eq(userMappings.userId, u.id)));
  const next = a && a.toLowerCase() !== u.username.toLowerCase() ? a : '';
  if ((current?.externalAccount ?? '') === next) return;
  if (next) {
    const [clash] = await tx
      .select({ id: userMappings.id })
      .from(userMappings)
      .where(
        and(
          eq(userMappings.productId, productId),
          eq(userMappings.tenantId, u.tenantId),
          sql`lower(${userMappings.externalAccount}) = ${next.toLowerCase()}`,
          sql`${userMappings.userId} <> ${u.id}`,
        ),
      );
    if (clash) throw new AppError(AppUserCodes.ACCOUNT_IN_USE, { account: next });
  }
  if (current && next) await tx.update(userMappings).set({ externalAccount: next, updatedAt: new Date() }).where(eq(userMappings.id, current.id));
  else if (current) await tx.delete(userMappings).where(eq(userMappings.id, current.id));
  else
    await tx
      .insert(userMappings)
      .values({ id: randomUUID(), tenantId: u.tenantId, productId, userId: u.id, externalAccount: next, creator: ctx.request.auth?.username ?? '' });
  await insertAuditEntry(tx, ctx.request, {
    tenantId: u.tenantId,
    action: 'appuser.account',
    entity: 'user',
    entityId: u.id,
    before: { productId, externalAccount: current?.externalAccount ?? '' },
    after: { productId, externalAccount: next },
  });
}

/** The row the calls answer: the user and their account in the application. @throws appuser.user_not_found */
export async function getAppUser(tx: Tx, productId: string, id: string): Promise<AppUserRow> {
  await loadAppUsers(tx, productId, [id]);
  const r = await findUserRecordById(tx, id);
  if (!r) throw new AppError(AppUserCodes.USER_NOT_FOUND);
  return (await withAppFields(tx, productId, [usersSvc.toUserRow(r)]))[0]!;
}

/**
 * `addappuser`: a user of a tenant using the application, affiliated (and by default) inside its roots,
 * by the platform's rules (SPEC §5 User). @throws appuser.tenant_not_using, appuser.org_*, the user rules.
 */
export async function addAppUser(tx: Tx, ctx: usersSvc.UserWriteContext, productId: string, b: AppUserAddBody, passwordHash: string): Promise<AppUserRow> {
  const { externalAccount, ...body } = b;
  await assertTenantUsesApp(tx, productId, body.tenantId);
  await assertOrgsInRoots(tx, productId, body.tenantId, [body.orgId, body.defaultOrgId]);
  const row = await usersSvc.addUser(tx, ctx, body, passwordHash);
  await setAccount(tx, ctx, productId, row, externalAccount);
  return getAppUser(tx, productId, row.id);
}

/** `editappuser`: an ordinary application user; the new organisations inside the roots. @throws appuser.*, the user rules. */
export async function editAppUser(
  tx: Tx,
  ctx: usersSvc.UserWriteContext,
  productId: string,
  b: AppUserEditBody,
  passwordHash: string | undefined,
): Promise<AppUserRow> {
  const { externalAccount, ...body } = b;
  const [u] = await loadOrdinary(tx, ctx, productId, [body.id]);
  await assertOrgsInRoots(tx, productId, u!.tenantId, [body.orgId, body.defaultOrgId]);
  const row = await usersSvc.editUser(tx, ctx, body, passwordHash);
  await setAccount(tx, ctx, productId, row, externalAccount);
  return getAppUser(tx, productId, row.id);
}

/** `statusappuser`: enable / disable ordinary application users (all or none). */
export async function setAppUserStatus(tx: Tx, ctx: usersSvc.UserWriteContext, productId: string, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  await loadOrdinary(tx, ctx, productId, ids);
  return usersSvc.setUserStatus(tx, ctx, ids, status);
}

/** `lockappuser`: lock / unlock ordinary application users (all or none). */
export async function setAppUserLock(tx: Tx, ctx: usersSvc.UserWriteContext, productId: string, ids: string[], locked: boolean): Promise<{ count: number }> {
  await loadOrdinary(tx, ctx, productId, ids);
  return usersSvc.setUserLock(tx, ctx, ids, locked);
}
