/**
 * Accounts of the tenant area (SPEC §2 accountManagement; §3 WeChat type; §8 'User association
 * succeeded', the unbind texts; docs/tenant-members.md): list, add, edit, delete, associate a user and
 * unbind. Rules (ACCOUNT_RULES): type 1–3, account id required (letters, digits, `_ - . @`, ≤ 100) and
 * unique per type in the tenant (any case), nickname ≤ 50, no script tag. An account is associated with
 * at most one user, a user with at most one account per type. A caller acts only on accounts associated
 * with nobody or with a user they may act on (in their data scope, `10009029001`, and holding nothing
 * more than the caller, `user.outranks_caller`: modules/tenancy/acting-on.ts), and associates only such
 * users (`bindaccount` declares `actsOn: 'userId'`). Writes: one transaction, audited.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_RULES,
  AccountCodes,
  pageInfo,
  WECHAT_TYPES,
  type AccountAddBody,
  type AccountBindBody,
  type AccountEditBody,
  type AccountListBody,
  type AccountRow,
  type AccountUserCandidateBody,
  type AccountUserCandidateRow,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import type { TenantCaller } from '../orgmembers/orgmembers.service.js';
import { actingCallerOf, assertActsOn } from '../tenancy/acting-on.js';
import * as repo from './accounts.repository.js';

/** The API shape of an account. */
export function toAccountRow(r: repo.AccountListRecord): AccountRow {
  return {
    id: r.id,
    accountType: r.accountType,
    account: r.account,
    nickname: r.nickname,
    status: r.status,
    userId: r.userId ?? '',
    username: r.username ?? '',
    employeeName: r.employeeName ?? '',
    boundAt: r.boundAt ? r.boundAt.toISOString() : '',
    creator: r.creator,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The audited fields of an account. */
function audited(a: Partial<repo.AccountRecord>) {
  return { accountType: a.accountType, account: a.account, nickname: a.nickname, status: a.status, userId: a.userId ?? null };
}

/**
 * Refuses unless the caller may act on the users the accounts are associated with (inside their scope,
 * holding nothing more: modules/tenancy/acting-on.ts). @throws 10009029001, user.outranks_caller.
 */
async function assertAccountsReachable(tx: Tx, request: FastifyRequest, list: repo.AccountListRecord[]): Promise<void> {
  await assertActsOn(
    tx,
    actingCallerOf(request),
    list.flatMap((a) => (a.userId ? [a.userId] : [])),
  );
}

/** The account `id` of the tenant, its user reachable. @throws account.not_found, 10009029001, user.outranks_caller. */
async function getAccount(tx: Tx, request: FastifyRequest, c: TenantCaller, id: string): Promise<repo.AccountListRecord> {
  const a = await repo.findAccountById(tx, c.tenantId, id);
  if (!a) throw new AppError(AccountCodes.NOT_FOUND);
  await assertAccountsReachable(tx, request, [a]);
  return a;
}

/** `listaccount`: one page of the tenant's accounts in scope. */
export async function listAccountPage(tx: Tx, c: TenantCaller, q: AccountListBody): Promise<Paged<AccountRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listAccounts(tx, { ...q, tenantId: c.tenantId, scope: c.scope, page, pageSize });
  return { rows: rows.map(toAccountRow), ...pageInfo(page, pageSize, records) };
}

/** `listusercandidate`: users in scope to associate. */
export async function listUserCandidatePage(tx: Tx, c: TenantCaller, q: AccountUserCandidateBody): Promise<Paged<AccountUserCandidateRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listUserCandidates(tx, { ...q, tenantId: c.tenantId, scope: c.scope, page, pageSize });
  return { rows: rows.map((r) => ({ ...r, orgName: r.orgName ?? '' })), ...pageInfo(page, pageSize, records) };
}

/**
 * Checks the form's fields. @throws account.type_invalid, validation.required / too_long / script_tag,
 * account.account_pattern, account.account_in_use, account.user_has_type (a type change of an
 * associated account whose user already has one of the new type).
 */
async function checkAccount(tx: Tx, c: TenantCaller, b: AccountAddBody, self?: repo.AccountRecord) {
  if (!(WECHAT_TYPES as readonly number[]).includes(b.accountType)) throw new AppError(AccountCodes.TYPE_INVALID);
  const account = checkText('account', b.account, {
    required: true,
    max: ACCOUNT_RULES.account.max,
    pattern: ACCOUNT_RULES.account.pattern,
    patternCode: AccountCodes.ACCOUNT_PATTERN,
  });
  const nickname = checkText('nickname', b.nickname, { max: ACCOUNT_RULES.nickname.max });
  if (await repo.findAccountByKey(tx, c.tenantId, b.accountType, account, self?.id)) throw accountInUse(account);
  if (self?.userId && self.accountType !== b.accountType) {
    const other = await repo.findUserAccountOfType(tx, c.tenantId, self.userId, b.accountType, self.id);
    if (other) throw new AppError(AccountCodes.USER_HAS_TYPE, { account: other.account });
  }
  return { accountType: b.accountType, account, nickname, status: b.status ?? 1 };
}

