/**
 * Tenant management for the platform administrator (SPEC §2 tenancyManager, §3 Tenant, §5 Tenant):
 * validated on the server with the console's rules, one transaction per write, audited.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Codes, Paths, TENANT_RULES, pageInfo, type Paged, type TenantAddBody, type TenantEditBody, type TenantListBody, type TenantRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findFileById } from '../files/files.repository.js';
import * as repo from './tenants.repository.js';
import { insertRootOrganisation } from '../organisations/organisations.repository.js';
import { assertLicenceAllows } from '../licence/licence.limits.js';

/** The API shape of a tenant row. */
export function toTenantRow(t: repo.TenantRecord): TenantRow {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    abbreviation: t.abbreviation,
    logo: t.logo,
    logoUrl: t.logo ? `${Paths.getfile}/${t.logo}` : '',
    address: t.address,
    status: t.status === 1 ? 1 : 0,
    description: t.description,
    builtIn: t.builtIn,
    creator: t.creator,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Checks and normalises the editable fields; raises the first localised failure. */
async function checkFields(tx: Tx, b: TenantAddBody) {
  const fields = {
    name: checkText('name', b.name, { required: true, max: TENANT_RULES.name.max }),
    abbreviation: checkText('abbreviation', b.abbreviation, { required: true, max: TENANT_RULES.abbreviation.max }),
    address: checkText('address', b.address, { required: true, max: TENANT_RULES.address.max }),
    description: checkText('description', b.description, { max: TENANT_RULES.description.max }),
    logo: checkText('logo', b.logo, { required: true, max: 64 }),
    status: b.status,
  };
  if (!(await findFileById(tx, fields.logo))) throw new AppError(Codes.FILE_NOT_FOUND);
  return fields;
}

export async function listTenantPage(tx: Tx, q: TenantListBody): Promise<Paged<TenantRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listTenants(tx, { ...q, page, pageSize });
  return { rows: rows.map(toTenantRow), ...pageInfo(page, pageSize, records) };
}

export async function getTenant(tx: Tx, id: string): Promise<TenantRow> {
  const t = await repo.findTenantById(tx, id);
  if (!t) throw new AppError(Codes.TENANT_NOT_FOUND);
  return toTenantRow(t);
}

export async function addTenant(tx: Tx, request: FastifyRequest, b: TenantAddBody): Promise<TenantRow> {
  const code = checkText('code', b.code, {
    required: true,
    max: TENANT_RULES.code.max,
    pattern: TENANT_RULES.code.pattern,
    patternCode: Codes.TENANT_CODE_PATTERN,
  });
  const fields = await checkFields(tx, b);
  const inUse = new AppError(Codes.TENANT_CODE_IN_USE, { code });
  if (await repo.findTenantByCode(tx, code)) throw inUse;
  await assertLicenceAllows(tx, 'tenants');
  const t = await withUniqueErrors({ tenants_code_unique: inUse }, () =>
    repo.insertTenant(tx, { id: randomUUID(), code, ...fields, creator: request.auth?.username ?? '' }),
  );
  await insertRootOrganisation(tx, t);
  await insertAuditEntry(tx, request, { tenantId: 'sys', action: 'tenant.add', entity: 'tenant', entityId: t.id, after: toTenantRow(t) });
  return toTenantRow(t);
}

export async function editTenant(tx: Tx, request: FastifyRequest, b: TenantEditBody): Promise<TenantRow> {
  const before = await repo.findTenantById(tx, b.id);
  if (!before) throw new AppError(Codes.TENANT_NOT_FOUND);
  const fields = await checkFields(tx, b);
  if (before.builtIn && fields.status !== 1) throw new AppError(Codes.TENANT_BUILT_IN, { name: before.name });
  // The code identifies the tenant in addresses (TENANTID, tenant_id hash) and is not editable.
  const t = (await repo.updateTenantById(tx, b.id, fields))!;
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'tenant.edit',
    entity: 'tenant',
    entityId: t.id,
    before: toTenantRow(before),
    after: toTenantRow(t),
  });
  return toTenantRow(t);
}

async function loadAll(tx: Tx, ids: string[]): Promise<repo.TenantRecord[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findTenantsByIds(tx, unique);
  if (found.length !== unique.length) throw new AppError(Codes.TENANT_NOT_FOUND);
  return found;
}

export async function deleteTenants(tx: Tx, request: FastifyRequest, ids: string[]): Promise<{ count: number }> {
  const found = await loadAll(tx, ids);
  const builtIn = found.find((t) => t.builtIn);
  if (builtIn) throw new AppError(Codes.TENANT_BUILT_IN, { name: builtIn.name });
  const withUsers = await repo.findTenantsWithUsers(
    tx,
    found.map((t) => t.id),
  );
  if (withUsers.length) throw new AppError(Codes.TENANT_HAS_USERS, { name: found.find((t) => t.id === withUsers[0])!.name });
  const count = await repo.deleteTenantsByIds(
    tx,
    found.map((t) => t.id),
  );
  for (const t of found)
    await insertAuditEntry(tx, request, { tenantId: 'sys', action: 'tenant.delete', entity: 'tenant', entityId: t.id, before: toTenantRow(t) });
  return { count };
}

export async function setTenantStatus(tx: Tx, request: FastifyRequest, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const found = await loadAll(tx, ids);
  const builtIn = found.find((t) => t.builtIn);
  if (builtIn && status !== 1) throw new AppError(Codes.TENANT_BUILT_IN, { name: builtIn.name });
  const count = await repo.updateTenantStatusByIds(
    tx,
    found.map((t) => t.id),
    status,
  );
  for (const t of found)
    await insertAuditEntry(tx, request, {
      tenantId: 'sys',
      action: status ? 'tenant.enable' : 'tenant.disable',
      entity: 'tenant',
      entityId: t.id,
      before: { status: t.status },
      after: { status },
    });
  return { count };
}
