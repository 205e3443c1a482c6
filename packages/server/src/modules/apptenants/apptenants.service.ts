/**
 * Application tenants of the tenant area (SPEC §2 appManagement, §3 Application tenant, §8; docs/tenant-apps.md):
 * list, rename/recode and enable/disable the TENANTID tenant's applications. Every write is checked by
 * APP_TENANT_RULES, runs in the caller's one transaction and is audited; a refusal changes nothing.
 * A disabled application tenant keeps its mappings, but the tenant's users cannot sign in to the
 * application (modules/oidc/accounts.ts `mayUseApp` reads `tenant_products.status`).
 */
import type { FastifyRequest } from 'fastify';
import {
  APP_TENANT_RULES,
  AppTenantCodes,
  pageInfo,
  type AppTenantEditBody,
  type AppTenantListBody,
  type AppTenantOption,
  type AppTenantRow,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './apptenants.repository.js';

/** The API shape of an application tenant. */
export function toAppTenantRow(r: repo.AppTenantRecord): AppTenantRow {
  return {
    productId: r.productId,
    tenantId: r.tenantId,
    name: r.name,
    code: r.code,
    productName: r.productName,
    productCode: r.productCode,
    version: r.version,
    status: r.status === 1 ? 1 : 0,
    creator: r.creator,
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/** One page of the tenant's application tenants (name prefix, code prefix, status; sorted in SQL). */
export async function listAppTenantPage(tx: Tx, tenantId: string, q: AppTenantListBody): Promise<Paged<AppTenantRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listAppTenants(tx, { ...q, tenantId, page, pageSize });
  return { rows: rows.map(toAppTenantRow), ...pageInfo(page, pageSize, records) };
}

/** The tenant's applications for a chooser (mapping screens). */
export async function listAppTenantOptions(tx: Tx, tenantId: string): Promise<{ rows: AppTenantOption[] }> {
  const rows = await repo.listAppTenantOptions(tx, tenantId);
  return { rows: rows.map((r) => ({ ...r, status: r.status === 1 ? 1 : 0 })) };
}

/** The application tenant `productId` of the tenant. @throws apptenant.not_found (also for another tenant's). */
export async function getAppTenant(tx: Tx, tenantId: string, productId: string): Promise<repo.AppTenantRecord> {
  const a = await repo.findAppTenantById(tx, tenantId, productId);
  if (!a) throw new AppError(AppTenantCodes.NOT_FOUND);
  return a;
}

/**
 * `editapptenant`: the tenant's name and code of an application.
 * @throws validation.required / too_long / script_tag, apptenant.code_pattern (SPEC §8 message),
 *   apptenant.code_in_use (params: code), apptenant.not_found.
 */
export async function editAppTenant(tx: Tx, request: FastifyRequest, tenantId: string, b: AppTenantEditBody): Promise<{ productId: string }> {
  const before = await getAppTenant(tx, tenantId, b.productId);
  const name = checkText('name', b.name, { required: true, max: APP_TENANT_RULES.name.max });
  const code = checkText('code', b.code, {
    required: true,
    max: APP_TENANT_RULES.code.max,
    pattern: APP_TENANT_RULES.code.pattern,
    patternCode: AppTenantCodes.CODE_PATTERN,
  });
  const inUse = new AppError(AppTenantCodes.CODE_IN_USE, { code });
  if (await repo.findAppTenantByCode(tx, tenantId, code, before.productId)) throw inUse;
  await withUniqueErrors({ tenant_products_tenant_code_uq: inUse }, () => repo.updateAppTenantById(tx, tenantId, before.productId, { name, code }));
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'apptenant.edit',
    entity: 'apptenant',
    entityId: before.productId,
    before: { name: before.name, code: before.code },
    after: { name, code },
  });
  return { productId: before.productId };
}

/** `statusapptenant`: enables (1) or disables (0) application tenants, all or none. @throws apptenant.not_found. */
export async function setAppTenantsStatus(tx: Tx, request: FastifyRequest, tenantId: string, productIds: string[], status: 0 | 1): Promise<{ count: number }> {
  const unique = [...new Set(productIds)];
  const found = await repo.findAppTenantsByIds(tx, tenantId, unique);
  if (found.length !== unique.length) throw new AppError(AppTenantCodes.NOT_FOUND);
  await repo.updateAppTenantsStatus(tx, tenantId, unique, status);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'apptenant.status',
    entity: 'apptenant',
    entityId: unique.join(','),
    before: found.map((a) => ({ productId: a.productId, status: a.status })),
    after: { status },
  });
  return { count: found.length };
}