/** `account.account_in_use`: raised by the pre-check, and by the unique index when a simultaneous write wins the race. */
const accountInUse = (account: string) => new AppError(AccountCodes.ACCOUNT_IN_USE, { account });

/** `addaccount`: a new account of the tenant, associated with nobody. Returns its id. */
export async function addAccount(tx: Tx, request: FastifyRequest, c: TenantCaller, b: AccountAddBody): Promise<{ id: string }> {
  const v = await checkAccount(tx, c, b);
  const id = randomUUID();
  await withUniqueErrors({ user_accounts_account_uq: accountInUse(v.account) }, () =>
    repo.insertAccount(tx, { id, tenantId: c.tenantId, ...v, creator: request.auth?.username ?? '' }),
  );
  await insertAuditEntry(tx, request, { tenantId: c.tenantId, action: 'account.add', entity: 'account', entityId: id, after: audited(v) });
  return { id };
}

/** `editaccount`: changes type, account id, nickname or status (the association stays). */
export async function editAccount(tx: Tx, request: FastifyRequest, c: TenantCaller, b: AccountEditBody): Promise<{ id: string }> {
  const a = await getAccount(tx, request, c, b.id);
  const v = await checkAccount(tx, c, b, a);
  await withUniqueErrors({ user_accounts_account_uq: accountInUse(v.account) }, () => repo.updateAccountById(tx, c.tenantId, a.id, v));
  await insertAuditEntry(tx, request, {
    tenantId: c.tenantId,
    action: 'account.edit',
    entity: 'account',
    entityId: a.id,
    before: audited(a),
    after: audited({ ...a, ...v }),
  });
  return { id: a.id };
}

/** `deleteaccount`: deletes accounts, all or none ('deletion succeeded'). @throws account.not_found, 10009029001. */
export async function deleteAccounts(tx: Tx, request: FastifyRequest, c: TenantCaller, ids: string[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  const found = await repo.findAccountsByIds(tx, c.tenantId, unique);
  if (found.length !== unique.length) throw new AppError(AccountCodes.NOT_FOUND);
  await assertAccountsReachable(tx, request, found);
  const count = await repo.deleteAccountsByIds(tx, c.tenantId, unique);
  for (const a of found)
    await insertAuditEntry(tx, request, { tenantId: c.tenantId, action: 'account.delete', entity: 'account', entityId: a.id, before: audited(a) });
  return { count };
}

/**
 * `bindaccount`: associates the account with a user of the scope ('User association succeeded').
 * @throws account.not_found, account.user_not_found, account.already_bound (another user: unbind first),
 *   account.user_has_type (the user has an account of this type), 10009029001.
 */
export async function bindAccount(tx: Tx, request: FastifyRequest, c: TenantCaller, b: AccountBindBody): Promise<{ id: string }> {
  const a = await getAccount(tx, request, c, b.id);
  const user = await repo.findUserInScope(tx, c.tenantId, c.scope, b.userId);
  if (!user) throw new AppError(AccountCodes.USER_NOT_FOUND);
  if (a.userId === user.id) return { id: a.id };
  if (a.userId) throw new AppError(AccountCodes.ALREADY_BOUND, { username: a.username ?? '' });
  const other = await repo.findUserAccountOfType(tx, c.tenantId, user.id, a.accountType, a.id);
  if (other) throw new AppError(AccountCodes.USER_HAS_TYPE, { username: user.username, account: other.account });
  await repo.updateAccountById(tx, c.tenantId, a.id, { userId: user.id, boundAt: new Date() });
  await insertAuditEntry(tx, request, {
    tenantId: c.tenantId,
    action: 'account.bind',
    entity: 'account',
    entityId: a.id,
    before: audited(a),
    after: { ...audited({ ...a, userId: user.id }), username: user.username },
  });
  return { id: a.id };
}

/** `unbindaccount`: ends the account's association (SPEC §8 'Are you sure to unbind wechat?'). @throws account.not_found, account.not_bound, 10009029001. */
export async function unbindAccount(tx: Tx, request: FastifyRequest, c: TenantCaller, id: string): Promise<{ id: string }> {
  const a = await getAccount(tx, request, c, id);
  if (!a.userId) throw new AppError(AccountCodes.NOT_BOUND);
  await repo.updateAccountById(tx, c.tenantId, a.id, { userId: null, boundAt: null });
  await insertAuditEntry(tx, request, {
    tenantId: c.tenantId,
    action: 'account.unbind',
    entity: 'account',
    entityId: a.id,
    before: { ...audited(a), username: a.username },
    after: audited({ ...a, userId: null }),
  });
  return { id: a.id };
}
