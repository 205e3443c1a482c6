/**
 * Set administrator (SPEC §2 "Tenant list with … set administrator"; §3 Identity 3 tenant admin → user
 * types [2, 3]): the chosen users hold the tenant-admin identity for the tenant, i.e. rows of
 * `user_identities` with `tenant_id` = that tenant and identity 3; users left out lose it. Candidates
 * and new administrators are enabled users of that tenant or of the platform tenant (`sys`); an
 * administrator already set stays valid even when disabled later. A disabled tenant can still be
 * configured. The save is one transaction, audited (`tenant.admins.save`), and refreshes the identity
 * snapshot of the affected users' live sessions, so a removal takes effect at once.
 */
import type { FastifyRequest } from 'fastify';
import {
  Codes,
  DEFAULTS,
  TenantGrantCodes,
  pageInfo,
  type AdminCandidateListBody,
  type AdminUserRow,
  type Paged,
  type TenantAdminSaveBody,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { searchUsers } from '../products/products.repository.js';
import { findTenantById } from './tenants.repository.js';
import * as repo from './tenants.grants.repository.js';

async function requireTenant(tx: Tx, id: string | undefined) {
  if (!id) throw new AppError(Codes.REQUIRED, { fieldKey: 'tenantId' });
  const t = await findTenantById(tx, id);
  if (!t) throw new AppError(Codes.TENANT_NOT_FOUND);
  return t;
}

/** The tenants whose users may administer `tenantId`: itself and the platform tenant. */
const adminTenantsOf = (tenantId: string) => [...new Set([tenantId, DEFAULTS.tenantId])];

/** The tenant's administrators. */
export async function listTenantAdmins(tx: Tx, tenantId: string): Promise<{ rows: AdminUserRow[] }> {
  await requireTenant(tx, tenantId);
  return { rows: await repo.listTenantAdmins(tx, tenantId) };
}

/** One page of users who may become the tenant's administrators (the tenant's own users first). */
export async function listTenantAdminCandidates(tx: Tx, q: AdminCandidateListBody): Promise<Paged<AdminUserRow>> {
  const tenant = await requireTenant(tx, q.tenantId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const { rows, records } = await searchUsers(tx, { keyword: q.keyword, tenantIds: adminTenantsOf(tenant.id), firstTenantId: tenant.id, page, pageSize });
  return { rows, ...pageInfo(page, pageSize, records) };
}

/**
 * Replaces the tenant's administrators with `userIds`; answers the new list. Refuses (changing
 * nothing) when a newly chosen user is unknown, disabled, or of another tenant.
 */
export async function saveTenantAdmins(tx: Tx, request: FastifyRequest, b: TenantAdminSaveBody): Promise<{ rows: AdminUserRow[] }> {
  const tenant = await requireTenant(tx, b.tenantId);
  const userIds = [...new Set(b.userIds)];
  const before = await repo.listTenantAdmins(tx, tenant.id);
  const had = new Set(before.map((u) => u.id));
  const found = new Map((await repo.findUsersByIds(tx, userIds)).map((u) => [u.id, u]));
  const allowed = adminTenantsOf(tenant.id);
  for (const id of userIds) {
    const u = found.get(id);
    if (!u || (!had.has(id) && (u.status !== 1 || !allowed.includes(u.tenantId)))) throw new AppError(TenantGrantCodes.ADMIN_USER_INVALID);
  }
  await repo.replaceTenantAdmins(tx, tenant.id, userIds);
  const rows = await repo.listTenantAdmins(tx, tenant.id);
  const now = new Set(userIds);
  const affected = [...before.filter((u) => !now.has(u.id)).map((u) => u.id), ...userIds.filter((id) => !had.has(id))];
  for (const userId of affected) {
    await repo.refreshSessionIdentities(tx, userId);
    request.server.guardStore.forgetSessions({ userId });
  }
  const brief = (us: AdminUserRow[]) => us.map(({ id, username, tenantId }) => ({ id, username, tenantId }));
  await insertAuditEntry(tx, request, {
    tenantId: tenant.id,
    action: 'tenant.admins.save',
    entity: 'tenant',
    entityId: tenant.id,
    before: brief(before),
    after: brief(rows),
  });
  return { rows };
}
