/**
 * Users of the tenant area (SPEC §2 Tenant → employeeManagement, §3 User, §5 User; issue 5 "Users in
 * the tenant, reusing the platform's user module … scoped to the tenant and to the administrator's data
 * scope"; docs/tenant-users.md). Every function runs in the caller's transaction opened in the TENANTID
 * tenant's scope (row-level security: another tenant's user ids are "not found") and reuses the
 * platform's user service for the write itself (rules, audit, sessions ended, super manager protected).
 *
 * What this module adds is the data scope (modules/tenancy/data-scope.ts): lists show only users whose
 * affiliated organisation is inside it; a write is refused with `10009029001` when the new affiliated /
 * default organisation is outside it. Whom a write may change at all (inside the scope — a user
 * without an organisation only for the tenant's administrators — and holding nothing more than the
 * caller, else `user.outranks_caller`) is the routes' declared rule (`actsOn`, modules/tenancy/acting-on.ts).
 */
import { readTenantSettings } from '../tenantsettings/tenantsettings.repository.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  Codes,
  defaultExpiryDate,
  UserCodes,
  type Paged,
  type TenantUserAddBody,
  type TenantUserListBody,
  type UserEditBody,
  type UserListBody,
  type UserRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { files, organisations, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { TenantContext } from '../../types.js';
import { assertOrgsInScope, orgIdInScope, orgRowInScope } from '../tenancy/data-scope.js';
import { assertUsersInScope } from '../tenancy/acting-on.js';
import * as repo from './users.repository.js';
import * as svc from './users.service.js';
import { findUserRecordById, type OrgIdCondition, type UserListScope } from './users.query.js';
import { checkEditableFields, checkImage } from './users.validate.js';

/** The tenant of a tenant-area request (set by the guard). */
export function tenantOf(request: FastifyRequest): TenantContext {
  return request.tenant!;
}

/**
 * The conditions the tenant area adds to the platform's user filters: the tenant, the data scope
 * (users by affiliated organisation), the organisation subtree (`orgId` + `includeSub`: every
 * organisation whose path starts with the chosen one's — the path is read first so the prefix is a
 * constant and an index range) and the position. Answers the platform list body (the tenant fixed,
 * `orgId` dropped for a subtree) and the scope to combine it with: the organisation conditions as
 * `byOrg`, so the total comes from the per-organisation counts (users.query `listUsers`).
 */
export async function tenantUserQuery(tx: Tx, tenant: TenantContext, q: TenantUserListBody): Promise<{ body: UserListBody; scope: UserListScope }> {
  const { includeSub, stationId, ...rest } = q;
  const orgId = rest.orgId?.trim() || '';
  let byOrg: OrgIdCondition = (col) => orgIdInScope(tenant.scope, col);
  if (orgId && includeSub) {
    const [root] = await tx
      .select({ path: organisations.path })
      .from(organisations)
      .where(and(eq(organisations.tenantId, tenant.id), eq(organisations.id, orgId)));
    const prefix = root?.path;
    byOrg = prefix
      ? (col) => sql`${col} in (select ${organisations.id} from ${organisations} where ${organisations.tenantId} = ${tenant.id}
          and starts_with(${organisations.path}, ${prefix}) and ${orgRowInScope(tenant.scope)})`
      : () => sql`false`;
  }
  const extra = stationId?.trim() ? eq(users.stationId, stationId.trim()) : undefined;
  return {
    body: { ...rest, tenantId: tenant.id, orgId: includeSub ? undefined : orgId || undefined },
    scope: { byOrg, extra },
  };
}

/** `listtenantuser`: one page of the tenant's users inside the caller's data scope. */
export async function listTenantUserPage(tx: Tx, tenant: TenantContext, q: TenantUserListBody): Promise<Paged<UserRow>> {
  const { body, scope } = await tenantUserQuery(tx, tenant, q);
  return svc.listUserPage(tx, body, scope);
}

/**
 * The users `ids` of the tenant (RLS). Whether the caller may act on them (data scope, rank) is the
 * routes' declared rule (`actsOn`, checked by the guard: modules/tenancy/acting-on.ts).
 * @throws user.not_found
 */
async function loadTenantUsers(tx: Tx, request: FastifyRequest, ids: string[]): Promise<repo.UserRow[]> {
  const unique = [...new Set(ids)];
  const found = (await repo.findUsersByIds(tx, unique)).filter((u) => u.tenantId === tenantOf(request).id);
  if (found.length !== unique.length) throw new AppError(UserCodes.NOT_FOUND);
  return found;
}

/** `gettenantuser`: one user of the tenant inside the caller's scope. @throws user.not_found, 10009029001 */
export async function getTenantUser(tx: Tx, tenant: TenantContext, id: string): Promise<UserRow> {
  const r = await findUserRecordById(tx, id, tenant.id);
  if (!r) throw new AppError(UserCodes.NOT_FOUND);
  await assertUsersInScope(tx, { tenantId: tenant.id, scope: tenant.scope }, [id]);
  return svc.toUserRow(r);
}

/**
 * An avatar or face photo the caller uploaded: files are kept in the uploader's own tenant (a tenant
 * administrator usually belongs to another tenant than the one administered), which the tenant scope
 * cannot see. Looks the file up with the platform scope for this statement only, accepts it when it
 * belongs to the caller's tenant or this tenant, and answers its id in this tenant (copied when needed,
 * the platform's `checkImage`: raster image ≤ 500K). '' stays ''. @throws file.not_found, user.avatar_*
 */
export async function imageInTenant(
  tx: Tx,
  request: FastifyRequest,
  field: 'avatar' | 'facePhoto',
  fileId: string | undefined,
  current: string | undefined,
): Promise<string> {
  const id = fileId?.trim() ?? '';
  if (!id || id === current) return id;
  const tenantId = tenantOf(request).id;
  // The same short raise of scope as licence.repository's count (restored before anything else runs).
  await tx.execute(sql`select set_config('mp.scope', 'platform', true)`);
  let out = '';
  try {
    const [file] = await tx.select({ tenantId: files.tenantId }).from(files).where(eq(files.id, id));
    const allowed = !!file && (file.tenantId === tenantId || file.tenantId === request.auth?.tenantId);
    if (!allowed) throw new AppError(Codes.FILE_NOT_FOUND);
    out = await checkImage(tx, field, id, tenantId);
  } finally {
    // back to the tenant scope; a failed statement has aborted the transaction anyway (it rolls back)
    await tx.execute(sql`select set_config('mp.scope', 'tenant', true)`).catch(() => undefined);
  }
  return out;
}

/** Checks the form and its organisations against the scope; answers the body with images in the tenant. */
async function checkedBody<B extends TenantUserAddBody | UserEditBody>(tx: Tx, request: FastifyRequest, b: B, current: repo.UserRow | undefined): Promise<B> {
  const tenant = tenantOf(request);
  const f = await checkEditableFields(tx, request, tenant.id, b, current?.id);
  await assertOrgsInScope(tx, tenant.scope, [f.orgId, f.defaultOrgId]);
  return {
    ...b,
    avatar: await imageInTenant(tx, request, 'avatar', b.avatar, current?.avatar),
    facePhoto: await imageInTenant(tx, request, 'facePhoto', b.facePhoto, current?.facePhoto),
  };
}

/** `addtenantuser`: a user of the tenant with the enterprise-user identity; organisations in scope. */
export async function addTenantUser(tx: Tx, ctx: svc.UserWriteContext, b: TenantUserAddBody, passwordHash: string): Promise<UserRow> {
  const tenant = tenantOf(ctx.request);
  // An empty expiry date takes the tenant's default validity (tenant configuration), when it has one.
  const expiryDate = b.expiryDate?.trim() ? b.expiryDate : (defaultExpiryDate(await readTenantSettings(tx, tenant.id), b.effectiveDate) ?? b.expiryDate);
  const body = await checkedBody(tx, ctx.request, { ...b, expiryDate }, undefined);
  return svc.addUser(tx, ctx, { ...body, tenantId: tenant.id }, passwordHash);
}

/** `edittenantuser`: the user's current and new organisations must be in scope. */
export async function editTenantUser(tx: Tx, ctx: svc.UserWriteContext, b: UserEditBody, passwordHash: string | undefined): Promise<UserRow> {
  const [current] = await loadTenantUsers(tx, ctx.request, [b.id]);
  const body = await checkedBody(tx, ctx.request, b, current);
  return svc.editUser(tx, ctx, body, passwordHash);
}

/** `deletetenantuser` */
export async function deleteTenantUsers(tx: Tx, ctx: svc.UserWriteContext, ids: string[]): Promise<{ count: number }> {
  await loadTenantUsers(tx, ctx.request, ids);
  return svc.deleteUsers(tx, ctx, ids);
}

/** `statustenantuser`: enable / disable (never the super manager or oneself). */
export async function setTenantUserStatus(tx: Tx, ctx: svc.UserWriteContext, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  await loadTenantUsers(tx, ctx.request, ids);
  return svc.setUserStatus(tx, ctx, ids, status);
}

/** `locktenantuser`: lock / unlock (never lock the super manager or oneself). */
export async function setTenantUserLock(tx: Tx, ctx: svc.UserWriteContext, ids: string[], locked: boolean): Promise<{ count: number }> {
  await loadTenantUsers(tx, ctx.request, ids);
  return svc.setUserLock(tx, ctx, ids, locked);
}

/** `resettenantuserpassword` */
export async function resetTenantUserPassword(tx: Tx, ctx: svc.UserWriteContext, id: string, passwordHash: string): Promise<void> {
  await loadTenantUsers(tx, ctx.request, [id]);
  await svc.resetUserPassword(tx, ctx, id, passwordHash);
}
