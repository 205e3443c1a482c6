/**
 * User mapping (SPEC §2 employeeMappingManagement; docs/tenant-apps.md): a tenant user's account and
 * name in one of the tenant's applications. Unique per application and user, and per application and
 * account (case-insensitive). Only users whose affiliated organisation is inside the caller's data
 * scope are listed; only users the caller may act on (inside the scope, `10009029001` otherwise — a user
 * without an organisation is in the administrators' scope only — and holding nothing more than the
 * caller, `user.outranks_caller`: modules/tenancy/acting-on.ts) are chosen or changed. Every write is checked by MAPPING_RULES, runs in the caller's one
 * transaction and is audited; a refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  MAPPING_RULES,
  MappingCodes,
  pageInfo,
  type MappingUserListBody,
  type MappingUserRow,
  type Paged,
  type UserMappingAddBody,
  type UserMappingEditBody,
  type UserMappingListBody,
  type UserMappingRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findAppTenantById } from '../apptenants/apptenants.repository.js';
import type { DataScope } from '../tenancy/data-scope.js';
import { actingCallerOf, assertActsOn } from '../tenancy/acting-on.js';
import * as repo from './mappings.repository.js';

/** The API shape of a user mapping. */
export function toUserMappingRow(r: repo.UserMappingListRecord): UserMappingRow {
  return {
    id: r.id,
    productId: r.productId,
    appName: r.appName ?? '',
    appCode: r.appCode ?? '',
    userId: r.userId,
    username: r.username ?? '',
    employeeName: r.employeeName ?? '',
    orgName: r.orgName ?? '',
    externalAccount: r.externalAccount,
    externalName: r.externalName,
    creator: r.creator,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One page of the user mappings the caller may see. */
export async function listUserMappingPage(tx: Tx, tenantId: string, scope: DataScope, q: UserMappingListBody): Promise<Paged<UserMappingRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listUserMappings(tx, scope, { ...q, tenantId, page, pageSize });
  return { rows: rows.map(toUserMappingRow), ...pageInfo(page, pageSize, records) };
}

/** One page of the users the caller may map (the user chooser). */
export async function listMappingUserPage(tx: Tx, tenantId: string, scope: DataScope, q: MappingUserListBody): Promise<Paged<MappingUserRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listScopedUsers(tx, scope, { ...q, tenantId, page, pageSize });
  return { rows: rows.map((r) => ({ ...r, orgName: r.orgName ?? '' })), ...pageInfo(page, pageSize, records) };
}

/**
 * Checks a mapping's fields and its application and user in the tenant. Whom the caller may map (the
 * new user) is the routes' declared rule (`actsOn: 'userId'`); the user of a changed mapping is checked
 * here (`assertActsOn`, modules/tenancy/acting-on.ts).
 * @throws validation.*, mapping.code_pattern, mapping.app_not_found, mapping.user_not_found,
 *   10009029001, user.outranks_caller, mapping.user_mapped (params: name), mapping.account_in_use (params: account).
 */
async function checkUserMapping(tx: Tx, request: FastifyRequest, tenantId: string, b: UserMappingAddBody, self?: { id: string; userId: string }) {
  const externalAccount = checkText('externalAccount', b.externalAccount, {
    required: true,
    max: MAPPING_RULES.externalAccount.max,
    pattern: MAPPING_RULES.externalAccount.pattern,
    patternCode: MappingCodes.CODE_PATTERN,
  });
  const externalName = checkText('externalName', b.externalName, { max: MAPPING_RULES.externalName.max });
  if (!(await findAppTenantById(tx, tenantId, b.productId))) throw new AppError(MappingCodes.APP_NOT_FOUND);
  const user = await repo.findTenantUser(tx, tenantId, b.userId);
  if (!user) throw new AppError(MappingCodes.USER_NOT_FOUND);
  if (self) await assertActsOn(tx, actingCallerOf(request), [self.userId]);
  // the same errors answer the pre-check and a simultaneous write that wins the race (lib/unique-violation.ts)
  const unique = {
    user_mappings_user_uq: new AppError(MappingCodes.USER_MAPPED, { name: user.username }),
    user_mappings_account_uq: new AppError(MappingCodes.ACCOUNT_IN_USE, { account: externalAccount }),
  };
  const clash = await repo.findUserMappingClash(tx, tenantId, b.productId, user.id, externalAccount, self?.id);
  if (clash) throw clash.userId === user.id ? unique.user_mappings_user_uq : unique.user_mappings_account_uq;
  return { v: { productId: b.productId, userId: user.id, externalAccount, externalName }, unique };
}

const audited = (m: Partial<repo.UserMappingRecord>) => ({
  productId: m.productId,
  userId: m.userId,
  externalAccount: m.externalAccount,
  externalName: m.externalName,
});

/** `addusermapping`: a new user mapping. Returns its id. */
export async function addUserMapping(tx: Tx, request: FastifyRequest, tenantId: string, _scope: DataScope, b: UserMappingAddBody): Promise<{ id: string }> {
  const { v, unique } = await checkUserMapping(tx, request, tenantId, b);
  const id = randomUUID();
  await withUniqueErrors(unique, () => repo.insertUserMapping(tx, { id, tenantId, ...v, creator: request.auth?.username ?? '' }));
  await insertAuditEntry(tx, request, { tenantId, action: 'usermapping.add', entity: 'usermapping', entityId: id, after: audited(v) });
  return { id };
}

/** `editusermapping`: changes a mapping (its current and new user must be in scope). @throws mapping.not_found and the add rules. */
export async function editUserMapping(tx: Tx, request: FastifyRequest, tenantId: string, _scope: DataScope, b: UserMappingEditBody): Promise<{ id: string }> {
  const [before] = await repo.findUserMappingsByIds(tx, tenantId, [b.id]);
  if (!before) throw new AppError(MappingCodes.NOT_FOUND);
  const { v, unique } = await checkUserMapping(tx, request, tenantId, b, before);
  await withUniqueErrors(unique, () => repo.updateUserMappingById(tx, tenantId, before.id, v));
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'usermapping.edit',
    entity: 'usermapping',
    entityId: before.id,
    before: audited(before),
    after: audited(v),
  });
  return { id: before.id };
}

/** `deleteusermapping`: deletes mappings, all or none (every one must exist in the tenant and the scope). */
export async function deleteUserMappings(tx: Tx, request: FastifyRequest, tenantId: string, _scope: DataScope, ids: string[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  const found = await repo.findUserMappingsByIds(tx, tenantId, unique);
  if (found.length !== unique.length) throw new AppError(MappingCodes.NOT_FOUND);
  await assertActsOn(
    tx,
    actingCallerOf(request),
    found.map((m) => m.userId),
  );
  const count = await repo.deleteUserMappingsByIds(tx, tenantId, unique);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'usermapping.delete',
    entity: 'usermapping',
    entityId: unique.join(','),
    before: found.map((m) => ({ id: m.id, ...audited(m) })),
  });
  return { count };
}
